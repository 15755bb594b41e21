// Origin: NVIDIA CUDA Samples (github.com/NVIDIA/cuda-samples),
// Samples/5_Domain_Specific/fastWalshTransform/fastWalshTransform_kernel.cuh (fwtBatch1Kernel,
// fwtBatch2Kernel, the fwtBatchGPU launch sequence): the fast Walsh-Hadamard transform, radix-4
// butterflies in global memory for the large strides, then in shared memory.
// License: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION; see the repository's LICENSE).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernels,
// cg::sync(cta) -> __syncthreads(); the dynamically sized shared array (extern __shared__
// s_data[], N floats at launch) is a static one of the largest N, 1 << ELEMENTARY_LOG2SIZE.
#include "corpus.h"
#define ELEMENTARY_LOG2SIZE 11

KERNEL fwtBatch1Kernel(float *d_Output, float *d_Input, int log2N) {
  const int N = 1 << log2N;
  const int base = ctaid_x() << log2N;
  // (2 ** 11) * 4 bytes == 8KB -- maximum s_data[] size for G80
  __shared__ float s_data[1 << ELEMENTARY_LOG2SIZE];
  float *d_Src = d_Input + base;
  float *d_Dst = d_Output + base;
  for (int pos = tid_x(); pos < N; pos += ntid_x()) {
    s_data[pos] = d_Src[pos];
  }
  // Main radix-4 stages
  const int pos = tid_x();
  for (int stride = N >> 2; stride > 0; stride >>= 2) {
    int lo = pos & (stride - 1);
    int i0 = ((pos - lo) << 2) + lo;
    int i1 = i0 + stride;
    int i2 = i1 + stride;
    int i3 = i2 + stride;
    __syncthreads();
    float D0 = s_data[i0];
    float D1 = s_data[i1];
    float D2 = s_data[i2];
    float D3 = s_data[i3];
    float T;
    T = D0;
    D0 = D0 + D2;
    D2 = T - D2;
    T = D1;
    D1 = D1 + D3;
    D3 = T - D3;
    T = D0;
    s_data[i0] = D0 + D1;
    s_data[i1] = T - D1;
    T = D2;
    s_data[i2] = D2 + D3;
    s_data[i3] = T - D3;
  }
  // Do single radix-2 stage for odd power of two
  if (log2N & 1) {
    __syncthreads();
    for (int pos = tid_x(); pos < N / 2; pos += ntid_x()) {
      int i0 = pos << 1;
      int i1 = i0 + 1;
      float D0 = s_data[i0];
      float D1 = s_data[i1];
      s_data[i0] = D0 + D1;
      s_data[i1] = D0 - D1;
    }
  }
  __syncthreads();
  for (int pos = tid_x(); pos < N; pos += ntid_x()) {
    d_Dst[pos] = s_data[pos];
  }
}

// Single in-global memory radix-4 Fast Walsh Transform pass (for strides exceeding elementary vector size)
KERNEL fwtBatch2Kernel(float *d_Output, float *d_Input, int stride) {
  const int pos = ctaid_x() * ntid_x() + tid_x();
  const int N = ntid_x() * nctaid_x() * 4;
  float *d_Src = d_Input + ctaid_y() * N;
  float *d_Dst = d_Output + ctaid_y() * N;
  int lo = pos & (stride - 1);
  int i0 = ((pos - lo) << 2) + lo;
  int i1 = i0 + stride;
  int i2 = i1 + stride;
  int i3 = i2 + stride;
  float D0 = d_Src[i0];
  float D1 = d_Src[i1];
  float D2 = d_Src[i2];
  float D3 = d_Src[i3];
  float T;
  T = D0;
  D0 = D0 + D2;
  D2 = T - D2;
  T = D1;
  D1 = D1 + D3;
  D3 = T - D3;
  T = D0;
  d_Dst[i0] = D0 + D1;
  d_Dst[i1] = T - D1;
  T = D2;
  d_Dst[i2] = D2 + D3;
  d_Dst[i3] = T - D3;
}
