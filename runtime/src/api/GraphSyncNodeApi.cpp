// External-semaphore signal and wait nodes and batch memory-operation nodes:
// hipGraphAdd*Node, their GetParams/SetParams and hipGraphExec*SetParams.
#include "ApiCall.h"
#include "ApiState.h"
#include "GraphHandles.h"
#include "GraphNodeParams.h"

using hipcore::api::finish;
using hipcore::api::nodeOf;
using hipcore::core::fail;
using hipcore::core::Status;
using hipcore::graph::GraphExec;
using hipcore::graph::GraphNode;
using hipcore::graph::NodeParams;

namespace {

hipError_t addNode(const char* call, hipGraphNode_t* out, hipGraph_t graph,
                   const hipGraphNode_t* dependencies, size_t count, Status built,
                   NodeParams params) {
  if (!built.ok()) return finish(call, std::move(built));
  return finish(call, hipcore::api::addNode(graph, out, dependencies, count, std::move(params)));
}

hipError_t setNode(const char* call, hipGraphNode_t node, hipGraphNodeType type, Status built,
                   NodeParams params) {
  GraphNode* object = nullptr;
  Status status = nodeOf(node, type, object);
  if (status.ok()) status = std::move(built);
  if (status.ok()) object->params = std::move(params);
  return finish(call, std::move(status));
}

// The executable's copy of `node`, of kind `type`, takes the parameters `built` made.
hipError_t setExecNode(const char* call, hipGraphExec_t exec, hipGraphNode_t node,
                       hipGraphNodeType type, Status built, NodeParams params) {
  GraphExec* object = nullptr;
  GraphNode* original = nullptr;
  Status status = hipcore::api::execOf(exec, object);
  if (status.ok()) status = nodeOf(node, type, original);
  GraphNode* copy = status.ok() ? object->copyOf(original) : nullptr;
  if (status.ok() && copy == nullptr)
    status = fail(hipErrorInvalidValue, "node %p is not of the graph executable %p was made from",
                  static_cast<void*>(node), static_cast<void*>(exec));
  if (status.ok()) status = std::move(built);
  if (status.ok()) status = object->setParams(*copy, std::move(params));
  return finish(call, std::move(status));
}

template <class Out>
Status getNode(hipGraphNode_t node, hipGraphNodeType type, Out* out, GraphNode*& object) {
  Status status = nodeOf(node, type, object);
  if (status.ok() && out == nullptr) status = fail(hipErrorInvalidValue, "the output is null");
  return status;
}

}  // namespace

// ---- External-semaphore signal nodes ----

HIPCORE_API hipError_t hipGraphAddExternalSemaphoresSignalNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
    size_t numDependencies, const hipExternalSemaphoreSignalNodeParams* nodeParams) {
  return hipcore::api::call(
      "hipGraphAddExternalSemaphoresSignalNode", hipGraphAddExternalSemaphoresSignalNode,
      [&] {
        NodeParams params;
        Status built = hipcore::api::semaphoreSignalNode(nodeParams, params);
        return addNode("hipGraphAddExternalSemaphoresSignalNode", pGraphNode, graph, pDependencies,
                       numDependencies, std::move(built), std::move(params));
      },
      "pGraphNode, graph, pDependencies, numDependencies, nodeParams", pGraphNode, graph,
      pDependencies, numDependencies, nodeParams);
}

HIPCORE_API hipError_t hipGraphExternalSemaphoresSignalNodeGetParams(
    hipGraphNode_t hNode, hipExternalSemaphoreSignalNodeParams* params_out) {
  return hipcore::api::call(
      "hipGraphExternalSemaphoresSignalNodeGetParams",
      hipGraphExternalSemaphoresSignalNodeGetParams,
      [&] {
        GraphNode* object = nullptr;
        Status status = getNode(hNode, hipGraphNodeTypeExtSemaphoreSignal, params_out, object);
        if (status.ok()) {
          hipcore::graph::SemaphoreOperation& op = object->params.semaphores;
          params_out->extSemArray = op.semaphores.data();
          params_out->paramsArray = op.signals.data();
          params_out->numExtSems = static_cast<unsigned>(op.semaphores.size());
        }
        return finish("hipGraphExternalSemaphoresSignalNodeGetParams", std::move(status));
      },
      "hNode, params_out", hNode, params_out);
}

