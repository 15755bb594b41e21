// Origin: SHOC (github.com/vetter/shoc), src/cuda/level1/stencil2d/CUDAStencilKernel.cu
// (StencilKernel, ToGlobalRow, ToGlobalCol, ToFlatIdx): a 9-point 2D stencil; each thread
// smooths a strip of LROWS items of one column through a shared tile with a halo.
// License: SHOC's BSD-3-Clause (Copyright (c) 2011, UT-Battelle, LLC; see the repository's LICENSE.md).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime; the template is instantiated
// by hand for float in an extern "C" kernel; the dynamically sized shared buffer
// (SharedMemory<float>, extern __shared__) is a static one of (LROWS+2)*(LCOLS+2) floats.
#include "corpus.h"
#define LROWS 8
#define LCOLS 32

__device__ int ToGlobalRow(int gidRow, int lszRow, int lidRow) { return gidRow * lszRow + lidRow; }
__device__ int ToGlobalCol(int gidCol, int lszCol, int lidCol) { return gidCol * lszCol + lidCol; }
__device__ int ToFlatIdx(int row, int col, int rowWidth) {
  // assumes input coordinates and dimensions are logical (without halo)
  // and a halo width of 1
  return (row + 1) * (rowWidth + 2) + (col + 1);
}

KERNEL StencilKernel(float *data, float *newData, int alignment, int nStripItems, float wCenter, float wCardinal,
                     float wDiagonal) {
  // determine our location in the coordinate system
  int gidRow = ctaid_x();
  int gidCol = ctaid_y();
  int gszCol = nctaid_y();
  int lidRow = tid_x();
  int lidCol = tid_y();
  int lszRow = nStripItems;
  int lszCol = ntid_y();
  // determine our logical global data coordinates (without halo)
  int gRow = ToGlobalRow(gidRow, lszRow, lidRow);
  int gCol = ToGlobalCol(gidCol, lszCol, lidCol);
  // determine pitch of rows (without halo)
  int nCols = gszCol * lszCol + 2; // assume halo is there for computing padding
  int nPaddedCols = nCols + (((nCols % alignment) == 0) ? 0 : (alignment - (nCols % alignment)));
  int gRowWidth = nPaddedCols - 2; // remove the halo
  // Copy my global data item to a shared local buffer.
  __shared__ float sh[(LROWS + 2) * (LCOLS + 2)];
  int lRowWidth = lszCol;
  for (int i = 0; i < (lszRow + 2); i++) {
    int lidx = ToFlatIdx(lidRow - 1 + i, lidCol, lRowWidth);
    int gidx = ToFlatIdx(gRow - 1 + i, gCol, gRowWidth);
    sh[lidx] = data[gidx];
  }
  // Copy the "left" and "right" halo rows into our local memory buffer.
  // Only two threads are involved (first column and last column).
  if (lidCol == 0) {
    for (int i = 0; i < (lszRow + 2); i++) {
      int lidx = ToFlatIdx(lidRow - 1 + i, lidCol - 1, lRowWidth);
      int gidx = ToFlatIdx(gRow - 1 + i, gCol - 1, gRowWidth);
      sh[lidx] = data[gidx];
    }
  } else if (lidCol == (lszCol - 1)) {
    for (int i = 0; i < (lszRow + 2); i++) {
      int lidx = ToFlatIdx(lidRow - 1 + i, lidCol + 1, lRowWidth);
      int gidx = ToFlatIdx(gRow - 1 + i, gCol + 1, gRowWidth);
      sh[lidx] = data[gidx];
    }
  }
  // let all those loads finish
  __syncthreads();
  // do my part of the smoothing operation
  for (int i = 0; i < lszRow; i++) {
    int cidx = ToFlatIdx(lidRow + i, lidCol, lRowWidth);
    int nidx = ToFlatIdx(lidRow - 1 + i, lidCol, lRowWidth);
    int sidx = ToFlatIdx(lidRow + 1 + i, lidCol, lRowWidth);
    int eidx = ToFlatIdx(lidRow + i, lidCol + 1, lRowWidth);
    int widx = ToFlatIdx(lidRow + i, lidCol - 1, lRowWidth);
    int neidx = ToFlatIdx(lidRow - 1 + i, lidCol + 1, lRowWidth);
    int seidx = ToFlatIdx(lidRow + 1 + i, lidCol + 1, lRowWidth);
    int nwidx = ToFlatIdx(lidRow - 1 + i, lidCol - 1, lRowWidth);
    int swidx = ToFlatIdx(lidRow + 1 + i, lidCol - 1, lRowWidth);
    float centerValue = sh[cidx];
    float cardinalValueSum = sh[nidx] + sh[sidx] + sh[eidx] + sh[widx];
    float diagonalValueSum = sh[neidx] + sh[seidx] + sh[nwidx] + sh[swidx];
    newData[ToFlatIdx(gRow + i, gCol, gRowWidth)] = wCenter * centerValue + wCardinal * cardinalValueSum + wDiagonal * diagonalValueSum;
  }
}
