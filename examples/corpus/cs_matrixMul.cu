// Origin: NVIDIA CUDA Samples (github.com/NVIDIA/cuda-samples),
// Samples/0_Introduction/matrixMul/matrixMul.cu (MatrixMulCUDA<BLOCK_SIZE>): C = A * B by
// BLOCK_SIZE x BLOCK_SIZE tiles of A and B in shared memory.
// License: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION; see the repository's LICENSE).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime. The kernel stays a template,
// explicitly instantiated for BLOCK_SIZE 16 (the sample also uses 32), so its PTX name is the
// mangled _Z13MatrixMulCUDAILi16EEvPfS0_S0_ii and its shared tiles are module-level .weak
// .shared variables (clang's layout for a template's statics).
#include "corpus.h"

template <int BLOCK_SIZE> __global__ void MatrixMulCUDA(float *C, float *A, float *B, int wA, int wB) {
  // Block index
  int bx = ctaid_x();
  int by = ctaid_y();
  // Thread index
  int tx = tid_x();
  int ty = tid_y();
  // Index of the first sub-matrix of A processed by the block
  int aBegin = wA * BLOCK_SIZE * by;
  // Index of the last sub-matrix of A processed by the block
  int aEnd = aBegin + wA - 1;
  // Step size used to iterate through the sub-matrices of A
  int aStep = BLOCK_SIZE;
  // Index of the first sub-matrix of B processed by the block
  int bBegin = BLOCK_SIZE * bx;
  // Step size used to iterate through the sub-matrices of B
  int bStep = BLOCK_SIZE * wB;
  // Csub is used to store the element of the block sub-matrix that is computed by the thread
  float Csub = 0;
  // Loop over all the sub-matrices of A and B required to compute the block sub-matrix
  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
    // Load the matrices from device memory to shared memory
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k) {
      Csub += As[ty][k] * Bs[k][tx];
    }
    __syncthreads();
  }
  // Write the block sub-matrix to device memory; each thread writes one element
  int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
  C[c + wB * ty + tx] = Csub;
}

template __global__ void MatrixMulCUDA<16>(float *C, float *A, float *B, int wA, int wB);
