#include "heddle_cuda.h"
// y[i] = alpha * x[i] + y[i] (compiled with -ffp-contract=off: a mul.f32 and an add.f32).
KERNEL saxpy(int n, float alpha, const float *x, float *y) {
  int i = ctaid_x() * ntid_x() + tid_x();
  if (i < n)
    y[i] = alpha * x[i] + y[i];
}
