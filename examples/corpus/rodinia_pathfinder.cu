// Origin: Rodinia 3.1 (github.com/yuhc/gpu-rodinia), cuda/pathfinder/pathfinder.cu (dynproc_kernel):
// dynamic programming over a grid's rows, several rows per launch (a "pyramid" with a halo).
// License: Rodinia's (Copyright (c) 2008-2011 University of Virginia; BSD-style, see the suite's
// LICENSE). Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernel;
// BLOCK_SIZE 64 (the original's 256, smaller for the test's small grids).
#include "corpus.h"
#define BLOCK_SIZE 64
#define HALO 1
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

KERNEL dynproc_kernel(int iteration, int *gpuWall, int *gpuSrc, int *gpuResults, int cols, int rows, int startStep, int border) {
  __shared__ int prev[BLOCK_SIZE];
  __shared__ int result[BLOCK_SIZE];
  int bx = ctaid_x();
  int tx = tid_x();
  // each block finally computes result for a small block after N iterations
  int small_block_cols = BLOCK_SIZE - iteration * HALO * 2;
  int blkX = small_block_cols * bx - border;
  int blkXmax = blkX + BLOCK_SIZE - 1;
  int xidx = blkX + tx;
  int validXmin = (blkX < 0) ? -blkX : 0;
  int validXmax = (blkXmax > cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - cols + 1) : BLOCK_SIZE - 1;
  int W = tx - 1;
  int E = tx + 1;
  W = (W < validXmin) ? validXmin : W;
  E = (E > validXmax) ? validXmax : E;
  bool isValid = IN_RANGE(tx, validXmin, validXmax);
  if (IN_RANGE(xidx, 0, cols - 1)) {
    prev[tx] = gpuSrc[xidx];
  }
  __syncthreads();
  bool computed;
  for (int i = 0; i < iteration; i++) {
    computed = false;
    if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && isValid) {
      computed = true;
      int left = prev[W];
      int up = prev[tx];
      int right = prev[E];
      int shortest = MIN(left, up);
      shortest = MIN(shortest, right);
      int index = cols * (startStep + i) + xidx;
      result[tx] = shortest + gpuWall[index];
    }
    __syncthreads();
    if (i == iteration - 1)
      break;
    if (computed)
      prev[tx] = result[tx];
    __syncthreads();
  }
  if (computed) {
    gpuResults[xidx] = result[tx];
  }
}
