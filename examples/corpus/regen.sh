#!/bin/sh
# Regenerates the committed PTX of every corpus kernel (examples/corpus/*.cu) with clang-14's
# NVPTX back end, exactly as examples/kernels/regen.sh does (no CUDA SDK, no fast-math flags;
# -ffp-contract=off keeps mul.f32 + add.f32 pairs apart).
# Usage: examples/corpus/regen.sh [output dir]   (default: examples/corpus/ptx)
set -eu
cd "$(dirname "$0")"
out="${1:-ptx}"
mkdir -p "$out"
for src in *.cu; do
  k="${src%.cu}"
  clang-14 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_20 -O2 \
    -ffp-contract=off -S -o "$out/$k.ptx" "$src"
done
