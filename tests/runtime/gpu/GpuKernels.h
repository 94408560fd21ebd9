// Host-side launchers of the GPU test kernels (compiled by clang-19 in GpuKernels.hip).
#pragma once

#include <hip/hip_runtime_api.h>

struct MixedPair {
  int a;
  float b;
};

struct GeometryRecord {
  unsigned tx, ty, tz, bx, by, bz, bdx, bdy, bdz, gdx, gdy, gdz;
};

hipError_t launchAdd(const float* a, const float* b, float* c, int n, unsigned block);
// The same kernel through hipExtLaunchKernelGGL, bracketed by two events (either may be null).
hipError_t launchAddExt(const float* a, const float* b, float* c, int n, hipEvent_t start,
                        hipEvent_t stop);
hipError_t launchMixed(char c, double d, long long* out, MixedPair p, short h);
hipError_t launchGeometry(GeometryRecord* out, dim3 grid, dim3 block);
hipError_t launchAddOn(const float* a, const float* b, float* c, int n, hipStream_t stream);
hipError_t launchEmpty();
hipError_t launchBounded(int* out, unsigned block);  // __launch_bounds__(64)
hipError_t launchPolynomial(float* out, int n);
hipError_t launchAddToManaged(int value);
int& managedTotalOnHost();  // __managed__ int managedTotal = 3, as host code sees it
hipError_t launchSlowStore(int* target, int value, int iterations, hipStream_t stream);
hipError_t launchCopyInt(int* destination, const int* source, hipStream_t stream);
const void* coefficientsSymbol();  // __constant__ float coefficients[4]
const void* hitsSymbol();          // __device__ int hits
const void* emptyKernelHandle();
const void* boundedKernelHandle();  // __launch_bounds__(64)
