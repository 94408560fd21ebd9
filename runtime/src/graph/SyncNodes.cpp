// Running external-semaphore and batch memory-operation nodes, and the launch order around them.
#include "SyncNodes.h"

#include <algorithm>
#include <deque>
#include <string>

#include "core/Device.h"
#include "core/ExternalMemory.h"
#include "core/MemoryOperation.h"
#include "core/Stream.h"

namespace hipcore::graph {

using core::fail;
using core::Status;

namespace {

Status runSemaphores(const NodeParams& params, core::Stream& queue) {
  const SemaphoreOperation& op = params.semaphores;
  core::ExternalMemory& external = *op.external;
  // Every semaphore is checked before any is used: one destroyed since the node was made fails
  // the launch before the node has done part of its work.
  for (hipExternalSemaphore_t handle : op.semaphores)
    if (!external.liveSemaphore(static_cast<const core::ImportedSemaphore*>(handle)))
      return fail(hipErrorInvalidValue, "external semaphore %p of a graph node was destroyed",
                  static_cast<void*>(handle));
  for (size_t i = 0; i < op.semaphores.size(); ++i) {
    auto* semaphore = static_cast<core::ImportedSemaphore*>(op.semaphores[i]);
    Status status = params.type == hipGraphNodeTypeExtSemaphoreSignal
                        ? external.signal(semaphore, op.signals[i], queue)
                        : external.wait(semaphore, op.waits[i], queue);
    if (!status.ok()) return status;
  }
  return Status::success();
}

Status runMemoryOperations(const MemoryOperations& batch, core::Stream& queue) {
  for (size_t i = 0; i < batch.operations.size(); ++i) {
    Status status =
        core::queueMemoryOperation(queue.device(), &queue, batch.operations[i], batch.masks[i]);
    if (!status.ok()) {
      status.addContext("operation " + std::to_string(i) + " of a batch memory-operation node");
      return status;
    }
  }
  return Status::success();
}

bool anyWaitsOutside(const Graph& graph) {
  return std::any_of(graph.nodes().begin(), graph.nodes().end(),
                     [](const auto& node) { return waitsOutside(node->params); });
}

}  // namespace

Status runSyncNode(const NodeParams& params, core::Stream& queue) {
  if (params.type == hipGraphNodeTypeBatchMemOp)
    return runMemoryOperations(params.memoryOperations, queue);
  return runSemaphores(params, queue);
}

bool waitsOutside(const NodeParams& params) {
  if (params.type == hipGraphNodeTypeExtSemaphoreWait) return true;
  if (params.type != hipGraphNodeTypeBatchMemOp) return false;
  return std::any_of(params.memoryOperations.operations.begin(),
                     params.memoryOperations.operations.end(), [](const auto& op) {
                       return op.operation == hipStreamMemOpWaitValue32 ||
                              op.operation == hipStreamMemOpWaitValue64;
                     });
}

bool sameSyncShape(const NodeParams& current, const NodeParams& next) {
  if (current.type == hipGraphNodeTypeExtSemaphoreSignal ||
      current.type == hipGraphNodeTypeExtSemaphoreWait)
    return current.semaphores.semaphores.size() == next.semaphores.semaphores.size();
  if (current.type != hipGraphNodeTypeBatchMemOp) return true;
  const MemoryOperations& a = current.memoryOperations;
  const MemoryOperations& b = next.memoryOperations;
  if (a.context != b.context || a.operations.size() != b.operations.size()) return false;
  for (size_t i = 0; i < a.operations.size(); ++i)
    if (a.operations[i].operation != b.operations[i].operation) return false;
  return true;
}

Status launchOrder(const Graph& graph, std::vector<GraphNode*>& out) {
  if (!anyWaitsOutside(graph)) return graph.order(out);
  // Kahn's order with two ready lists: a waiting node is placed only when no other node is
  // ready, so everything that does not depend on it is queued before it.
  if (Status acyclic = graph.order(out); !acyclic.ok()) return acyclic;
  std::vector<size_t> waiting(graph.nodes().size());
  std::deque<GraphNode*> ready, deferred;
  for (const auto& node : graph.nodes()) {
    waiting[node->position] = node->dependencies.size();
    if (node->dependencies.empty())
      (waitsOutside(node->params) ? deferred : ready).push_back(node.get());
  }
  out.clear();
  while (!ready.empty() || !deferred.empty()) {
    std::deque<GraphNode*>& from = ready.empty() ? deferred : ready;
    GraphNode* next = from.front();
    from.pop_front();
    out.push_back(next);
    for (GraphNode* dependent : next->dependents)
      if (--waiting[dependent->position] == 0)
        (waitsOutside(dependent->params) ? deferred : ready).push_back(dependent);
  }
  return Status::success();
}

}  // namespace hipcore::graph
