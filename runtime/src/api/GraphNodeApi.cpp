// Graph nodes of each kind: hipGraphAdd*Node and hipGraph*NodeGetParams/SetParams (kernel,
// memcpy in 3D, 1D and symbol forms, memset, host, child graph, empty, event record and wait).
#include "ApiCall.h"
#include "ApiState.h"
#include "GraphHandles.h"
#include "GraphNodeCalls.h"
#include "GraphNodeParams.h"

using hipcore::api::addNodeCall;
using hipcore::api::finish;
using hipcore::api::graphOf;
using hipcore::api::nodeForGet;
using hipcore::api::nodeOf;
using hipcore::api::setNodeCall;
using hipcore::core::fail;
using hipcore::core::Status;
using hipcore::graph::Graph;
using hipcore::graph::GraphNode;
using hipcore::graph::NodeParams;

// ---- Kernel nodes ----

HIPCORE_API hipError_t hipGraphAddKernelNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                             const hipGraphNode_t* pDependencies,
                                             size_t numDependencies,
                                             const hipKernelNodeParams* pNodeParams) {
  return hipcore::api::call(
      "hipGraphAddKernelNode", hipGraphAddKernelNode,
      [&] {
        NodeParams params;
        Status built = hipcore::api::kernelNode(pNodeParams, params);
        return addNodeCall("hipGraphAddKernelNode", pGraphNode, graph, pDependencies,
                           numDependencies, std::move(built), std::move(params));
      },
      "pGraphNode, graph, pDependencies, numDependencies, pNodeParams", pGraphNode, graph,
      pDependencies, numDependencies, pNodeParams);
}

HIPCORE_API hipError_t hipGraphKernelNodeGetParams(hipGraphNode_t node,
                                                   hipKernelNodeParams* pNodeParams) {
  return hipcore::api::call(
      "hipGraphKernelNodeGetParams", hipGraphKernelNodeGetParams,
      [&] {
        GraphNode* object = nullptr;
        Status status = nodeForGet(node, hipGraphNodeTypeKernel, pNodeParams, object);
        if (status.ok()) *pNodeParams = object->params.kernel.params();
        return finish("hipGraphKernelNodeGetParams", std::move(status));
      },
      "node, pNodeParams", node, pNodeParams);
}

HIPCORE_API hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node,
                                                   const hipKernelNodeParams* pNodeParams) {
  return hipcore::api::call(
      "hipGraphKernelNodeSetParams", hipGraphKernelNodeSetParams,
      [&] {
        NodeParams params;
        Status built = hipcore::api::kernelNode(pNodeParams, params);
        return setNodeCall("hipGraphKernelNodeSetParams", node, hipGraphNodeTypeKernel,
                           std::move(built), std::move(params));
      },
      "node, pNodeParams", node, pNodeParams);
}

// ---- Memcpy nodes ----

HIPCORE_API hipError_t hipGraphAddMemcpyNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                             const hipGraphNode_t* pDependencies,
                                             size_t numDependencies,
                                             const hipMemcpy3DParms* pCopyParams) {
  return hipcore::api::call(
      "hipGraphAddMemcpyNode", hipGraphAddMemcpyNode,
      [&] {
        NodeParams params;
        Status built = hipcore::api::copyNode(pCopyParams, params);
        return addNodeCall("hipGraphAddMemcpyNode", pGraphNode, graph, pDependencies,
                           numDependencies, std::move(built), std::move(params));
      },
      "pGraphNode, graph, pDependencies, numDependencies, pCopyParams", pGraphNode, graph,
      pDependencies, numDependencies, pCopyParams);
}

HIPCORE_API hipError_t hipGraphMemcpyNodeGetParams(hipGraphNode_t node,
                                                   hipMemcpy3DParms* pNodeParams) {
  return hipcore::api::call(
      "hipGraphMemcpyNodeGetParams", hipGraphMemcpyNodeGetParams,
      [&] {
        GraphNode* object = nullptr;
        Status status = nodeForGet(node, hipGraphNodeTypeMemcpy, pNodeParams, object);
        if (status.ok()) *pNodeParams = object->params.copy.params;
        return finish("hipGraphMemcpyNodeGetParams", std::move(status));
      },
      "node, pNodeParams", node, pNodeParams);
}