HIPCORE_API hipError_t hipGraphExternalSemaphoresSignalNodeSetParams(
    hipGraphNode_t hNode, const hipExternalSemaphoreSignalNodeParams* nodeParams) {
  return hipcore::api::call(
      "hipGraphExternalSemaphoresSignalNodeSetParams",
      hipGraphExternalSemaphoresSignalNodeSetParams,
      [&] {
        NodeParams params;
        Status built = hipcore::api::semaphoreSignalNode(nodeParams, params);
        return setNode("hipGraphExternalSemaphoresSignalNodeSetParams", hNode,
                       hipGraphNodeTypeExtSemaphoreSignal, std::move(built), std::move(params));
      },
      "hNode, nodeParams", hNode, nodeParams);
}

HIPCORE_API hipError_t hipGraphExecExternalSemaphoresSignalNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
    const hipExternalSemaphoreSignalNodeParams* nodeParams) {
  return hipcore::api::call(
      "hipGraphExecExternalSemaphoresSignalNodeSetParams",
      hipGraphExecExternalSemaphoresSignalNodeSetParams,
      [&] {
        NodeParams params;
        Status built = hipcore::api::semaphoreSignalNode(nodeParams, params);
        return setExecNode("hipGraphExecExternalSemaphoresSignalNodeSetParams", hGraphExec, hNode,
                           hipGraphNodeTypeExtSemaphoreSignal, std::move(built), std::move(params));
      },
      "hGraphExec, hNode, nodeParams", hGraphExec, hNode, nodeParams);
}

// ---- External-semaphore wait nodes ----

HIPCORE_API hipError_t hipGraphAddExternalSemaphoresWaitNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
    size_t numDependencies, const hipExternalSemaphoreWaitNodeParams* nodeParams) {
  return hipcore::api::call(
      "hipGraphAddExternalSemaphoresWaitNode", hipGraphAddExternalSemaphoresWaitNode,
      [&] {
        NodeParams params;
        Status built = hipcore::api::semaphoreWaitNode(nodeParams, params);
        return addNode("hipGraphAddExternalSemaphoresWaitNode", pGraphNode, graph, pDependencies,
                       numDependencies, std::move(built), std::move(params));
      },
      "pGraphNode, graph, pDependencies, numDependencies, nodeParams", pGraphNode, graph,
      pDependencies, numDependencies, nodeParams);
}

HIPCORE_API hipError_t hipGraphExternalSemaphoresWaitNodeGetParams(
    hipGraphNode_t hNode, hipExternalSemaphoreWaitNodeParams* params_out) {
  return hipcore::api::call(
      "hipGraphExternalSemaphoresWaitNodeGetParams", hipGraphExternalSemaphoresWaitNodeGetParams,
      [&] {
        GraphNode* object = nullptr;
        Status status = getNode(hNode, hipGraphNodeTypeExtSemaphoreWait, params_out, object);
        if (status.ok()) {
          hipcore::graph::SemaphoreOperation& op = object->params.semaphores;
          params_out->extSemArray = op.semaphores.data();
          params_out->paramsArray = op.waits.data();
          params_out->numExtSems = static_cast<unsigned>(op.semaphores.size());
        }
        return finish("hipGraphExternalSemaphoresWaitNodeGetParams", std::move(status));
      },
      "hNode, params_out", hNode, params_out);
}

HIPCORE_API hipError_t hipGraphExternalSemaphoresWaitNodeSetParams(
    hipGraphNode_t hNode, const hipExternalSemaphoreWaitNodeParams* nodeParams) {
  return hipcore::api::call(
      "hipGraphExternalSemaphoresWaitNodeSetParams", hipGraphExternalSemaphoresWaitNodeSetParams,
      [&] {
        NodeParams params;
        Status built = hipcore::api::semaphoreWaitNode(nodeParams, params);
        return setNode("hipGraphExternalSemaphoresWaitNodeSetParams", hNode,
                       hipGraphNodeTypeExtSemaphoreWait, std::move(built), std::move(params));
      },
      "hNode, nodeParams", hNode, nodeParams);
}

