// Origin: Parboil (github.com/abduld/Parboil), benchmarks/stencil/src/cuda_base/kernels.cu
// (naive_kernel) and common.h (Index3D): a 7-point 3D Jacobi stencil, one thread per interior
// point of an x row, a block per (y, z).
// License: University of Illinois/NCSA Open Source License (Copyright (c) 2007-2012 The Board of
// Trustees of the University of Illinois; see the suite's benchmarks/LICENSE).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernel; the code is
// unchanged.
#include "corpus.h"
#define Index3D(_nx, _ny, _i, _j, _k) ((_i) + _nx * ((_j) + _ny * (_k)))

KERNEL naive_kernel(float c0, float c1, float *A0, float *Anext, int nx, int ny, int nz) {
  int i = tid_x();
  int j = ctaid_x() + 1;
  int k = ctaid_y() + 1;
  if (i > 0) {
    Anext[Index3D(nx, ny, i, j, k)] = (A0[Index3D(nx, ny, i, j, k + 1)] + A0[Index3D(nx, ny, i, j, k - 1)] +
                                       A0[Index3D(nx, ny, i, j + 1, k)] + A0[Index3D(nx, ny, i, j - 1, k)] +
                                       A0[Index3D(nx, ny, i + 1, j, k)] + A0[Index3D(nx, ny, i - 1, j, k)]) * c1 -
                                      A0[Index3D(nx, ny, i, j, k)] * c0;
  }
}