HIPCORE_API hipError_t hipGraphMemcpyNodeSetParams(hipGraphNode_t node,
                                                   const hipMemcpy3DParms* pNodeParams) {
  return hipcore::api::call(
      "hipGraphMemcpyNodeSetParams", hipGraphMemcpyNodeSetParams,
      [&] {
        NodeParams params;
        Status built = hipcore::api::copyNode(pNodeParams, params);
        return setNodeCall("hipGraphMemcpyNodeSetParams", node, hipGraphNodeTypeMemcpy,
                           std::move(built), std::move(params));
      },
      "node, pNodeParams", node, pNodeParams);
}

HIPCORE_API hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                               const hipGraphNode_t* pDependencies,
                                               size_t numDependencies, void* dst, const void* src,
                                               size_t count, hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipGraphAddMemcpyNode1D", hipGraphAddMemcpyNode1D,
      [&] {
        NodeParams params;
        Status built = hipcore::api::copyNode1D(dst, src, count, kind, params);
        return addNodeCall("hipGraphAddMemcpyNode1D", pGraphNode, graph, pDependencies,
                           numDependencies, std::move(built), std::move(params));
      },
      "pGraphNode, graph, pDependencies, numDependencies, dst, src, count, kind", pGraphNode, graph,
      pDependencies, numDependencies, dst, src, count, kind);
}

HIPCORE_API hipError_t hipGraphMemcpyNodeSetParams1D(hipGraphNode_t node, void* dst,
                                                     const void* src, size_t count,
                                                     hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipGraphMemcpyNodeSetParams1D", hipGraphMemcpyNodeSetParams1D,
      [&] {
        NodeParams params;
        Status built = hipcore::api::copyNode1D(dst, src, count, kind, params);
        return setNodeCall("hipGraphMemcpyNodeSetParams1D", node, hipGraphNodeTypeMemcpy,
                           std::move(built), std::move(params));
      },
      "node, dst, src, count, kind", node, dst, src, count, kind);
}

HIPCORE_API hipError_t hipGraphAddMemcpyNodeFromSymbol(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                       const hipGraphNode_t* pDependencies,
                                                       size_t numDependencies, void* dst,
                                                       const void* symbol, size_t count,
                                                       size_t offset, hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipGraphAddMemcpyNodeFromSymbol", hipGraphAddMemcpyNodeFromSymbol,
      [&] {
        NodeParams params;
        Status built =
            hipcore::api::symbolCopyNode(dst, nullptr, symbol, count, offset, kind, false, params);
        return addNodeCall("hipGraphAddMemcpyNodeFromSymbol", pGraphNode, graph, pDependencies,
                           numDependencies, std::move(built), std::move(params));
      },
      "pGraphNode, graph, pDependencies, numDependencies, dst, symbol, count, offset, kind",
      pGraphNode, graph, pDependencies, numDependencies, dst, symbol, count, offset, kind);
}

HIPCORE_API hipError_t hipGraphAddMemcpyNodeToSymbol(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                     const hipGraphNode_t* pDependencies,
                                                     size_t numDependencies, const void* symbol,
                                                     const void* src, size_t count, size_t offset,
                                                     hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipGraphAddMemcpyNodeToSymbol", hipGraphAddMemcpyNodeToSymbol,
      [&] {
        NodeParams params;
        Status built =
            hipcore::api::symbolCopyNode(nullptr, src, symbol, count, offset, kind, true, params);
        return addNodeCall("hipGraphAddMemcpyNodeToSymbol", pGraphNode, graph, pDependencies,
                           numDependencies, std::move(built), std::move(params));
      },
      "pGraphNode, graph, pDependencies, numDependencies, symbol, src, count, offset, kind",
      pGraphNode, graph, pDependencies, numDependencies, symbol, src, count, offset, kind);
}

