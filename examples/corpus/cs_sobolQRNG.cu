// Origin: NVIDIA CUDA Samples (github.com/NVIDIA/cuda-samples),
// Samples/5_Domain_Specific/SobolQRNG/sobol_gpu.cu (sobolGPU_kernel): Sobol quasi-random
// numbers by Gray code, one dimension per grid row; __ffs, XOR and shifts, u32 -> float.
// License: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION; see the repository's LICENSE).
// (Portions Copyright (c) 2008 Frances Y. Kuo and Stephen Joe; based on code by Mike Giles.)
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernel,
// cg::sync(cta) -> __syncthreads(); __ffs is corpus.h's (__builtin_ffs).
#include "corpus.h"
#define n_directions 32
#define k_2powneg32 2.3283064E-10F

KERNEL sobolGPU_kernel(unsigned n_vectors, unsigned n_dimensions, unsigned *d_directions, float *d_output) {
  __shared__ unsigned int v[n_directions];
  // Offset into the correct dimension as specified by the block y coordinate
  d_directions = d_directions + n_directions * ctaid_y();
  d_output = d_output + n_vectors * ctaid_y();
  // Copy the direction numbers for this dimension into shared memory
  if (tid_x() < n_directions) {
    v[tid_x()] = d_directions[tid_x()];
  }
  __syncthreads();
  // Set initial index (i.e. which vector this thread is computing first) and stride
  int i0 = tid_x() + ctaid_x() * ntid_x();
  int stride = nctaid_x() * ntid_x();
  // Get the gray code of the index
  unsigned int g = i0 ^ (i0 >> 1);
  // Initialisation for first point x[i0]
  unsigned int X = 0;
  unsigned int mask;
  for (unsigned int k = 0; k < __ffs(stride) - 1; k++) {
    // We want X ^= g_k * v[k], where g_k is one or zero.
    mask = -(g & 1);
    X ^= mask & v[k];
    g = g >> 1;
  }
  if (i0 < n_vectors) {
    d_output[i0] = (float)X * k_2powneg32;
  }
  // Now do rest of points, using the stride
  unsigned int v_log2stridem1 = v[__ffs(stride) - 2];
  unsigned int v_stridemask = stride - 1;
  for (unsigned int i = i0 + stride; i < n_vectors; i += stride) {
    // x[i] = x[i-stride] ^ v[b] ^ v[a]
    X ^= v_log2stridem1 ^ v[__ffs(~((i - stride) | v_stridemask)) - 1];
    d_output[i] = (float)X * k_2powneg32;
  }
}
