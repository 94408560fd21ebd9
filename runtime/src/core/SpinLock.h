// A lock for critical sections of a few dozen instructions (a size class's free list): an
// uncontended lock + unlock is an exchange and a store (~5 instructions, vs ~55 for
// std::mutex's pthread calls). Waiters spin on a plain load, then yield, so a holder that
// is descheduled (or in ROCR, allocating a new chunk) costs other threads CPU but no deadlock.
#pragma once

#include <atomic>
#include <thread>

namespace hipcore::core {

class SpinLock {
 public:
  void lock() noexcept {
    while (locked_.exchange(true, std::memory_order_acquire)) {
      for (unsigned spins = 0; locked_.load(std::memory_order_relaxed); ++spins)
        if (spins > 64) std::this_thread::yield();
    }
  }
  bool try_lock() noexcept { return !locked_.exchange(true, std::memory_order_acquire); }
  void unlock() noexcept { locked_.store(false, std::memory_order_release); }

 private:
  std::atomic<bool> locked_{false};
};

}  // namespace hipcore::core
