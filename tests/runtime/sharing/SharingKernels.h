// Host-side launchers of the sharing tests' kernels (SharingKernels.hip) and the values they
// write, which the tests recompute on the host.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstddef>
#include <cstdint>

// What writePattern stores at word i.
inline uint32_t patternWord(uint32_t tag, size_t i) {
  return tag * 2654435761u + static_cast<uint32_t>(i) * 7u + static_cast<uint32_t>(i >> 3);
}

// words[i] = patternWord(tag, i) for i < count, on the current device.
hipError_t launchWritePattern(uint32_t* words, size_t count, uint32_t tag, hipStream_t stream);
// out[i] = in[i] + add for i < count.
hipError_t launchAddWords(uint32_t* out, const uint32_t* in, size_t count, uint32_t add,
                          hipStream_t stream);
