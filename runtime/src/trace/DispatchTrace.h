// HIPCORE_TRACE's device side: real start/end times of kernel dispatches, per queue.
//
// The launch path claims a slot of a bounded ring (a compare-and-swap; no lock, allocation or
// system call) whose completion signal the dispatch packet carries; the packet processor
// stamps start and end times into it. A collector thread harvests completed slots in order
// (asking ROCR for the times, off the launch path) and sleeps while nothing is pending. A
// full ring drops the dispatch from the trace (counted) instead of blocking the launch.
#pragma once

#include <cstdint>
#include <set>
#include <string>

#include "TraceClock.h"

namespace hipcore::trace {

// Where a stream's dispatches go in the trace: its agent and its row ("queue <row>").
struct QueueIdentity {
  uint64_t agent = 0;
  uint32_t row = 0;
};
QueueIdentity identifyQueue(uint64_t agent);

// Called by the launch path when tracing: the completion signal to put in the packet, or 0
// (ring full: the dispatch is not traced). Links the dispatch to the current API call.
uint64_t traceDispatch(const QueueIdentity& queue, const std::string& kernelName,
                       const uint32_t gridSize[3], const uint16_t workgroupSize[3]) noexcept;

// Harvests what completed, waiting a little for dispatches still running when `finalWait`.
void harvestDispatches(bool finalWait);
// Appends queue rows and kernel events, plus a flow finish for each id in `paired` (flows whose
// launching call is in the trace too), as JSON objects each followed by ",\n"; times through
// the trace file's one map `domain`.
void appendDispatchEvents(std::string& json, const std::set<uint64_t>& paired,
                          const SystemDomain& domain);
// True when the dispatch of this flow id is in the trace.
bool hasDispatch(uint64_t flowId);
// Stops the collector thread (at exit, before the final harvest).
void stopCollector();

}  // namespace hipcore::trace
