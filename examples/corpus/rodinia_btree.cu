// Origin: Rodinia 3.1 (github.com/yuhc/gpu-rodinia), cuda/b+tree/kernel/kernel_gpu_cuda.cu (findK)
// and cuda/b+tree/common.h (knode, record): one B+ tree search per block, a thread per key slot,
// with 64-bit (long) node indices, heights and offsets.
// License: Rodinia's (Copyright (c) 2008-2011 University of Virginia; BSD-style, see the suite's
// LICENSE). Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernel;
// DEFAULT_ORDER 32 (the original's tuning knob RD_WG_SIZE; its default is 256).
#include "corpus.h"
#define DEFAULT_ORDER 32

typedef struct record {
  int value;
} record;

typedef struct knode {
  int location;
  int indices[DEFAULT_ORDER + 1];
  int keys[DEFAULT_ORDER + 1];
  bool is_leaf;
  int num_keys;
} knode;

KERNEL findK(long height, knode *knodesD, long knodes_elem, record *recordsD, long *currKnodeD, long *offsetD,
             int *keysD, record *ansD) {
  // private thread IDs
  int thid = tid_x();
  int bid = ctaid_x();
  // process tree levels
  int i;
  for (i = 0; i < height; i++) {
    // if value is between the two keys
    if ((knodesD[currKnodeD[bid]].keys[thid]) <= keysD[bid] && (knodesD[currKnodeD[bid]].keys[thid + 1] > keysD[bid])) {
      // this conditional statement is inserted to avoid crush due to but in original code
      if (knodesD[offsetD[bid]].indices[thid] < knodes_elem) {
        offsetD[bid] = knodesD[offsetD[bid]].indices[thid];
      }
    }
    __syncthreads();
    // set for next tree level
    if (thid == 0) {
      currKnodeD[bid] = offsetD[bid];
    }
    __syncthreads();
  }
  // At this point, we have a candidate leaf node which may contain
  // the target record.  Check each key to hopefully find the record
  if (knodesD[currKnodeD[bid]].keys[thid] == keysD[bid]) {
    ansD[bid].value = recordsD[knodesD[currKnodeD[bid]].indices[thid]].value;
  }
}
