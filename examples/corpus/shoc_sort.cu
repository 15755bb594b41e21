// Origin: SHOC (github.com/vetter/shoc), src/cuda/level1/sort/sort_kernel.cu and sort_kernel.h
// (scanLSB, scan4, radixSortBlocks, findRadixOffsets, reorderData; based on CUDPP): one 4-bit
// pass of the radix sort: a block-local split sort per bit, the per-block radix counts and
// offsets, and the global scatter (the exclusive scan of the counts between them is the
// host's in this corpus; SHOC does it with its scan kernels).
// License: SHOC's BSD-3-Clause (Copyright (c) 2011, UT-Battelle, LLC; see the repository's LICENSE.md).
// (This kernel code is based on CUDPP; see the repository's LICENSE-CUDPP.txt, BSD-3-Clause.)
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernels; uint2
// and uint4 declared here; findRadixOffsets' dynamically sized shared array (extern
// __shared__ sRadix1[], 2 * SCAN_BLOCK_SIZE uints at launch) is a static one of that size.
// Its __device__ functions are static: clang emits a .func for every non-static one (even
// when every call is inlined), and heddle rejected a .func until stop 30.
#include "corpus.h"
typedef unsigned int uint;
struct __attribute__((aligned(8))) uint2 {
  uint x, y;
};
struct __attribute__((aligned(16))) uint4 {
  uint x, y, z, w;
};
#define WARP_SIZE 32
#define SORT_BLOCK_SIZE 128
#define SCAN_BLOCK_SIZE 256

static __device__ uint scanLSB(const uint val, uint *s_data) {
  // Shared mem is 256 uints long, set first half to 0's
  int idx = tid_x();
  s_data[idx] = 0;
  __syncthreads();
  // Set 2nd half to thread local sum (sum of the 4 elems from global mem)
  idx += ntid_x(); // += 128 in this case
  // Unrolled scan in local memory
  uint t;
  s_data[idx] = val;     __syncthreads();
  t = s_data[idx - 1];   __syncthreads();
  s_data[idx] += t;      __syncthreads();
  t = s_data[idx - 2];   __syncthreads();
  s_data[idx] += t;      __syncthreads();
  t = s_data[idx - 4];   __syncthreads();
  s_data[idx] += t;      __syncthreads();
  t = s_data[idx - 8];   __syncthreads();
  s_data[idx] += t;      __syncthreads();
  t = s_data[idx - 16];  __syncthreads();
  s_data[idx] += t;      __syncthreads();
  t = s_data[idx - 32];  __syncthreads();
  s_data[idx] += t;      __syncthreads();
  t = s_data[idx - 64];  __syncthreads();
  s_data[idx] += t;      __syncthreads();
  return s_data[idx] - val; // convert inclusive -> exclusive
}

static __device__ uint4 scan4(uint4 idata, uint *ptr) {
  uint4 val4 = idata;
  uint4 sum;
  // Scan the 4 elements in idata within this thread
  sum.x = val4.x;
  sum.y = val4.y + sum.x;
  sum.z = val4.z + sum.y;
  uint val = val4.w + sum.z;
  // Now scan those sums across the local work group
  val = scanLSB(val, ptr);
  val4.x = val;
  val4.y = val + sum.x;
  val4.z = val + sum.y;
  val4.w = val + sum.z;
  return val4;
}

KERNEL radixSortBlocks(const uint nbits, const uint startbit, uint4 *keysOut, uint4 *valuesOut, uint4 *keysIn, uint4 *valuesIn) {
  __shared__ uint sMem[512];
  // Get Indexing information
  const uint i = tid_x() + (ctaid_x() * ntid_x());
  const uint tid = tid_x();
  const uint localSize = ntid_x();
  // Load keys and vals from global memory
  uint4 key, value;
  key = keysIn[i];
  value = valuesIn[i];
  // For each of the 4 bits
  for (uint shift = startbit; shift < (startbit + nbits); ++shift) {
    // Check if the LSB is 0
    uint4 lsb;
    lsb.x = !((key.x >> shift) & 0x1);
    lsb.y = !((key.y >> shift) & 0x1);
    lsb.z = !((key.z >> shift) & 0x1);
    lsb.w = !((key.w >> shift) & 0x1);
    // Do an exclusive scan of how many elems have 0's in the LSB
    uint4 address = scan4(lsb, sMem);
    // Workaround: clang-14 miscompiles the unmodified source: LLVM's GVN moves the other
    // threads' load of this shared scalar above the __syncthreads() (Globals AA assumes
    // llvm.nvvm.barrier0 does not touch an internal __shared__ variable; see intel/llvm#1258 and
    // llvm-project#59632), a race the golden SM exposed as wrong results; volatile keeps the load
    // after the barrier.
    __shared__ volatile uint numtrue;
    // Store the total number of elems with an LSB of 0 to shared mem
    if (tid == localSize - 1) {
      numtrue = address.w + lsb.w;
    }
    __syncthreads();
    // Determine rank -- position in the block
    uint4 rank;
    const int idx = tid * 4;
    rank.x = lsb.x ? address.x : numtrue + idx - address.x;
    rank.y = lsb.y ? address.y : numtrue + idx + 1 - address.y;
    rank.z = lsb.z ? address.z : numtrue + idx + 2 - address.z;
    rank.w = lsb.w ? address.w : numtrue + idx + 3 - address.w;
    // Scatter keys into local mem
    sMem[(rank.x & 3) * localSize + (rank.x >> 2)] = key.x;
    sMem[(rank.y & 3) * localSize + (rank.y >> 2)] = key.y;
    sMem[(rank.z & 3) * localSize + (rank.z >> 2)] = key.z;
    sMem[(rank.w & 3) * localSize + (rank.w >> 2)] = key.w;
    __syncthreads();
    // Read keys out of local mem into registers, in prep for write out to global mem
    key.x = sMem[tid];
    key.y = sMem[tid + localSize];
    key.z = sMem[tid + 2 * localSize];
    key.w = sMem[tid + 3 * localSize];
    __syncthreads();
    // Scatter values into local mem
    sMem[(rank.x & 3) * localSize + (rank.x >> 2)] = value.x;
    sMem[(rank.y & 3) * localSize + (rank.y >> 2)] = value.y;
    sMem[(rank.z & 3) * localSize + (rank.z >> 2)] = value.z;
    sMem[(rank.w & 3) * localSize + (rank.w >> 2)] = value.w;
    __syncthreads();
    // Read keys out of local mem into registers, in prep for write out to global mem
    value.x = sMem[tid];
    value.y = sMem[tid + localSize];
    value.z = sMem[tid + 2 * localSize];
    value.w = sMem[tid + 3 * localSize];
    __syncthreads();
  }
  keysOut[i] = key;
  valuesOut[i] = value;
}

