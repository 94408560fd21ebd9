// The dispatch ring, its collector thread and the kernel rows of the trace.
#include "DispatchTrace.h"

#include <cxxabi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "ApiEvents.h"
#include "Json.h"
#include "Settings.h"
#include "TraceClock.h"
#include "TraceWriter.h"
#include "hsa/Hsa.h"
#include "hsa/Profiling.h"

namespace hipcore::trace {

namespace {

constexpr size_t kRingSlots = 4096;
constexpr size_t kNameBytes = 160;

// A slot between tail and head is being filled (kFree: claimed, not yet published), in flight,
// or harvested (kDone) and waiting for the tail to pass it.
enum SlotState : uint8_t { kFree, kInFlight, kDone };

struct Slot {
  std::atomic<uint8_t> state{kFree};
  std::unique_ptr<hsa::Signal> signal;
  QueueIdentity queue;
  uint64_t flowId = 0;
  uint32_t grid[3] = {};
  uint16_t block[3] = {};
  char name[kNameBytes] = {};
};

struct Completed {
  uint32_t row;
  uint64_t flowId;
  uint64_t startTicks;  // system domain: converted when the file is written, by one map
  uint64_t endTicks;
  uint32_t grid[3];
  uint16_t block[3];
  std::string name;
};

class DispatchRing {
 public:
  // Signals are created on the first traced launch (ROCR is up by then), with no interrupt
  // event behind them: the collector polls, and KFD's event table is not spent on tracing.
  bool ready() {
    std::call_once(start_, [this] {
      slots_ = std::make_unique<Slot[]>(kRingSlots);
      for (size_t i = 0; i < kRingSlots; ++i) {
        auto signal = hsa::Signal::createPolled(0);
        if (!signal) return;
        slots_[i].signal = std::move(signal).value();
      }
      // ok_ before the thread: the collector reads it (TSan caught it set after the start).
      ok_ = true;
      startTraceClock();
      collector_ = std::thread([this] { collect(); });
      writeTraceAtExit(true);
    });
    return ok_;
  }

  uint64_t claim(const QueueIdentity& queue, const std::string& kernelName,
                 const uint32_t gridSize[3], const uint16_t workgroupSize[3]) noexcept {
    uint64_t index = head_.load(std::memory_order_relaxed);
    do {
      if (index - tail_.load(std::memory_order_acquire) >= kRingSlots) {
        dropped_.fetch_add(1, std::memory_order_relaxed);
        return 0;
      }
    } while (!head_.compare_exchange_weak(index, index + 1, std::memory_order_acq_rel));
    Slot& slot = slots_[index % kRingSlots];
    slot.queue = queue;
    slot.flowId = index + 1;
    std::copy_n(gridSize, 3, slot.grid);
    std::copy_n(workgroupSize, 3, slot.block);
    size_t length = std::min(kernelName.size(), kNameBytes - 1);
    std::memcpy(slot.name, kernelName.data(), length);
    slot.name[length] = '\0';
    slot.signal->store(1);
    slot.state.store(kInFlight, std::memory_order_release);
    flowForNextCall(slot.flowId);
    return slot.signal->handle();
  }

  // Moves every completed slot to the completed list, then frees the slots at the tail that
  // are done (dispatches on different queues complete out of order; one long or dead kernel
  // holds back only the reuse of later slots, not their harvest). With `waitMicroseconds`
  // (at exit), a dispatch still running gets that long, then is left out: a queue that
  // faulted never completes it. Returns whether dispatches are still pending.
  bool harvest(uint64_t waitMicroseconds) {
    std::lock_guard lock(harvestMutex_);
    if (!ok_) return false;
    uint64_t tail = tail_.load(std::memory_order_relaxed);
    uint64_t head = head_.load(std::memory_order_acquire);
    bool pending = false;
    uint64_t wait = waitMicroseconds;
    for (uint64_t index = tail; index != head; ++index) {
      Slot& slot = slots_[index % kRingSlots];
      if (slot.state.load(std::memory_order_acquire) != kInFlight) continue;  // filling or done
      if (slot.signal->load() != 0 && (wait == 0 || !completesWithin(*slot.signal, wait))) {
        if (wait == 0) {
          pending = true;
          continue;
        }
        abandoned_.fetch_add(1, std::memory_order_relaxed);
        wait = 1;  // the others had that time too
      } else {
        uint64_t start = 0, end = 0;
        if (hsa::dispatchInterval(slot.queue.agent, slot.signal->handle(), start, end)) {
          completed_.push_back({slot.queue.row,
                                slot.flowId,
                                start,
                                end,
                                {slot.grid[0], slot.grid[1], slot.grid[2]},
                                {slot.block[0], slot.block[1], slot.block[2]},
                                slot.name});
          flows_.insert(slot.flowId);
        }
      }
      slot.state.store(kDone, std::memory_order_relaxed);
    }
    for (; tail != head; ++tail) {
      Slot& slot = slots_[tail % kRingSlots];
      if (slot.state.load(std::memory_order_relaxed) != kDone) break;
      slot.state.store(kFree, std::memory_order_relaxed);
    }
    tail_.store(tail, std::memory_order_release);
    return pending;
  }

