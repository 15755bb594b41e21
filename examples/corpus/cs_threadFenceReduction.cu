// Origin: NVIDIA CUDA Samples (github.com/NVIDIA/cuda-samples),
// Samples/2_Concepts_and_Techniques/threadFenceReduction/threadFenceReduction_kernel.cuh
// (reduceBlock, reduceBlocks, reduceSinglePass, retirementCount): a single-pass sum: each block
// reduces its part, __threadfence(), takes a ticket with atomicInc on a __device__ counter, and
// the last block to finish adds up the partial sums.
// License: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION; see the repository's LICENSE).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime; the templates are
// instantiated by hand (blockSize 128, nIsPow2 false) in an extern "C" kernel; the dynamically
// sized shared arrays are static ones of blockSize floats; cg::sync(tile32) (a warp
// synchronization, implicit on sm_20) is dropped and cg::sync(cta) is __syncthreads(). The
// ticket counter stays a module-level __device__ variable, as in the sample.
// Its __device__ functions are static: clang emits a .func for every non-static one (even
// when every call is inlined), and heddle rejected a .func until stop 30.
#include "corpus.h"
#define blockSize 128
#define nIsPow2 false

static __device__ void reduceBlock(volatile float *sdata, float mySum, const unsigned int tid) {
  sdata[tid] = mySum;
  const int VEC = 32;
  const int vid = tid & (VEC - 1);
  float beta = mySum;
  float temp;
  for (int i = VEC / 2; i > 0; i >>= 1) {
    if (vid < i) {
      temp = sdata[tid + i];
      beta += temp;
      sdata[tid] = beta;
    }
  }
  __syncthreads();
  if (tid == 0) {
    beta = 0;
    for (int i = 0; i < ntid_x(); i += VEC) {
      beta += sdata[i];
    }
    sdata[0] = beta;
  }
  __syncthreads();
}

__device__ unsigned int retirementCount = 0;

KERNEL reduceSinglePass(const float *g_idata, float *g_odata, unsigned int n) {
  __shared__ float sdata[blockSize];
  // reduceBlocks
  {
    unsigned int tid = tid_x();
    unsigned int i = ctaid_x() * (blockSize * 2) + tid_x();
    unsigned int gridSize = blockSize * 2 * nctaid_x();
    float mySum = 0;
    while (i < n) {
      mySum += g_idata[i];
      if (nIsPow2 || i + blockSize < n)
        mySum += g_idata[i + blockSize];
      i += gridSize;
    }
    reduceBlock(sdata, mySum, tid);
    if (tid == 0)
      g_odata[ctaid_x()] = sdata[0];
  }
  if (nctaid_x() > 1) {
    const unsigned int tid = tid_x();
    // Workaround: clang-14 miscompiles the unmodified source: LLVM's GVN moves the other
    // threads' load of this shared scalar above the __syncthreads() (Globals AA assumes
    // llvm.nvvm.barrier0 does not touch an internal __shared__ variable; see intel/llvm#1258 and
    // llvm-project#59632), the race the golden SM exposed in cs_scan and shoc_sort; volatile
    // keeps the load after the barrier.
    __shared__ volatile bool amLast;
    __threadfence();
    if (tid == 0) {
      unsigned int ticket = atomicInc(&retirementCount, nctaid_x());
      amLast = (ticket == nctaid_x() - 1);
    }
    __syncthreads();
    if (amLast) {
      int i = tid;
      float mySum = 0;
      while (i < nctaid_x()) {
        mySum += g_odata[i];
        i += blockSize;
      }
      reduceBlock(sdata, mySum, tid);
      if (tid == 0) {
        g_odata[0] = sdata[0];
        retirementCount = 0;
      }
    }
  }
}
