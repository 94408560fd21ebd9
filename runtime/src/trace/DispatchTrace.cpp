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

struct Slot {
  std::atomic<bool> inFlight{false};  // published by the launch path, cleared by the harvest
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
  uint64_t startNs;  // CLOCK_MONOTONIC
  uint64_t endNs;
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
      collector_ = std::thread([this] { collect(); });
      ok_ = true;
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
    slot.inFlight.store(true, std::memory_order_release);
    flowForNextCall(slot.flowId);
    return slot.signal->handle();
  }

  // Moves completed slots, oldest first, to the completed list; stops at the first slot still
  // being filled or running (order across queues is not completion order: a later harvest
  // picks up what that one held back). Returns whether slots are still pending.
  bool harvest(uint64_t waitMicroseconds) {
    std::lock_guard lock(harvestMutex_);
    if (!ok_) return false;
    SystemDomain domain = sampleSystemDomain();
    uint64_t tail = tail_.load(std::memory_order_relaxed);
    while (tail != head_.load(std::memory_order_acquire)) {
      Slot& slot = slots_[tail % kRingSlots];
      if (!slot.inFlight.load(std::memory_order_acquire)) break;
      if (slot.signal->load() != 0 &&
          (waitMicroseconds == 0 || !slot.signal->waitForZeroBriefly(waitMicroseconds)))
        break;
      uint64_t start = 0, end = 0;
      if (hsa::dispatchInterval(slot.queue.agent, slot.signal->handle(), start, end)) {
        completed_.push_back({slot.queue.row, slot.flowId, domain.toMonotonicNs(start),
                              domain.toMonotonicNs(end), {slot.grid[0], slot.grid[1], slot.grid[2]},
                              {slot.block[0], slot.block[1], slot.block[2]}, slot.name});
        flows_.insert(slot.flowId);
      }
      slot.inFlight.store(false, std::memory_order_relaxed);
      tail_.store(++tail, std::memory_order_release);
    }
    return tail != head_.load(std::memory_order_acquire);
  }

  void stop() {
    {
      std::lock_guard lock(stopMutex_);
      stopping_ = true;
    }
    stopSignal_.notify_all();
    if (collector_.joinable()) collector_.join();
  }

  void append(std::string& json, const std::set<uint64_t>& paired) {
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
      std::free(demangled);
      std::snprintf(line, sizeof(line),
                    "{\"ph\":\"X\",\"pid\":1,\"tid\":%u,\"cat\":\"kernel\",\"name\":\"%s\","
                    "\"ts\":%s,\"dur\":%s,\"args\":{\"grid\":[%u,%u,%u],\"block\":[%u,%u,%u],"
                    "\"symbol\":\"%s\"}},\n",
                    1000 + c.row, name.c_str(), jsonMicroseconds(c.startNs).c_str(),
                    jsonMicroseconds(c.endNs - c.startNs).c_str(), c.grid[0], c.grid[1],
                    c.grid[2], c.block[0], c.block[1], c.block[2], jsonEscape(c.name).c_str());
      json += line;
      if (paired.count(c.flowId) == 0) continue;
      // The arrow ends on this kernel: "bp":"e" binds it to the enclosing slice.
      std::snprintf(line, sizeof(line),
                    "{\"ph\":\"f\",\"bp\":\"e\",\"pid\":1,\"tid\":%u,\"cat\":\"launch\","
                    "\"name\":\"launch\",\"id\":%llu,\"ts\":%s},\n",
                    1000 + c.row, static_cast<unsigned long long>(c.flowId),
                    jsonMicroseconds(c.startNs).c_str());
      json += line;
    }
    if (uint64_t dropped = dropped_.load(std::memory_order_relaxed); dropped != 0) {
      std::snprintf(line, sizeof(line),
                    "{\"ph\":\"i\",\"s\":\"g\",\"pid\":1,\"tid\":0,\"name\":\"%llu dispatches not "
                    "traced (more than %zu pending)\",\"ts\":0},\n",
                    static_cast<unsigned long long>(dropped), kRingSlots);
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

void harvestDispatches(bool finalWait) { ring().harvest(finalWait ? 200'000 : 0); }

void appendDispatchEvents(std::string& json, const std::set<uint64_t>& paired) {
  ring().append(json, paired);
}

bool hasDispatch(uint64_t flowId) { return ring().has(flowId); }

void stopCollector() { ring().stop(); }

}  // namespace hipcore::trace
