// Executable graphs: hipGraphInstantiate (and WithFlags, WithParams), hipGraphLaunch, Upload,
// ExecDestroy, ExecGetFlags, ExecUpdate, the hipGraphExec*SetParams calls and node enabling.
#include <cstdio>
#include <cstring>

#include "ApiCall.h"
#include "ApiState.h"
#include "GraphHandles.h"
#include "GraphNodeCalls.h"
#include "GraphNodeParams.h"
#include "graph/StreamCapture.h"

using hipcore::api::execNode;
using hipcore::api::execOf;
using hipcore::api::finish;
using hipcore::api::graphOf;
using hipcore::api::nodeOf;
using hipcore::api::setExecNodeCall;
using hipcore::core::fail;
using hipcore::core::Status;
using hipcore::graph::Graph;
using hipcore::graph::GraphExec;
using hipcore::graph::GraphNode;
using hipcore::graph::NodeParams;

namespace {

constexpr unsigned long long kInstantiateFlags =
    hipGraphInstantiateFlagAutoFreeOnLaunch | hipGraphInstantiateFlagUpload |
    hipGraphInstantiateFlagDeviceLaunch | hipGraphInstantiateFlagUseNodePriority;

Status instantiate(hipGraphExec_t* out, hipGraph_t graph, unsigned long long flags,
                   hipStream_t uploadStream, GraphNode** errorNode) {
  Graph* object = nullptr;
  if (Status valid = graphOf(graph, object); !valid.ok()) return valid;
  if (out == nullptr) return fail(hipErrorInvalidValue, "pGraphExec is null");
  if ((flags & ~kInstantiateFlags) != 0)
    return fail(hipErrorInvalidValue, "instantiation flags 0x%llx", flags);
  if ((flags & hipGraphInstantiateFlagDeviceLaunch) != 0)
    return fail(hipErrorNotSupported, "graphs launched from the device are not supported");
  std::unique_ptr<GraphExec> exec;
  hipcore::core::Device* current = nullptr;
  (void)hipcore::api::currentDevice(current);  // none: copies and fills stay stream calls
  if (Status made =
          GraphExec::instantiate(*object, flags, hipcore::api::runtime(), current, exec, errorNode);
      !made.ok())
    return made;
  if ((flags & hipGraphInstantiateFlagUpload) != 0) {
    hipcore::core::Device* device = nullptr;
    hipcore::core::Stream* queue = nullptr;
    Status status = hipcore::api::streamOf(uploadStream, device, queue);
    if (!status.ok())
      return fail(hipErrorInvalidValue, "the upload stream: %s", status.message().c_str());
    if (queue == nullptr) status = device->nullStream(queue);
    if (status.ok()) status = exec->upload(*queue);
    if (!status.ok()) return status;
  }
  *out = reinterpret_cast<hipGraphExec_t>(exec.release());
  return Status::success();
}

// The stream a graph runs on: the null stream is created if needed.
Status queueFor(hipStream_t stream, hipcore::core::Stream*& queue) {
  hipcore::core::Device* device = nullptr;
  if (Status found = hipcore::api::streamOf(stream, device, queue); !found.ok()) return found;
  if (queue == nullptr) return device->nullStream(queue);
  return Status::success();
}

// Kernel, memcpy and memset nodes of an executable can be disabled (hipGraphNodeSetEnabled).
bool canBeDisabled(hipGraphNodeType type) {
  return type == hipGraphNodeTypeKernel || type == hipGraphNodeTypeMemcpy ||
         type == hipGraphNodeTypeMemset;
}

}  // namespace

