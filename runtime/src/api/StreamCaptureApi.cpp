// Stream capture: hipStreamBeginCapture(ToGraph), EndCapture, IsCapturing, GetCaptureInfo(_v2),
// UpdateCaptureDependencies, hipThreadExchangeStreamCaptureMode, and their `_spt` forms.
#include "ApiCall.h"
#include "ApiState.h"
#include "CapturedCalls.h"
#include "GraphHandles.h"
#include "graph/StreamCapture.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;
using hipcore::graph::Graph;

namespace {

// The stream object of a handle; the legacy null stream cannot capture (hipErrorStreamCapture-
// Unsupported for Begin, a plain "not capturing" for the queries).
Status capturable(hipStream_t stream, hipcore::core::Stream*& queue) {
  hipcore::core::Device* device = nullptr;
  return hipcore::api::captureStreamOf(stream, device, queue);
}

Status captureStatus(hipStream_t stream, hipStreamCaptureStatus* status_out,
                     hipcore::core::Stream*& queue) {
  if (status_out == nullptr) return fail(hipErrorInvalidValue, "the status pointer is null");
  if (Status found = capturable(stream, queue); !found.ok()) return found;
  // The legacy null stream is ordered with every blocking stream: asking it while one captures
  // would make it part of the capture implicitly (CUDA's rule).
  if (stream == nullptr && hipcore::graph::anyCapture())
    return fail(hipErrorStreamCaptureImplicit,
                "the legacy null stream is queried while a stream captures");
  *status_out = queue == nullptr || queue->capture == nullptr ? hipStreamCaptureStatusNone
                : queue->capture->capture->invalidated        ? hipStreamCaptureStatusInvalidated
                                                              : hipStreamCaptureStatusActive;
  return Status::success();
}

}  // namespace

HIPCORE_API hipError_t hipStreamBeginCaptureToGraph(hipStream_t stream, hipGraph_t graph,
                                                    const hipGraphNode_t* dependencies,
                                                    const hipGraphEdgeData* dependencyData,
                                                    size_t numDependencies,
                                                    hipStreamCaptureMode mode) {
  return hipcore::api::call(
      "hipStreamBeginCaptureToGraph", hipStreamBeginCaptureToGraph,
      [&] {
        hipcore::core::Stream* queue = nullptr;
        Graph* into = nullptr;
        Status status = capturable(stream, queue);
        if (status.ok() && queue == nullptr)
          status = fail(hipErrorStreamCaptureUnsupported, "the null stream cannot capture");
        if (status.ok()) status = hipcore::api::graphOf(graph, into);
        if (status.ok() && numDependencies != 0 && dependencies == nullptr)
          status =
              fail(hipErrorInvalidValue, "%zu dependencies, the list is null", numDependencies);
        (void)dependencyData;  // edge data: only the default edge type exists on AMD GPUs
        if (status.ok())
          status = hipcore::graph::beginCapture(*queue, mode, into, dependencies, numDependencies);
        return finish("hipStreamBeginCaptureToGraph", std::move(status));
      },
      "stream, graph, dependencies, dependencyData, numDependencies, mode", stream, graph,
      dependencies, dependencyData, numDependencies, mode);
}

HIPCORE_API hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode) {
  return hipcore::api::call(
      "hipStreamBeginCapture", hipStreamBeginCapture,
      [&] {
        hipcore::core::Stream* queue = nullptr;
        Status status = capturable(stream, queue);
        if (status.ok() && queue == nullptr)
          status = fail(hipErrorStreamCaptureUnsupported, "the null stream cannot capture");
        if (status.ok()) status = hipcore::graph::beginCapture(*queue, mode, nullptr, nullptr, 0);
        return finish("hipStreamBeginCapture", std::move(status));
      },
      "stream, mode", stream, mode);
}

