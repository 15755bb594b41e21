// Origin: NVIDIA CUDA Samples (github.com/NVIDIA/cuda-samples),
// Samples/6_Performance/transpose/transpose.cu (transposeDiagonal): matrix transpose through a
// padded shared tile, blocks renumbered along diagonals (integer division and modulo of the
// block indices) to avoid partition camping.
// License: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION; see the repository's LICENSE).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernel,
// cg::sync(cta) -> __syncthreads(); TILE_DIM 32, BLOCK_ROWS 16 as in the sample.
#include "corpus.h"
#define TILE_DIM 32
#define BLOCK_ROWS 16

KERNEL transposeDiagonal(float *odata, float *idata, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int blockIdx_x, blockIdx_y;
  // do diagonal reordering
  if (width == height) {
    blockIdx_y = ctaid_x();
    blockIdx_x = (ctaid_x() + ctaid_y()) % nctaid_x();
  } else {
    int bid = ctaid_x() + nctaid_x() * ctaid_y();
    blockIdx_y = bid % nctaid_y();
    blockIdx_x = ((bid / nctaid_y()) + blockIdx_y) % nctaid_x();
  }
  // from here on the code is same as previous kernel except blockIdx_x replaces
  // blockIdx.x and similarly for y
  int xIndex = blockIdx_x * TILE_DIM + tid_x();
  int yIndex = blockIdx_y * TILE_DIM + tid_y();
  int index_in = xIndex + (yIndex)*width;
  xIndex = blockIdx_y * TILE_DIM + tid_x();
  yIndex = blockIdx_x * TILE_DIM + tid_y();
  int index_out = xIndex + (yIndex)*height;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
    tile[tid_y() + i][tid_x()] = idata[index_in + i * width];
  }
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
    odata[index_out + i * height] = tile[tid_x()][tid_y() + i];
  }
}
