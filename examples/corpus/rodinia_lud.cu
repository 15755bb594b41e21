// Origin: Rodinia 3.1 (github.com/yuhc/gpu-rodinia), cuda/lud/cuda/lud_kernel.cu (lud_diagonal,
// lud_perimeter, lud_internal): blocked LU decomposition without pivoting, 16x16 blocks in
// shared memory; the host loop lud_cuda launches the three kernels per block step.
// License: Rodinia's (Copyright (c) 2008-2011 University of Virginia; BSD-style, see the suite's
// LICENSE). Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernels;
// the arithmetic is unchanged.
#include "corpus.h"
#define BLOCK_SIZE 16

KERNEL lud_diagonal(float *m, int matrix_dim, int offset) {
  int i, j;
  __shared__ float shadow[BLOCK_SIZE][BLOCK_SIZE];
  int array_offset = offset * matrix_dim + offset;
  for (i = 0; i < BLOCK_SIZE; i++) {
    shadow[i][tid_x()] = m[array_offset + tid_x()];
    array_offset += matrix_dim;
  }
  __syncthreads();
  for (i = 0; i < BLOCK_SIZE - 1; i++) {
    if (tid_x() > i) {
      for (j = 0; j < i; j++)
        shadow[tid_x()][i] -= shadow[tid_x()][j] * shadow[j][i];
      shadow[tid_x()][i] /= shadow[i][i];
    }
    __syncthreads();
    if (tid_x() > i) {
      for (j = 0; j < i + 1; j++)
        shadow[i + 1][tid_x()] -= shadow[i + 1][j] * shadow[j][tid_x()];
    }
    __syncthreads();
  }
  // The first row is not modified, it is no need to write it back to the global memory
  array_offset = (offset + 1) * matrix_dim + offset;
  for (i = 1; i < BLOCK_SIZE; i++) {
    m[array_offset + tid_x()] = shadow[i][tid_x()];
    array_offset += matrix_dim;
  }
}

KERNEL lud_perimeter(float *m, int matrix_dim, int offset) {
  __shared__ float dia[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float peri_row[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float peri_col[BLOCK_SIZE][BLOCK_SIZE];
  int i, j, array_offset;
  int idx;
  if (tid_x() < BLOCK_SIZE) {
    idx = tid_x();
    array_offset = offset * matrix_dim + offset;
    for (i = 0; i < BLOCK_SIZE / 2; i++) {
      dia[i][idx] = m[array_offset + idx];
      array_offset += matrix_dim;
    }
    array_offset = offset * matrix_dim + offset;
    for (i = 0; i < BLOCK_SIZE; i++) {
      peri_row[i][idx] = m[array_offset + (ctaid_x() + 1) * BLOCK_SIZE + idx];
      array_offset += matrix_dim;
    }
  } else {
    idx = tid_x() - BLOCK_SIZE;
    array_offset = (offset + BLOCK_SIZE / 2) * matrix_dim + offset;
    for (i = BLOCK_SIZE / 2; i < BLOCK_SIZE; i++) {
      dia[i][idx] = m[array_offset + idx];
      array_offset += matrix_dim;
    }
    array_offset = (offset + (ctaid_x() + 1) * BLOCK_SIZE) * matrix_dim + offset;
    for (i = 0; i < BLOCK_SIZE; i++) {
      peri_col[i][idx] = m[array_offset + idx];
      array_offset += matrix_dim;
    }
  }
  __syncthreads();
  if (tid_x() < BLOCK_SIZE) { // peri-row
    idx = tid_x();
    for (i = 1; i < BLOCK_SIZE; i++) {
      for (j = 0; j < i; j++)
        peri_row[i][idx] -= dia[i][j] * peri_row[j][idx];
    }
  } else { // peri-col
    idx = tid_x() - BLOCK_SIZE;
    for (i = 0; i < BLOCK_SIZE; i++) {
      for (j = 0; j < i; j++)
        peri_col[idx][i] -= peri_col[idx][j] * dia[j][i];
      peri_col[idx][i] /= dia[i][i];
    }
  }
  __syncthreads();
  if (tid_x() < BLOCK_SIZE) { // peri-row
    idx = tid_x();
    array_offset = (offset + 1) * matrix_dim + offset;
    for (i = 1; i < BLOCK_SIZE; i++) {
      m[array_offset + (ctaid_x() + 1) * BLOCK_SIZE + idx] = peri_row[i][idx];
      array_offset += matrix_dim;
    }
  } else { // peri-col
    idx = tid_x() - BLOCK_SIZE;
    array_offset = (offset + (ctaid_x() + 1) * BLOCK_SIZE) * matrix_dim + offset;
    for (i = 0; i < BLOCK_SIZE; i++) {
      m[array_offset + idx] = peri_col[i][idx];
      array_offset += matrix_dim;
    }
  }
}

KERNEL lud_internal(float *m, int matrix_dim, int offset) {
  __shared__ float peri_row[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float peri_col[BLOCK_SIZE][BLOCK_SIZE];
  int i;
  float sum;
  int global_row_id = offset + (ctaid_y() + 1) * BLOCK_SIZE;
  int global_col_id = offset + (ctaid_x() + 1) * BLOCK_SIZE;
  peri_row[tid_y()][tid_x()] = m[(offset + tid_y()) * matrix_dim + global_col_id + tid_x()];
  peri_col[tid_y()][tid_x()] = m[(global_row_id + tid_y()) * matrix_dim + offset + tid_x()];
  __syncthreads();
  sum = 0;
  for (i = 0; i < BLOCK_SIZE; i++)
    sum += peri_col[tid_y()][i] * peri_row[i][tid_x()];
  m[(global_row_id + tid_y()) * matrix_dim + global_col_id + tid_x()] -= sum;
}
