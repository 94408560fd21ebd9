// hipcore-info: lists every HIP device with its properties and ISA (--json for tools).
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <cstring>
#include <iostream>

#include "DeviceReport.h"

namespace {

int usage(std::ostream& out, int status) {
  out << "usage: hipcore-info [--json]\n"
         "  Lists every HIP device hipcore sees, with its properties and ISA.\n"
         "  --json   one JSON document on stdout, for tools\n";
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--json") == 0)
      json = true;
    else if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0)
      return usage(std::cout, 0);
    else
      return usage(std::cerr, 2);
  }

  int count = 0;
  hipError_t status = hipGetDeviceCount(&count);
  if (status != hipSuccess) {
    std::cerr << "hipcore-info: " << hipGetErrorString(status) << ": " << hipcoreGetErrorDetail()
              << "\n";
    return 1;
  }
  int runtimeVersion = 0, driverVersion = 0;
  hipRuntimeGetVersion(&runtimeVersion);
  hipDriverGetVersion(&driverVersion);

  std::vector<std::vector<hipcore::info::Field>> devices;
  for (int d = 0; d < count; ++d) {
    hipDeviceProp_t properties;
    status = hipGetDeviceProperties(&properties, d);
    if (status != hipSuccess) {
      std::cerr << "hipcore-info: device " << d << ": " << hipGetErrorString(status) << "\n";
      return 1;
    }
    devices.push_back(hipcore::info::describe(properties));
  }

  if (json) {
    hipcore::info::writeJson(std::cout, devices, runtimeVersion, driverVersion);
    return 0;
  }
  std::cout << "hipcore runtime " << runtimeVersion << ", driver " << driverVersion << ", " << count
            << " device(s)\n";
  for (int d = 0; d < count; ++d) hipcore::info::writeText(std::cout, d, devices[d]);
  return 0;
}
