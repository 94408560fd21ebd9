#include "ManagedAdvice.h"

namespace hipcore::api {

std::vector<ManagedAdvice::Page>& ManagedAdvice::pagesOf(const void* base, size_t allocationBytes) {
  std::vector<Page>& pages = allocations_[reinterpret_cast<uintptr_t>(base)];
  size_t count = (allocationBytes + kPageBytes - 1) / kPageBytes;
  if (pages.size() != count) pages.assign(count, Page{});
  return pages;
}

std::pair<size_t, size_t> ManagedAdvice::pageRange(const void* base, const void* address,
                                                   size_t bytes) {
  // Pages count from the page boundary at or below the allocation's start.
  uintptr_t origin = reinterpret_cast<uintptr_t>(base) / kPageBytes * kPageBytes;
  uintptr_t start = reinterpret_cast<uintptr_t>(address);
  return {(start - origin) / kPageBytes, (start + bytes - origin + kPageBytes - 1) / kPageBytes};
}

std::vector<ManagedAdvice::Page> ManagedAdvice::read(const void* base, size_t allocationBytes,
                                                     const void* address, size_t bytes) {
  std::lock_guard lock(mutex_);
  const std::vector<Page>& pages = pagesOf(base, allocationBytes);
  auto [first, last] = pageRange(base, address, bytes);
  std::vector<Page> out;
  for (size_t i = first; i < last && i < pages.size(); ++i) out.push_back(pages[i]);
  return out;
}

void ManagedAdvice::forget(const void* base) {
  std::lock_guard lock(mutex_);
  allocations_.erase(reinterpret_cast<uintptr_t>(base));
}

}  // namespace hipcore::api
