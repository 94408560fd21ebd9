// A device copy of a host vector for the sparse clients (hipMalloc + hipMemcpy, freed at scope
// end), through the HIP runtime the client runs on.
#pragma once

#include <hip/hip_runtime_api.h>

#include <vector>

#include "RandomStatistics.h"

namespace compat {

template <class T>
class DeviceVector {
 public:
  explicit DeviceVector(const std::vector<T>& host) : size_(host.size()) {
    requireHip(hipMalloc(&data_, size_ * sizeof(T)), "hipMalloc");
    requireHip(hipMemcpy(data_, host.data(), size_ * sizeof(T), hipMemcpyHostToDevice),
               "hipMemcpy to the device");
  }
  DeviceVector(const DeviceVector&) = delete;
  DeviceVector& operator=(const DeviceVector&) = delete;
  ~DeviceVector() { static_cast<void>(hipFree(data_)); }
  T* data() const { return data_; }
  std::vector<T> read() const { return download(data_, size_); }

 private:
  T* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace compat
