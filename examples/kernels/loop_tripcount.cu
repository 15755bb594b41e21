#include "heddle_cuda.h"
// Each thread loops counts[i] times: per-thread trip counts make the warp diverge at the
// loop exit.
KERNEL loop_tripcount(const int *counts, float *fout, int *iout, int n) {
  int i = ctaid_x() * ntid_x() + tid_x();
  if (i >= n)
    return;
  int c = counts[i];
  float acc = 0.0f, x = 1.0f;
  int h = i;
  for (int k = 0; k < c; k++) {
    acc = acc + x;
    x = x * 0.5f;
    h = h * 31 + k;
  }
  fout[i] = acc;
  iout[i] = h;
}
