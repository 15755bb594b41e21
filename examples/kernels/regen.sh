#!/bin/sh
# Regenerates the committed PTX of every example kernel with clang-14's NVPTX back end
# (no CUDA SDK). -ffp-contract=off keeps mul.f32 + add.f32 pairs apart so that the
# translator's G80 option can contract them into the SP's truncating mad.
# Usage: examples/kernels/regen.sh [output dir]   (default: examples/kernels/ptx)
set -eu
cd "$(dirname "$0")"
out="${1:-ptx}"
mkdir -p "$out"
for src in *.cu; do
  k="${src%.cu}"
  clang-14 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_20 -O2 \
    -ffp-contract=off -S -o "$out/$k.ptx" "$src"
done
