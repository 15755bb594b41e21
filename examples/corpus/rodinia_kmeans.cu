// Origin: Rodinia 3.1 (github.com/yuhc/gpu-rodinia), cuda/kmeans/kmeans_cuda_kernel.cu (kmeansPoint,
// compiled with its GPU_DELTA_REDUCTION option): k-means assignment of each point to its nearest
// cluster centre, and a per-block count of changed memberships by a shared-memory tree.
// License: Rodinia's (Copyright (c) 2008-2011 University of Virginia; BSD-style, see the suite's
// LICENSE). Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernel;
// the texture t_features is read as the `features` array and the __constant__ c_clusters as
// the `clusters` array (both are the kernel's own parameters in the original).
#include "corpus.h"
#define FLT_MAX 3.40282347e+38
#define THREADS_PER_DIM 16
#define THREADS_PER_BLOCK THREADS_PER_DIM * THREADS_PER_DIM
#define GPU_DELTA_REDUCTION

KERNEL kmeansPoint(float *features, /* in: [npoints*nfeatures] */
                   int nfeatures, int npoints, int nclusters, int *membership, float *clusters,
                   float *block_clusters, int *block_deltas) {
  // block ID
  const unsigned int block_id = nctaid_x() * ctaid_y() + ctaid_x();
  // point/thread ID
  const unsigned int point_id = block_id * ntid_x() * ntid_y() + tid_x();
  int index = -1;
  if (point_id < npoints) {
    int i, j;
    float min_dist = FLT_MAX;
    float dist; /* distance square between a point to cluster center */
    /* find the cluster center id with min distance to pt */
    for (i = 0; i < nclusters; i++) {
      int cluster_base_index = i * nfeatures; /* base index of cluster centers for inverted array */
      float ans = 0.0;                        /* Euclidean distance sqaure */
      for (j = 0; j < nfeatures; j++) {
        int addr = point_id + j * npoints; /* appropriate index of data point */
        float diff = (features[addr] - clusters[cluster_base_index + j]); /* distance between a data point to cluster centers */
        ans += diff * diff;                                               /* sum of squares */
      }
      dist = ans;
      /* see if distance is smaller than previous ones:
      if so, change minimum distance and save index of cluster center */
      if (dist < min_dist) {
        min_dist = dist;
        index = i;
      }
    }
  }
#ifdef GPU_DELTA_REDUCTION
  // count how many points are now closer to a different cluster center
  __shared__ int deltas[THREADS_PER_BLOCK];
  if (tid_x() < THREADS_PER_BLOCK) {
    deltas[tid_x()] = 0;
  }
#endif
  if (point_id < npoints) {
#ifdef GPU_DELTA_REDUCTION
    /* if membership changes, increase delta by 1 */
    if (membership[point_id] != index) {
      deltas[tid_x()] = 1;
    }
#endif
    /* assign the membership to object point_id */
    membership[point_id] = index;
  }
#ifdef GPU_DELTA_REDUCTION
  // make sure all the deltas have finished writing to shared memory
  __syncthreads();
  // now let's count them
  // primitve reduction follows
  unsigned int threadids_participating = THREADS_PER_BLOCK / 2;
  for (; threadids_participating > 1; threadids_participating /= 2) {
    if (tid_x() < threadids_participating) {
      deltas[tid_x()] += deltas[tid_x() + threadids_participating];
    }
    __syncthreads();
  }
  if (tid_x() < 1) {
    deltas[tid_x()] += deltas[tid_x() + 1];
  }
  __syncthreads();
  // propagate number of changes to global counter
  if (tid_x() == 0) {
    block_deltas[ctaid_y() * nctaid_x() + ctaid_x()] = deltas[0];
  }
#endif
}