HIPCORE_API hipError_t hipGraphMemcpyNodeSetParamsFromSymbol(hipGraphNode_t node, void* dst,
                                                             const void* symbol, size_t count,
                                                             size_t offset, hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipGraphMemcpyNodeSetParamsFromSymbol", hipGraphMemcpyNodeSetParamsFromSymbol,
      [&] {
        NodeParams params;
        Status built =
            hipcore::api::symbolCopyNode(dst, nullptr, symbol, count, offset, kind, false, params);
        return setNodeCall("hipGraphMemcpyNodeSetParamsFromSymbol", node, hipGraphNodeTypeMemcpy,
                           std::move(built), std::move(params));
      },
      "node, dst, symbol, count, offset, kind", node, dst, symbol, count, offset, kind);
}

HIPCORE_API hipError_t hipGraphMemcpyNodeSetParamsToSymbol(hipGraphNode_t node, const void* symbol,
                                                           const void* src, size_t count,
                                                           size_t offset, hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipGraphMemcpyNodeSetParamsToSymbol", hipGraphMemcpyNodeSetParamsToSymbol,
      [&] {
        NodeParams params;
        Status built =
            hipcore::api::symbolCopyNode(nullptr, src, symbol, count, offset, kind, true, params);
        return setNodeCall("hipGraphMemcpyNodeSetParamsToSymbol", node, hipGraphNodeTypeMemcpy,
                           std::move(built), std::move(params));
      },
      "node, symbol, src, count, offset, kind", node, symbol, src, count, offset, kind);
}

// ---- Memset nodes ----

HIPCORE_API hipError_t hipGraphAddMemsetNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                             const hipGraphNode_t* pDependencies,
                                             size_t numDependencies,
                                             const hipMemsetParams* pMemsetParams) {
  return hipcore::api::call(
      "hipGraphAddMemsetNode", hipGraphAddMemsetNode,
      [&] {
        NodeParams params;
        Status built = hipcore::api::fillNode(pMemsetParams, params);
        return addNodeCall("hipGraphAddMemsetNode", pGraphNode, graph, pDependencies,
                           numDependencies, std::move(built), std::move(params));
      },
      "pGraphNode, graph, pDependencies, numDependencies, pMemsetParams", pGraphNode, graph,
      pDependencies, numDependencies, pMemsetParams);
}

HIPCORE_API hipError_t hipGraphMemsetNodeGetParams(hipGraphNode_t node,
                                                   hipMemsetParams* pNodeParams) {
  return hipcore::api::call(
      "hipGraphMemsetNodeGetParams", hipGraphMemsetNodeGetParams,
      [&] {
        GraphNode* object = nullptr;
        Status status = nodeForGet(node, hipGraphNodeTypeMemset, pNodeParams, object);
        if (status.ok()) *pNodeParams = object->params.fill.params;
        return finish("hipGraphMemsetNodeGetParams", std::move(status));
      },
      "node, pNodeParams", node, pNodeParams);
}

HIPCORE_API hipError_t hipGraphMemsetNodeSetParams(hipGraphNode_t node,
                                                   const hipMemsetParams* pNodeParams) {
  return hipcore::api::call(
      "hipGraphMemsetNodeSetParams", hipGraphMemsetNodeSetParams,
      [&] {
        NodeParams params;
        Status built = hipcore::api::fillNode(pNodeParams, params);
        return setNodeCall("hipGraphMemsetNodeSetParams", node, hipGraphNodeTypeMemset,
                           std::move(built), std::move(params));
      },
      "node, pNodeParams", node, pNodeParams);
}

// ---- Host nodes ----

