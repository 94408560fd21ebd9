// The one polling thread of vgpu: watches every queue's doorbell word and wakes the queue's
// worker when it changes.
//
// ROCR rings a doorbell with a plain store to memory (on hardware an MMIO write), so there is no
// system call to intercept and nothing to block on; the write can only be noticed by reading.
// Back-off keeps an idle process cheap and a busy one responsive: after activity it spins
// (kSpin), then yields (kYield), then sleeps with a doubling period up to kMaxSleep; after
// kDeepIdleAfter without a doorbell it sleeps kDeepSleep at a time. Activity is a doorbell of
// a queue whose worker sleeps, or a nudge; a queue whose worker is awake polls its own ring
// (QueueEngine::kIdlePoll) and nudges the watcher when it goes to sleep, so back-to-back
// launches do not keep a third thread spinning on a 2-core machine. Measured on the 2-core CI
// VM, one timed wake-up costs ~35 us of CPU, so 1 ms polling alone would cost 3.5% of a core.
// Deep idle is safe because every host wait reaches the thunk (ROCR spins ~200 us on the signal,
// then calls hsaKmtWaitOnEvent), and the thunk calls nudge() there: a blocked host sees its
// work start within about a millisecond; only programs that busy-poll signals without ever
// entering the thunk may see up to kDeepSleep of extra latency after a long idle period.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace vgpu::cp {

class QueueEngine;

class DoorbellWatcher {
 public:
  static constexpr auto kSpin = std::chrono::microseconds(50);
  static constexpr auto kYield = std::chrono::microseconds(250);
  static constexpr auto kMaxSleep = std::chrono::microseconds(1000);
  static constexpr auto kDeepIdleAfter = std::chrono::milliseconds(50);
  static constexpr auto kDeepSleep = std::chrono::milliseconds(10);

  DoorbellWatcher();
  ~DoorbellWatcher();
  DoorbellWatcher(const DoorbellWatcher&) = delete;
  DoorbellWatcher& operator=(const DoorbellWatcher&) = delete;

  void add(QueueEngine* engine);
  // Returns after the watcher no longer touches the engine or its doorbell.
  void remove(QueueEngine* engine);
  // A hint that work is likely soon (e.g. the host started waiting): restart the spin phase.
  void nudge();

 private:
  struct Entry {
    QueueEngine* engine;
    std::uint64_t lastSeen;
  };
  void run();
  bool pollOnce();

  std::mutex mutex_;
  std::condition_variable wakeup_;
  std::vector<Entry> entries_;
  bool stopping_ = false;
  bool nudged_ = false;
  std::thread thread_;
};

}  // namespace vgpu::cp
