// Origin: NVIDIA CUDA Samples (github.com/NVIDIA/cuda-samples),
// Samples/2_Concepts_and_Techniques/histogram/histogram256.cu (histogram256Kernel,
// mergeHistogram256Kernel) and histogram_common.h: a 256-bin byte histogram with a
// sub-histogram per warp in shared memory (shared-memory atomics), then a merge per bin.
// License: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION; see the repository's LICENSE).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernels,
// cg::sync(cta) -> __syncthreads().
#include "corpus.h"
typedef unsigned int uint;
#define HISTOGRAM256_BIN_COUNT 256
#define UINT_BITS 32
#define LOG2_WARP_SIZE 5U
#define WARP_SIZE (1U << LOG2_WARP_SIZE)
#define WARP_COUNT 6
#define HISTOGRAM256_THREADBLOCK_SIZE (WARP_COUNT * WARP_SIZE)
#define HISTOGRAM256_THREADBLOCK_MEMORY (WARP_COUNT * HISTOGRAM256_BIN_COUNT)
#define UMUL(a, b) ((a) * (b))
#define UMAD(a, b, c) (UMUL((a), (b)) + (c))
#define TAG_MASK 0xFFFFFFFFU

inline __device__ void addByte(uint *s_WarpHist, uint data, uint threadTag) { atomicAdd(s_WarpHist + data, 1); }

inline __device__ void addWord(uint *s_WarpHist, uint data, uint tag) {
  addByte(s_WarpHist, (data >> 0) & 0xFFU, tag);
  addByte(s_WarpHist, (data >> 8) & 0xFFU, tag);
  addByte(s_WarpHist, (data >> 16) & 0xFFU, tag);
  addByte(s_WarpHist, (data >> 24) & 0xFFU, tag);
}

KERNEL histogram256Kernel(uint *d_PartialHistograms, uint *d_Data, uint dataCount) {
  // Per-warp subhistogram storage
  __shared__ uint s_Hist[HISTOGRAM256_THREADBLOCK_MEMORY];
  uint *s_WarpHist = s_Hist + (tid_x() >> LOG2_WARP_SIZE) * HISTOGRAM256_BIN_COUNT;
  // Clear shared memory storage for current threadblock before processing
#pragma unroll
  for (uint i = 0; i < (HISTOGRAM256_THREADBLOCK_MEMORY / HISTOGRAM256_THREADBLOCK_SIZE); i++) {
    s_Hist[tid_x() + i * HISTOGRAM256_THREADBLOCK_SIZE] = 0;
  }
  // Cycle through the entire data set, update subhistograms for each warp
  const uint tag = tid_x() << (UINT_BITS - LOG2_WARP_SIZE);
  __syncthreads();
  for (uint pos = UMAD(ctaid_x(), ntid_x(), tid_x()); pos < dataCount; pos += UMUL(ntid_x(), nctaid_x())) {
    uint data = d_Data[pos];
    addWord(s_WarpHist, data, tag);
  }
  // Merge per-warp histograms into per-block and write to global memory
  __syncthreads();
  for (uint bin = tid_x(); bin < HISTOGRAM256_BIN_COUNT; bin += HISTOGRAM256_THREADBLOCK_SIZE) {
    uint sum = 0;
    for (uint i = 0; i < WARP_COUNT; i++) {
      sum += s_Hist[bin + i * HISTOGRAM256_BIN_COUNT] & TAG_MASK;
    }
    d_PartialHistograms[ctaid_x() * HISTOGRAM256_BIN_COUNT + bin] = sum;
  }
}

#define MERGE_THREADBLOCK_SIZE 256
KERNEL mergeHistogram256Kernel(uint *d_Histogram, uint *d_PartialHistograms, uint histogramCount) {
  uint sum = 0;
  for (uint i = tid_x(); i < histogramCount; i += MERGE_THREADBLOCK_SIZE) {
    sum += d_PartialHistograms[ctaid_x() + i * HISTOGRAM256_BIN_COUNT];
  }
  __shared__ uint data[MERGE_THREADBLOCK_SIZE];
  data[tid_x()] = sum;
  for (uint stride = MERGE_THREADBLOCK_SIZE / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    if (tid_x() < stride) {
      data[tid_x()] += data[tid_x() + stride];
    }
  }
  if (tid_x() == 0) {
    d_Histogram[ctaid_x()] = data[0];
  }
}