HIPCORE_API hipError_t hipGraphAddHostNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                           const hipGraphNode_t* pDependencies,
                                           size_t numDependencies,
                                           const hipHostNodeParams* pNodeParams) {
  return hipcore::api::call(
      "hipGraphAddHostNode", hipGraphAddHostNode,
      [&] {
        NodeParams params;
        Status built = hipcore::api::hostNode(pNodeParams, params);
        return addNodeCall("hipGraphAddHostNode", pGraphNode, graph, pDependencies, numDependencies,
                           std::move(built), std::move(params));
      },
      "pGraphNode, graph, pDependencies, numDependencies, pNodeParams", pGraphNode, graph,
      pDependencies, numDependencies, pNodeParams);
}

HIPCORE_API hipError_t hipGraphHostNodeGetParams(hipGraphNode_t node,
                                                 hipHostNodeParams* pNodeParams) {
  return hipcore::api::call(
      "hipGraphHostNodeGetParams", hipGraphHostNodeGetParams,
      [&] {
        GraphNode* object = nullptr;
        Status status = nodeForGet(node, hipGraphNodeTypeHost, pNodeParams, object);
        if (status.ok()) *pNodeParams = object->params.host;
        return finish("hipGraphHostNodeGetParams", std::move(status));
      },
      "node, pNodeParams", node, pNodeParams);
}

HIPCORE_API hipError_t hipGraphHostNodeSetParams(hipGraphNode_t node,
                                                 const hipHostNodeParams* pNodeParams) {
  return hipcore::api::call(
      "hipGraphHostNodeSetParams", hipGraphHostNodeSetParams,
      [&] {
        NodeParams params;
        Status built = hipcore::api::hostNode(pNodeParams, params);
        return setNodeCall("hipGraphHostNodeSetParams", node, hipGraphNodeTypeHost,
                           std::move(built), std::move(params));
      },
      "node, pNodeParams", node, pNodeParams);
}

// ---- Child graph and empty nodes ----

HIPCORE_API hipError_t hipGraphAddChildGraphNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                 const hipGraphNode_t* pDependencies,
                                                 size_t numDependencies, hipGraph_t childGraph) {
  return hipcore::api::call(
      "hipGraphAddChildGraphNode", hipGraphAddChildGraphNode,
      [&] {
        NodeParams params;
        Graph* child = nullptr;
        Status built = graphOf(childGraph, child);
        std::vector<GraphNode*> order;
        if (built.ok()) built = child->order(order);  // as in CUDA, the child is copied now
        if (built.ok()) {
          params.type = hipGraphNodeTypeGraph;
          params.child = child->clone();
        }
        return addNodeCall("hipGraphAddChildGraphNode", pGraphNode, graph, pDependencies,
                           numDependencies, std::move(built), std::move(params));
      },
      "pGraphNode, graph, pDependencies, numDependencies, childGraph", pGraphNode, graph,
      pDependencies, numDependencies, childGraph);
}

HIPCORE_API hipError_t hipGraphChildGraphNodeGetGraph(hipGraphNode_t node, hipGraph_t* pGraph) {
  return hipcore::api::call(
      "hipGraphChildGraphNodeGetGraph", hipGraphChildGraphNodeGetGraph,
      [&] {
        GraphNode* object = nullptr;
        Status status = nodeForGet(node, hipGraphNodeTypeGraph, pGraph, object);
        if (status.ok()) *pGraph = reinterpret_cast<hipGraph_t>(object->params.child.get());
        return finish("hipGraphChildGraphNodeGetGraph", std::move(status));
      },
      "node, pGraph", node, pGraph);
}

HIPCORE_API hipError_t hipGraphAddEmptyNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                            const hipGraphNode_t* pDependencies,
                                            size_t numDependencies) {
  return hipcore::api::call(
      "hipGraphAddEmptyNode", hipGraphAddEmptyNode,
      [&] {
        return addNodeCall("hipGraphAddEmptyNode", pGraphNode, graph, pDependencies,
                           numDependencies, Status::success(), NodeParams());
      },
      "pGraphNode, graph, pDependencies, numDependencies", pGraphNode, graph, pDependencies,
      numDependencies);
}

// ---- Event record and wait nodes ----

