// Doorbell polling with adaptive back-off (see DoorbellWatcher.h for the timing rationale).
#include "cp/DoorbellWatcher.h"

#include <algorithm>
#include <atomic>

#include "cp/QueueEngine.h"

namespace vgpu::cp {

DoorbellWatcher::DoorbellWatcher() : thread_([this] { run(); }) {}

DoorbellWatcher::~DoorbellWatcher() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wakeup_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void DoorbellWatcher::add(QueueEngine* engine) {
  std::lock_guard lock(mutex_);
  entries_.push_back({engine, *engine->doorbell()});
  nudged_ = true;
  wakeup_.notify_all();
}

void DoorbellWatcher::remove(QueueEngine* engine) {
  // pollOnce runs under the mutex, so once erased here the engine is never touched again.
  std::lock_guard lock(mutex_);
  std::erase_if(entries_, [&](const Entry& e) { return e.engine == engine; });
}

void DoorbellWatcher::nudge() {
  {
    std::lock_guard lock(mutex_);
    nudged_ = true;
  }
  wakeup_.notify_all();
}

bool DoorbellWatcher::pollOnce() {
  bool rang = false;
  for (Entry& entry : entries_) {
    std::uint64_t value =
        std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(*entry.engine->doorbell()))
            .load(std::memory_order_acquire);
    if (value != entry.lastSeen) {
      entry.lastSeen = value;
      // Only a sleeping queue depends on this poll's promptness; an awake one polls its ring
      // itself and goes on polling, then nudges us when it sleeps (QueueEngine::awake).
      if (!entry.engine->awake()) rang = true;
      entry.engine->wake();
    }
  }
  return rang;
}

void DoorbellWatcher::run() {
  using clock = std::chrono::steady_clock;
  auto lastActivity = clock::now();
  auto sleep = std::chrono::microseconds(20);
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    auto now = clock::now();
    if (pollOnce() || nudged_) {
      nudged_ = false;
      lastActivity = now;
      sleep = std::chrono::microseconds(20);
    }
    auto quiet = now - lastActivity;
    if (quiet < kSpin + kYield) {
      // Busy: poll again at once, but yield so the queue workers (and the host threads they
      // complete work for) get the core on a small machine.
      lock.unlock();
      std::this_thread::yield();
      lock.lock();
      continue;
    }
    if (quiet >= kDeepIdleAfter) sleep = kDeepSleep;
    wakeup_.wait_for(lock, sleep, [&] { return stopping_ || nudged_; });
    if (sleep < kMaxSleep) sleep = std::min<std::chrono::microseconds>(sleep * 2, kMaxSleep);
  }
}

}  // namespace vgpu::cp