  // Polls: the signals have no interrupt event behind them, and ROCR warns when a host wait
  // is used on such a signal.
  static bool completesWithin(const hsa::Signal& signal, uint64_t microseconds) {
    uint64_t deadline = monotonicNs() + microseconds * 1000;
    while (signal.load() != 0) {
      if (monotonicNs() >= deadline) return false;
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    return true;
  }

  void stop() {
    {
      std::lock_guard lock(stopMutex_);
      stopping_ = true;
    }
    stopSignal_.notify_all();
    if (collector_.joinable()) collector_.join();
  }

  void append(std::string& json, const std::set<uint64_t>& paired, const SystemDomain& domain) {
    std::lock_guard lock(harvestMutex_);
    std::set<uint32_t> rows;
    char line[1024];
    for (const Completed& c : completed_) {
      if (rows.insert(c.row).second) {
        std::snprintf(line, sizeof(line),
                      "{\"ph\":\"M\",\"pid\":1,\"tid\":%u,\"name\":\"thread_name\","
                      "\"args\":{\"name\":\"queue %u\"}},\n",
                      1000 + c.row, c.row);
        json += line;
      }
      int status = 0;
      char* demangled = abi::__cxa_demangle(c.name.c_str(), nullptr, nullptr, &status);
      std::string name = jsonEscape(status == 0 && demangled ? demangled : c.name);
      uint64_t startNs = domain.toMonotonicNs(c.startTicks);
      uint64_t endNs = domain.toMonotonicNs(c.endTicks);
      std::free(demangled);
      std::snprintf(line, sizeof(line),
                    "{\"ph\":\"X\",\"pid\":1,\"tid\":%u,\"cat\":\"kernel\",\"name\":\"%s\","
                    "\"ts\":%s,\"dur\":%s,\"args\":{\"grid\":[%u,%u,%u],\"block\":[%u,%u,%u],"
                    "\"symbol\":\"%s\"}},\n",
                    1000 + c.row, name.c_str(), jsonMicroseconds(startNs).c_str(),
                    jsonMicroseconds(endNs - startNs).c_str(), c.grid[0], c.grid[1], c.grid[2],
                    c.block[0], c.block[1], c.block[2], jsonEscape(c.name).c_str());
      json += line;
      if (paired.count(c.flowId) == 0) continue;
      // The arrow ends on this kernel: "bp":"e" binds it to the enclosing slice.
      std::snprintf(line, sizeof(line),
                    "{\"ph\":\"f\",\"bp\":\"e\",\"pid\":1,\"tid\":%u,\"cat\":\"launch\","
                    "\"name\":\"launch\",\"id\":%llu,\"ts\":%s},\n",
                    1000 + c.row, static_cast<unsigned long long>(c.flowId),
                    jsonMicroseconds(startNs).c_str());
      json += line;
    }
    if (uint64_t abandoned = abandoned_.load(std::memory_order_relaxed); abandoned != 0) {
      std::snprintf(
          line, sizeof(line),
          "{\"ph\":\"i\",\"s\":\"g\",\"pid\":1,\"tid\":0,\"name\":\"%llu dispatches never "
          "completed\",\"ts\":%s},\n",
          static_cast<unsigned long long>(abandoned), jsonMicroseconds(monotonicNs()).c_str());
      json += line;
    }
    if (uint64_t dropped = dropped_.load(std::memory_order_relaxed); dropped != 0) {
      std::snprintf(line, sizeof(line),
                    "{\"ph\":\"i\",\"s\":\"g\",\"pid\":1,\"tid\":0,\"name\":\"%llu dispatches not "
                    "traced (more than %zu pending)\",\"ts\":%s},\n",
                    static_cast<unsigned long long>(dropped), kRingSlots,
                    jsonMicroseconds(monotonicNs()).c_str());
      json += line;
    }
  }

  bool has(uint64_t flowId) {
    std::lock_guard lock(harvestMutex_);
    return flows_.count(flowId) != 0;
  }

 private:
  // Polls every millisecond while dispatches are pending, every 20 ms when idle.
  void collect() {
    std::unique_lock lock(stopMutex_);
    while (!stopping_) {
      lock.unlock();
      bool pending = harvest(0);
      lock.lock();
      stopSignal_.wait_for(lock, std::chrono::milliseconds(pending ? 1 : 20),
                           [this] { return stopping_; });
    }
  }

  std::once_flag start_;
  bool ok_ = false;
  std::unique_ptr<Slot[]> slots_;
  std::atomic<uint64_t> head_{0};
  std::atomic<uint64_t> tail_{0};
  std::atomic<uint64_t> dropped_{0};
  std::atomic<uint64_t> abandoned_{0};  // never completed (a faulted queue) by the final harvest
  std::mutex harvestMutex_;
  std::vector<Completed> completed_;
  std::set<uint64_t> flows_;
  std::thread collector_;
  std::mutex stopMutex_;
  std::condition_variable stopSignal_;
  bool stopping_ = false;
};

DispatchRing& ring() {
  static DispatchRing* instance = new DispatchRing();  // outlives static destruction
  return *instance;
}

std::atomic<uint32_t> nextRow{0};

}  // namespace

QueueIdentity identifyQueue(uint64_t agent) {
  return {agent, nextRow.fetch_add(1, std::memory_order_relaxed)};
}

uint64_t traceDispatch(const QueueIdentity& queue, const std::string& kernelName,
                       const uint32_t gridSize[3], const uint16_t workgroupSize[3]) noexcept {
  DispatchRing& dispatches = ring();
  if (!dispatches.ready()) return 0;
  return dispatches.claim(queue, kernelName, gridSize, workgroupSize);
}

void harvestDispatches(bool finalWait) {
  ring().harvest(finalWait ? 200'000 : 0);
}

void appendDispatchEvents(std::string& json, const std::set<uint64_t>& paired,
                          const SystemDomain& domain) {
  ring().append(json, paired, domain);
}

bool hasDispatch(uint64_t flowId) {
  return ring().has(flowId);
}

void stopCollector() {
  ring().stop();
}

}  // namespace hipcore::trace
