// Origin: Rodinia 3.1 (github.com/yuhc/gpu-rodinia), cuda/nn/nn_cuda.cu (euclid): the distance
// from every record's (lat, lng) to a query point, for a k-nearest-neighbours search.
// License: Rodinia's (Copyright (c) 2008-2011 University of Virginia; BSD-style, see the suite's
// LICENSE). Adapted for heddle: heddle_cuda.h instead of the CUDA runtime, extern "C" kernel;
// (float)sqrt(float) is sqrtf (what CUDA's float overload of sqrt calls).
#include "corpus.h"

typedef struct latLong {
  float lat;
  float lng;
} LatLong;

KERNEL euclid(LatLong *d_locations, float *d_distances, int numRecords, float lat, float lng) {
  int globalId = ntid_x() * (nctaid_x() * ctaid_y() + ctaid_x()) + tid_x(); // more efficient
  LatLong *latLong = d_locations + globalId;
  if (globalId < numRecords) {
    float *dist = d_distances + globalId;
    *dist = (float)sqrtf((lat - latLong->lat) * (lat - latLong->lat) + (lng - latLong->lng) * (lng - latLong->lng));
  }
}
