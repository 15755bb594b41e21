// Origin: NVIDIA CUDA Samples (github.com/NVIDIA/cuda-samples),
// Samples/2_Concepts_and_Techniques/scalarProd/scalarProd_kernel.cuh (scalarProdGPU): dot
// products of many vector pairs, ACCUM_N partial sums per vector in shared memory, then a tree.
// License: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION; see the repository's LICENSE).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernel,
// cg::sync(cta) -> __syncthreads(); IMUL is __mul24 (mul24.lo) as in the sample.
#include "corpus.h"
#define IMUL(a, b) __mul24(a, b)
#define ACCUM_N 1024

KERNEL scalarProdGPU(float *d_C, float *d_A, float *d_B, int vectorN, int elementN) {
  // Accumulators cache
  __shared__ float accumResult[ACCUM_N];
  // Cycle through every pair of vectors, taking into account that vector counts can be
  // different from total number of thread blocks
  for (int vec = ctaid_x(); vec < vectorN; vec += nctaid_x()) {
    int vectorBase = IMUL(elementN, vec);
    int vectorEnd = vectorBase + elementN;
    // Each accumulator cycles through vectors with stride equal to number of total number
    // of accumulators ACCUM_N
    for (int iAccum = tid_x(); iAccum < ACCUM_N; iAccum += ntid_x()) {
      float sum = 0;
      for (int pos = vectorBase + iAccum; pos < vectorEnd; pos += ACCUM_N)
        sum += d_A[pos] * d_B[pos];
      accumResult[iAccum] = sum;
    }
    // Perform tree-like reduction of accumulators' results.
    for (int stride = ACCUM_N / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      for (int iAccum = tid_x(); iAccum < stride; iAccum += ntid_x())
        accumResult[iAccum] += accumResult[stride + iAccum];
    }
    __syncthreads();
    if (tid_x() == 0)
      d_C[vec] = accumResult[0];
  }
}