HIPCORE_API hipError_t hipGraphExecExternalSemaphoresWaitNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
    const hipExternalSemaphoreWaitNodeParams* nodeParams) {
  return hipcore::api::call(
      "hipGraphExecExternalSemaphoresWaitNodeSetParams",
      hipGraphExecExternalSemaphoresWaitNodeSetParams,
      [&] {
        NodeParams params;
        Status built = hipcore::api::semaphoreWaitNode(nodeParams, params);
        return setExecNode("hipGraphExecExternalSemaphoresWaitNodeSetParams", hGraphExec, hNode,
                           hipGraphNodeTypeExtSemaphoreWait, std::move(built), std::move(params));
      },
      "hGraphExec, hNode, nodeParams", hGraphExec, hNode, nodeParams);
}

// ---- Batch memory-operation nodes ----

HIPCORE_API hipError_t hipGraphAddBatchMemOpNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                 const hipGraphNode_t* dependencies,
                                                 size_t numDependencies,
                                                 const hipBatchMemOpNodeParams* nodeParams) {
  return hipcore::api::call(
      "hipGraphAddBatchMemOpNode", hipGraphAddBatchMemOpNode,
      [&] {
        NodeParams params;
        Status built = hipcore::api::memoryOperationsNode(nodeParams, params);
        return addNode("hipGraphAddBatchMemOpNode", phGraphNode, hGraph, dependencies,
                       numDependencies, std::move(built), std::move(params));
      },
      "phGraphNode, hGraph, dependencies, numDependencies, nodeParams", phGraphNode, hGraph,
      dependencies, numDependencies, nodeParams);
}

HIPCORE_API hipError_t hipGraphBatchMemOpNodeGetParams(hipGraphNode_t hNode,
                                                       hipBatchMemOpNodeParams* nodeParams_out) {
  return hipcore::api::call(
      "hipGraphBatchMemOpNodeGetParams", hipGraphBatchMemOpNodeGetParams,
      [&] {
        GraphNode* object = nullptr;
        Status status = getNode(hNode, hipGraphNodeTypeBatchMemOp, nodeParams_out, object);
        if (status.ok()) {
          // The array is the node's: valid until the node is destroyed or its parameters change.
          hipcore::graph::MemoryOperations& batch = object->params.memoryOperations;
          nodeParams_out->ctx = batch.context;
          nodeParams_out->count = static_cast<unsigned>(batch.operations.size());
          nodeParams_out->paramArray = batch.operations.data();
          nodeParams_out->flags = batch.flags;
        }
        return finish("hipGraphBatchMemOpNodeGetParams", std::move(status));
      },
      "hNode, nodeParams_out", hNode, nodeParams_out);
}

HIPCORE_API hipError_t hipGraphBatchMemOpNodeSetParams(hipGraphNode_t hNode,
                                                       hipBatchMemOpNodeParams* nodeParams) {
  return hipcore::api::call(
      "hipGraphBatchMemOpNodeSetParams", hipGraphBatchMemOpNodeSetParams,
      [&] {
        NodeParams params;
        Status built = hipcore::api::memoryOperationsNode(nodeParams, params);
        return setNode("hipGraphBatchMemOpNodeSetParams", hNode, hipGraphNodeTypeBatchMemOp,
                       std::move(built), std::move(params));
      },
      "hNode, nodeParams", hNode, nodeParams);
}

HIPCORE_API hipError_t hipGraphExecBatchMemOpNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t hNode, const hipBatchMemOpNodeParams* nodeParams) {
  return hipcore::api::call(
      "hipGraphExecBatchMemOpNodeSetParams", hipGraphExecBatchMemOpNodeSetParams,
      [&] {
        NodeParams params;
        Status built = hipcore::api::memoryOperationsNode(nodeParams, params);
        return setExecNode("hipGraphExecBatchMemOpNodeSetParams", hGraphExec, hNode,
                           hipGraphNodeTypeBatchMemOp, std::move(built), std::move(params));
      },
      "hGraphExec, hNode, nodeParams", hGraphExec, hNode, nodeParams);
}
