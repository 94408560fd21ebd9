// Per-queue grid barriers in device memory (see GridBarriers.h).
#include "GridBarriers.h"

#include <cstring>
#include <memory>

#include "HsaFailure.h"

namespace hipcore::core {

GridBarriers::~GridBarriers() {
  if (memory_ != nullptr) (void)hsa::release(memory_);
}

Status GridBarriers::zero() {
  constexpr size_t bytes = size_t{kSlots} * kSlotBytes;
  // Device memory is written by a copy from zeroed host memory the GPU can read.
  auto zeros = hsa::allocate(agent_.hostPool, bytes);
  if (!zeros) return hsaFailure(zeros.error(), "grid barriers");
  std::unique_ptr<void, void (*)(void*)> owned(*zeros, [](void* p) { (void)hsa::release(p); });
  std::memset(*zeros, 0, bytes);
  if (auto access = hsa::allowAccess(agent_.agent, *zeros); !access)
    return hsaFailure(access.error(), "grid barriers");
  auto done = hsa::Signal::create(1);
  if (!done) return hsaFailure(done.error(), "grid barriers");
  if (auto copied = hsa::copyAndWait(memory_, agent_.agent, *zeros, agent_.cpuAgent, bytes, **done);
      !copied)
    return hsaFailure(copied.error(), "grid barriers");
  return Status::success();
}

Status GridBarriers::barrierFor(const void* queue, uint64_t& address) {
  std::lock_guard lock(mutex_);
  if (memory_ == nullptr) {
    auto memory = hsa::allocate(agent_.devicePool, size_t{kSlots} * kSlotBytes);
    if (!memory) return hsaFailure(memory.error(), "grid barriers");
    memory_ = *memory;
    if (Status zeroed = zero(); !zeroed.ok()) {
      (void)hsa::release(memory_);
      memory_ = nullptr;
      return zeroed;
    }
  }
  int freeSlot = -1;
  for (int i = 0; i < kSlots; ++i) {
    if (owners_[i] == queue) {
      address = reinterpret_cast<uint64_t>(memory_) + uint64_t{kSlotBytes} * i;
      return Status::success();
    }
    if (owners_[i] == nullptr && freeSlot < 0) freeSlot = i;
  }
  if (freeSlot < 0)
    return fail(hipErrorOutOfMemory,
                "more than %d streams of one device launch cooperative kernels", kSlots);
  owners_[freeSlot] = queue;
  address = reinterpret_cast<uint64_t>(memory_) + uint64_t{kSlotBytes} * freeSlot;
  return Status::success();
}

void GridBarriers::release(const void* queue) {
  std::lock_guard lock(mutex_);
  for (const void*& owner : owners_)
    if (owner == queue) owner = nullptr;
}

Status GridBarriers::reset() {
  std::lock_guard lock(mutex_);
  return memory_ == nullptr ? Status::success() : zero();
}

}  // namespace hipcore::core
