#include "heddle_cuda.h"
// out (h x w) = transpose of in (w wide, h high), through a 16x17 (padded) shared tile read by
// column: no bank conflicts.
#define T 16
KERNEL transpose_padded(const float *in, float *out, int w, int h) {
  __shared__ float tile[T][T + 1];
  int tx = tid_x(), ty = tid_y();
  int x = ctaid_x() * T + tx, y = ctaid_y() * T + ty;
  if (x < w && y < h)
    tile[ty][tx] = in[y * w + x];
  __syncthreads();
  x = ctaid_y() * T + tx;
  y = ctaid_x() * T + ty;
  if (x < h && y < w)
    out[y * h + x] = tile[tx][ty];
}
