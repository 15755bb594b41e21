// Origin: Parboil (github.com/abduld/Parboil), benchmarks/sgemm/src/cuda/sgemm_kernel.cu
// (mysgemmNT; after Vasily Volkov's sgemm): C = alpha * A * B^T + beta * C, column-major, each
// thread keeping 16 results of C in registers and B tiles in shared memory.
// License: University of Illinois/NCSA Open Source License (Copyright (c) 2007-2012 The Board of
// Trustees of the University of Illinois; see the suite's benchmarks/LICENSE).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernel; the code is
// unchanged.
#include "corpus.h"
#define TILE_N 16
#define TILE_TB_HEIGHT 8
#define TILE_M (TILE_N * TILE_TB_HEIGHT)

KERNEL mysgemmNT(const float *A, int lda, const float *B, int ldb, float *C, int ldc, int k, float alpha, float beta) {
  // Partial results
  float c[TILE_N];
  for (int i = 0; i < TILE_N; i++)
    c[i] = 0.0f;
  int mid = tid_y() * ntid_x() + tid_x(); // flattened id
  int m = ctaid_x() * TILE_M + mid;
  int n = ctaid_y() * TILE_N + tid_x();
  __shared__ float b_s[TILE_TB_HEIGHT][TILE_N];
  for (int i = 0; i < k; i += TILE_TB_HEIGHT) {
    float a;
    b_s[tid_y()][tid_x()] = B[n + (i + tid_y()) * ldb];
    __syncthreads();
    for (int j = 0; j < TILE_TB_HEIGHT; j++) {
      a = A[m + (i + j) * lda];
      for (int kk = 0; kk < TILE_N; kk++)
        c[kk] += a * b_s[j][kk];
    }
    __syncthreads();
  }
  int t = ldc * ctaid_y() * TILE_N + m;
  for (int i = 0; i < TILE_N; i++) {
    C[t + i * ldc] = C[t + i * ldc] * beta + alpha * c[i];
  }
}
