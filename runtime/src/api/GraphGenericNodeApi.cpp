// Nodes of any kind through one parameter record (hipGraphNodeParams): hipGraphAddNode,
// hipGraphNodeSetParams, hipGraphExecNodeSetParams.
#include "ApiCall.h"
#include "ApiState.h"
#include "GraphHandles.h"
#include "GraphNodeParams.h"

using hipcore::api::execOf;
using hipcore::api::finish;
using hipcore::api::graphOf;
using hipcore::api::nodeOf;
using hipcore::core::fail;
using hipcore::core::Status;
using hipcore::graph::Graph;
using hipcore::graph::GraphExec;
using hipcore::graph::GraphNode;
using hipcore::graph::NodeParams;

namespace {

// The node `given` describes. A memory allocation node's address is written back into it.
Status nodeFrom(hipGraphNodeParams* given, NodeParams& out) {
  if (given == nullptr) return fail(hipErrorInvalidValue, "node parameters are null");
  switch (given->type) {
    case hipGraphNodeTypeKernel:
      return hipcore::api::kernelNode(&given->kernel, out);
    case hipGraphNodeTypeMemcpy:
      return hipcore::api::copyNode(&given->memcpy.copyParams, out);
    case hipGraphNodeTypeMemset:
      return hipcore::api::fillNode(&given->memset, out);
    case hipGraphNodeTypeHost:
      return hipcore::api::hostNode(&given->host, out);
    case hipGraphNodeTypeEmpty:
      out.type = hipGraphNodeTypeEmpty;
      return Status::success();
    case hipGraphNodeTypeWaitEvent:
      return hipcore::api::eventNode(given->type, given->eventWait.event, out);
    case hipGraphNodeTypeEventRecord:
      return hipcore::api::eventNode(given->type, given->eventRecord.event, out);
    case hipGraphNodeTypeMemFree:
      return hipcore::api::freeNode(given->free.dptr, out);
    case hipGraphNodeTypeMemAlloc: {
      Status made = hipcore::api::allocationNode(&given->alloc, out);
      if (made.ok()) given->alloc.dptr = out.alloc.dptr;
      return made;
    }
    case hipGraphNodeTypeGraph: {
      Graph* child = nullptr;
      if (Status valid = graphOf(given->graph.graph, child); !valid.ok()) return valid;
      std::vector<GraphNode*> order;
      if (Status acyclic = child->order(order); !acyclic.ok()) return acyclic;
      out.type = hipGraphNodeTypeGraph;
      out.child = child->clone();
      return Status::success();
    }
    case hipGraphNodeTypeExtSemaphoreSignal:
      return hipcore::api::semaphoreSignalNode(&given->extSemSignal, out);
    case hipGraphNodeTypeExtSemaphoreWait:
      return hipcore::api::semaphoreWaitNode(&given->extSemWait, out);
    case hipGraphNodeTypeBatchMemOp:  // HIP's record has no member for it (CUDA's has)
      return fail(hipErrorInvalidValue,
                  "hipGraphNodeParams has no batch memory-operation parameters: use "
                  "hipGraphAddBatchMemOpNode");
    case hipGraphNodeTypeMemcpyFromSymbol:
    case hipGraphNodeTypeMemcpyToSymbol:
      return fail(hipErrorNotSupported, "node kind %d is not supported",
                  static_cast<int>(given->type));
    default:
      return fail(hipErrorInvalidValue, "%d is not a node kind", static_cast<int>(given->type));
  }
}

}  // namespace

HIPCORE_API hipError_t hipGraphAddNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                       const hipGraphNode_t* pDependencies, size_t numDependencies,
                                       hipGraphNodeParams* nodeParams) {
  return hipcore::api::call(
      "hipGraphAddNode", hipGraphAddNode,
      [&] {
        Graph* object = nullptr;
        Status status = graphOf(graph, object);  // before a memory node reserves its block
        NodeParams params;
        if (status.ok()) status = nodeFrom(nodeParams, params);
        if (status.ok())
          status = hipcore::api::addNode(graph, pGraphNode, pDependencies, numDependencies,
                                         std::move(params));
        return finish("hipGraphAddNode", std::move(status));
      },
      "pGraphNode, graph, pDependencies, numDependencies, nodeParams", pGraphNode, graph,
      pDependencies, numDependencies, nodeParams);
}

HIPCORE_API hipError_t hipGraphNodeSetParams(hipGraphNode_t node, hipGraphNodeParams* nodeParams) {
  return hipcore::api::call(
      "hipGraphNodeSetParams", hipGraphNodeSetParams,
      [&] {
        GraphNode* object = nullptr;
        Status status = nodeOf(node, object);
        if (status.ok() && nodeParams != nullptr && nodeParams->type != object->params.type)
          status = fail(hipErrorInvalidValue, "node %p is of kind %d, the parameters of %d",
                        static_cast<void*>(node), static_cast<int>(object->params.type),
                        static_cast<int>(nodeParams->type));
        if (status.ok() && object->params.type == hipGraphNodeTypeMemAlloc)
          status = fail(hipErrorInvalidValue, "a memory allocation node cannot be changed");
        NodeParams params;
        if (status.ok()) status = nodeFrom(nodeParams, params);
        if (status.ok()) object->params = std::move(params);
        return finish("hipGraphNodeSetParams", std::move(status));
      },
      "node, nodeParams", node, nodeParams);
}

HIPCORE_API hipError_t hipGraphExecNodeSetParams(hipGraphExec_t graphExec, hipGraphNode_t node,
                                                 hipGraphNodeParams* nodeParams) {
  return hipcore::api::call(
      "hipGraphExecNodeSetParams", hipGraphExecNodeSetParams,
      [&] {
        GraphExec* exec = nullptr;
        GraphNode* original = nullptr;
        Status status = execOf(graphExec, exec);
        if (status.ok()) status = nodeOf(node, original);
        GraphNode* copy = status.ok() ? exec->copyOf(original) : nullptr;
        if (status.ok() && copy == nullptr)
          status = fail(hipErrorInvalidValue, "node %p is not of the executable's graph",
                        static_cast<void*>(node));
        if (status.ok() && nodeParams == nullptr)
          status = fail(hipErrorInvalidValue, "node parameters are null");
        if (status.ok() && (nodeParams->type == hipGraphNodeTypeMemAlloc ||
                            nodeParams->type == hipGraphNodeTypeMemFree))
          status = fail(hipErrorInvalidValue, "memory nodes cannot be changed in an executable");
        if (!status.ok()) return finish("hipGraphExecNodeSetParams", std::move(status));
        if (nodeParams->type == hipGraphNodeTypeGraph) {
          Graph* child = nullptr;
          status = graphOf(nodeParams->graph.graph, child);
          if (status.ok()) status = exec->setChildGraph(*copy, *child);
          return finish("hipGraphExecNodeSetParams", std::move(status));
        }
        NodeParams params;
        status = nodeFrom(nodeParams, params);
        if (status.ok()) status = exec->setParams(*copy, std::move(params));
        return finish("hipGraphExecNodeSetParams", std::move(status));
      },
      "graphExec, node, nodeParams", graphExec, node, nodeParams);
}
