// Minimal CUDA declarations for clang-14's NVPTX back end without the CUDA SDK
// (DESIGN.md, "Tools"): heddle's example kernels include only this header.
#pragma once
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define KERNEL extern "C" __global__ void

static __device__ inline unsigned tid_x() { return __nvvm_read_ptx_sreg_tid_x(); }
static __device__ inline unsigned tid_y() { return __nvvm_read_ptx_sreg_tid_y(); }
static __device__ inline unsigned ntid_x() { return __nvvm_read_ptx_sreg_ntid_x(); }
static __device__ inline unsigned ntid_y() { return __nvvm_read_ptx_sreg_ntid_y(); }
static __device__ inline unsigned ctaid_x() { return __nvvm_read_ptx_sreg_ctaid_x(); }
static __device__ inline unsigned ctaid_y() { return __nvvm_read_ptx_sreg_ctaid_y(); }
static __device__ inline unsigned nctaid_x() { return __nvvm_read_ptx_sreg_nctaid_x(); }
// __syncthreads() is a clang builtin (bar.sync 0).