HIPCORE_API hipError_t hipGraphInstantiate(hipGraphExec_t* pGraphExec, hipGraph_t graph,
                                           hipGraphNode_t* pErrorNode, char* pLogBuffer,
                                           size_t bufferSize) {
  return hipcore::api::call(
      "hipGraphInstantiate", hipGraphInstantiate,
      [&] {
        GraphNode* errorNode = nullptr;
        Status status = instantiate(pGraphExec, graph, 0, nullptr, &errorNode);
        if (pErrorNode != nullptr) *pErrorNode = reinterpret_cast<hipGraphNode_t>(errorNode);
        if (pLogBuffer != nullptr && bufferSize != 0)
          std::snprintf(pLogBuffer, bufferSize, "%s", status.ok() ? "" : status.message().c_str());
        return finish("hipGraphInstantiate", std::move(status));
      },
      "pGraphExec, graph, pErrorNode, pLogBuffer, bufferSize", pGraphExec, graph, pErrorNode,
      pLogBuffer, bufferSize);
}

HIPCORE_API hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t* pGraphExec, hipGraph_t graph,
                                                    unsigned long long flags) {
  return hipcore::api::call(
      "hipGraphInstantiateWithFlags", hipGraphInstantiateWithFlags,
      [&] {
        // The upload flag needs a stream: only hipGraphInstantiateWithParams names one.
        if ((flags & hipGraphInstantiateFlagUpload) != 0)
          return finish("hipGraphInstantiateWithFlags", fail(hipErrorInvalidValue,
                                                             "hipGraphInstantiateFlagUpload needs "
                                                             "hipGraphInstantiateWithParams"));
        return finish("hipGraphInstantiateWithFlags",
                      instantiate(pGraphExec, graph, flags, nullptr, nullptr));
      },
      "pGraphExec, graph, flags", pGraphExec, graph, flags);
}

HIPCORE_API hipError_t hipGraphInstantiateWithParams(hipGraphExec_t* pGraphExec, hipGraph_t graph,
                                                     hipGraphInstantiateParams* instantiateParams) {
  return hipcore::api::call(
      "hipGraphInstantiateWithParams", hipGraphInstantiateWithParams,
      [&] {
        if (instantiateParams == nullptr)
          return finish("hipGraphInstantiateWithParams",
                        fail(hipErrorInvalidValue, "instantiateParams is null"));
        GraphNode* errorNode = nullptr;
        // AMD's runtime takes one flag at a time here (hip-tests checks 10, upload with node
        // priority, is refused before the upload stream is looked at); so does hipcore.
        const unsigned long long flags = instantiateParams->flags;
        Status status =
            (flags & (flags - 1)) != 0
                ? fail(hipErrorInvalidValue, "instantiation flags 0x%llx: one at a time", flags)
                : instantiate(pGraphExec, graph, flags, instantiateParams->uploadStream,
                              &errorNode);
        instantiateParams->errNode_out = reinterpret_cast<hipGraphNode_t>(errorNode);
        instantiateParams->result_out = status.ok()            ? hipGraphInstantiateSuccess
                                        : errorNode != nullptr ? hipGraphInstantiateInvalidStructure
                                                               : hipGraphInstantiateError;
        return finish("hipGraphInstantiateWithParams", std::move(status));
      },
      "pGraphExec, graph, instantiateParams", pGraphExec, graph, instantiateParams);
}

HIPCORE_API hipError_t hipGraphLaunch(hipGraphExec_t graphExec, hipStream_t stream) {
  return hipcore::api::call(
      "hipGraphLaunch", hipGraphLaunch,
      [&] {
        GraphExec* exec = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = execOf(graphExec, exec);
        if (status.ok()) status = queueFor(stream, queue);
        if (status.ok() && queue->capture != nullptr) {
          // Captured: the executable's graph becomes a child graph node.
          NodeParams params;
          params.type = hipGraphNodeTypeGraph;
          params.child = exec->graph().clone();
          return finish("hipGraphLaunch", hipcore::graph::record(*queue, std::move(params)));
        }
        if (status.ok()) status = exec->launch(*queue);
        return finish("hipGraphLaunch", std::move(status));
      },
      "graphExec, stream", graphExec, stream);
}

HIPCORE_API hipError_t hipGraphLaunch_spt(hipGraphExec_t graphExec, hipStream_t stream) {
  return hipcore::api::call(
      "hipGraphLaunch_spt", hipGraphLaunch_spt,
      [&] { return hipGraphLaunch(graphExec, stream == nullptr ? hipStreamPerThread : stream); },
      "graphExec, stream", graphExec, stream);
}

