// The trace file: {"traceEvents":[...],"displayTimeUnit":"ns"}; every "ts" is CLOCK_MONOTONIC
// microseconds on both sides (docs: the trace interface in runtime/README.md).
#include "TraceWriter.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <set>
#include <string>

#include "ApiEvents.h"
#include "CopyTrace.h"
#include "DispatchTrace.h"
#include "Settings.h"
#include "TraceClock.h"
#include "hsa/VgpuExtension.h"

namespace hipcore::trace {

namespace {

std::mutex& writeMutex() {
  static std::mutex* mutex = new std::mutex();
  return *mutex;
}

// vgpu's rows taken so far (vgpu hands out only what is new).
std::string& vgpuRows() {
  static std::string* rows = new std::string();
  return *rows;
}

void takeVgpuRows() {
  vgpuRows() += hsa::vgpuTakeTraceRows();  // none on real hardware
}

std::atomic<bool> exitWritten{false};

void writeAtExit() {
  if (exitWritten.exchange(true)) return;
  stopCollector();
  writeTrace(true);
}

}  // namespace

void writeTraceAtExit(bool runtimeReady) {
  static std::once_flag early, late;
  std::call_once(runtimeReady ? late : early, [] { std::atexit(writeAtExit); });
}

void writeTrace(bool atExit) {
  if (!enabled(kTrace)) return;
  std::lock_guard lock(writeMutex());
  std::string json = "{\"traceEvents\":[\n";
  // Flow arrows only where both ends are in the file: the launching call and the dispatch.
  std::set<uint64_t> launched = apiFlows();
  harvestDispatches(atExit);
  std::set<uint64_t> paired;
  for (uint64_t flow : launched)
    if (hasDispatch(flow)) paired.insert(flow);
  appendApiEvents(json, paired);
  SystemDomain domain = traceDomain();
  appendDispatchEvents(json, paired, domain);
  appendCopyEvents(json, domain);
  takeVgpuRows();
  json += vgpuRows();
  json += "{\"ph\":\"M\",\"pid\":1,\"name\":\"process_name\",\"args\":{\"name\":\"hipcore\"}}\n";
  json += "],\"displayTimeUnit\":\"ns\"}\n";
  const std::string& path = traceFile();
  std::string partial = path + ".partial";
  FILE* file = std::fopen(partial.c_str(), "w");
  if (file == nullptr) {
    std::fprintf(stderr, "hipcore: cannot write HIPCORE_TRACE file %s\n", path.c_str());
    return;
  }
  bool ok = std::fwrite(json.data(), 1, json.size(), file) == json.size();
  ok = std::fclose(file) == 0 && ok;
  // Rename so a viewer never opens a half-written trace.
  if (!ok || std::rename(partial.c_str(), path.c_str()) != 0)
    std::fprintf(stderr, "hipcore: cannot write HIPCORE_TRACE file %s\n", path.c_str());
}

}  // namespace hipcore::trace
