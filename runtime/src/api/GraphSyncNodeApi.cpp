// External-semaphore signal and wait nodes and batch memory-operation nodes:
// hipGraphAdd*Node, their GetParams/SetParams and hipGraphExec*SetParams.
#include "ApiCall.h"
#include "ApiState.h"
#include "GraphHandles.h"
#include "GraphNodeCalls.h"
#include "GraphNodeParams.h"

using hipcore::api::addNodeCall;
using hipcore::api::finish;
using hipcore::api::nodeForGet;
using hipcore::api::setExecNodeCall;
using hipcore::api::setNodeCall;
using hipcore::core::Status;
using hipcore::graph::GraphNode;
using hipcore::graph::NodeParams;

namespace {

// The kinds an executable's node must have, for setExecNodeCall.
constexpr hipGraphNodeType kExtSemaphoreSignal = hipGraphNodeTypeExtSemaphoreSignal;
constexpr hipGraphNodeType kExtSemaphoreWait = hipGraphNodeTypeExtSemaphoreWait;
constexpr hipGraphNodeType kBatchMemOp = hipGraphNodeTypeBatchMemOp;

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
        return addNodeCall("hipGraphAddExternalSemaphoresSignalNode", pGraphNode, graph,
                           pDependencies, numDependencies, std::move(built), std::move(params));
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
        Status status = nodeForGet(hNode, hipGraphNodeTypeExtSemaphoreSignal, params_out, object);
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
        return setNodeCall("hipGraphExternalSemaphoresSignalNodeSetParams", hNode,
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
        return setExecNodeCall("hipGraphExecExternalSemaphoresSignalNodeSetParams", hGraphExec,
                               hNode, std::move(built), std::move(params), &kExtSemaphoreSignal);
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
        return addNodeCall("hipGraphAddExternalSemaphoresWaitNode", pGraphNode, graph,
                           pDependencies, numDependencies, std::move(built), std::move(params));
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
        Status status = nodeForGet(hNode, hipGraphNodeTypeExtSemaphoreWait, params_out, object);
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
        return setNodeCall("hipGraphExternalSemaphoresWaitNodeSetParams", hNode,
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
        return setExecNodeCall("hipGraphExecExternalSemaphoresWaitNodeSetParams", hGraphExec, hNode,
                               std::move(built), std::move(params), &kExtSemaphoreWait);
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
        return addNodeCall("hipGraphAddBatchMemOpNode", phGraphNode, hGraph, dependencies,
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
        Status status = nodeForGet(hNode, hipGraphNodeTypeBatchMemOp, nodeParams_out, object);
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
        return setNodeCall("hipGraphBatchMemOpNodeSetParams", hNode, hipGraphNodeTypeBatchMemOp,
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
        return setExecNodeCall("hipGraphExecBatchMemOpNodeSetParams", hGraphExec, hNode,
                               std::move(built), std::move(params), &kBatchMemOp);
      },
      "hGraphExec, hNode, nodeParams", hGraphExec, hNode, nodeParams);
}
