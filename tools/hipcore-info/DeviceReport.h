// One device's properties as an ordered list of named fields, written as text or JSON.
#pragma once

#include <hip/hip_runtime_api.h>

#include <ostream>
#include <string>
#include <vector>

namespace hipcore::info {

struct Field {
  std::string name;
  std::string value;
  bool quoted;  // a string in JSON; numbers and arrays are written as they are
};

// The properties hipGetDeviceProperties reports, in the order of hipDeviceProp_t.
std::vector<Field> describe(const hipDeviceProp_t& properties);

void writeText(std::ostream& out, int device, const std::vector<Field>& fields);
void writeJson(std::ostream& out, const std::vector<std::vector<Field>>& devices,
               int runtimeVersion, int driverVersion);

}  // namespace hipcore::info
