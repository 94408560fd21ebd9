// Host-side launchers of the allocation tests' kernels (MemoryKernels.hip).
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstddef>
#include <cstdint>

// words[i] = tag + i for i < count.
hipError_t launchFillWords(uint32_t* words, size_t count, uint32_t tag, hipStream_t stream);
// Adds 1 to *mismatches for each i < count with words[i] != tag + i.
hipError_t launchCheckWords(const uint32_t* words, size_t count, uint32_t tag, int* mismatches,
                            hipStream_t stream);
