// Origin: NVIDIA CUDA Samples (github.com/NVIDIA/cuda-samples),
// Samples/2_Concepts_and_Techniques/reduction/reduction_kernel.cu (SharedMemory<T>, reduce1 and
// reduce3 for T = int): block sums through a dynamically sized shared array
// (extern __shared__, sized at launch).
// License: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION; see the repository's LICENSE).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernels
// instantiating the templates, cg::sync(cta) -> __syncthreads(). The shared array stays
// dynamic (extern __shared__), as in the sample.
#include "corpus.h"

template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

template <class T> __device__ void reduce1(T *g_idata, T *g_odata, unsigned int n) {
  T *sdata = SharedMemory<T>();
  // load shared mem
  unsigned int tid = tid_x();
  unsigned int i = ctaid_x() * ntid_x() + tid_x();
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  // do reduction in shared mem
  for (unsigned int s = 1; s < ntid_x(); s *= 2) {
    int index = 2 * s * tid;
    if (index < ntid_x()) {
      sdata[index] += sdata[index + s];
    }
    __syncthreads();
  }
  // write result for this block to global mem
  if (tid == 0)
    g_odata[ctaid_x()] = sdata[0];
}

template <class T> __device__ void reduce3(T *g_idata, T *g_odata, unsigned int n) {
  T *sdata = SharedMemory<T>();
  // perform first level of reduction, reading from global memory, writing to shared memory
  unsigned int tid = tid_x();
  unsigned int i = ctaid_x() * (ntid_x() * 2) + tid_x();
  T mySum = (i < n) ? g_idata[i] : 0;
  if (i + ntid_x() < n)
    mySum += g_idata[i + ntid_x()];
  sdata[tid] = mySum;
  __syncthreads();
  // do reduction in shared mem
  for (unsigned int s = ntid_x() / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] = mySum = mySum + sdata[tid + s];
    }
    __syncthreads();
  }
  // write result for this block to global mem
  if (tid == 0)
    g_odata[ctaid_x()] = mySum;
}

KERNEL reduce1_int(int *g_idata, int *g_odata, unsigned int n) { reduce1<int>(g_idata, g_odata, n); }
KERNEL reduce3_int(int *g_idata, int *g_odata, unsigned int n) { reduce3<int>(g_idata, g_odata, n); }
