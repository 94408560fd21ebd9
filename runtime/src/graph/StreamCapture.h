// Stream capture: between hipStreamBeginCapture and hipStreamEndCapture, the work issued to a
// stream becomes nodes of a graph instead of running. Each capturing stream has a frontier (the
// nodes its next operation depends on); an event recorded on a capturing stream remembers that
// stream's frontier, and a stream that waits for such an event joins the capture with the
// event's frontier as its own (fork), while the origin stream waiting for an event recorded on
// a joined stream merges that frontier into its own (join). hipStreamEndCapture requires every
// joined stream to have been joined back into the origin.
#pragma once

#include <hip/hip_runtime_api.h>

#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "Graph.h"
#include "core/Status.h"

namespace hipcore::core {
class Device;
class Event;
class Stream;
}  // namespace hipcore::core

namespace hipcore::graph {

// One capture sequence, shared by the streams taking part in it.
struct Capture {
  std::unique_ptr<Graph> owned;  // the graph being built (none with hipStreamBeginCaptureToGraph)
  Graph* graph = nullptr;
  hipStreamCaptureMode mode = hipStreamCaptureModeGlobal;
  unsigned long long id = 0;
  bool invalidated = false;
  core::Stream* origin = nullptr;
  std::thread::id thread;              // the thread that began it (thread-local mode)
  std::vector<core::Stream*> streams;  // every stream taking part, the origin first
  // What the origin depended on before hipStreamUpdateCaptureDependencies replaced its
  // dependencies: work joined into the origin, for hipStreamEndCapture's unjoined-fork check.
  std::vector<GraphNode*> replacedAtOrigin;
  std::mutex mutex;  // streams of one capture may be used by several threads
};

// A capturing stream's part (core::Stream::capture).
struct StreamCapture {
  Capture* capture;
  std::vector<GraphNode*> frontier;
};

// hipStreamBeginCapture(ToGraph): `into` is the caller's graph or null for a new one;
// `dependencies` the nodes of `into` the first captured node depends on.
core::Status beginCapture(core::Stream& stream, hipStreamCaptureMode mode, Graph* into,
                          const hipGraphNode_t* dependencies, size_t count);
// hipStreamEndCapture on the origin stream: the graph (the caller owns it unless it was given to
// hipStreamBeginCaptureToGraph), or why the capture failed (the graph is then discarded).
core::Status endCapture(core::Stream& stream, Graph*& out);
// A captured operation of `stream`: a node after the stream's frontier, then the frontier.
core::Status record(core::Stream& stream, NodeParams params);
// Ends the capture `stream` takes part in as invalid: later captured calls fail, and so does
// hipStreamEndCapture (a synchronisation or other illegal call was made on the stream).
void invalidate(core::Stream& stream);
// hipEventRecord on a capturing stream, and hipStreamWaitEvent for an event recorded so.
void recordEvent(core::Event& event, core::Stream& stream);
// hipStreamDestroy of a capturing stream: the capture is invalidated and the stream leaves it
// (the origin ends it: its graph is discarded).
void abandon(core::Stream& stream);
// hipDeviceReset destroys the device's streams: each capturing one is abandoned first (as by
// hipStreamDestroy), so that no capture keeps a destroyed stream.
void abandonCapturesOn(const core::Device& device);
// Whether any capture is active (the legacy null stream then answers
// hipErrorStreamCaptureImplicit to capture queries).
bool anyCapture();
// hipEventRecord outside capture: the event no longer stands for captured work.
void forgetEvent(const core::Event& event);
// Whether `event` was recorded in a capture; if so `stream` joins it (or merges the frontier).
bool waitEvent(core::Stream& stream, core::Event& event, core::Status& status);
// hipStreamUpdateCaptureDependencies.
core::Status updateDependencies(core::Stream& stream, const hipGraphNode_t* nodes, size_t count,
                                unsigned flags);

// The capture modes' rule for calls that are unsafe during capture (hipMalloc, a synchronize or
// query of a stream that does not capture): refused unless the calling thread's mode is
// relaxed, when a global capture is active anywhere or a thread-local one on this thread; those
// captures end invalidated (CUDA's and AMD's rule).
core::Status checkUnsafeCall(const char* call);
// hipDeviceSynchronize waits for every stream, capturing ones too: refused while any capture
// is active unless the calling thread is relaxed (invalidating as checkUnsafeCall).
core::Status checkDeviceSynchronize();
// Work on the legacy null stream is ordered with every blocking stream: while one of them
// captures, it is refused with hipErrorStreamCaptureImplicit.
core::Status checkLegacyStream(const char* call);
// hipEventSynchronize and hipEventQuery of an event recorded in an active capture (it stands
// for work that has not been launched): hipErrorCapturedEvent.
core::Status checkEventWait(const core::Event& event, const char* call);
// hipThreadExchangeStreamCaptureMode.
hipStreamCaptureMode exchangeThreadMode(hipStreamCaptureMode mode);

}  // namespace hipcore::graph
