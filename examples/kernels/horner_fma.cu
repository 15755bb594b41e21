#include "heddle_cuda.h"
// A cubic by Horner's rule with fused multiply-adds (fma.rn.f32 on the FMA unit):
// y[i] = ((c3 * x + c2) * x + c1) * x + c0, each step rounded once.
KERNEL horner_fma(const float *x, float *y, int n, float c0, float c1, float c2, float c3) {
  int i = ctaid_x() * ntid_x() + tid_x();
  if (i < n) {
    float v = x[i];
    y[i] = __builtin_fmaf(__builtin_fmaf(__builtin_fmaf(c3, v, c2), v, c1), v, c0);
  }
}
