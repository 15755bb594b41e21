// Origin: Rodinia 3.1 (github.com/yuhc/gpu-rodinia), cuda/bfs/kernel.cu (Kernel) and
// cuda/bfs/kernel2.cu (Kernel2): one breadth-first-search level per pair of launches
// (Harish and Narayanan, HiPC'07).
// License: Copyright (c) 2008 International Institute of Information Technology - Hyderabad;
// permission to use, copy, modify and distribute for educational purposes (see the files).
// Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernels named
// bfs_kernel/bfs_kernel2; MAX_THREADS_PER_BLOCK 64 (the original's 512).
#include "corpus.h"
#define MAX_THREADS_PER_BLOCK 64

struct Node {
  int starting;
  int no_of_edges;
};

KERNEL bfs_kernel(Node *g_graph_nodes, int *g_graph_edges, bool *g_graph_mask, bool *g_updating_graph_mask,
                  bool *g_graph_visited, int *g_cost, int no_of_nodes) {
  int tid = ctaid_x() * MAX_THREADS_PER_BLOCK + tid_x();
  if (tid < no_of_nodes && g_graph_mask[tid]) {
    g_graph_mask[tid] = false;
    for (int i = g_graph_nodes[tid].starting; i < (g_graph_nodes[tid].no_of_edges + g_graph_nodes[tid].starting); i++) {
      int id = g_graph_edges[i];
      if (!g_graph_visited[id]) {
        g_cost[id] = g_cost[tid] + 1;
        g_updating_graph_mask[id] = true;
      }
    }
  }
}

KERNEL bfs_kernel2(bool *g_graph_mask, bool *g_updating_graph_mask, bool *g_graph_visited, bool *g_over, int no_of_nodes) {
  int tid = ctaid_x() * MAX_THREADS_PER_BLOCK + tid_x();
  if (tid < no_of_nodes && g_updating_graph_mask[tid]) {
    g_graph_mask[tid] = true;
    g_graph_visited[tid] = true;
    *g_over = true;
    g_updating_graph_mask[tid] = false;
  }
}
