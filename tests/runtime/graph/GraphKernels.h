// The graph tests' kernels (GraphKernels.hip, compiled by clang-19): their host handles for
// kernel nodes, and launchers for stream capture.
#pragma once

#include <hip/hip_runtime_api.h>

// data[i] += value for i < n.
const void* addToKernel();
// data[i] *= factor for i < n.
const void* multiplyByKernel();
// out[i] = a[i] + b[i] for i < n.
const void* sumKernel();
// One thread stores `value` into *target after a long dependent loop (a slow branch).
const void* slowSetKernel();
// One thread appends `id` to log[*counter] and increments *counter (an order witness).
const void* stampKernel();
// data[i] = value for i < n.
const void* setToKernel();
// data[i] += source[0] for i < n.
const void* addFromKernel();
// out[i] += a[i] + 3 b[i] + 5 c[i] + 7 d[i] for i < n.
const void* accumulateWeightedKernel();
// (int* mine, int* theirs, int* result, long long ticks): one thread sets *mine, then waits at
// most `ticks` of wall_clock64 for *theirs; *result = 1 if it saw it, -1 if it gave up.
const void* handshakeKernel();

// A device variable of 16 ints (the symbol copy nodes' target): its host handle.
const void* symbolOf16Ints();

// The same kernels launched with <<<>>> on a stream (captured when the stream captures).
hipError_t launchAddTo(int* data, int value, int n, hipStream_t stream);
hipError_t launchMultiplyBy(int* data, int factor, int n, hipStream_t stream);
hipError_t launchSum(const int* a, const int* b, int* out, int n, hipStream_t stream);
