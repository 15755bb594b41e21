// Origin: Rodinia 3.1 (github.com/yuhc/gpu-rodinia), cuda/backprop/backprop_cuda_kernel.cu
// (bpnn_layerforward_CUDA, bpnn_adjust_weights_cuda) and backprop.h: a neural network layer's
// forward pass (weights times inputs, a shared-memory tree sum per 16 inputs) and the weight
// update with momentum.
// License: Rodinia's (Copyright (c) 2008-2011 University of Virginia; BSD-style, see the suite's
// LICENSE). Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernels;
// __log2f and __powf written as CUDA's headers define them (the SFU's lg2.approx and
// ex2.approx: the loop bound and the stride come from the SFU); ETA and MOMENTUM are float
// literals (0.3f; the original's 0.3 makes the update double).
#include "corpus.h"
#define WIDTH 16  // shared memory width
#define HEIGHT 16 // shared memory height
#define ETA 0.3f      // eta value
#define MOMENTUM 0.3f // momentum value

static __device__ inline float __log2f(float x) { return __nvvm_lg2_approx_f(x); }
static __device__ inline float __powf(float x, float y) { return __nvvm_ex2_approx_f(y * __nvvm_lg2_approx_f(x)); }

KERNEL bpnn_layerforward_CUDA(float *input_cuda, float *output_hidden_cuda, float *input_hidden_cuda,
                              float *hidden_partial_sum, int in, int hid) {
  int by = ctaid_y();
  int tx = tid_x();
  int ty = tid_y();
  int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
  int index_in = HEIGHT * by + ty + 1;
  __shared__ float input_node[HEIGHT];
  __shared__ float weight_matrix[HEIGHT][WIDTH];
  if (tx == 0)
    input_node[ty] = input_cuda[index_in];
  __syncthreads();
  weight_matrix[ty][tx] = input_hidden_cuda[index];
  __syncthreads();
  weight_matrix[ty][tx] = weight_matrix[ty][tx] * input_node[ty];
  __syncthreads();
  for (int i = 1; i <= __log2f(HEIGHT); i++) {
    int power_two = __powf(2, i);
    if (ty % power_two == 0)
      weight_matrix[ty][tx] = weight_matrix[ty][tx] + weight_matrix[ty + power_two / 2][tx];
    __syncthreads();
  }
  input_hidden_cuda[index] = weight_matrix[ty][tx];
  __syncthreads();
  if (tx == 0) {
    hidden_partial_sum[by * hid + ty] = weight_matrix[tx][ty];
  }
}

KERNEL bpnn_adjust_weights_cuda(float *delta, int hid, float *ly, int in, float *w, float *oldw) {
  int by = ctaid_y();
  int tx = tid_x();
  int ty = tid_y();
  int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
  int index_y = HEIGHT * by + ty + 1;
  int index_x = tx + 1;
  w[index] += ((ETA * delta[index_x] * ly[index_y]) + (MOMENTUM * oldw[index]));
  oldw[index] = ((ETA * delta[index_x] * ly[index_y]) + (MOMENTUM * oldw[index]));
  __syncthreads();
  if (ty == 0 && by == 0) {
    w[index_x] += ((ETA * delta[index_x]) + (MOMENTUM * oldw[index_x]));
    oldw[index_x] = ((ETA * delta[index_x]) + (MOMENTUM * oldw[index_x]));
  }
}
