// Storage for objects whose addresses are handed out as HIP handles (streams, events, modules,
// functions). Their memory is never returned to the heap: a destroyed object's block goes to a
// free list of its type and is reused by the next object of that type. The handle of a destroyed
// object therefore still points at memory of the right type whose magic the destructor cleared,
// and is refused (hipErrorInvalidHandle) instead of being read after free. Usage:
// `class PacketSubmitter : public TypeStableStorage<PacketSubmitter>`; then plain new and delete.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <new>
#include <vector>

namespace hipcore::core {

// Whether a handle can be one of these objects at all, before anything reads through it: small
// integers and addresses operator new never returns (every object is aligned to
// __STDCPP_DEFAULT_NEW_ALIGNMENT__) are refused, so a made-up handle such as 0xFFFF gets
// hipErrorInvalidHandle instead of a crash.
inline bool plausibleHandle(const void* handle) noexcept {
  auto address = reinterpret_cast<uintptr_t>(handle);
  return address >= 4096 && address % __STDCPP_DEFAULT_NEW_ALIGNMENT__ == 0;
}

template <class T>
class TypeStableStorage {
 public:
  static void* operator new(size_t bytes) {
    {
      std::lock_guard lock(mutex());
      if (!retired().empty()) {
        void* storage = retired().back();
        retired().pop_back();
        return storage;
      }
    }
    return ::operator new(bytes);  // every T has the same size
  }
  static void operator delete(void* storage) noexcept {
    std::lock_guard lock(mutex());
    retired().push_back(storage);
  }

 protected:
  // What a destructor calls to clear its object's magic. A plain store in a destructor is dead to
  // the compiler (the object's lifetime ends there; GCC removes such stores), but the block lives
  // on and a stale handle reads it: the volatile store is kept.
  static void clearMagic(uint64_t& magic) noexcept { *static_cast<volatile uint64_t*>(&magic) = 0; }

 private:
  static std::mutex& mutex() {
    static std::mutex m;
    return m;
  }
  // Never destroyed: stale handles stay readable until the process ends (and the blocks stay
  // reachable, so leak checkers do not report them).
  static std::vector<void*>& retired() {
    static auto* blocks = new std::vector<void*>;
    return *blocks;
  }
};

}  // namespace hipcore::core