HIPCORE_API hipError_t hipGraphUpload(hipGraphExec_t graphExec, hipStream_t stream) {
  return hipcore::api::call(
      "hipGraphUpload", hipGraphUpload,
      [&] {
        GraphExec* exec = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = execOf(graphExec, exec);
        if (status.ok()) status = queueFor(stream, queue);
        if (status.ok()) status = exec->upload(*queue);
        return finish("hipGraphUpload", std::move(status));
      },
      "graphExec, stream", graphExec, stream);
}

HIPCORE_API hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec) {
  return hipcore::api::call(
      "hipGraphExecDestroy", hipGraphExecDestroy,
      [&] {
        GraphExec* exec = nullptr;
        Status status = execOf(graphExec, exec);
        if (status.ok()) delete exec;
        return finish("hipGraphExecDestroy", std::move(status));
      },
      "graphExec", graphExec);
}

HIPCORE_API hipError_t hipGraphExecGetFlags(hipGraphExec_t graphExec, unsigned long long* flags) {
  return hipcore::api::call(
      "hipGraphExecGetFlags", hipGraphExecGetFlags,
      [&] {
        GraphExec* exec = nullptr;
        Status status = execOf(graphExec, exec);
        if (status.ok() && flags == nullptr) status = fail(hipErrorInvalidValue, "flags is null");
        if (status.ok()) *flags = exec->flags();
        return finish("hipGraphExecGetFlags", std::move(status));
      },
      "graphExec, flags", graphExec, flags);
}

HIPCORE_API hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph,
                                          hipGraphNode_t* hErrorNode_out,
                                          hipGraphExecUpdateResult* updateResult_out) {
  return hipcore::api::call(
      "hipGraphExecUpdate", hipGraphExecUpdate,
      [&] {
        GraphExec* exec = nullptr;
        Graph* graph = nullptr;
        Status status = execOf(hGraphExec, exec);
        if (status.ok()) status = graphOf(hGraph, graph);
        if (status.ok() && (hErrorNode_out == nullptr || updateResult_out == nullptr))
          status = fail(hipErrorInvalidValue, "an output is null");
        if (!status.ok()) return finish("hipGraphExecUpdate", std::move(status));
        GraphNode* errorNode = nullptr;
        hipGraphExecUpdateResult result = hipGraphExecUpdateError;
        status = exec->update(*graph, errorNode, result);
        *hErrorNode_out = reinterpret_cast<hipGraphNode_t>(errorNode);
        *updateResult_out = result;
        return finish("hipGraphExecUpdate", std::move(status));
      },
      "hGraphExec, hGraph, hErrorNode_out, updateResult_out", hGraphExec, hGraph, hErrorNode_out,
      updateResult_out);
}

HIPCORE_API hipError_t hipGraphExecKernelNodeSetParams(hipGraphExec_t hGraphExec,
                                                       hipGraphNode_t node,
                                                       const hipKernelNodeParams* pNodeParams) {
  return hipcore::api::call(
      "hipGraphExecKernelNodeSetParams", hipGraphExecKernelNodeSetParams,
      [&] {
        NodeParams params;
        Status built = hipcore::api::kernelNode(pNodeParams, params);
        return setExecNodeCall("hipGraphExecKernelNodeSetParams", hGraphExec, node,
                               std::move(built), std::move(params));
      },
      "hGraphExec, node, pNodeParams", hGraphExec, node, pNodeParams);
}

HIPCORE_API hipError_t hipGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec,
                                                       hipGraphNode_t node,
                                                       hipMemcpy3DParms* pNodeParams) {
  return hipcore::api::call(
      "hipGraphExecMemcpyNodeSetParams", hipGraphExecMemcpyNodeSetParams,
      [&] {
        NodeParams params;
        Status built = hipcore::api::copyNode(pNodeParams, params);
        // Here every malformed 3D copy is hipErrorInvalidValue, a row past its pitch too (AMD's
        // answer, which hip-tests checks; adding such a node answers hipErrorInvalidPitchValue).
        if (built.code == hipErrorInvalidPitchValue)
          built = fail(hipErrorInvalidValue, "%s", built.message().c_str());
        return setExecNodeCall("hipGraphExecMemcpyNodeSetParams", hGraphExec, node,
                               std::move(built), std::move(params), nullptr,
                               pNodeParams ? &pNodeParams->kind : nullptr);
      },
      "hGraphExec, node, pNodeParams", hGraphExec, node, pNodeParams);
}

