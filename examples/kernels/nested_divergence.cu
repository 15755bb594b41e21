#include "heddle_cuda.h"
// Nested data- and thread-dependent branches; the loads inside the branches keep clang
// from if-converting them into selects.
KERNEL nested_divergence(const int *a, const int *b, int *out, int n) {
  int i = ctaid_x() * ntid_x() + tid_x();
  if (i >= n)
    return;
  int r;
  if (i & 1) {
    if (i & 2)
      r = a[i] * 3;
    else
      r = b[i] + 7;
  } else {
    int v = a[i];
    if (v > 50) {
      r = v - b[i];
      if (i & 4)
        r = r + b[n - 1 - i];
    } else {
      r = -v;
    }
  }
  out[i] = r;
}