HIPCORE_API hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t* pGraph) {
  return hipcore::api::call(
      "hipStreamEndCapture", hipStreamEndCapture,
      [&] {
        hipcore::core::Stream* queue = nullptr;
        Status status = capturable(stream, queue);
        if (status.ok() && pGraph == nullptr) status = fail(hipErrorInvalidValue, "pGraph is null");
        if (status.ok() && (queue == nullptr || queue->capture == nullptr))
          status =
              fail(hipErrorIllegalState, "stream %p is not capturing", static_cast<void*>(stream));
        Graph* graph = nullptr;
        if (status.ok()) status = hipcore::graph::endCapture(*queue, graph);
        if (pGraph != nullptr && status.code != hipErrorStreamCaptureUnmatched &&
            status.code != hipErrorStreamCaptureWrongThread)
          *pGraph = reinterpret_cast<hipGraph_t>(graph);
        return finish("hipStreamEndCapture", std::move(status));
      },
      "stream, pGraph", stream, pGraph);
}

HIPCORE_API hipError_t hipStreamIsCapturing(hipStream_t stream,
                                            hipStreamCaptureStatus* pCaptureStatus) {
  return hipcore::api::call(
      "hipStreamIsCapturing", hipStreamIsCapturing,
      [&] {
        hipcore::core::Stream* queue = nullptr;
        return finish("hipStreamIsCapturing", captureStatus(stream, pCaptureStatus, queue));
      },
      "stream, pCaptureStatus", stream, pCaptureStatus);
}

HIPCORE_API hipError_t hipStreamGetCaptureInfo_v2(hipStream_t stream,
                                                  hipStreamCaptureStatus* captureStatus_out,
                                                  unsigned long long* id_out, hipGraph_t* graph_out,
                                                  const hipGraphNode_t** dependencies_out,
                                                  size_t* numDependencies_out) {
  return hipcore::api::call(
      "hipStreamGetCaptureInfo_v2", hipStreamGetCaptureInfo_v2,
      [&] {
        hipcore::core::Stream* queue = nullptr;
        Status status = captureStatus(stream, captureStatus_out, queue);
        if (!status.ok() || *captureStatus_out == hipStreamCaptureStatusNone)
          return finish("hipStreamGetCaptureInfo_v2", std::move(status));
        hipcore::graph::StreamCapture& part = *queue->capture;
        if (id_out != nullptr) *id_out = part.capture->id;
        if (graph_out != nullptr) *graph_out = reinterpret_cast<hipGraph_t>(part.capture->graph);
        if (dependencies_out != nullptr)
          *dependencies_out = reinterpret_cast<const hipGraphNode_t*>(part.frontier.data());
        if (numDependencies_out != nullptr) *numDependencies_out = part.frontier.size();
        return hipSuccess;
      },
      "stream, captureStatus_out, id_out, graph_out, dependencies_out, numDependencies_out", stream,
      captureStatus_out, id_out, graph_out, dependencies_out, numDependencies_out);
}

HIPCORE_API hipError_t hipStreamGetCaptureInfo(hipStream_t stream,
                                               hipStreamCaptureStatus* pCaptureStatus,
                                               unsigned long long* pId) {
  return hipcore::api::call(
      "hipStreamGetCaptureInfo", hipStreamGetCaptureInfo,
      [&] {
        return hipStreamGetCaptureInfo_v2(stream, pCaptureStatus, pId, nullptr, nullptr, nullptr);
      },
      "stream, pCaptureStatus, pId", stream, pCaptureStatus, pId);
}

HIPCORE_API hipError_t hipStreamUpdateCaptureDependencies(hipStream_t stream,
                                                          hipGraphNode_t* dependencies,
                                                          size_t numDependencies,
                                                          unsigned int flags) {
  return hipcore::api::call(
      "hipStreamUpdateCaptureDependencies", hipStreamUpdateCaptureDependencies,
      [&] {
        hipcore::core::Stream* queue = nullptr;
        Status status = capturable(stream, queue);
        if (status.ok() && (queue == nullptr || queue->capture == nullptr))
          status =
              fail(hipErrorIllegalState, "stream %p is not capturing", static_cast<void*>(stream));
        if (status.ok())
          status = hipcore::graph::updateDependencies(*queue, dependencies, numDependencies, flags);
        return finish("hipStreamUpdateCaptureDependencies", std::move(status));
      },
      "stream, dependencies, numDependencies, flags", stream, dependencies, numDependencies, flags);
}

