// Host-side launchers of the stress kernels (compiled by clang-19 in StressKernels.hip), and
// the host reference of the recurrence they compute.
#pragma once

#include <hip/hip_runtime_api.h>

// data[i] = data[i] * 31 + sequence + i for i < count, in `stream`.
hipError_t launchStep(unsigned* data, unsigned count, unsigned sequence, hipStream_t stream);
// data[i] = seed ^ (i * 2654435761) for i < count, in `stream`.
hipError_t launchPattern(unsigned* data, unsigned count, unsigned seed, hipStream_t stream);

inline unsigned stepOnHost(unsigned value, unsigned index, unsigned sequence) {
  return value * 31u + sequence + index;
}
inline unsigned patternOnHost(unsigned index, unsigned seed) {
  return seed ^ (index * 2654435761u);
}
