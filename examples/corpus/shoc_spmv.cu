// Origin: SHOC (github.com/vetter/shoc), src/cuda/level1/spmv/Spmv.cu (spmv_csr_scalar_kernel,
// spmv_csr_vector_kernel, spmv_ellpackr_kernel): sparse matrix times vector in CSR (a thread
// per row; a warp per row with a warp-synchronous shared-memory reduction) and ELLPACK-R.
// License: SHOC's BSD-3-Clause (Copyright (c) 2011, UT-Battelle, LLC; see the repository's LICENSE.md).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime; the templates are
// instantiated by hand for float in extern "C" kernels, and the texture reader of the dense
// vector (texReaderSP, tex1Dfetch) reads the vector from a pointer parameter vec.
#include "corpus.h"
#define BLOCK_SIZE 128
#define warpSize 32

KERNEL spmv_csr_scalar_kernel(const float *__restrict__ val, const int *__restrict__ cols,
                              const int *__restrict__ rowDelimiters, const int dim, float *__restrict__ out,
                              const float *__restrict__ vec) {
  int myRow = ctaid_x() * ntid_x() + tid_x();
  if (myRow < dim) {
    float t = 0.0f;
    int start = rowDelimiters[myRow];
    int end = rowDelimiters[myRow + 1];
    for (int j = start; j < end; j++) {
      int col = cols[j];
      t += val[j] * vec[col];
    }
    out[myRow] = t;
  }
}

KERNEL spmv_csr_vector_kernel(const float *__restrict__ val, const int *__restrict__ cols,
                              const int *__restrict__ rowDelimiters, const int dim, float *__restrict__ out,
                              const float *__restrict__ vec) {
  // Thread ID in block
  int t = tid_x();
  // Thread ID within warp
  int id = t & (warpSize - 1);
  int warpsPerBlock = ntid_x() / warpSize;
  // One row per warp
  int myRow = (ctaid_x() * warpsPerBlock) + (t / warpSize);
  __shared__ volatile float partialSums[BLOCK_SIZE];
  if (myRow < dim) {
    int warpStart = rowDelimiters[myRow];
    int warpEnd = rowDelimiters[myRow + 1];
    float mySum = 0;
    for (int j = warpStart + id; j < warpEnd; j += warpSize) {
      int col = cols[j];
      mySum += val[j] * vec[col];
    }
    partialSums[t] = mySum;
    // Reduce partial sums
    if (id < 16) partialSums[t] += partialSums[t + 16];
    if (id < 8) partialSums[t] += partialSums[t + 8];
    if (id < 4) partialSums[t] += partialSums[t + 4];
    if (id < 2) partialSums[t] += partialSums[t + 2];
    if (id < 1) partialSums[t] += partialSums[t + 1];
    // Write result
    if (id == 0) {
      out[myRow] = partialSums[t];
    }
  }
}

KERNEL spmv_ellpackr_kernel(const float *__restrict__ val, const int *__restrict__ cols,
                            const int *__restrict__ rowLengths, const int dim, float *__restrict__ out,
                            const float *__restrict__ vec) {
  int t = ctaid_x() * ntid_x() + tid_x();
  if (t < dim) {
    float result = 0.0f;
    int max = rowLengths[t];
    for (int i = 0; i < max; i++) {
      int ind = i * dim + t;
      result += val[ind] * vec[cols[ind]];
    }
    out[t] = result;
  }
}
