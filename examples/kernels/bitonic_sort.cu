#include "heddle_cuda.h"
// Each block sorts its ntid.x (a power of two <= 512) keys ascending in shared memory.
KERNEL bitonic_sort(unsigned *data) {
  __shared__ unsigned s[512];
  unsigned t = tid_x(), n = ntid_x();
  unsigned base = ctaid_x() * n;
  s[t] = data[base + t];
  __syncthreads();
  for (unsigned k = 2; k <= n; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned p = t ^ j;
      if (p > t) {
        unsigned x = s[t], y = s[p];
        bool up = (t & k) == 0;
        if ((x > y) == up) {
          s[t] = y;
          s[p] = x;
        }
      }
      __syncthreads();
    }
  }
  data[base + t] = s[t];
}
