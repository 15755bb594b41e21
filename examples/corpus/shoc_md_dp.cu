// Origin: SHOC (github.com/vetter/shoc), src/cuda/level1/md/MD.cu and MD.h (compute_lj_force,
// cutsq, lj1, lj2): Lennard-Jones forces over a neighbour list, a thread per atom; the double-precision instantiation (SHOC runs both; this one is about doubles).
// License: SHOC's BSD-3-Clause (Copyright (c) 2011, UT-Battelle, LLC; see the repository's LICENSE.md).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime; the template is kept and
// explicitly instantiated with useTexture = false (positions read from global memory, the
// sample's non-texture variant), so the kernel's PTX name is mangled; the vector types (forces
// in a 3-vector, positions in a 4-vector, as SHOC's runTest uses) and a texture-reader
// stand-in are declared here.
#include "corpus.h"
struct __attribute__((aligned(16))) float4 {
  float x, y, z, w;
};
struct __attribute__((aligned(16))) double4 {
  double x, y, z, w;
};
struct float3 {
  float x, y, z;
};
struct double3 {
  double x, y, z;
};
struct texReaderUnused {
  template <class P> __device__ P operator()(int) const { return P(); }
};

template <class T, class forceVecType, class posVecType, bool useTexture, typename texReader>
__global__ void compute_lj_force(forceVecType *__restrict__ force3, const posVecType *__restrict__ position, const int neighCount,
                                 const int *__restrict__ neighList, const T cutsq, const T lj1, const T lj2, const int inum) {
  // Global ID - one thread per atom
  int idx = ctaid_x() * ntid_x() + tid_x();
  // Position of this thread's atom
  posVecType ipos = position[idx];
  // Force accumulator
  forceVecType f = {0.0f, 0.0f, 0.0f};
  texReader positionTexReader;
  int j = 0;
  while (j < neighCount) {
    int jidx = neighList[j * inum + idx];
    posVecType jpos;
    if (useTexture) {
      // Use texture mem as a cache
      jpos = positionTexReader.template operator()<posVecType>(jidx);
    } else {
      jpos = position[jidx];
    }
    // Calculate distance
    T delx = ipos.x - jpos.x;
    T dely = ipos.y - jpos.y;
    T delz = ipos.z - jpos.z;
    T r2inv = delx * delx + dely * dely + delz * delz;
    // If distance is less than cutoff, calculate force and add to accumulator
    if (r2inv < cutsq) {
      r2inv = 1.0f / r2inv;
      T r6inv = r2inv * r2inv * r2inv;
      T force = r2inv * r6inv * (lj1 * r6inv - lj2);
      f.x += delx * force;
      f.y += dely * force;
      f.z += delz * force;
    }
    j++;
  }
  // store the results
  force3[idx] = f;
}

template __global__ void compute_lj_force<double, double3, double4, false, texReaderUnused>(double3 *__restrict__, const double4 *__restrict__, const int,
                                                                              const int *__restrict__, const double, const double, const double,
                                                                              const int);
