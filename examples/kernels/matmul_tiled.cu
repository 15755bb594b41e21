#include "heddle_cuda.h"
// C = A * B for n x n row-major matrices, n a multiple of 16; 16x16 blocks, 16x16 tiles
// in shared memory.
#define T 16
KERNEL matmul_tiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[T][T];
  __shared__ float Bs[T][T];
  int tx = tid_x(), ty = tid_y();
  int row = ctaid_y() * T + ty, col = ctaid_x() * T + tx;
  float acc = 0.0f;
  for (int m = 0; m < n / T; m++) {
    As[ty][tx] = A[row * n + m * T + tx];
    Bs[ty][tx] = B[(m * T + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < T; k++)
      acc = acc + As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}