HIPCORE_API hipError_t hipGraphExecMemcpyNodeSetParams1D(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t node, void* dst,
                                                         const void* src, size_t count,
                                                         hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipGraphExecMemcpyNodeSetParams1D", hipGraphExecMemcpyNodeSetParams1D,
      [&] {
        NodeParams params;
        Status built = hipcore::api::copyNode1D(dst, src, count, kind, params);
        return setExecNodeCall("hipGraphExecMemcpyNodeSetParams1D", hGraphExec, node,
                               std::move(built), std::move(params), nullptr, &kind);
      },
      "hGraphExec, node, dst, src, count, kind", hGraphExec, node, dst, src, count, kind);
}

HIPCORE_API hipError_t hipGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec,
                                                       hipGraphNode_t node,
                                                       const hipMemsetParams* pNodeParams) {
  return hipcore::api::call(
      "hipGraphExecMemsetNodeSetParams", hipGraphExecMemsetNodeSetParams,
      [&] {
        NodeParams params;
        Status built = hipcore::api::fillNode(pNodeParams, params);
        return setExecNodeCall("hipGraphExecMemsetNodeSetParams", hGraphExec, node,
                               std::move(built), std::move(params));
      },
      "hGraphExec, node, pNodeParams", hGraphExec, node, pNodeParams);
}

HIPCORE_API hipError_t hipGraphExecHostNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                                     const hipHostNodeParams* pNodeParams) {
  return hipcore::api::call(
      "hipGraphExecHostNodeSetParams", hipGraphExecHostNodeSetParams,
      [&] {
        NodeParams params;
        Status built = hipcore::api::hostNode(pNodeParams, params);
        return setExecNodeCall("hipGraphExecHostNodeSetParams", hGraphExec, node, std::move(built),
                               std::move(params));
      },
      "hGraphExec, node, pNodeParams", hGraphExec, node, pNodeParams);
}

HIPCORE_API hipError_t hipGraphExecEventRecordNodeSetEvent(hipGraphExec_t hGraphExec,
                                                           hipGraphNode_t hNode, hipEvent_t event) {
  return hipcore::api::call(
      "hipGraphExecEventRecordNodeSetEvent", hipGraphExecEventRecordNodeSetEvent,
      [&] {
        NodeParams params;
        Status built = hipcore::api::eventNode(hipGraphNodeTypeEventRecord, event, params);
        return setExecNodeCall("hipGraphExecEventRecordNodeSetEvent", hGraphExec, hNode,
                               std::move(built), std::move(params));
      },
      "hGraphExec, hNode, event", hGraphExec, hNode, event);
}

HIPCORE_API hipError_t hipGraphExecEventWaitNodeSetEvent(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t hNode, hipEvent_t event) {
  return hipcore::api::call(
      "hipGraphExecEventWaitNodeSetEvent", hipGraphExecEventWaitNodeSetEvent,
      [&] {
        NodeParams params;
        Status built = hipcore::api::eventNode(hipGraphNodeTypeWaitEvent, event, params);
        return setExecNodeCall("hipGraphExecEventWaitNodeSetEvent", hGraphExec, hNode,
                               std::move(built), std::move(params));
      },
      "hGraphExec, hNode, event", hGraphExec, hNode, event);
}

