// Origin: NVIDIA CUDA Samples (github.com/NVIDIA/cuda-samples),
// Samples/0_Introduction/mergeSort/mergeSort.cu (iDivUp, getSampleCount, nextPowerOfTwo,
// binarySearchInclusive/Exclusive, mergeSortSharedKernel, generateSampleRanksKernel): the
// bottom-level merge sort of key/value pairs in shared memory by binary-search ranks, and the
// first merge step (sample ranks: every SAMPLE_STRIDE-th key's rank in the other segment,
// with __clz in nextPowerOfTwo).
// License: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION; see the repository's LICENSE).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime; the kernel templates are
// instantiated by hand for sortDir = 1 in extern "C" kernels (a template kernel's shared
// arrays become module-level variables, see cs_matrixMul); cg::sync(cta) -> __syncthreads();
// SHARED_SIZE_LIMIT 256 (the sample's 1024: 512 threads); umin and __clz from corpus.h.
#include "corpus.h"
typedef unsigned int uint;
#define SHARED_SIZE_LIMIT 256U
#define SAMPLE_STRIDE 128

static inline __device__ uint iDivUp(uint a, uint b) { return ((a % b) == 0) ? (a / b) : (a / b + 1); }
static inline __device__ uint getSampleCount(uint dividend) { return iDivUp(dividend, SAMPLE_STRIDE); }

#define W (sizeof(uint) * 8)
static inline __device__ uint nextPowerOfTwo(uint x) { return 1U << (W - __clz(x - 1)); }

template <uint sortDir> static inline __device__ uint binarySearchInclusive(uint val, uint *data, uint L, uint stride) {
  if (L == 0) {
    return 0;
  }
  uint pos = 0;
  for (; stride > 0; stride >>= 1) {
    uint newPos = umin(pos + stride, L);
    if ((sortDir && (data[newPos - 1] <= val)) || (!sortDir && (data[newPos - 1] >= val))) {
      pos = newPos;
    }
  }
  return pos;
}

template <uint sortDir> static inline __device__ uint binarySearchExclusive(uint val, uint *data, uint L, uint stride) {
  if (L == 0) {
    return 0;
  }
  uint pos = 0;
  for (; stride > 0; stride >>= 1) {
    uint newPos = umin(pos + stride, L);
    if ((sortDir && (data[newPos - 1] < val)) || (!sortDir && (data[newPos - 1] > val))) {
      pos = newPos;
    }
  }
  return pos;
}

// Bottom-level merge sort (binary search-based)
KERNEL mergeSortSharedKernel(uint *d_DstKey, uint *d_DstVal, uint *d_SrcKey, uint *d_SrcVal, uint arrayLength) {
  const uint sortDir = 1U;
  __shared__ uint s_key[SHARED_SIZE_LIMIT];
  __shared__ uint s_val[SHARED_SIZE_LIMIT];
  d_SrcKey += ctaid_x() * SHARED_SIZE_LIMIT + tid_x();
  d_SrcVal += ctaid_x() * SHARED_SIZE_LIMIT + tid_x();
  d_DstKey += ctaid_x() * SHARED_SIZE_LIMIT + tid_x();
  d_DstVal += ctaid_x() * SHARED_SIZE_LIMIT + tid_x();
  s_key[tid_x() + 0] = d_SrcKey[0];
  s_val[tid_x() + 0] = d_SrcVal[0];
  s_key[tid_x() + (SHARED_SIZE_LIMIT / 2)] = d_SrcKey[(SHARED_SIZE_LIMIT / 2)];
  s_val[tid_x() + (SHARED_SIZE_LIMIT / 2)] = d_SrcVal[(SHARED_SIZE_LIMIT / 2)];
  for (uint stride = 1; stride < arrayLength; stride <<= 1) {
    uint lPos = tid_x() & (stride - 1);
    uint *baseKey = s_key + 2 * (tid_x() - lPos);
    uint *baseVal = s_val + 2 * (tid_x() - lPos);
    __syncthreads();
    uint keyA = baseKey[lPos + 0];
    uint valA = baseVal[lPos + 0];
    uint keyB = baseKey[lPos + stride];
    uint valB = baseVal[lPos + stride];
    uint posA = binarySearchExclusive<sortDir>(keyA, baseKey + stride, stride, stride) + lPos;
    uint posB = binarySearchInclusive<sortDir>(keyB, baseKey + 0, stride, stride) + lPos;
    __syncthreads();
    baseKey[posA] = keyA;
    baseVal[posA] = valA;
    baseKey[posB] = keyB;
    baseVal[posB] = valB;
  }
  __syncthreads();
  d_DstKey[0] = s_key[tid_x() + 0];
  d_DstVal[0] = s_val[tid_x() + 0];
  d_DstKey[(SHARED_SIZE_LIMIT / 2)] = s_key[tid_x() + (SHARED_SIZE_LIMIT / 2)];
  d_DstVal[(SHARED_SIZE_LIMIT / 2)] = s_val[tid_x() + (SHARED_SIZE_LIMIT / 2)];
}

// Merge step 1: generate sample ranks
KERNEL generateSampleRanksKernel(uint *d_RanksA, uint *d_RanksB, uint *d_SrcKey, uint stride, uint N, uint threadCount) {
  const uint sortDir = 1U;
  uint pos = ctaid_x() * ntid_x() + tid_x();
  if (pos >= threadCount) {
    return;
  }
  const uint i = pos & ((stride / SAMPLE_STRIDE) - 1);
  const uint segmentBase = (pos - i) * (2 * SAMPLE_STRIDE);
  d_SrcKey += segmentBase;
  d_RanksA += segmentBase / SAMPLE_STRIDE;
  d_RanksB += segmentBase / SAMPLE_STRIDE;
  const uint segmentElementsA = stride;
  const uint segmentElementsB = umin(stride, N - segmentBase - stride);
  const uint segmentSamplesA = getSampleCount(segmentElementsA);
  const uint segmentSamplesB = getSampleCount(segmentElementsB);
  if (i < segmentSamplesA) {
    d_RanksA[i] = i * SAMPLE_STRIDE;
    d_RanksB[i] = binarySearchExclusive<sortDir>(d_SrcKey[i * SAMPLE_STRIDE], d_SrcKey + stride, segmentElementsB,
                                                 nextPowerOfTwo(segmentElementsB));
  }
  if (i < segmentSamplesB) {
    d_RanksB[(stride / SAMPLE_STRIDE) + i] = i * SAMPLE_STRIDE;
    d_RanksA[(stride / SAMPLE_STRIDE) + i] = binarySearchInclusive<sortDir>(d_SrcKey[stride + i * SAMPLE_STRIDE], d_SrcKey + 0,
                                                                            segmentElementsA, nextPowerOfTwo(segmentElementsA));
  }
}
