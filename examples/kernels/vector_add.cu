#include "heddle_cuda.h"
// c[i] = a[i] + b[i] for i < n.
KERNEL vector_add(const float *a, const float *b, float *c, int n) {
  int i = ctaid_x() * ntid_x() + tid_x();
  if (i < n)
    c[i] = a[i] + b[i];
}
