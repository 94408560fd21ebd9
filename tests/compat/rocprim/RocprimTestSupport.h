// Shared by the rocPRIM programs (issue 24): device buffers, deterministic inputs and the call of
// a rocPRIM device algorithm through its two-phase temporary-storage protocol. The same source is
// built by Debian's hipcc (AMD's clr) and by clang-19 against hipcore's headers.
#pragma once

#include <hip/hip_runtime.h>

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << #call

namespace rocprim_test {

// One device allocation, freed with the test.
template <class T>
class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t count) : count_(count) {
    // At least one byte, so that empty inputs still have a valid pointer.
    status_ = hipMalloc(&data_, count == 0 ? 1 : count * sizeof(T));
  }
  explicit DeviceBuffer(const std::vector<T>& host) : DeviceBuffer(host.size()) {
    if (status_ == hipSuccess && !host.empty()) {
      status_ = hipMemcpy(data_, host.data(), host.size() * sizeof(T), hipMemcpyHostToDevice);
    }
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() { (void)hipFree(data_); }

  T* get() const { return data_; }
  hipError_t status() const { return status_; }
  std::vector<T> read() const {
    std::vector<T> host(count_);
    if (count_ != 0) {
      EXPECT_EQ(hipMemcpy(host.data(), data_, count_ * sizeof(T), hipMemcpyDeviceToHost),
                hipSuccess);
    }
    return host;
  }

 private:
  T* data_ = nullptr;
  size_t count_;
  hipError_t status_;
};

// A reproducible pseudo-random sequence (xorshift64*): the same inputs on every runtime.
inline std::vector<uint32_t> randomWords(size_t count, uint64_t seed) {
  std::vector<uint32_t> words(count);
  uint64_t state = seed * 0x9E3779B97F4A7C15ull + 1;
  for (auto& word : words) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    word = static_cast<uint32_t>((state * 0x2545F4914F6CDD1Dull) >> 32);
  }
  return words;
}

// rocPRIM's device algorithms are called twice: first with no storage to learn its size, then
// with it. `run(storage, bytes)` makes one call.
template <class Run>
hipError_t withTemporaryStorage(Run run) {
  size_t bytes = 0;
  hipError_t status = run(nullptr, bytes);
  if (status != hipSuccess) return status;
  void* storage = nullptr;
  status = hipMalloc(&storage, bytes == 0 ? 1 : bytes);
  if (status != hipSuccess) return status;
  status = run(storage, bytes);
  if (status == hipSuccess) status = hipDeviceSynchronize();
  hipError_t freed = hipFree(storage);
  return status != hipSuccess ? status : freed;
}

}  // namespace rocprim_test
