// Warp votes and barrier reductions as clang-14 emits them (testbenches/tests/ptx_translate.rs,
// warp_votes_and_barrier_reductions; sm.rs, votes_in_lock_step). clang-14 cannot select the
// vote intrinsics for sm_20 ("Cannot select: intrinsic %llvm.nvvm.vote.uni") and emits them
// for sm_70, so votes.ptx is its sm_70 output with `.version 6.0` / `.target sm_70` turned
// into `.version 3.2` / `.target sm_20` (the instructions are sm_20's):
// clang-14 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_70 -O2 \
//   -ffp-contract=off -S -o - votes.cu | sed 's/^\.version 6\.0/.version 3.2/; s/^\.target sm_70/.target sm_20/' > votes.ptx
#include "../../../examples/corpus/corpus.h"
extern "C" __global__ void votes(unsigned *out, const unsigned *in) {
  unsigned t = tid_y() * ntid_x() + tid_x();
  unsigned g = ctaid_x() * (ntid_x() * ntid_y()) + t;
  unsigned v = in[g];
  int p = (v & 3) == 0;
  unsigned r = 0;
  if (v & 16) {  // divergent: the votes see the threads inside only
    r = __nvvm_vote_ballot(p) ^ (__nvvm_vote_any(v > 1000) << 1) ^ (__nvvm_vote_all(v & 1) << 2) ^ (__nvvm_vote_uni(p) << 3);
  }
  unsigned c = __nvvm_bar0_popc(p);
  int a = __nvvm_bar0_and(v & 4);
  int o = __nvvm_bar0_or(v == 7);
  out[g] = r + (c << 8) + (a << 20) + (o << 21);
}
