// Origin: Rodinia 3.1 (github.com/yuhc/gpu-rodinia), cuda/gaussian/gaussian.cu (Fan1, Fan2):
// Gaussian elimination, one column per pair of launches (multipliers, then the row updates on
// a 2D grid of 4x4 blocks).
// License: Rodinia's (Copyright (c) 2008-2011 University of Virginia; BSD-style, see the suite's
// LICENSE). Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernels;
// the arithmetic is unchanged.
#include "corpus.h"

KERNEL Fan1(float *m_cuda, float *a_cuda, int Size, int t) {
  if (tid_x() + ctaid_x() * ntid_x() >= Size - 1 - t)
    return;
  *(m_cuda + Size * (ntid_x() * ctaid_x() + tid_x() + t + 1) + t) =
      *(a_cuda + Size * (ntid_x() * ctaid_x() + tid_x() + t + 1) + t) / *(a_cuda + Size * t + t);
}

KERNEL Fan2(float *m_cuda, float *a_cuda, float *b_cuda, int Size, int j1, int t) {
  if (tid_x() + ctaid_x() * ntid_x() >= Size - 1 - t)
    return;
  if (tid_y() + ctaid_y() * ntid_y() >= Size - t)
    return;
  int xidx = ctaid_x() * ntid_x() + tid_x();
  int yidx = ctaid_y() * ntid_y() + tid_y();
  a_cuda[Size * (xidx + 1 + t) + (yidx + t)] -= m_cuda[Size * (xidx + 1 + t) + t] * a_cuda[Size * t + (yidx + t)];
  if (yidx == 0) {
    b_cuda[xidx + 1 + t] -= m_cuda[Size * (xidx + 1 + t) + (yidx + t)] * b_cuda[t];
  }
}
