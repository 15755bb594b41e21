// The corpus kernels' shim (examples/corpus/, docs/corpus.md): heddle's tiny CUDA header plus
// the few CUDA device functions the adapted benchmark kernels use, each written with a clang
// builtin that the NVPTX back end lowers without libdevice (-nocudalib):
// - atomics: __nvvm_atom_*_gen_* (atom.<op> on the pointer's space);
// - the "fast math" intrinsics (__expf, __logf, __fdividef, __sinf, __cosf, rsqrtf) as the
//   .approx SFU instructions, the way CUDA's headers define them (ex2/lg2 with a constant
//   factor); expf/logf/sinf/cosf have no libdevice here and are mapped to the same;
// - sqrtf and division stay IEEE (sqrt.rn.f32, div.rn.f32);
// - bit intrinsics (__popc, __clz, __brev, __ffs, __byte_perm) as popc, clz, brev, prmt.
#pragma once
#include "../kernels/heddle_cuda.h"

#define __constant__ __attribute__((constant))
static __device__ inline unsigned tid_z() { return __nvvm_read_ptx_sreg_tid_z(); }
static __device__ inline unsigned ntid_z() { return __nvvm_read_ptx_sreg_ntid_z(); }
static __device__ inline unsigned ctaid_z() { return __nvvm_read_ptx_sreg_ctaid_z(); }
static __device__ inline unsigned nctaid_y() { return __nvvm_read_ptx_sreg_nctaid_y(); }

// atomics (CUDA's atomicXxx)
static __device__ inline int atomicAdd(int *p, int v) { return __nvvm_atom_add_gen_i(p, v); }
static __device__ inline unsigned atomicAdd(unsigned *p, unsigned v) { return (unsigned)__nvvm_atom_add_gen_i((int *)p, (int)v); }
static __device__ inline float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
static __device__ inline int atomicSub(int *p, int v) { return __nvvm_atom_add_gen_i(p, -v); }
static __device__ inline int atomicExch(int *p, int v) { return __nvvm_atom_xchg_gen_i(p, v); }
static __device__ inline int atomicMax(int *p, int v) { return __nvvm_atom_max_gen_i(p, v); }
static __device__ inline int atomicMin(int *p, int v) { return __nvvm_atom_min_gen_i(p, v); }
static __device__ inline unsigned atomicInc(unsigned *p, unsigned v) { return __nvvm_atom_inc_gen_ui(p, v); }
static __device__ inline unsigned atomicDec(unsigned *p, unsigned v) { return __nvvm_atom_dec_gen_ui(p, v); }
static __device__ inline int atomicCAS(int *p, int c, int v) { return __nvvm_atom_cas_gen_i(p, c, v); }
static __device__ inline int atomicAnd(int *p, int v) { return __nvvm_atom_and_gen_i(p, v); }
static __device__ inline int atomicOr(int *p, int v) { return __nvvm_atom_or_gen_i(p, v); }
static __device__ inline int atomicXor(int *p, int v) { return __nvvm_atom_xor_gen_i(p, v); }
static __device__ inline void __threadfence() { __nvvm_membar_gl(); }

// fast-math intrinsics: the SFU's approximations
static __device__ inline float __expf(float x) { return __nvvm_ex2_approx_f(x * 1.4426950408889634f); }
static __device__ inline float __logf(float x) { return __nvvm_lg2_approx_f(x) * 0.6931471805599453f; }
static __device__ inline float __fdividef(float a, float b) { return __nvvm_div_approx_f(a, b); }
static __device__ inline float __sinf(float x) { return __nvvm_sin_approx_f(x); }
static __device__ inline float __cosf(float x) { return __nvvm_cos_approx_f(x); }
static __device__ inline float rsqrtf(float x) { return __nvvm_rsqrt_approx_f(x); }
// IEEE ones
static __device__ inline float sqrtf(float x) { return __builtin_sqrtf(x); }
static __device__ inline float fabsf(float x) { return __builtin_fabsf(x); }
static __device__ inline float fminf(float a, float b) { return __builtin_fminf(a, b); }
static __device__ inline float fmaxf(float a, float b) { return __builtin_fmaxf(a, b); }
static __device__ inline float floorf(float x) { return __builtin_floorf(x); }

// integer intrinsics
static __device__ inline int __popc(unsigned x) { return __builtin_popcount(x); }
static __device__ inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
static __device__ inline unsigned __brev(unsigned x) { return __builtin_bitreverse32(x); }
static __device__ inline int __ffs(int x) { return __builtin_ffs(x); }
static __device__ inline unsigned __byte_perm(unsigned a, unsigned b, unsigned s) { return __nvvm_prmt(a, b, s); }
static __device__ inline unsigned __umulhi(unsigned a, unsigned b) { return __nvvm_mulhi_ui(a, b); }
static __device__ inline int __mul24(int a, int b) { return __nvvm_mul24_i(a, b); }
static __device__ inline unsigned __umul24(unsigned a, unsigned b) { return __nvvm_mul24_ui(a, b); }
static __device__ inline unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
static __device__ inline unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
static __device__ inline int imin(int a, int b) { return a < b ? a : b; }
static __device__ inline int imax(int a, int b) { return a > b ? a : b; }
