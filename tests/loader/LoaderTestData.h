// Paths of the code objects and bundles the build compiles for the loader tests.
#pragma once

#include <cstdint>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace hipcore::loader::test {

inline std::vector<uint8_t> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open test input " + path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline std::string dataPath(const char* name) {
  return std::string(HIPCORE_LOADER_TEST_DATA) + "/" + name;
}

}  // namespace hipcore::loader::test
