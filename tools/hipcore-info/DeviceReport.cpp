// Formats hipDeviceProp_t as named fields, text and JSON.
#include "DeviceReport.h"

#include <cstdio>
#include <iomanip>

namespace hipcore::info {
namespace {

std::string number(long long v) {
  return std::to_string(v);
}

std::string triple(const int (&v)[3]) {
  return "[" + number(v[0]) + ", " + number(v[1]) + ", " + number(v[2]) + "]";
}

std::string hex(const char (&bytes)[16]) {
  std::string out;
  char digits[3];
  for (char b : bytes) {
    std::snprintf(digits, sizeof digits, "%02x", static_cast<unsigned char>(b));
    out += digits;
  }
  return out;
}

std::string jsonEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char code[8];
      std::snprintf(code, sizeof code, "\\u%04x", c);
      out += code;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::vector<Field> describe(const hipDeviceProp_t& p) {
  return {
      {"name", p.name, true},
      {"gcnArchName", p.gcnArchName, true},
      {"uuid", hex(p.uuid.bytes), true},
      {"totalGlobalMem", number(p.totalGlobalMem), false},
      {"sharedMemPerBlock", number(p.sharedMemPerBlock), false},
      {"regsPerBlock", number(p.regsPerBlock), false},
      {"warpSize", number(p.warpSize), false},
      {"memPitch", number(p.memPitch), false},
      {"maxThreadsPerBlock", number(p.maxThreadsPerBlock), false},
      {"maxThreadsDim", triple(p.maxThreadsDim), false},
      {"maxGridSize", triple(p.maxGridSize), false},
      {"clockRate", number(p.clockRate), false},
      {"totalConstMem", number(p.totalConstMem), false},
      {"major", number(p.major), false},
      {"minor", number(p.minor), false},
      {"textureAlignment", number(p.textureAlignment), false},
      {"multiProcessorCount", number(p.multiProcessorCount), false},
      {"kernelExecTimeoutEnabled", number(p.kernelExecTimeoutEnabled), false},
      {"integrated", number(p.integrated), false},
      {"canMapHostMemory", number(p.canMapHostMemory), false},
      {"computeMode", number(p.computeMode), false},
      {"concurrentKernels", number(p.concurrentKernels), false},
      {"pciDomainID", number(p.pciDomainID), false},
      {"pciBusID", number(p.pciBusID), false},
      {"pciDeviceID", number(p.pciDeviceID), false},
      {"memoryClockRate", number(p.memoryClockRate), false},
      {"memoryBusWidth", number(p.memoryBusWidth), false},
      {"l2CacheSize", number(p.l2CacheSize), false},
      {"persistingL2CacheMaxSize", number(p.persistingL2CacheMaxSize), false},
      {"maxThreadsPerMultiProcessor", number(p.maxThreadsPerMultiProcessor), false},
      {"sharedMemPerMultiprocessor", number(p.sharedMemPerMultiprocessor), false},
      {"regsPerMultiprocessor", number(p.regsPerMultiprocessor), false},
      {"managedMemory", number(p.managedMemory), false},
      {"isMultiGpuBoard", number(p.isMultiGpuBoard), false},
      {"cooperativeLaunch", number(p.cooperativeLaunch), false},
      {"cooperativeMultiDeviceLaunch", number(p.cooperativeMultiDeviceLaunch), false},
      {"pageableMemoryAccess", number(p.pageableMemoryAccess), false},
      {"concurrentManagedAccess", number(p.concurrentManagedAccess), false},
      {"hostNativeAtomicSupported", number(p.hostNativeAtomicSupported), false},
      {"maxSharedMemoryPerMultiProcessor", number(p.maxSharedMemoryPerMultiProcessor), false},
      {"clockInstructionRate", number(p.clockInstructionRate), false},
      {"isLargeBar", number(p.isLargeBar), false},
      {"asicRevision", number(p.asicRevision), false},
  };
}

void writeText(std::ostream& out, int device, const std::vector<Field>& fields) {
  out << "Device " << device << "\n";
  for (const Field& f : fields)
    out << "  " << std::left << std::setw(34) << f.name << f.value << "\n";
}

void writeJson(std::ostream& out, const std::vector<std::vector<Field>>& devices,
               int runtimeVersion, int driverVersion) {
  out << "{\n  \"runtimeVersion\": " << runtimeVersion
      << ",\n  \"driverVersion\": " << driverVersion << ",\n  \"devices\": [";
  for (std::size_t d = 0; d < devices.size(); ++d) {
    out << (d ? ",\n    {" : "\n    {");
    for (std::size_t i = 0; i < devices[d].size(); ++i) {
      const Field& f = devices[d][i];
      out << (i ? ",\n      \"" : "\n      \"") << f.name << "\": ";
      if (f.quoted)
        out << '"' << jsonEscape(f.value) << '"';
      else
        out << f.value;
    }
    out << "\n    }";
  }
  out << (devices.empty() ? "]\n}\n" : "\n  ]\n}\n");
}

}  // namespace hipcore::info
