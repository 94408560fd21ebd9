// The worker thread behind one hardware queue: sleeps while its ring is empty, backs off while
// a packet waits on a dependency, and stops for good on a queue error or destruction.
//
// One thread per queue (rather than one shared thread for all queues) because a packet may
// block for long: a kernel dispatch runs to completion inside executeDispatch, a barrier may
// wait on a signal that another queue completes. Idle queues cost nothing: they sleep on a
// condition variable until the DoorbellWatcher (the only polling thread) sees their doorbell.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

#include "cp/CpuPlacement.h"
#include "cp/DeviceServices.h"

namespace vgpu::cp {

class QueueEngine {
 public:
  // After consuming a packet the worker polls its own ring this long before it sleeps: a host
  // that waits for the result and submits again (launch, synchronize, launch) is served without
  // a doorbell-watcher -> worker wake-up per packet. Bounded, so an idle queue still costs
  // nothing. The poll spins (a pause between looks) and never yields: under the kernel's EEVDF
  // scheduler each sched_yield moves the caller's deadline a whole slice (~0.7 ms) later, so a
  // few dozen of them let any runnable task, a nice-19 background job included, take the CPU
  // for its full slice (0.7-4 ms; 1.9 ms pick-ups measured with a busy loop at nice 19 per CPU,
  // bench/README.md 2026-12-02). A yield would spare little anyway: ~0.3 us of system call on
  // the CI VM, twice the hand-off of a packet between two running cores (~0.15 us). The host
  // thread that waits for the packet is kept off this CPU instead (HostCpuAvoidance).
  static constexpr auto kIdlePoll = std::chrono::microseconds(50);

  explicit QueueEngine(const EngineConfig& config) : config_(config) {}
  virtual ~QueueEngine();
  QueueEngine(const QueueEngine&) = delete;
  QueueEngine& operator=(const QueueEngine&) = delete;

  void start();
  // Joins the worker; the ring is not touched afterwards (ROCR frees it next).
  void stop();
  // Doorbell rung (or anything else that may unblock the ring).
  void wake();
  // Like wake(), but only if a packet is waiting on a dependency (cheap for everyone else).
  void wakeIfBlocked();
  // Whether any queue of the process waits on a dependency: when none does, a completed signal
  // need not look at every queue (QueueTable::wakeBlocked takes the table's lock). A queue
  // that blocks just after this said no looks again when its first back-off pause ends.
  static bool anyBlocked() { return blockedEngines_.load(std::memory_order_relaxed) != 0; }
  // hsaKmtUpdateQueue with percentage 0 suspends, non-zero resumes.
  void setActive(bool active);

  // False only while the worker sleeps until woken: while awake it looks at its ring again by
  // itself (after every packet, and for kIdlePoll after the last one), so its doorbells need
  // no prompt delivery and the DoorbellWatcher need not spin for it.
  bool awake() const { return awake_.load(std::memory_order_relaxed); }

  virtual volatile std::uint64_t* doorbell() = 0;
  virtual const char* kind() const = 0;

 protected:
  enum class Progress {
    idle,      // nothing to do until the next doorbell
    blocked,   // a packet is present but cannot proceed yet (a dependency)
    advanced,  // a packet was consumed
    halted,    // a fatal queue error was reported; the queue processes nothing more
  };
  virtual Progress serviceRing() = 0;
  // Whether serviceRing would find a packet to look at: a few loads, no side effects, callable
  // without the mutex (the spin of the idle poll).
  virtual bool packetVisible() const = 0;
  // VGPU_LOG: callers test logging() first, so the line is not even built when it is off.
  bool logging() const { return config_.log; }
  void trace(const std::string& line) const;
  const EngineConfig& config() const { return config_; }
  DeviceServices& services() const { return *config_.services; }

 private:
  void run();
  // Waits on the condition variable until work is pending (lock held on entry and exit).
  void sleepUntilWoken(std::unique_lock<std::mutex>& lock);
  void setBlocked(bool blocked);  // blocked_ and blockedEngines_ (mutex_ held)
  // Serves the ring without the mutex for as long as packets keep coming: after each packet
  // it looks again, and an empty ring gets the idle poll (waitForPacket). Returns what stopped
  // it: an empty ring past the poll, a blocked or halted queue, or attention_ (advanced when
  // seen after a packet, idle when seen during the poll).
  Progress drain();
  // One idle poll: from the first look that found the ring empty to the next packet.
  struct IdlePoll {
    std::chrono::steady_clock::time_point start{};  // at its first clock read
    unsigned looks = 0;
  };
  // Looks at the ring (mutex not held) until a packet is visible (true), or until the poll has
  // lasted kIdlePoll or attention_ is set (false). Called again for the same poll when the
  // packet seen turned out not to be one, it goes on with the poll's clock. At each clock read
  // it also leaves the CPU of the host thread last woken (the worker thread only).
  bool waitForPacket(IdlePoll& poll);

  EngineConfig config_;
  std::thread worker_;
  std::mutex mutex_;
  std::condition_variable wakeup_;
  bool pending_ = true;
  // Set (under mutex_) with a change drain() must not miss: stop, suspend or resume. drain()
  // reads it without the lock between packets, run() clears it when it reads the flags.
  std::atomic<bool> attention_{false};
  // serviceRing last reported Progress::blocked. Written under mutex_; atomic so that
  // wakeIfBlocked (every completion signal, for every queue) can look without the lock.
  std::atomic<bool> blocked_{false};
  static inline std::atomic<unsigned> blockedEngines_{0};  // engines whose blocked_ is set
  bool active_ = true;
  bool halted_ = false;
  bool stopping_ = false;
  std::atomic<bool> awake_{true};
  HostCpuAvoidance avoidance_;  // the worker thread's only
};

}  // namespace vgpu::cp
