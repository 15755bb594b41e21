// Origin: NVIDIA CUDA Samples (github.com/NVIDIA/cuda-samples),
// Samples/2_Concepts_and_Techniques/scan/scan.cu (scan1Inclusive, scan4Exclusive,
// scanExclusiveShared, scanExclusiveShared2, uniformUpdate): the large-array exclusive prefix
// sum of scanExclusiveLarge (a scan per 1024 elements, a scan of the block totals, an update).
// License: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION; see the repository's LICENSE).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernels,
// cg::sync(cta) -> __syncthreads(); uint4 is declared here (16-byte aligned, as CUDA's).
#include "corpus.h"
#define THREADBLOCK_SIZE 256
typedef unsigned int uint;
struct __attribute__((aligned(16))) uint4 {
  uint x, y, z, w;
};

// Naive inclusive scan: O(N * log2(N)) operations
inline __device__ uint scan1Inclusive(uint idata, volatile uint *s_Data, uint size) {
  uint pos = 2 * tid_x() - (tid_x() & (size - 1));
  s_Data[pos] = 0;
  pos += size;
  s_Data[pos] = idata;
  for (uint offset = 1; offset < size; offset <<= 1) {
    __syncthreads();
    uint t = s_Data[pos] + s_Data[pos - offset];
    __syncthreads();
    s_Data[pos] = t;
  }
  return s_Data[pos];
}

inline __device__ uint scan1Exclusive(uint idata, volatile uint *s_Data, uint size) {
  return scan1Inclusive(idata, s_Data, size) - idata;
}

inline __device__ uint4 scan4Inclusive(uint4 idata4, volatile uint *s_Data, uint size) {
  // Level-0 inclusive scan
  idata4.y += idata4.x;
  idata4.z += idata4.y;
  idata4.w += idata4.z;
  // Level-1 exclusive scan
  uint oval = scan1Exclusive(idata4.w, s_Data, size / 4);
  idata4.x += oval;
  idata4.y += oval;
  idata4.z += oval;
  idata4.w += oval;
  return idata4;
}

inline __device__ uint4 scan4Exclusive(uint4 idata4, volatile uint *s_Data, uint size) {
  uint4 odata4 = scan4Inclusive(idata4, s_Data, size);
  odata4.x -= idata4.x;
  odata4.y -= idata4.y;
  odata4.z -= idata4.z;
  odata4.w -= idata4.w;
  return odata4;
}

KERNEL scanExclusiveShared(uint4 *d_Dst, uint4 *d_Src, uint size) {
  __shared__ uint s_Data[2 * THREADBLOCK_SIZE];
  uint pos = ctaid_x() * ntid_x() + tid_x();
  // Load data
  uint4 idata4 = d_Src[pos];
  // Calculate exclusive scan
  uint4 odata4 = scan4Exclusive(idata4, s_Data, size);
  // Write back
  d_Dst[pos] = odata4;
}

KERNEL scanExclusiveShared2(uint *d_Buf, uint *d_Dst, uint *d_Src, uint N, uint arrayLength) {
  __shared__ uint s_Data[2 * THREADBLOCK_SIZE];
  // Skip loads and stores for inactive threads of last threadblock (pos >= N)
  uint pos = ctaid_x() * ntid_x() + tid_x();
  // Load top elements
  // Convert results of bottom-level scan back to inclusive
  uint idata = 0;
  if (pos < N)
    idata = d_Dst[(4 * THREADBLOCK_SIZE) - 1 + (4 * THREADBLOCK_SIZE) * pos] +
            d_Src[(4 * THREADBLOCK_SIZE) - 1 + (4 * THREADBLOCK_SIZE) * pos];
  // Compute
  uint odata = scan1Exclusive(idata, s_Data, arrayLength);
  // Avoid out-of-bound access
  if (pos < N) {
    d_Buf[pos] = odata;
  }
}

KERNEL uniformUpdate(uint4 *d_Data, uint *d_Buffer) {
  // Workaround: clang-14 miscompiles the unmodified source: LLVM's GVN moves the other
  // threads' load of this shared scalar above the __syncthreads() (Globals AA assumes
  // llvm.nvvm.barrier0 does not touch an internal __shared__ variable; see intel/llvm#1258 and
  // llvm-project#59632), a race the golden SM exposed as wrong results; volatile keeps the load
  // after the barrier.
  __shared__ volatile uint buf;
  uint pos = ctaid_x() * ntid_x() + tid_x();
  if (tid_x() == 0) {
    buf = d_Buffer[ctaid_x()];
  }
  __syncthreads();
  uint4 data4 = d_Data[pos];
  data4.x += buf;
  data4.y += buf;
  data4.z += buf;
  data4.w += buf;
  d_Data[pos] = data4;
}
