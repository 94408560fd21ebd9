// Worker-thread lifecycle and back-off for one queue.
#include "cp/QueueEngine.h"

#include <sched.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

#include "cp/CpuPlacement.h"
#include "cp/DoorbellWatcher.h"

namespace vgpu::cp {

QueueEngine::~QueueEngine() {
  stop();
}

void QueueEngine::start() {
  const int creatorCpu = sched_getcpu();
  noteHostCpu(creatorCpu);  // until a host thread is seen waking up somewhere else
  worker_ = std::thread([this, creatorCpu] {
    leaveCpu(creatorCpu);
    run();
  });
}

void QueueEngine::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    attention_.store(true, std::memory_order_relaxed);
  }
  wakeup_.notify_all();
  if (worker_.joinable()) worker_.join();
}

void QueueEngine::wake() {
  {
    std::lock_guard lock(mutex_);
    pending_ = true;
  }
  wakeup_.notify_one();
}

void QueueEngine::wakeIfBlocked() {
  // Usually no packet is blocked: no lock then. A packet found blocked just after this look
  // is looked at again when its back-off pause ends: the same as when the look under the
  // lock fell between serviceRing and the worker recording blocked_.
  if (!blocked_.load(std::memory_order_relaxed)) return;
  {
    std::lock_guard lock(mutex_);
    if (!blocked_.load(std::memory_order_relaxed)) return;
    pending_ = true;
  }
  wakeup_.notify_one();
}

void QueueEngine::setBlocked(bool blocked) {
  if (blocked_.load(std::memory_order_relaxed) == blocked) return;
  blocked_.store(blocked, std::memory_order_relaxed);
  if (blocked)
    blockedEngines_.fetch_add(1, std::memory_order_relaxed);
  else
    blockedEngines_.fetch_sub(1, std::memory_order_relaxed);
}

void QueueEngine::setActive(bool active) {
  {
    std::lock_guard lock(mutex_);
    active_ = active;
    pending_ = true;
    attention_.store(true, std::memory_order_relaxed);
  }
  wakeup_.notify_one();
}

void QueueEngine::trace(const std::string& line) const {
  if (config_.log) std::fprintf(stderr, "vgpu: %s\n", line.c_str());
}

void QueueEngine::sleepUntilWoken(std::unique_lock<std::mutex>& lock) {
  awake_.store(false, std::memory_order_relaxed);
  if (config_.watcher) {
    // From now on only the watcher notices this queue's doorbell: have it poll promptly again
    // (its back-off ignores doorbells of queues that were awake). Not under our mutex: the
    // watcher calls wake() with its own held.
    lock.unlock();
    config_.watcher->nudge();
    lock.lock();
  }
  wakeup_.wait(lock, [&] { return stopping_ || (pending_ && active_ && !halted_); });
  awake_.store(true, std::memory_order_relaxed);
}

bool QueueEngine::waitForPacket(IdlePoll& poll) {
  // The clock only every kLooksPerClockRead looks: on the CI VM a clock read costs ~40 ns, as
  // much as a look and a pause together. So the poll's clock starts at its first read, 16 looks
  // (under a microsecond) after the ring was first found empty.
  constexpr unsigned kLooksPerClockRead = 16;
  for (;;) {
    if (packetVisible()) return true;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();  // spares the memory system and a hyperthread sibling
#endif
    if (++poll.looks % kLooksPerClockRead != 0) continue;
    if (attention_.load(std::memory_order_relaxed)) return false;
    const auto now = std::chrono::steady_clock::now();
    if (poll.start == std::chrono::steady_clock::time_point{}) poll.start = now;
    if (now - poll.start >= kIdlePoll) return false;
    // Spinning on the CPU the waiting host thread is on would keep it from running until the
    // scheduler preempts this poll; the first clock read of each poll comes right after the
    // completion that woke it.
    avoidance_.check(now);
  }
}

QueueEngine::Progress QueueEngine::drain() {
  IdlePoll poll;
  for (;;) {
    Progress progress = serviceRing();
    if (progress == Progress::advanced) {
      if (attention_.load(std::memory_order_relaxed)) return progress;
      poll = IdlePoll{};
      continue;
    }
    if (progress != Progress::idle || !waitForPacket(poll)) return progress;
    // A packet, but a suspend that came during the poll holds it back: run() reads the flags
    // first (whatever set attention_ also set pending_ or stopping_, so none is lost).
    if (attention_.load(std::memory_order_acquire)) return Progress::idle;
  }
}

void QueueEngine::run() {
  using namespace std::chrono;
  // While a packet is blocked the ring is re-examined after a growing pause: dependencies are
  // usually satisfied within microseconds, but a barrier on a host signal may wait for seconds.
  constexpr auto kFirstPause = microseconds(5);
  constexpr auto kLongestPause = microseconds(1000);
  auto pause = kFirstPause;
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    attention_.store(false, std::memory_order_relaxed);  // the flags are read from here on
    if (!active_ || halted_ || !pending_) {
      sleepUntilWoken(lock);
      continue;
    }
    pending_ = false;
    lock.unlock();
    Progress progress = drain();
    lock.lock();
    switch (progress) {
      case Progress::advanced:  // drain() stopped for attention_: on once the flags allow
        pending_ = true;
        pause = kFirstPause;
        break;
      case Progress::blocked:
        setBlocked(true);
        wakeup_.wait_for(lock, pause, [&] { return stopping_ || pending_; });
        pending_ = true;
        setBlocked(false);
        pause = std::min<microseconds>(pause * 2, kLongestPause);
        break;
      case Progress::halted:
        halted_ = true;
        break;
      case Progress::idle:
        pause = kFirstPause;
        break;
    }
  }
}

}  // namespace vgpu::cp
