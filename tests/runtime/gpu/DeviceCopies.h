// Test helpers: a host vector copied to new device memory, and device memory copied back, each
// failing the running test on an error.
#pragma once

#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>

#include <cstddef>
#include <vector>

template <class T>
T* deviceCopy(const std::vector<T>& host) {
  T* device = nullptr;
  EXPECT_EQ(hipMalloc(&device, host.size() * sizeof(T)), hipSuccess);
  EXPECT_EQ(hipMemcpy(device, host.data(), host.size() * sizeof(T), hipMemcpyHostToDevice),
            hipSuccess);
  return device;
}

template <class T>
std::vector<T> hostCopy(const T* device, std::size_t n) {
  std::vector<T> host(n);
  EXPECT_EQ(hipMemcpy(host.data(), device, n * sizeof(T), hipMemcpyDeviceToHost), hipSuccess);
  return host;
}
