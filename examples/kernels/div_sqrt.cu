#include "heddle_cuda.h"
// Correctly rounded division and square root: div.rn.f32 and sqrt.rn.f32.
KERNEL div_sqrt(const float *a, const float *b, float *q, float *r, int n) {
  int i = ctaid_x() * ntid_x() + tid_x();
  if (i < n) {
    q[i] = a[i] / b[i];
    r[i] = __builtin_sqrtf(a[i]);
  }
}
