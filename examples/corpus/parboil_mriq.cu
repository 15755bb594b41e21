// Origin: Parboil (github.com/abduld/Parboil), benchmarks/mri-q/src/cuda/computeQ.cu
// (ComputePhiMag_GPU, ComputeQ_GPU, kValues): MRI reconstruction's Q matrix: |phi|^2 per k-space
// sample, then for every voxel a sum over the k samples of |phi|^2 cos and sin of 2 pi k.x.
// License: University of Illinois/NCSA Open Source License (Copyright (c) 2007-2012 The Board of
// Trustees of the University of Illinois; see the suite's benchmarks/LICENSE).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernels; the
// __constant__ tile ck[] is read from a pointer parameter ck (the host copies the same tile
// there instead of cudaMemcpyToSymbol); cos and sin are the SFU's cos.approx and sin.approx
// (no libdevice here; __cosf/__sinf in corpus.h).
#include "corpus.h"
#define PI 3.1415926535897932384626433832795029f
#define PIx2 6.2831853071795864769252867665590058f
#define KERNEL_PHI_MAG_THREADS_PER_BLOCK 512
#define KERNEL_Q_THREADS_PER_BLOCK 256
#define KERNEL_Q_K_ELEMS_PER_GRID 1024

struct kValues {
  float Kx;
  float Ky;
  float Kz;
  float PhiMag;
};

KERNEL ComputePhiMag_GPU(float *phiR, float *phiI, float *phiMag, int numK) {
  int indexK = ctaid_x() * KERNEL_PHI_MAG_THREADS_PER_BLOCK + tid_x();
  if (indexK < numK) {
    float real = phiR[indexK];
    float imag = phiI[indexK];
    phiMag[indexK] = real * real + imag * imag;
  }
}

KERNEL ComputeQ_GPU(int numK, int kGlobalIndex, float *x, float *y, float *z, float *Qr, float *Qi, const kValues *ck) {
  float sX;
  float sY;
  float sZ;
  float sQr;
  float sQi;
  // Determine the element of the X arrays computed by this thread
  int xIndex = ctaid_x() * KERNEL_Q_THREADS_PER_BLOCK + tid_x();
  // Read block's X values from global mem to shared mem
  sX = x[xIndex];
  sY = y[xIndex];
  sZ = z[xIndex];
  sQr = Qr[xIndex];
  sQi = Qi[xIndex];
  // Loop over all elements of K in constant mem to compute a partial value for X.
  int kIndex = 0;
  if (numK % 2) {
    float expArg = PIx2 * (ck[0].Kx * sX + ck[0].Ky * sY + ck[0].Kz * sZ);
    sQr += ck[0].PhiMag * __cosf(expArg);
    sQi += ck[0].PhiMag * __sinf(expArg);
    kIndex++;
    kGlobalIndex++;
  }
  for (; (kIndex < KERNEL_Q_K_ELEMS_PER_GRID) && (kGlobalIndex < numK); kIndex += 2, kGlobalIndex += 2) {
    float expArg = PIx2 * (ck[kIndex].Kx * sX + ck[kIndex].Ky * sY + ck[kIndex].Kz * sZ);
    sQr += ck[kIndex].PhiMag * __cosf(expArg);
    sQi += ck[kIndex].PhiMag * __sinf(expArg);
    int kIndex1 = kIndex + 1;
    float expArg1 = PIx2 * (ck[kIndex1].Kx * sX + ck[kIndex1].Ky * sY + ck[kIndex1].Kz * sZ);
    sQr += ck[kIndex1].PhiMag * __cosf(expArg1);
    sQi += ck[kIndex1].PhiMag * __sinf(expArg1);
  }
  Qr[xIndex] = sQr;
  Qi[xIndex] = sQi;
}
