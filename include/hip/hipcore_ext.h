// hipcore's own additions to the HIP API: error details and introspection for tests and tools.
#pragma once

#include <hip/hip_runtime_api.h>

// Counts of the registration calls the program's module constructors made into hipcore.
typedef struct hipcoreRegistrationCounts {
  unsigned long long fatBinaries;
  unsigned long long functions;
  unsigned long long variables;
  unsigned long long managedVariables;
  unsigned long long unregistrations;
} hipcoreRegistrationCounts;

// The message, with context, of the calling thread's most recent failed HIP call ("" if none).
// Unlike hipGetErrorString it says what went wrong, e.g. why no GPU was found.
HIPCORE_API const char* hipcoreGetErrorDetail(void);

HIPCORE_API hipError_t hipcoreGetRegistrationCounts(hipcoreRegistrationCounts* counts);

// Lazy kernel loading, for tests: in the code object holding `kernel` (a host-side kernel
// handle) on the current device, how many kernels it has and how many have been resolved
// (metadata parsed, symbol looked up: only kernels launched or queried). Both 0 while the code
// object is not loaded on the device.
HIPCORE_API hipError_t hipcoreGetResolvedKernelCount(const void* kernel, size_t* resolved,
                                                     size_t* total);

// The number of AQL packets (dispatches and barriers) submitted so far to the hardware queue the
// stream uses (shared with other streams of the device's queue pool); 0 for a null stream that
// has no queue yet. Lets tests check which calls submit packets.
HIPCORE_API hipError_t hipcoreGetStreamPacketCount(hipStream_t stream, unsigned long long* packets);

// The number of AQL queues hipcore created on `device` for its streams: at most the queue pool's
// limit (4, or HIPCORE_MAX_HW_QUEUES) however many streams exist. Lets tests check the bound.
HIPCORE_API hipError_t hipcoreGetHardwareQueueCount(int device, int* count);
