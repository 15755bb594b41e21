// Origin: NVIDIA CUDA Samples (github.com/NVIDIA/cuda-samples),
// Samples/2_Concepts_and_Techniques/sortingNetworks/oddEvenMergeSort.cu (oddEvenMergeSortShared)
// and sortingNetworks_common.cuh (Comparator): Batcher's odd-even merge sort of key/value pairs
// in shared memory, one array of up to SHARED_SIZE_LIMIT per block.
// License: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION; see the repository's LICENSE).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernel,
// cg::sync(cta) -> __syncthreads(); SHARED_SIZE_LIMIT 256 (the sample's 1024: 512 threads).
#include "corpus.h"
#define SHARED_SIZE_LIMIT 256U
typedef unsigned int uint;

__device__ inline void Comparator(uint &keyA, uint &valA, uint &keyB, uint &valB, uint dir) {
  uint t;
  if ((keyA > keyB) == dir) {
    t = keyA;
    keyA = keyB;
    keyB = t;
    t = valA;
    valA = valB;
    valB = t;
  }
}

KERNEL oddEvenMergeSortShared(uint *d_DstKey, uint *d_DstVal, uint *d_SrcKey, uint *d_SrcVal, uint arrayLength, uint dir) {
  // Shared memory storage for one or more small vectors
  __shared__ uint s_key[SHARED_SIZE_LIMIT];
  __shared__ uint s_val[SHARED_SIZE_LIMIT];
  // Offset to the beginning of subbatch and load data
  d_SrcKey += ctaid_x() * SHARED_SIZE_LIMIT + tid_x();
  d_SrcVal += ctaid_x() * SHARED_SIZE_LIMIT + tid_x();
  d_DstKey += ctaid_x() * SHARED_SIZE_LIMIT + tid_x();
  d_DstVal += ctaid_x() * SHARED_SIZE_LIMIT + tid_x();
  s_key[tid_x() + 0] = d_SrcKey[0];
  s_val[tid_x() + 0] = d_SrcVal[0];
  s_key[tid_x() + (SHARED_SIZE_LIMIT / 2)] = d_SrcKey[(SHARED_SIZE_LIMIT / 2)];
  s_val[tid_x() + (SHARED_SIZE_LIMIT / 2)] = d_SrcVal[(SHARED_SIZE_LIMIT / 2)];
  for (uint size = 2; size <= arrayLength; size <<= 1) {
    uint stride = size / 2;
    uint offset = tid_x() & (stride - 1);
    {
      __syncthreads();
      uint pos = 2 * tid_x() - (tid_x() & (stride - 1));
      Comparator(s_key[pos + 0], s_val[pos + 0], s_key[pos + stride], s_val[pos + stride], dir);
      stride >>= 1;
    }
    for (; stride > 0; stride >>= 1) {
      __syncthreads();
      uint pos = 2 * tid_x() - (tid_x() & (stride - 1));
      if (offset >= stride)
        Comparator(s_key[pos - stride], s_val[pos - stride], s_key[pos + 0], s_val[pos + 0], dir);
    }
  }
  __syncthreads();
  d_DstKey[0] = s_key[tid_x() + 0];
  d_DstVal[0] = s_val[tid_x() + 0];
  d_DstKey[(SHARED_SIZE_LIMIT / 2)] = s_key[tid_x() + (SHARED_SIZE_LIMIT / 2)];
  d_DstVal[(SHARED_SIZE_LIMIT / 2)] = s_val[tid_x() + (SHARED_SIZE_LIMIT / 2)];
}