HIPCORE_API hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode* mode) {
  return hipcore::api::call(
      "hipThreadExchangeStreamCaptureMode", hipThreadExchangeStreamCaptureMode,
      [&] {
        if (mode == nullptr || *mode < hipStreamCaptureModeGlobal ||
            *mode > hipStreamCaptureModeRelaxed)
          return finish("hipThreadExchangeStreamCaptureMode",
                        fail(hipErrorInvalidValue, "mode is null or not a capture mode"));
        *mode = hipcore::graph::exchangeThreadMode(*mode);
        return hipSuccess;
      },
      "mode", mode);
}

// ---- The per-thread default stream's forms ----

HIPCORE_API hipError_t hipStreamBeginCapture_spt(hipStream_t stream, hipStreamCaptureMode mode) {
  return hipcore::api::call(
      "hipStreamBeginCapture_spt", hipStreamBeginCapture_spt,
      [&] { return hipStreamBeginCapture(stream == nullptr ? hipStreamPerThread : stream, mode); },
      "stream, mode", stream, mode);
}

HIPCORE_API hipError_t hipStreamEndCapture_spt(hipStream_t stream, hipGraph_t* pGraph) {
  return hipcore::api::call(
      "hipStreamEndCapture_spt", hipStreamEndCapture_spt,
      [&] { return hipStreamEndCapture(stream == nullptr ? hipStreamPerThread : stream, pGraph); },
      "stream, pGraph", stream, pGraph);
}

HIPCORE_API hipError_t hipStreamIsCapturing_spt(hipStream_t stream,
                                                hipStreamCaptureStatus* pCaptureStatus) {
  return hipcore::api::call(
      "hipStreamIsCapturing_spt", hipStreamIsCapturing_spt,
      [&] {
        return hipStreamIsCapturing(stream == nullptr ? hipStreamPerThread : stream,
                                    pCaptureStatus);
      },
      "stream, pCaptureStatus", stream, pCaptureStatus);
}

HIPCORE_API hipError_t hipStreamGetCaptureInfo_spt(hipStream_t stream,
                                                   hipStreamCaptureStatus* pCaptureStatus,
                                                   unsigned long long* pId) {
  return hipcore::api::call(
      "hipStreamGetCaptureInfo_spt", hipStreamGetCaptureInfo_spt,
      [&] {
        return hipStreamGetCaptureInfo(stream == nullptr ? hipStreamPerThread : stream,
                                       pCaptureStatus, pId);
      },
      "stream, pCaptureStatus, pId", stream, pCaptureStatus, pId);
}

HIPCORE_API hipError_t hipStreamGetCaptureInfo_v2_spt(
    hipStream_t stream, hipStreamCaptureStatus* captureStatus_out, unsigned long long* id_out,
    hipGraph_t* graph_out, const hipGraphNode_t** dependencies_out, size_t* numDependencies_out) {
  return hipcore::api::call(
      "hipStreamGetCaptureInfo_v2_spt", hipStreamGetCaptureInfo_v2_spt,
      [&] {
        return hipStreamGetCaptureInfo_v2(stream == nullptr ? hipStreamPerThread : stream,
                                          captureStatus_out, id_out, graph_out, dependencies_out,
                                          numDependencies_out);
      },
      "stream, captureStatus_out, id_out, graph_out, dependencies_out, numDependencies_out", stream,
      captureStatus_out, id_out, graph_out, dependencies_out, numDependencies_out);
}