KERNEL findRadixOffsets(uint2 *keys, uint *counters, uint *blockOffsets, uint startbit, uint numElements, uint totalBlocks) {
  __shared__ uint sStartPointers[16];
  __shared__ uint sRadix1[2 * SCAN_BLOCK_SIZE];
  uint groupId = ctaid_x();
  uint localId = tid_x();
  uint groupSize = ntid_x();
  uint2 radix2;
  radix2 = keys[tid_x() + (ctaid_x() * ntid_x())];
  sRadix1[2 * localId] = (radix2.x >> startbit) & 0xF;
  sRadix1[2 * localId + 1] = (radix2.y >> startbit) & 0xF;
  // Finds the position where the sRadix1 entries differ and stores start index for each radix.
  if (localId < 16) {
    sStartPointers[localId] = 0;
  }
  __syncthreads();
  if ((localId > 0) && (sRadix1[localId] != sRadix1[localId - 1])) {
    sStartPointers[sRadix1[localId]] = localId;
  }
  if (sRadix1[localId + groupSize] != sRadix1[localId + groupSize - 1]) {
    sStartPointers[sRadix1[localId + groupSize]] = localId + groupSize;
  }
  __syncthreads();
  if (localId < 16) {
    blockOffsets[groupId * 16 + localId] = sStartPointers[localId];
  }
  __syncthreads();
  // Compute the sizes of each block.
  if ((localId > 0) && (sRadix1[localId] != sRadix1[localId - 1])) {
    sStartPointers[sRadix1[localId - 1]] = localId - sStartPointers[sRadix1[localId - 1]];
  }
  if (sRadix1[localId + groupSize] != sRadix1[localId + groupSize - 1]) {
    sStartPointers[sRadix1[localId + groupSize - 1]] = localId + groupSize - sStartPointers[sRadix1[localId + groupSize - 1]];
  }
  if (localId == groupSize - 1) {
    sStartPointers[sRadix1[2 * groupSize - 1]] = 2 * groupSize - sStartPointers[sRadix1[2 * groupSize - 1]];
  }
  __syncthreads();
  if (localId < 16) {
    counters[localId * totalBlocks + groupId] = sStartPointers[localId];
  }
}

KERNEL reorderData(uint startbit, uint *outKeys, uint *outValues, uint2 *keys, uint2 *values, uint *blockOffsets,
                   uint *offsets, uint *sizes, uint totalBlocks) {
  uint GROUP_SIZE = ntid_x();
  __shared__ uint2 sKeys2[256];
  __shared__ uint2 sValues2[256];
  __shared__ uint sOffsets[16];
  __shared__ uint sBlockOffsets[16];
  uint *sKeys1 = (uint *)sKeys2;
  uint *sValues1 = (uint *)sValues2;
  uint blockId = ctaid_x();
  uint i = blockId * ntid_x() + tid_x();
  sKeys2[tid_x()] = keys[i];
  sValues2[tid_x()] = values[i];
  if (tid_x() < 16) {
    sOffsets[tid_x()] = offsets[tid_x() * totalBlocks + blockId];
    sBlockOffsets[tid_x()] = blockOffsets[blockId * 16 + tid_x()];
  }
  __syncthreads();
  uint radix = (sKeys1[tid_x()] >> startbit) & 0xF;
  uint globalOffset = sOffsets[radix] + tid_x() - sBlockOffsets[radix];
  outKeys[globalOffset] = sKeys1[tid_x()];
  outValues[globalOffset] = sValues1[tid_x()];
  radix = (sKeys1[tid_x() + GROUP_SIZE] >> startbit) & 0xF;
  globalOffset = sOffsets[radix] + tid_x() + GROUP_SIZE - sBlockOffsets[radix];
  outKeys[globalOffset] = sKeys1[tid_x() + GROUP_SIZE];
  outValues[globalOffset] = sValues1[tid_x() + GROUP_SIZE];
}
