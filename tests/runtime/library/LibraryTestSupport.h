// Helpers of the library and linker tests: test data, and the two kernels' runs checked
// against the host.
#pragma once

#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

namespace librarytest {

inline std::string dataPath(const char* name) {
  return std::string(HIPCORE_LIBRARY_DATA) + "/" + name;
}

inline std::vector<char> readData(const char* name) {
  std::ifstream in(dataPath(name), std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Launches scale_add (y = a * x + y over n ints) through `function` on `stream` and checks
// every element against the host.
inline void expectScaleAddRuns(hipFunction_t function, hipStream_t stream = nullptr) {
  const unsigned n = 1000;
  const int a = 5;
  std::vector<int> x(n), y(n), result(n);
  for (unsigned i = 0; i < n; ++i) {
    x[i] = static_cast<int>(i) - 300;
    y[i] = static_cast<int>(7 * i);
  }
  int *dx = nullptr, *dy = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&dx), n * sizeof(int)));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&dy), n * sizeof(int)));
  ASSERT_HIP(hipMemcpy(dx, x.data(), n * sizeof(int), hipMemcpyHostToDevice));
  ASSERT_HIP(hipMemcpy(dy, y.data(), n * sizeof(int), hipMemcpyHostToDevice));
  unsigned count = n;
  int factor = a;
  void* params[] = {&dy, &dx, &factor, &count};
  ASSERT_HIP(hipModuleLaunchKernel(function, (n + 127) / 128, 1, 1, 128, 1, 1, 0, stream, params,
                                   nullptr));
  ASSERT_HIP(hipStreamSynchronize(stream));
  ASSERT_HIP(hipMemcpy(result.data(), dy, n * sizeof(int), hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; ++i) ASSERT_EQ(result[i], a * x[i] + y[i]) << i;
  ASSERT_HIP(hipFree(dx));
  ASSERT_HIP(hipFree(dy));
}

// Launches mixer (out[i] = 7 * in[i] + i, through the linked mix()) and checks it.
inline void expectMixerRuns(hipFunction_t function) {
  const unsigned n = 777;
  std::vector<int> in(n), out(n, -1);
  for (unsigned i = 0; i < n; ++i) in[i] = static_cast<int>(i * i % 1013) - 500;
  int *din = nullptr, *dout = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&din), n * sizeof(int)));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&dout), n * sizeof(int)));
  ASSERT_HIP(hipMemcpy(din, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  unsigned count = n;
  void* params[] = {&dout, &din, &count};
  ASSERT_HIP(
      hipModuleLaunchKernel(function, (n + 63) / 64, 1, 1, 64, 1, 1, 0, nullptr, params, nullptr));
  ASSERT_HIP(hipMemcpy(out.data(), dout, n * sizeof(int), hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; ++i) ASSERT_EQ(out[i], 7 * in[i] + static_cast<int>(i)) << i;
  ASSERT_HIP(hipFree(din));
  ASSERT_HIP(hipFree(dout));
}

}  // namespace librarytest
