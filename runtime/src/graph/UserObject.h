// A user object (hipUserObject_t): a pointer and a destructor callback, reference counted by the
// program and by the graphs (and their executables) that hold it, so that resources used by a
// graph's host nodes live as long as some copy of the graph can still run.
#pragma once

#include <hip/hip_runtime_api.h>

#include <atomic>
#include <cstdint>

#include "core/TypeStableStorage.h"

namespace hipcore::graph {

class UserObject : public core::TypeStableStorage<UserObject> {  // stale handles are refused
 public:
  UserObject(void* pointer, hipHostFn_t destroy, unsigned references)
      : pointer_(pointer), destroy_(destroy), references_(references) {}
  ~UserObject() { clearMagic(magic_); }
  bool valid() const noexcept { return magic_ == kMagic; }

  void retain(unsigned count) { references_.fetch_add(count, std::memory_order_relaxed); }
  // Drops `count` references; the last one runs the destructor callback and deletes the object.
  void release(unsigned count) {
    if (references_.fetch_sub(count, std::memory_order_acq_rel) != count) return;
    destroy_(pointer_);
    delete this;
  }

 private:
  static constexpr uint64_t kMagic = 0x6869'7075'7365'726f;  // "hipusero"
  uint64_t magic_ = kMagic;
  void* pointer_;
  hipHostFn_t destroy_;
  std::atomic<unsigned> references_;
};

}  // namespace hipcore::graph
