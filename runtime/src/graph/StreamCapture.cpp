// Stream capture's bookkeeping: captures, the streams in them, captured events, capture modes.
#include "StreamCapture.h"

#include <algorithm>
#include <atomic>
#include <unordered_map>
#include <unordered_set>

#include "core/Event.h"
#include "core/Stream.h"

namespace hipcore::graph {

using core::fail;
using core::Status;

namespace {

std::atomic<unsigned long long> nextCaptureId{1};
std::atomic<int> globalCaptures{0};  // active captures in global mode
std::atomic<int> activeCaptures{0};  // ... in any mode
// Active captures in thread-local mode begun by this thread, and the thread's capture mode. Read
// by every call that may not run while a stream captures (hipStreamSynchronize, hipMalloc...):
// initial-exec, one load from the thread pointer each, where the general-dynamic model a shared
// library gets by default calls __tls_get_addr (22 of the 45 instructions checkUnsafeCall took
// per idle hipStreamSynchronize). 8 bytes of the static TLS surplus a dlopen'ed libhipcore
// draws from, as ApiState.h's cachedThreadState.
__attribute__((tls_model("initial-exec"))) constinit thread_local int threadLocalCaptures = 0;
__attribute__((tls_model("initial-exec"))) constinit thread_local hipStreamCaptureMode threadMode =
    hipStreamCaptureModeGlobal;

// Events recorded on capturing streams, with the frontier they captured.
struct CapturedEvent {
  Capture* capture;
  std::vector<GraphNode*> frontier;
};
std::mutex eventsMutex;
std::atomic<size_t> capturedEventCount{0};  // keeps uncaptured records and waits lock-free
std::unordered_map<const core::Event*, CapturedEvent>& capturedEvents() {
  static auto* events = new std::unordered_map<const core::Event*, CapturedEvent>();
  return *events;  // never destroyed: events may be destroyed after static destructors ran
}

// Every active capture (the unsafe-call rule invalidates some of them).
std::mutex activeMutex;
std::vector<Capture*>& active() {
  static auto* captures = new std::vector<Capture*>();
  return *captures;  // never destroyed, as capturedEvents
}

// The captures an unsafe call of this thread interferes with: every global one and this
// thread's thread-local ones (CUDA's capture modes). They end invalidated.
void invalidateInterfering() {
  std::lock_guard lock(activeMutex);
  for (Capture* capture : active())
    if (capture->mode == hipStreamCaptureModeGlobal ||
        (capture->mode == hipStreamCaptureModeThreadLocal &&
         capture->thread == std::this_thread::get_id())) {
      std::lock_guard captureLock(capture->mutex);
      capture->invalidated = true;
    }
}

void join(std::vector<GraphNode*>& frontier, const std::vector<GraphNode*>& more) {
  for (GraphNode* node : more)
    if (std::find(frontier.begin(), frontier.end(), node) == frontier.end())
      frontier.push_back(node);
}

// Every node `frontier` depends on, itself included.
std::unordered_set<const GraphNode*> ancestors(const std::vector<GraphNode*>& frontier) {
  std::unordered_set<const GraphNode*> seen;
  std::vector<const GraphNode*> pending(frontier.begin(), frontier.end());
  while (!pending.empty()) {
    const GraphNode* node = pending.back();
    pending.pop_back();
    if (!seen.insert(node).second) continue;
    pending.insert(pending.end(), node->dependencies.begin(), node->dependencies.end());
  }
  return seen;
}

void finishCapture(Capture& capture) {
  for (core::Stream* stream : capture.streams) {
    delete stream->capture;
    stream->capture = nullptr;
  }
  {
    std::lock_guard lock(eventsMutex);
    std::erase_if(capturedEvents(),
                  [&](const auto& entry) { return entry.second.capture == &capture; });
    capturedEventCount.store(capturedEvents().size(), std::memory_order_relaxed);
  }
  {
    std::lock_guard lock(activeMutex);
    std::erase(active(), &capture);
  }
  activeCaptures.fetch_sub(1);
  if (capture.mode == hipStreamCaptureModeGlobal) globalCaptures.fetch_sub(1);
  if (capture.mode == hipStreamCaptureModeThreadLocal &&
      capture.thread == std::this_thread::get_id())
    --threadLocalCaptures;
}

}  // namespace

Status beginCapture(core::Stream& stream, hipStreamCaptureMode mode, Graph* into,
                    const hipGraphNode_t* dependencies, size_t count) {
  if (stream.capture != nullptr)
    return fail(hipErrorIllegalState, "stream %p is capturing already",
                static_cast<void*>(&stream));
  if (mode < hipStreamCaptureModeGlobal || mode > hipStreamCaptureModeRelaxed)
    return fail(hipErrorInvalidValue, "capture mode %d", static_cast<int>(mode));
  auto capture = std::make_unique<Capture>();
  if (into == nullptr) {
    capture->owned = std::make_unique<Graph>();
    into = capture->owned.get();
  }
  std::vector<GraphNode*> frontier;
  for (size_t i = 0; i < count; ++i) {
    auto* node = reinterpret_cast<GraphNode*>(dependencies[i]);
    if (!into->owns(node))
      return fail(hipErrorInvalidValue, "dependency %zu is not a node of the graph", i);
    frontier.push_back(node);
  }
  capture->graph = into;
  capture->mode = mode;
  capture->id = nextCaptureId.fetch_add(1);
  capture->origin = &stream;
  capture->thread = std::this_thread::get_id();
  capture->streams.push_back(&stream);
  {
    std::lock_guard lock(activeMutex);
    active().push_back(capture.get());
  }
  stream.capture = new StreamCapture{capture.release(), std::move(frontier)};
  activeCaptures.fetch_add(1);
  if (mode == hipStreamCaptureModeGlobal) globalCaptures.fetch_add(1);
  if (mode == hipStreamCaptureModeThreadLocal) ++threadLocalCaptures;
  return Status::success();
}

Status endCapture(core::Stream& stream, Graph*& out) {
  out = nullptr;
  StreamCapture* part = stream.capture;
  if (part == nullptr)
    return fail(hipErrorIllegalState, "stream %p is not capturing", static_cast<void*>(&stream));
  Capture* capture = part->capture;
  if (capture->origin != &stream)
    return fail(hipErrorStreamCaptureUnmatched, "stream %p did not begin the capture",
                static_cast<void*>(&stream));
  if (capture->mode != hipStreamCaptureModeRelaxed && capture->thread != std::this_thread::get_id())
    return fail(hipErrorStreamCaptureWrongThread, "the capture was begun by another thread");
  Status status;
  if (capture->invalidated) {
    status = fail(hipErrorStreamCaptureInvalidated, "the capture on stream %p was invalidated",
                  static_cast<void*>(&stream));
  } else {
    std::vector<GraphNode*> origin = part->frontier;
    join(origin, capture->replacedAtOrigin);
    std::unordered_set<const GraphNode*> joined = ancestors(origin);
    for (core::Stream* other : capture->streams)
      for (const GraphNode* node : other->capture->frontier)
        if (!joined.contains(node) && status.ok())
          status = fail(hipErrorStreamCaptureUnjoined,
                        "stream %p forked from the capture was not joined back into stream %p",
                        static_cast<void*>(other), static_cast<void*>(&stream));
  }
  std::unique_ptr<Capture> owner(capture);
  finishCapture(*capture);
  if (!status.ok()) return status;  // an owned graph goes with the capture
  out = capture->owned ? capture->owned.release() : capture->graph;
  return Status::success();
}

Status record(core::Stream& stream, NodeParams params) {
  StreamCapture& part = *stream.capture;
  Capture& capture = *part.capture;
  std::lock_guard lock(capture.mutex);
  if (capture.invalidated)
    return fail(hipErrorStreamCaptureInvalidated, "the capture on stream %p was invalidated",
                static_cast<void*>(&stream));
  GraphNode* node = nullptr;
  auto* dependencies = reinterpret_cast<const hipGraphNode_t*>(part.frontier.data());
  if (Status added =
          capture.graph->add(std::move(params), dependencies, part.frontier.size(), node);
      !added.ok())
    return added;
  part.frontier.assign(1, node);
  return Status::success();
}

void invalidate(core::Stream& stream) {
  if (stream.capture == nullptr) return;
  std::lock_guard lock(stream.capture->capture->mutex);
  stream.capture->capture->invalidated = true;
}

void abandon(core::Stream& stream) {
  StreamCapture* part = stream.capture;
  if (part == nullptr) return;
  Capture* capture = part->capture;
  if (capture->origin == &stream) {
    std::unique_ptr<Capture> owner(capture);
    finishCapture(*capture);  // every stream leaves; an owned graph goes with the capture
    return;
  }
  std::lock_guard lock(capture->mutex);
  capture->invalidated = true;
  std::erase(capture->streams, &stream);
  delete part;
  stream.capture = nullptr;
}

void abandonCapturesOn(const core::Device& device) {
  if (activeCaptures.load(std::memory_order_relaxed) == 0) return;
  std::vector<core::Stream*> streams;
  {
    std::lock_guard lock(activeMutex);
    for (Capture* capture : active()) {
      std::lock_guard captureLock(capture->mutex);
      for (core::Stream* stream : capture->streams)
        if (&stream->device() == &device) streams.push_back(stream);
    }
  }
  // An origin's abandon ends its capture: its other streams then have no part left to leave.
  for (core::Stream* stream : streams) abandon(*stream);
}

bool anyCapture() {
  return activeCaptures.load(std::memory_order_relaxed) != 0;
}

void recordEvent(core::Event& event, core::Stream& stream) {
  std::lock_guard lock(eventsMutex);
  capturedEvents()[&event] = {stream.capture->capture, stream.capture->frontier};
  capturedEventCount.store(capturedEvents().size(), std::memory_order_relaxed);
}

void forgetEvent(const core::Event& event) {
  if (capturedEventCount.load(std::memory_order_relaxed) == 0) return;
  std::lock_guard lock(eventsMutex);
  capturedEvents().erase(&event);
  capturedEventCount.store(capturedEvents().size(), std::memory_order_relaxed);
}

bool waitEvent(core::Stream& stream, core::Event& event, Status& status) {
  if (stream.capture == nullptr && capturedEventCount.load(std::memory_order_relaxed) == 0)
    return false;
  std::lock_guard lock(eventsMutex);
  auto found = capturedEvents().find(&event);
  if (found == capturedEvents().end()) {
    if (stream.capture != nullptr)
      status = fail(hipErrorStreamCaptureIsolation,
                    "capturing stream %p waits for event %p, which no capture recorded",
                    static_cast<void*>(&stream), static_cast<void*>(&event));
    return stream.capture != nullptr;
  }
  Capture* capture = found->second.capture;
  if (stream.capture == nullptr) {  // fork: the stream joins the capture
    stream.capture = new StreamCapture{capture, found->second.frontier};
    std::lock_guard captureLock(capture->mutex);
    capture->streams.push_back(&stream);
  } else if (stream.capture->capture != capture) {
    status = fail(hipErrorStreamCaptureIsolation, "event %p belongs to another capture",
                  static_cast<void*>(&event));
  } else {
    join(stream.capture->frontier, found->second.frontier);
  }
  return true;
}

Status updateDependencies(core::Stream& stream, const hipGraphNode_t* nodes, size_t count,
                          unsigned flags) {
  StreamCapture& part = *stream.capture;
  if (flags != hipStreamAddCaptureDependencies && flags != hipStreamSetCaptureDependencies)
    return fail(hipErrorInvalidValue, "flags %u", flags);
  if (count != 0 && nodes == nullptr) return fail(hipErrorInvalidValue, "nodes is null");
  std::vector<GraphNode*> given;
  for (size_t i = 0; i < count; ++i) {
    auto* node = reinterpret_cast<GraphNode*>(nodes[i]);
    if (!part.capture->graph->owns(node))
      return fail(hipErrorInvalidValue, "node %zu is not of the capture's graph", i);
    given.push_back(node);
  }
  if (flags == hipStreamSetCaptureDependencies) {
    if (part.capture->origin == &stream) join(part.capture->replacedAtOrigin, part.frontier);
    part.frontier.clear();
  }
  join(part.frontier, given);
  return Status::success();
}

Status checkUnsafeCall(const char* call) {
  if (threadMode == hipStreamCaptureModeRelaxed) return Status::success();
  if (globalCaptures.load(std::memory_order_relaxed) == 0 && threadLocalCaptures == 0)
    return Status::success();
  invalidateInterfering();
  return fail(hipErrorStreamCaptureUnsupported, "%s is not permitted while a stream captures",
              call);
}

Status checkDeviceSynchronize() {
  if (threadMode == hipStreamCaptureModeRelaxed ||
      activeCaptures.load(std::memory_order_relaxed) == 0)
    return Status::success();
  invalidateInterfering();
  return fail(hipErrorStreamCaptureUnsupported,
              "hipDeviceSynchronize would wait for a capturing stream");
}

Status checkLegacyStream(const char* call) {
  if (activeCaptures.load(std::memory_order_relaxed) == 0) return Status::success();
  std::lock_guard lock(activeMutex);
  for (Capture* capture : active()) {
    std::lock_guard captureLock(capture->mutex);
    for (const core::Stream* stream : capture->streams)
      if (stream->blocking())
        return fail(hipErrorStreamCaptureImplicit,
                    "%s on the legacy null stream, which is ordered with capturing stream %p", call,
                    static_cast<const void*>(stream));
  }
  return Status::success();
}

Status checkEventWait(const core::Event& event, const char* call) {
  if (capturedEventCount.load(std::memory_order_relaxed) == 0) return Status::success();
  std::lock_guard lock(eventsMutex);
  if (!capturedEvents().contains(&event)) return Status::success();
  return fail(hipErrorCapturedEvent, "%s of event %p, recorded in an active capture", call,
              static_cast<const void*>(&event));
}

hipStreamCaptureMode exchangeThreadMode(hipStreamCaptureMode mode) {
  hipStreamCaptureMode previous = threadMode;
  threadMode = mode;
  return previous;
}

}  // namespace hipcore::graph
