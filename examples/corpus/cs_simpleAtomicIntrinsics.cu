// Origin: NVIDIA CUDA Samples (github.com/NVIDIA/cuda-samples),
// Samples/0_Introduction/simpleAtomicIntrinsics/simpleAtomicIntrinsics_kernel.cuh (testKernel):
// every global atomic: add, sub, exch, max, min, inc, dec, cas, and, or, xor.
// License: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION; see the repository's LICENSE).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernel; the atomic
// functions are corpus.h's (clang's __nvvm_atom_* builtins).
#include "corpus.h"

KERNEL testKernel(int *g_odata) {
  // access thread id
  const unsigned int tid = ntid_x() * ctaid_x() + tid_x();
  // Arithmetic atomic instructions
  atomicAdd(&g_odata[0], 10);                       // Atomic addition
  atomicSub(&g_odata[1], 10);                       // Atomic subtraction (final should be 0)
  atomicExch(&g_odata[2], tid);                     // Atomic exchange
  atomicMax(&g_odata[3], tid);                      // Atomic maximum
  atomicMin(&g_odata[4], tid);                      // Atomic minimum
  atomicInc((unsigned int *)&g_odata[5], 17);       // Atomic increment (modulo 17+1)
  atomicDec((unsigned int *)&g_odata[6], 137);      // Atomic decrement
  atomicCAS(&g_odata[7], tid - 1, tid);             // Atomic compare-and-swap
  // Bitwise atomic instructions
  atomicAnd(&g_odata[8], 2 * tid + 7);              // Atomic AND
  atomicOr(&g_odata[9], 1 << tid);                  // Atomic OR
  atomicXor(&g_odata[10], tid);                     // Atomic XOR
}
