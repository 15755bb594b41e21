#include "heddle_cuda.h"
// 64-bin histogram of the low 6 bits of bytes: per-block bins in shared memory (shared
// atomics), then added into the global bins (global atomics). ntid.x >= 64.
KERNEL histogram(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned h[64];
  unsigned t = tid_x();
  if (t < 64)
    h[t] = 0;
  __syncthreads();
  for (int i = ctaid_x() * ntid_x() + t; i < n; i += ntid_x() * nctaid_x())
    __nvvm_atom_add_gen_i((int *)&h[data[i] & 63], 1);
  __syncthreads();
  if (t < 64)
    __nvvm_atom_add_gen_i((int *)&bins[t], (int)h[t]);
}