namespace {

hipError_t addEventNode(const char* call, hipGraphNodeType type, hipGraphNode_t* out,
                        hipGraph_t graph, const hipGraphNode_t* dependencies, size_t count,
                        hipEvent_t event) {
  NodeParams params;
  Status built = hipcore::api::eventNode(type, event, params);
  return addNodeCall(call, out, graph, dependencies, count, std::move(built), std::move(params));
}

hipError_t getEvent(const char* call, hipGraphNodeType type, hipGraphNode_t node, hipEvent_t* out) {
  GraphNode* object = nullptr;
  Status status = nodeForGet(node, type, out, object);
  if (status.ok()) *out = object->params.event;
  return finish(call, std::move(status));
}

hipError_t setEvent(const char* call, hipGraphNodeType type, hipGraphNode_t node,
                    hipEvent_t event) {
  NodeParams params;
  Status built = hipcore::api::eventNode(type, event, params);
  return setNodeCall(call, node, type, std::move(built), std::move(params));
}

}  // namespace

HIPCORE_API hipError_t hipGraphAddEventRecordNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                  const hipGraphNode_t* pDependencies,
                                                  size_t numDependencies, hipEvent_t event) {
  return hipcore::api::call(
      "hipGraphAddEventRecordNode", hipGraphAddEventRecordNode,
      [&] {
        return addEventNode("hipGraphAddEventRecordNode", hipGraphNodeTypeEventRecord, pGraphNode,
                            graph, pDependencies, numDependencies, event);
      },
      "pGraphNode, graph, pDependencies, numDependencies, event", pGraphNode, graph, pDependencies,
      numDependencies, event);
}

HIPCORE_API hipError_t hipGraphEventRecordNodeGetEvent(hipGraphNode_t node, hipEvent_t* event_out) {
  return hipcore::api::call(
      "hipGraphEventRecordNodeGetEvent", hipGraphEventRecordNodeGetEvent,
      [&] {
        return getEvent("hipGraphEventRecordNodeGetEvent", hipGraphNodeTypeEventRecord, node,
                        event_out);
      },
      "node, event_out", node, event_out);
}

HIPCORE_API hipError_t hipGraphEventRecordNodeSetEvent(hipGraphNode_t node, hipEvent_t event) {
  return hipcore::api::call(
      "hipGraphEventRecordNodeSetEvent", hipGraphEventRecordNodeSetEvent,
      [&] {
        return setEvent("hipGraphEventRecordNodeSetEvent", hipGraphNodeTypeEventRecord, node,
                        event);
      },
      "node, event", node, event);
}

HIPCORE_API hipError_t hipGraphAddEventWaitNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                const hipGraphNode_t* pDependencies,
                                                size_t numDependencies, hipEvent_t event) {
  return hipcore::api::call(
      "hipGraphAddEventWaitNode", hipGraphAddEventWaitNode,
      [&] {
        return addEventNode("hipGraphAddEventWaitNode", hipGraphNodeTypeWaitEvent, pGraphNode,
                            graph, pDependencies, numDependencies, event);
      },
      "pGraphNode, graph, pDependencies, numDependencies, event", pGraphNode, graph, pDependencies,
      numDependencies, event);
}

HIPCORE_API hipError_t hipGraphEventWaitNodeGetEvent(hipGraphNode_t node, hipEvent_t* event_out) {
  return hipcore::api::call(
      "hipGraphEventWaitNodeGetEvent", hipGraphEventWaitNodeGetEvent,
      [&] {
        return getEvent("hipGraphEventWaitNodeGetEvent", hipGraphNodeTypeWaitEvent, node,
                        event_out);
      },
      "node, event_out", node, event_out);
}

HIPCORE_API hipError_t hipGraphEventWaitNodeSetEvent(hipGraphNode_t node, hipEvent_t event) {
  return hipcore::api::call(
      "hipGraphEventWaitNodeSetEvent", hipGraphEventWaitNodeSetEvent,
      [&] {
        return setEvent("hipGraphEventWaitNodeSetEvent", hipGraphNodeTypeWaitEvent, node, event);
      },
      "node, event", node, event);
}
