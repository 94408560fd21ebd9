// Includes Debian 12's rocPRIM 5.3.3 for both builds of the rocPRIM programs.
//
// rocPRIM 5.3.3 was written for HIP 5: it reads hipDeviceProp_t::gcnArch (to turn on a sleep
// in its look-back scan on gfx908 before revision 2). HIP 6 removed that field from
// hipDeviceProp_t (AMD's HIP 6 headers fail on rocPRIM 5.3.3 in the same way), and hipcore's
// headers are HIP 6's, whose 1472-byte layout must not change. Built against HIP 6 headers,
// these programs therefore hand rocPRIM a derived struct that adds the field, filled from
// gcnArchName ("gfx1030" -> 1030) as HIP 5 did for the targets it knew.
#pragma once

#include <hip/hip_runtime.h>

#if HIP_VERSION_MAJOR >= 6
#include <cstdlib>

struct RocprimHip5DeviceProp : hipDeviceProp_tR0600 {
  int gcnArch;
};

inline hipError_t rocprimHip5GetDeviceProperties(RocprimHip5DeviceProp* prop, int device) {
  hipError_t status = hipGetDevicePropertiesR0600(prop, device);
  prop->gcnArch = status == hipSuccess ? std::atoi(prop->gcnArchName + 3) : 0;
  return status;
}

#undef hipDeviceProp_t
#undef hipGetDeviceProperties
#define hipDeviceProp_t RocprimHip5DeviceProp
#define hipGetDeviceProperties rocprimHip5GetDeviceProperties
#include <rocprim/rocprim.hpp>
#undef hipDeviceProp_t
#undef hipGetDeviceProperties
#define hipDeviceProp_t hipDeviceProp_tR0600
#define hipGetDeviceProperties hipGetDevicePropertiesR0600
#else
#include <rocprim/rocprim.hpp>
#endif
