// Per-thread buffers of API call events: appended without locks by their thread, read by the
// trace writer (at exit, at hipDeviceReset) through acquire loads of each buffer's count.
#include "ApiEvents.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <vector>

#include "core/ErrorNames.h"
#include "trace/Json.h"
#include "trace/Settings.h"

namespace hipcore::trace {

namespace {

struct ApiEvent {
  const char* function;   // __func__: a string with static storage
  const char* arguments;  // in the thread's text chunks; null when they were full
  uint64_t startNs;
  uint64_t endNs;
  hipError_t result;
  uint64_t flowId;  // 0: no launch
};

// Chunks are allocated as a thread needs them (one allocation per 4096 calls) and never freed:
// the writer may read them after the thread has exited. A thread stops recording after
// kMaxChunks chunks and counts what it dropped.
class ThreadEvents {
 public:
  static constexpr size_t kChunkEvents = 4096;
  static constexpr size_t kMaxChunks = 256;

  explicit ThreadEvents(uint32_t tid) : tid_(tid) {}
  void add(const ApiEvent& event) {
    size_t n = count_.load(std::memory_order_relaxed);
    size_t chunk = n / kChunkEvents;
    if (chunk >= kMaxChunks) {
      dropped_.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    if (chunks_[chunk] == nullptr) chunks_[chunk] = new ApiEvent[kChunkEvents];
    ApiEvent& stored = chunks_[chunk][n % kChunkEvents];
    stored = event;
    stored.arguments = copyText(event.arguments);
    count_.store(n + 1, std::memory_order_release);  // publishes the event and its text
  }
  template <class Fn>
  void forEach(Fn&& fn) const {
    size_t n = count_.load(std::memory_order_acquire);
    for (size_t i = 0; i < n; ++i) fn(chunks_[i / kChunkEvents][i % kChunkEvents]);
  }
  uint32_t tid() const { return tid_; }
  uint64_t dropped() const { return dropped_.load(std::memory_order_relaxed); }
  bool isMain = false;

 private:
  // Arguments live in 256 KiB chunks, also allocated as needed and never freed.
  static constexpr size_t kTextChunkBytes = 256 * 1024;
  static constexpr size_t kMaxTextChunks = 256;
  const char* copyText(const char* text) {
    size_t bytes = std::strlen(text) + 1;
    if (textChunk_ == nullptr || textUsed_ + bytes > kTextChunkBytes) {
      if (textChunks_ == kMaxTextChunks) return nullptr;
      textChunk_ = new char[kTextChunkBytes];
      ++textChunks_;
      textUsed_ = 0;
    }
    char* copy = textChunk_ + textUsed_;
    std::memcpy(copy, text, bytes);
    textUsed_ += bytes;
    return copy;
  }

  uint32_t tid_;
  char* textChunk_ = nullptr;
  size_t textUsed_ = 0;
  size_t textChunks_ = 0;
  std::atomic<size_t> count_{0};
  std::atomic<uint64_t> dropped_{0};
  ApiEvent* chunks_[kMaxChunks] = {};
};

struct Threads {
  std::mutex mutex;  // taken once per thread (its first call) and by the writer
  std::vector<ThreadEvents*> list;
};

Threads& threads() {
  static Threads* instance = new Threads();  // never destroyed: threads may outlive statics
  return *instance;
}

thread_local ThreadEvents* current = nullptr;
thread_local uint64_t pendingFlow = 0;

ThreadEvents& currentThread() {
  if (current != nullptr) return *current;
  Threads& all = threads();
  std::lock_guard lock(all.mutex);
  // Small ids in order of first call: Perfetto sorts thread rows by them.
  current = new ThreadEvents(static_cast<uint32_t>(all.list.size() + 1));
  current->isMain = gettid() == getpid();
  all.list.push_back(current);
  return *current;
}

}  // namespace

void clearPendingFlow() {
  pendingFlow = 0;
}

void flowForNextCall(uint64_t flowId) {
  if (pendingFlow == 0) pendingFlow = flowId;
}

std::set<uint64_t> apiFlows() {
  std::set<uint64_t> flows;
  Threads& all = threads();
  std::lock_guard lock(all.mutex);
  for (const ThreadEvents* thread : all.list)
    thread->forEach([&](const ApiEvent& e) {
      if (e.flowId != 0) flows.insert(e.flowId);
    });
  return flows;
}

void recordApiCall(const char* function, const char* arguments, uint64_t startNs, uint64_t endNs,
                   hipError_t result) {
  uint64_t flow = pendingFlow;
  pendingFlow = 0;
  currentThread().add({function, arguments, startNs, endNs, result, flow});
}

void appendApiEvents(std::string& json, const std::set<uint64_t>& paired) {
  Threads& all = threads();
  std::lock_guard lock(all.mutex);
  char line[1024];
  for (const ThreadEvents* thread : all.list) {
    std::snprintf(line, sizeof(line),
                  "{\"ph\":\"M\",\"pid\":1,\"tid\":%u,\"name\":\"thread_name\","
                  "\"args\":{\"name\":\"%s thread %u\"}},\n",
                  thread->tid(), thread->isMain ? "main" : "host", thread->tid());
    json += line;
    thread->forEach([&](const ApiEvent& e) {
      std::snprintf(line, sizeof(line),
                    "{\"ph\":\"X\",\"pid\":1,\"tid\":%u,\"cat\":\"api\",\"name\":\"%s\",\"ts\":%s,"
                    "\"dur\":%s,\"args\":{\"arguments\":\"%s\",\"result\":\"%s\"}},\n",
                    thread->tid(), e.function, jsonMicroseconds(e.startNs).c_str(),
                    jsonMicroseconds(e.endNs - e.startNs).c_str(),
                    jsonEscape(e.arguments ? e.arguments : "(not recorded)").c_str(),
                    core::errorName(e.result));
      json += line;
      if (e.flowId != 0 && paired.count(e.flowId) != 0) {
        // The arrow starts inside the launching call's slice (Perfetto binds it there).
        std::snprintf(line, sizeof(line),
                      "{\"ph\":\"s\",\"pid\":1,\"tid\":%u,\"cat\":\"launch\",\"name\":\"launch\","
                      "\"id\":%llu,\"ts\":%s},\n",
                      thread->tid(), static_cast<unsigned long long>(e.flowId),
                      jsonMicroseconds(e.endNs - (e.endNs - e.startNs) / 2).c_str());
        json += line;
      }
    });
    if (thread->dropped() != 0) {
      std::snprintf(line, sizeof(line),
                    "{\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":%u,\"name\":\"%llu calls not "
                    "recorded (trace buffer full)\",\"ts\":%s},\n",
                    thread->tid(), static_cast<unsigned long long>(thread->dropped()),
                    jsonMicroseconds(monotonicNs()).c_str());
      json += line;
    }
  }
}

}  // namespace hipcore::trace
