// Origin: NVIDIA CUDA Samples (github.com/NVIDIA/cuda-samples),
// Samples/5_Domain_Specific/nbody/bodysystemcuda.cu (bodyBodyInteraction, computeBodyAccel,
// integrateBodies): all-pairs gravitational n-body, one time step, positions tiled through
// shared memory, 1/r^3 from the SFU's rsqrt.
// License: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION; see the repository's LICENSE).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime; the templates are
// instantiated by hand for float (T = float, float4/float3 declared here) and the kernel is
// extern "C"; the dynamically sized shared array (SharedMemory<float4>) is a static one of
// BLOCK_SIZE entries, and the __constant__ softeningSquared is a kernel parameter;
// cg::sync(cta) -> __syncthreads(); rsqrtf is rsqrt.approx.
// Its __device__ functions are static: clang emits a .func for every non-static one (even
// when every call is inlined), and heddle rejected a .func until stop 30; computeBodyAccel is
// __forceinline__ (clang does not inline it on its own because of its unrolled loop; nvcc
// inlined every device function for sm_1x).
#define __forceinline__ __attribute__((always_inline)) inline
#include "corpus.h"
#define BLOCK_SIZE 64
struct __attribute__((aligned(16))) float4 {
  float x, y, z, w;
};
struct float3 {
  float x, y, z;
};

static __device__ float3 bodyBodyInteraction(float3 ai, float4 bi, float4 bj, float softeningSquared) {
  float3 r;
  // r_ij  [3 FLOPS]
  r.x = bj.x - bi.x;
  r.y = bj.y - bi.y;
  r.z = bj.z - bi.z;
  // distSqr = dot(r_ij, r_ij) + EPS^2  [6 FLOPS]
  float distSqr = r.x * r.x + r.y * r.y + r.z * r.z;
  distSqr += softeningSquared;
  // invDistCube =1/distSqr^(3/2)  [4 FLOPS (2 mul, 1 sqrt, 1 inv)]
  float invDist = rsqrtf(distSqr);
  float invDistCube = invDist * invDist * invDist;
  // s = m_j * invDistCube [1 FLOP]
  float s = bj.w * invDistCube;
  // a_i =  a_i + s * r_ij [6 FLOPS]
  ai.x += r.x * s;
  ai.y += r.y * s;
  ai.z += r.z * s;
  return ai;
}

static __device__ __forceinline__ float3 computeBodyAccel(float4 bodyPos, float4 *positions, int numTiles, float softeningSquared) {
  __shared__ float4 sharedPos[BLOCK_SIZE];
  float3 acc = {0.0f, 0.0f, 0.0f};
  for (int tile = 0; tile < numTiles; tile++) {
    sharedPos[tid_x()] = positions[tile * ntid_x() + tid_x()];
    __syncthreads();
    // This is the "tile_calculation" from the GPUG3 article.
#pragma unroll 128
    for (unsigned int counter = 0; counter < ntid_x(); counter++) {
      acc = bodyBodyInteraction(acc, bodyPos, sharedPos[counter], softeningSquared);
    }
    __syncthreads();
  }
  return acc;
}

KERNEL integrateBodies(float4 *__restrict__ newPos, float4 *__restrict__ oldPos, float4 *vel, unsigned int deviceOffset,
                       unsigned int deviceNumBodies, float deltaTime, float damping, int numTiles, float softeningSquared) {
  int index = ctaid_x() * ntid_x() + tid_x();
  if (index >= deviceNumBodies) {
    return;
  }
  float4 position = oldPos[deviceOffset + index];
  float3 accel = computeBodyAccel(position, oldPos, numTiles, softeningSquared);
  // acceleration = force / mass;
  // new velocity = old velocity + acceleration * deltaTime
  // note we factor out the body's mass from the equation, here and in
  // bodyBodyInteraction (because they cancel out).  Thus here force ==
  // acceleration
  float4 velocity = vel[deviceOffset + index];
  velocity.x += accel.x * deltaTime;
  velocity.y += accel.y * deltaTime;
  velocity.z += accel.z * deltaTime;
  velocity.x *= damping;
  velocity.y *= damping;
  velocity.z *= damping;
  // new position = old position + velocity * deltaTime
  position.x += velocity.x * deltaTime;
  position.y += velocity.y * deltaTime;
  position.z += velocity.z * deltaTime;
  // store new position and velocity
  newPos[deviceOffset + index] = position;
  vel[deviceOffset + index] = velocity;
}
