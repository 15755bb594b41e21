#include "heddle_cuda.h"
// Tree sum of each block's elements in shared memory: out[block] = sum of in[block*ntid ..].
// blockDim.x must be a power of two <= 256.
KERNEL reduction(const float *in, float *out, int n) {
  __shared__ float s[256];
  unsigned t = tid_x();
  unsigned i = ctaid_x() * ntid_x() + t;
  s[t] = i < (unsigned)n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned k = ntid_x() / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] = s[t] + s[t + k];
    __syncthreads();
  }
  if (t == 0)
    out[ctaid_x()] = s[0];
}
