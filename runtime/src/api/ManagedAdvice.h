// What programs told hipcore about their managed memory (hipMemAdvise, hipMemPrefetchAsync),
// page by page, for hipMemRangeGetAttribute(s) to read back. hipcore's managed memory is
// coherent host memory every device reaches, so the advice moves nothing; it is kept exactly,
// with CUDA's page granularity (a range covers every page it touches).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <vector>

namespace hipcore::api {

class ManagedAdvice {
 public:
  static constexpr size_t kPageBytes = 4096;
  static constexpr int kNoDevice = -2;  // hipInvalidDeviceId: no location recorded
  static constexpr int kCpu = -1;       // hipCpuDeviceId

  struct Page {
    bool readMostly = false;
    bool coarseGrain = false;
    int8_t preferred = kNoDevice;
    int8_t lastPrefetch = kNoDevice;
    uint32_t accessedBy = 0;  // bit d + 1 for device d, bit 0 for the CPU
  };

  // Calls `change` on every page of [address, address + bytes) of the managed allocation at
  // `base` of `allocationBytes`.
  template <class Change>
  void update(const void* base, size_t allocationBytes, const void* address, size_t bytes,
              Change change) {
    std::lock_guard lock(mutex_);
    std::vector<Page>& pages = pagesOf(base, allocationBytes);
    auto [first, last] = pageRange(base, address, bytes);
    for (size_t i = first; i < last && i < pages.size(); ++i) change(pages[i]);
  }
  // The pages of [address, address + bytes), as recorded (default advice where none was given).
  std::vector<Page> read(const void* base, size_t allocationBytes, const void* address,
                         size_t bytes);
  // The allocation at `base` was freed: its advice goes with it.
  void forget(const void* base);

  static uint32_t bitOf(int device) { return uint32_t{1} << (device + 1); }

 private:
  std::vector<Page>& pagesOf(const void* base, size_t allocationBytes);
  static std::pair<size_t, size_t> pageRange(const void* base, const void* address, size_t bytes);

  std::mutex mutex_;
  std::map<uintptr_t, std::vector<Page>> allocations_;
};

ManagedAdvice& managedAdvice();

}  // namespace hipcore::api