HIPCORE_API hipError_t hipGraphNodeSetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                              unsigned int isEnabled) {
  return hipcore::api::call(
      "hipGraphNodeSetEnabled", hipGraphNodeSetEnabled,
      [&] {
        GraphExec* exec = nullptr;
        GraphNode* copy = nullptr;
        Status status = execNode(hGraphExec, hNode, exec, copy);
        if (status.ok() && !canBeDisabled(copy->params.type))
          status = fail(hipErrorInvalidValue,
                        "only kernel, memcpy and memset nodes can be "
                        "disabled");
        if (status.ok()) status = exec->setEnabled(*copy, isEnabled != 0);
        return finish("hipGraphNodeSetEnabled", std::move(status));
      },
      "hGraphExec, hNode, isEnabled", hGraphExec, hNode, isEnabled);
}

HIPCORE_API hipError_t hipGraphNodeGetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                              unsigned int* isEnabled) {
  return hipcore::api::call(
      "hipGraphNodeGetEnabled", hipGraphNodeGetEnabled,
      [&] {
        GraphExec* exec = nullptr;
        GraphNode* copy = nullptr;
        Status status = execNode(hGraphExec, hNode, exec, copy);
        if (status.ok() && isEnabled == nullptr)
          status = fail(hipErrorInvalidValue, "isEnabled is null");
        if (status.ok() && !canBeDisabled(copy->params.type))
          status = fail(hipErrorInvalidValue, "only kernel, memcpy and memset nodes have a state");
        if (status.ok()) *isEnabled = copy->enabled ? 1 : 0;
        return finish("hipGraphNodeGetEnabled", std::move(status));
      },
      "hGraphExec, hNode, isEnabled", hGraphExec, hNode, isEnabled);
}

HIPCORE_API hipError_t hipGraphExecChildGraphNodeSetParams(hipGraphExec_t hGraphExec,
                                                           hipGraphNode_t node,
                                                           hipGraph_t childGraph) {
  return hipcore::api::call(
      "hipGraphExecChildGraphNodeSetParams", hipGraphExecChildGraphNodeSetParams,
      [&] {
        GraphExec* exec = nullptr;
        GraphNode* copy = nullptr;
        Graph* child = nullptr;
        Status status = execNode(hGraphExec, node, exec, copy);
        if (status.ok()) status = graphOf(childGraph, child);
        if (status.ok()) status = exec->setChildGraph(*copy, *child);
        return finish("hipGraphExecChildGraphNodeSetParams", std::move(status));
      },
      "hGraphExec, node, childGraph", hGraphExec, node, childGraph);
}

HIPCORE_API hipError_t hipGraphExecMemcpyNodeSetParamsToSymbol(hipGraphExec_t hGraphExec,
                                                               hipGraphNode_t node,
                                                               const void* symbol, const void* src,
                                                               size_t count, size_t offset,
                                                               hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipGraphExecMemcpyNodeSetParamsToSymbol", hipGraphExecMemcpyNodeSetParamsToSymbol,
      [&] {
        NodeParams params;
        Status built =
            hipcore::api::symbolCopyNode(nullptr, src, symbol, count, offset, kind, true, params);
        return setExecNodeCall("hipGraphExecMemcpyNodeSetParamsToSymbol", hGraphExec, node,
                               std::move(built), std::move(params), nullptr, &kind);
      },
      "hGraphExec, node, symbol, src, count, offset, kind", hGraphExec, node, symbol, src, count,
      offset, kind);
}

HIPCORE_API hipError_t hipGraphExecMemcpyNodeSetParamsFromSymbol(hipGraphExec_t hGraphExec,
                                                                 hipGraphNode_t node, void* dst,
                                                                 const void* symbol, size_t count,
                                                                 size_t offset,
                                                                 hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipGraphExecMemcpyNodeSetParamsFromSymbol", hipGraphExecMemcpyNodeSetParamsFromSymbol,
      [&] {
        NodeParams params;
        Status built =
            hipcore::api::symbolCopyNode(dst, nullptr, symbol, count, offset, kind, false, params);
        return setExecNodeCall("hipGraphExecMemcpyNodeSetParamsFromSymbol", hGraphExec, node,
                               std::move(built), std::move(params), nullptr, &kind);
      },
      "hGraphExec, node, dst, symbol, count, offset, kind", hGraphExec, node, dst, symbol, count,
      offset, kind);
}
