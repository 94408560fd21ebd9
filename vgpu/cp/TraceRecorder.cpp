// TraceRecorder: bounded in-memory Chrome trace events, handed to hipcore
// (vgpu_extension_table::trace_take_json) or written as vgpu's own file at exit.
#include "cp/TraceRecorder.h"

#include <time.h>

#include <cstdio>

namespace vgpu::cp {

namespace {

std::string number(double v) {
  char text[64];
  std::snprintf(text, sizeof text, "%.3f", v);
  return text;
}

// The instant event that says how many events the bound dropped.
std::string droppedEvent(std::size_t dropped) {
  return "{\"name\":\"vgpu dropped " + std::to_string(dropped) + " trace events (limit " +
         std::to_string(TraceRecorder::kMaxEvents) +
         ")\",\"ph\":\"i\",\"s\":\"p\",\"pid\":2,\"tid\":0,\"ts\":" +
         number(TraceRecorder::nowUs()) + "}";
}

}  // namespace

std::string jsonEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\u%04x", c);
      out += esc;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

TraceRecorder::TraceRecorder(std::string outputPath) : outputPath_(std::move(outputPath)) {
  std::lock_guard lock(mutex_);
  add(R"({"name":"process_name","ph":"M","pid":2,"tid":0,"args":{"name":"vgpu"}})");
}

double TraceRecorder::nowUs() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

void TraceRecorder::add(const std::string& event) {
  if (count_ >= kMaxEvents) {
    ++dropped_;
    return;
  }
  ++count_;
  events_ += event;
  events_ += ",\n";
}

void TraceRecorder::nameThread(std::uint64_t tid, const std::string& name) {
  if (!namedThreads_.insert(tid).second) return;
  add(R"({"name":"thread_name","ph":"M","pid":2,"tid":)" + std::to_string(tid) +
      R"(,"args":{"name":")" + jsonEscape(name) + R"("}})");
}

void TraceRecorder::aqlPacket(std::uint64_t queueId, const std::string& name, double startUs,
                              double endUs, const std::string& argsJson) {
  packetEvent(1000 + queueId, "queue " + std::to_string(queueId), "aql", jsonEscape(name), startUs,
              endUs, argsJson);
}

void TraceRecorder::sdmaPacket(std::uint64_t queueId, const char* name, double startUs,
                               double endUs, const std::string& argsJson) {
  packetEvent(1500 + queueId, "sdma queue " + std::to_string(queueId), "sdma", name, startUs, endUs,
              argsJson);
}

void TraceRecorder::packetEvent(std::uint64_t tid, const std::string& row, const char* category,
                                const std::string& name, double startUs, double endUs,
                                const std::string& argsJson) {
  std::string event = R"({"name":")" + name + R"(","cat":")" + category +
                      R"(","ph":"X","pid":2,"tid":)" + std::to_string(tid) + R"(,"ts":)" +
                      number(startUs) + R"(,"dur":)" + number(endUs - startUs) + R"(,"args":{)" +
                      argsJson + "}}";
  std::lock_guard lock(mutex_);
  nameThread(tid, row);
  add(event);
}

void TraceRecorder::workgroups(const std::string& kernel, const std::vector<WorkgroupSpan>& spans) {
  const std::string name = jsonEscape(kernel);
  std::lock_guard lock(mutex_);
  for (const WorkgroupSpan& s : spans) {
    const std::uint64_t tid = 2000 + s.worker;
    nameThread(tid, "CU " + std::to_string(s.worker));
    add(R"({"name":")" + name + R"(","cat":"workgroup","ph":"X","pid":2,"tid":)" +
        std::to_string(tid) + R"(,"ts":)" + number(s.startUs) + R"(,"dur":)" +
        number(s.endUs - s.startUs) + R"(,"args":{"x":)" + std::to_string(s.id[0]) + R"(,"y":)" +
        std::to_string(s.id[1]) + R"(,"z":)" + std::to_string(s.id[2]) + "}}");
  }
}

std::string TraceRecorder::takeJson() {
  std::lock_guard lock(mutex_);
  std::string out = events_.substr(taken_);
  taken_ = events_.size();
  if (dropped_ > droppedReported_) {
    out += droppedEvent(dropped_ - droppedReported_) + ",\n";
    droppedReported_ = dropped_;
  }
  return out;
}

std::string TraceRecorder::document() {
  std::lock_guard lock(mutex_);
  std::string out = "{\"traceEvents\":[\n" + events_;
  if (dropped_ > 0) out += droppedEvent(dropped_) + ",\n";
  out.resize(out.size() - 2);  // the last ",\n" (the process_name event is always there)
  out += "\n],\"displayTimeUnit\":\"ns\"}\n";
  return out;
}

}  // namespace vgpu::cp
