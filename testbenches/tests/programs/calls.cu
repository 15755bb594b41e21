// Device functions, __device__ variables and initializers, as clang-14 emits them for sm_20
// (testbenches/tests/ptx_translate.rs, device_functions_and_device_variables). Regenerate:
// clang-14 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_20 -O2 \
//   -ffp-contract=off -S -o calls.ptx calls.cu
#include "../../../examples/corpus/corpus.h"
struct P { float x, y; int k; };
struct __attribute__((aligned(8))) Q { float a, b; };
__device__ __attribute__((noinline)) float dot2(P a, P b) { return a.x * b.x + a.y * b.y + (float)(a.k - b.k); }
__device__ __attribute__((noinline)) float qsum(Q q) { return q.a - q.b; }
__device__ __attribute__((noinline)) int clampi(int v, int lo, int hi) { if (v < lo) return lo; if (v > hi) return hi; return v; }
__device__ __attribute__((noinline)) void store_sq(float *o, int i, float v) { if (i & 1) { o[i] = v * v; return; } o[i] = v; }
__device__ __attribute__((noinline)) unsigned long long mix(unsigned long long a, int s) { return (a << s) ^ (a >> 7); }
__device__ __attribute__((noinline)) int twice_clamped(int v, int n) { return 2 * clampi(v, 1, n); }
__device__ unsigned int counter;
__device__ int table[4] = {3, 5, 7, 11};
__constant__ float scale[2] = {0.5f, 2.0f};
extern "C" __global__ void calls(float *out, const float *in, unsigned long long *wide, int n) {
  int i = ctaid_x() * ntid_x() + tid_x();
  if (i >= n) return;
  P a = {in[i], in[i] + 1.0f, i};
  P b = {2.0f, in[(i + 1) % n], 3};
  Q q = {in[i], 0.25f};
  float d = (dot2(a, b) + qsum(q)) * scale[i & 1];
  int c = twice_clamped(i * 3 - 10, n) + table[i & 3];
  store_sq(out, i, d + (float)c);
  atomicAdd(&counter, 1u);
  wide[i] = mix((unsigned long long)i * 0x9E3779B97F4A7C15ull, i & 63);
}
