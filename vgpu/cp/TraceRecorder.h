// vgpu's rows of a Chrome/Perfetto trace (the trace interface agreed with hipcore, issue 9):
// one row per AQL queue ("queue <id>", tid 1000 + HSA queue id) with one complete event per
// packet, one row per SDMA queue ("sdma queue <id>", tid 1500 + KFD queue id) with one event per
// copy/fill, and one row per interpreter worker ("CU <n>", tid 2000 + n) with one event per
// workgroup. pid 2, named "vgpu"; "ts" in microseconds of CLOCK_MONOTONIC.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "isa/Dispatch.h"

namespace vgpu::cp {

class TraceRecorder {
 public:
  // At most this many events are kept; later ones are counted and reported by one instant event.
  static constexpr std::size_t kMaxEvents = 200000;

  // outputPath: VGPU_TRACE's file, written at process exit (empty: only taken by hipcore).
  explicit TraceRecorder(std::string outputPath);

  // CLOCK_MONOTONIC in microseconds, the time base both sides use.
  static double nowUs();

  // One complete event on an AQL queue's row; argsJson is the inside of the "args" object.
  void aqlPacket(std::uint64_t queueId, const std::string& name, double startUs, double endUs,
                 const std::string& argsJson);
  void sdmaPacket(std::uint64_t queueId, const char* name, double startUs, double endUs,
                  const std::string& argsJson);
  // The workgroups of one dispatch, each on its worker's "CU" row.
  void workgroups(const std::string& kernel, const std::vector<WorkgroupSpan>& spans);

  // Everything recorded since the last call, as event objects each followed by ",\n".
  std::string takeJson();
  // The whole trace as a JSON document (VGPU_TRACE's file).
  std::string document();
  const std::string& outputPath() const { return outputPath_; }

 private:
  void add(const std::string& event);                           // mutex_ held
  void nameThread(std::uint64_t tid, const std::string& name);  // mutex_ held
  // One complete ("X") event of a packet on row `tid` (named `row`); `name` is JSON-escaped.
  void packetEvent(std::uint64_t tid, const std::string& row, const char* category,
                   const std::string& name, double startUs, double endUs,
                   const std::string& argsJson);

  const std::string outputPath_;
  std::mutex mutex_;
  std::string events_;     // every event so far, each followed by ",\n"
  std::size_t taken_ = 0;  // bytes of events_ already returned by takeJson
  std::size_t count_ = 0;
  std::size_t dropped_ = 0;
  std::size_t droppedReported_ = 0;
  std::set<std::uint64_t> namedThreads_;
};

// JSON string escaping for names that come from code objects.
std::string jsonEscape(const std::string& text);

}  // namespace vgpu::cp
