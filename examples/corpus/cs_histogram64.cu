// Origin: NVIDIA CUDA Samples (github.com/NVIDIA/cuda-samples),
// Samples/2_Concepts_and_Techniques/histogram/histogram64.cu (histogram64Kernel,
// mergeHistogram64Kernel) and histogram_common.h: a 64-bin histogram of the top 6 bits of every
// byte with per-thread byte counters in shared memory (no atomics), then a merge per bin.
// License: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION; see the repository's LICENSE).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernels,
// cg::sync(cta) -> __syncthreads(); uint4 is declared here (16-byte aligned, as CUDA's).
#include "corpus.h"
typedef unsigned int uint;
typedef unsigned char uchar;
struct __attribute__((aligned(16))) uint4 {
  uint x, y, z, w;
};
#define HISTOGRAM64_BIN_COUNT 64
#define SHARED_MEMORY_BANKS 16
#define HISTOGRAM64_THREADBLOCK_SIZE (4 * SHARED_MEMORY_BANKS)
#define UMUL(a, b) ((a) * (b))
#define UMAD(a, b, c) (UMUL((a), (b)) + (c))
typedef uint4 data_t;

// Count a byte into shared-memory storage
inline __device__ void addByte(uchar *s_ThreadBase, uint data) { s_ThreadBase[UMUL(data, HISTOGRAM64_THREADBLOCK_SIZE)]++; }

// Count four bytes of a word
inline __device__ void addWord(uchar *s_ThreadBase, uint data) {
  // Only higher 6 bits of each byte matter, as this is a 64-bin histogram
  addByte(s_ThreadBase, (data >> 2) & 0x3FU);
  addByte(s_ThreadBase, (data >> 10) & 0x3FU);
  addByte(s_ThreadBase, (data >> 18) & 0x3FU);
  addByte(s_ThreadBase, (data >> 26) & 0x3FU);
}

KERNEL histogram64Kernel(uint *d_PartialHistograms, data_t *d_Data, uint dataCount) {
  // Encode thread index in order to avoid bank conflicts in s_Hist[] access
  const uint threadPos = ((tid_x() & ~(SHARED_MEMORY_BANKS * 4 - 1)) << 0) | ((tid_x() & (SHARED_MEMORY_BANKS - 1)) << 2) |
                         ((tid_x() & (SHARED_MEMORY_BANKS * 3)) >> 4);
  // Per-thread histogram storage
  __shared__ uchar s_Hist[HISTOGRAM64_THREADBLOCK_SIZE * HISTOGRAM64_BIN_COUNT];
  uchar *s_ThreadBase = s_Hist + threadPos;
  // Initialize shared memory (writing 32-bit words)
#pragma unroll
  for (uint i = 0; i < (HISTOGRAM64_BIN_COUNT / 4); i++) {
    ((uint *)s_Hist)[tid_x() + i * HISTOGRAM64_THREADBLOCK_SIZE] = 0;
  }
  // Read data from global memory and submit to the shared-memory histogram
  // Since histogram counters are byte-sized, every single thread can't do more than 255 submission
  __syncthreads();
  for (uint pos = UMAD(ctaid_x(), ntid_x(), tid_x()); pos < dataCount; pos += UMUL(ntid_x(), nctaid_x())) {
    data_t data = d_Data[pos];
    addWord(s_ThreadBase, data.x);
    addWord(s_ThreadBase, data.y);
    addWord(s_ThreadBase, data.z);
    addWord(s_ThreadBase, data.w);
  }
  // Accumulate per-thread histograms into per-block and write to global memory
  __syncthreads();
  if (tid_x() < HISTOGRAM64_BIN_COUNT) {
    uchar *s_HistBase = s_Hist + UMUL(tid_x(), HISTOGRAM64_THREADBLOCK_SIZE);
    uint sum = 0;
    uint pos = 4 * (tid_x() & (SHARED_MEMORY_BANKS - 1));
#pragma unroll
    for (uint i = 0; i < (HISTOGRAM64_THREADBLOCK_SIZE / 4); i++) {
      sum += s_HistBase[pos + 0] + s_HistBase[pos + 1] + s_HistBase[pos + 2] + s_HistBase[pos + 3];
      pos = (pos + 4) & (HISTOGRAM64_THREADBLOCK_SIZE - 1);
    }
    d_PartialHistograms[ctaid_x() * HISTOGRAM64_BIN_COUNT + tid_x()] = sum;
  }
}

#define MERGE_THREADBLOCK_SIZE 256
KERNEL mergeHistogram64Kernel(uint *d_Histogram, uint *d_PartialHistograms, uint histogramCount) {
  __shared__ uint data[MERGE_THREADBLOCK_SIZE];
  uint sum = 0;
  for (uint i = tid_x(); i < histogramCount; i += MERGE_THREADBLOCK_SIZE) {
    sum += d_PartialHistograms[ctaid_x() + i * HISTOGRAM64_BIN_COUNT];
  }
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
