#include "heddle_cuda.h"
// The SFU's approximate functions: out[5i..5i+4] = sin, cos, exp2, log2, rsqrt of x[i].
KERNEL sfu_math(const float *x, float *out, int n) {
  int i = ctaid_x() * ntid_x() + tid_x();
  if (i < n) {
    float v = x[i];
    out[5 * i + 0] = __nvvm_sin_approx_f(v);
    out[5 * i + 1] = __nvvm_cos_approx_f(v);
    out[5 * i + 2] = __nvvm_ex2_approx_f(v);
    out[5 * i + 3] = __nvvm_lg2_approx_f(v);
    out[5 * i + 4] = __nvvm_rsqrt_approx_f(v);
  }
}
