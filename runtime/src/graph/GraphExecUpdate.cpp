// Changing an executable graph: hipGraphExec*SetParams, hipGraphNodeSetEnabled,
// hipGraphExecUpdate and hipGraphExecChildGraphNodeSetParams.
#include <algorithm>

#include "GraphExec.h"
#include "SyncNodes.h"

namespace hipcore::graph {

using core::fail;
using core::Status;

namespace {

// Whether a memset node may take `next` in an executable holding `current` (CUDA's rule): a 2D
// memset keeps all its dimensions, a 1D one stays one row (its width and element size may
// change: setParams lays the plan out again).
bool sameFillShape(const NodeParams& current, const NodeParams& next) {
  if (current.type != hipGraphNodeTypeMemset) return true;
  const hipMemsetParams& a = current.fill.params;
  const hipMemsetParams& b = next.fill.params;
  if (a.height == 1) return b.height == 1;
  return a.width == b.width && a.height == b.height && a.elementSize == b.elementSize &&
         a.pitch == b.pitch;
}

// Whether `b` has the topology of `a`: the same node kinds in the same order, the same edges,
// and child graphs alike. `differing` is the first node of `b` that is not.
bool sameTopology(const Graph& a, const Graph& b, GraphNode*& differing,
                  hipGraphExecUpdateResult& result) {
  if (a.nodes().size() != b.nodes().size()) {
    result = hipGraphExecUpdateErrorTopologyChanged;
    return false;
  }
  for (size_t i = 0; i < a.nodes().size(); ++i) {
    const GraphNode& x = *a.nodes()[i];
    GraphNode& y = *b.nodes()[i];
    differing = &y;
    if (x.params.type != y.params.type) {
      result = hipGraphExecUpdateErrorNodeTypeChanged;
      return false;
    }
    if (x.dependencies.size() != y.dependencies.size()) {
      result = hipGraphExecUpdateErrorTopologyChanged;
      return false;
    }
    for (size_t d = 0; d < x.dependencies.size(); ++d)
      if (x.dependencies[d]->position != y.dependencies[d]->position) {
        result = hipGraphExecUpdateErrorTopologyChanged;
        return false;
      }
    if (x.params.type == hipGraphNodeTypeKernel &&
        x.params.kernel.device() != y.params.kernel.device()) {
      result = hipGraphExecUpdateErrorUnsupportedFunctionChange;
      return false;
    }
    if (x.params.type == hipGraphNodeTypeMemcpy &&
        x.params.copy.params.kind != y.params.copy.params.kind) {
      result = hipGraphExecUpdateErrorParametersChanged;  // a copy's direction is fixed
      return false;
    }
    if (!sameSyncShape(x.params, y.params) || !sameFillShape(x.params, y.params)) {
      result = hipGraphExecUpdateErrorParametersChanged;
      return false;
    }
    if (x.params.type == hipGraphNodeTypeGraph &&
        !sameTopology(*x.params.child, *y.params.child, differing, result))
      return false;
  }
  differing = nullptr;
  return true;
}

}  // namespace

Status GraphExec::setParams(GraphNode& node, NodeParams params) {
  if (node.params.type != params.type)
    return fail(hipErrorInvalidValue, "node %p is not of the parameters' kind",
                static_cast<void*>(&node));
  // A copy's direction is part of the executable (CUDA: the memory types may not change; AMD
  // compares the kinds, hipMemcpyDefault included, and so does hipGraphExecUpdate here).
  if (params.type == hipGraphNodeTypeMemcpy &&
      params.copy.params.kind != node.params.copy.params.kind)
    return fail(hipErrorInvalidValue, "memcpy node %p: kind %d cannot become %d in an executable",
                static_cast<void*>(&node), static_cast<int>(node.params.copy.params.kind),
                static_cast<int>(params.copy.params.kind));
  if (!sameFillShape(node.params, params))
    return fail(hipErrorInvalidValue,
                "memset node %p: an executable's 2D memset keeps its dimensions, a 1D one its "
                "single row",
                static_cast<void*>(&node));
  if (!sameSyncShape(node.params, params))
    return fail(hipErrorInvalidValue,
                "node %p: an executable's node keeps its number of semaphores, or its context and "
                "its operations' number and types",
                static_cast<void*>(&node));
  if (params.type == hipGraphNodeTypeMemcpy || params.type == hipGraphNodeTypeMemset ||
      params.type == hipGraphNodeTypeEventRecord || params.type == hipGraphNodeTypeWaitEvent) {
    // On lanes a copy or fill is a prebuilt built-in kernel and an event node a packet naming
    // the event's signal, and the new parameters may decide whether the graph runs on lanes at
    // all: the plan is laid out again (launches in flight keep the old packets until they
    // complete). The single-queue plan reads them at each launch.
    const bool hadLanes = !lanes_.lanes.empty();
    if (hadLanes)
      if (Status idle = quiesce(); !idle.ok()) return idle;
    node.params = std::move(params);
    if (Status planned = plan(); !planned.ok()) return planned;
    if (!hadLanes && lanes_.lanes.empty()) return Status::success();
    if (!hadLanes)
      if (Status idle = quiesce(); !idle.ok()) return idle;
    releaseUploads();
    return Status::success();
  }
  if (params.type != hipGraphNodeTypeKernel) {
    node.params = std::move(params);  // read at each launch: nothing prebuilt to change
    return Status::success();
  }
  if (device_ >= 0 && params.kernel.device() != device_)
    return fail(hipErrorInvalidValue, "kernel of device %d in a graph of device %d",
                params.kernel.device(), device_);
  if (Status idle = quiesce(); !idle.ok()) return idle;
  const size_t oldBytes = segmentBytes(node.params.kernel.code().layout.segmentSize());
  node.params = std::move(params);
  auto found = std::find(kernels_.begin(), kernels_.end(), &node);
  if (found == kernels_.end()) return Status::success();  // disabled: packed when enabled
  if (segmentBytes(node.params.kernel.code().layout.segmentSize()) == oldBytes) {
    repack(static_cast<size_t>(found - kernels_.begin()));
    return Status::success();
  }
  releaseUploads();  // another kernel with a longer segment: lay the kernargs out again
  return plan();
}

Status GraphExec::setEnabled(GraphNode& node, bool enabled) {
  if (node.enabled == enabled) return Status::success();
  if (Status idle = quiesce(); !idle.ok()) return idle;
  releaseUploads();
  node.enabled = enabled;
  return plan();
}

namespace {

// Every node of `into` takes the parameters of its counterpart in `from` (same topology).
void takeParams(Graph& into, const Graph& from) {
  for (size_t i = 0; i < into.nodes().size(); ++i) {
    NodeParams& target = into.nodes()[i]->params;
    const NodeParams& source = from.nodes()[i]->params;
    if (target.type == hipGraphNodeTypeGraph)
      takeParams(*target.child, *source.child);
    else
      target.assign(source);
  }
}

// Whether taking `from`'s parameters into `into` (same topology) changes only kernel arguments:
// every node is empty, a kernel whose argument segment keeps its size, or a child graph of such
// nodes. Then the plan stands and each kernel's kernargs are rewritten in place.
bool onlyKernelArgumentsChange(const Graph& into, const Graph& from) {
  for (size_t i = 0; i < into.nodes().size(); ++i) {
    const NodeParams& target = into.nodes()[i]->params;
    const NodeParams& source = from.nodes()[i]->params;
    switch (target.type) {
      case hipGraphNodeTypeEmpty:
        break;
      case hipGraphNodeTypeKernel:
        if (target.kernel.code().layout.segmentSize() != source.kernel.code().layout.segmentSize())
          return false;
        break;
      case hipGraphNodeTypeGraph:
        if (!onlyKernelArgumentsChange(*target.child, *source.child)) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

}  // namespace

Status GraphExec::update(const Graph& graph, GraphNode*& errorNode,
                         hipGraphExecUpdateResult& result) {
  return takeUpdate(*graph_, graph, errorNode, result);
}

Status GraphExec::setChildGraph(GraphNode& node, const Graph& child) {
  if (node.params.type != hipGraphNodeTypeGraph)
    return fail(hipErrorInvalidValue, "node %p is not a child graph node",
                static_cast<void*>(&node));
  GraphNode* errorNode = nullptr;
  hipGraphExecUpdateResult result;
  Status status = takeUpdate(*node.params.child, child, errorNode, result);
  if (status.code == hipErrorGraphExecUpdateFailure) status.code = hipErrorInvalidValue;
  return status;
}

Status GraphExec::takeUpdate(Graph& into, const Graph& from, GraphNode*& errorNode,
                             hipGraphExecUpdateResult& result) {
  errorNode = nullptr;
  std::vector<GraphNode*> order;
  if (Status acyclic = from.order(order); !acyclic.ok()) {
    result = hipGraphExecUpdateError;
    return fail(hipErrorGraphExecUpdateFailure, "the graph has a cycle");
  }
  if (!sameTopology(into, from, errorNode, result))
    return fail(hipErrorGraphExecUpdateFailure,
                "the graph's topology differs from the executable's");
  if (Status idle = quiesce(); !idle.ok()) return idle;
  // The executable keeps its nodes (and its map from the first graph's nodes): only their
  // parameters change; the kernargs are rewritten in place when their layout is unchanged.
  if (onlyKernelArgumentsChange(into, from)) {
    takeParams(into, from);
    result = hipGraphExecUpdateSuccess;
    for (size_t i = 0; i < kernels_.size(); ++i) repack(i);
    return Status::success();
  }
  std::vector<size_t> oldOffsets = kernargOffsets_;
  const bool hadLanes = !lanes_.lanes.empty();
  takeParams(into, from);
  result = hipGraphExecUpdateSuccess;
  if (Status planned = plan(); !planned.ok()) return planned;
  // Lanes hold the copies' and fills' prebuilt kernels, and may come or go with their memory.
  if (kernargOffsets_ != oldOffsets || hadLanes || !lanes_.lanes.empty()) {
    releaseUploads();
    return Status::success();
  }
  for (size_t i = 0; i < kernels_.size(); ++i) repack(i);
  return Status::success();
}

}  // namespace hipcore::graph
