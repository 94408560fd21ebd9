// The driver API's graph calls: hipDrvGraphAddMemcpyNode, hipDrvGraphMemcpyNodeGet/SetParams,
// hipDrvGraphAddMemsetNode, hipDrvGraphAddMemFreeNode, hipDrvGraphExecMemcpyNodeSetParams and
// hipDrvGraphExecMemsetNodeSetParams. The context argument names the device's primary context,
// the only kind hipcore has: it is not used.
#include "ApiCall.h"
#include "ApiState.h"
#include "DriverCopyParams.h"
#include "GraphHandles.h"
#include "GraphNodeParams.h"

using hipcore::api::finish;
using hipcore::api::nodeOf;
using hipcore::core::fail;
using hipcore::core::Status;
using hipcore::graph::GraphNode;

namespace {

hipMemsetParams fromDriverFill(const HIP_MEMSET_NODE_PARAMS& given) {
  hipMemsetParams out{};
  out.dst = given.dst;
  out.pitch = given.pitch;
  out.value = given.value;
  out.elementSize = given.elementSize;
  out.width = given.width;
  out.height = given.height;
  return out;
}

}  // namespace

HIPCORE_API hipError_t hipDrvGraphAddMemcpyNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                const hipGraphNode_t* dependencies,
                                                size_t numDependencies,
                                                const HIP_MEMCPY3D* copyParams, hipCtx_t ctx) {
  return hipcore::api::call(
      "hipDrvGraphAddMemcpyNode", hipDrvGraphAddMemcpyNode,
      [&] {
        hipMemcpy3DParms params{};
        Status status = hipcore::api::fromDriverCopy(copyParams, params);
        if (!status.ok()) return finish("hipDrvGraphAddMemcpyNode", std::move(status));
        hipError_t added =
            hipGraphAddMemcpyNode(phGraphNode, hGraph, dependencies, numDependencies, &params);
        // The driver API has no pitch error: a pitch below the width is an invalid value there
        // (CUDA's cuGraphAddMemcpyNode; AMD's hip-tests check it).
        if (added == hipErrorInvalidPitchValue)
          return finish("hipDrvGraphAddMemcpyNode",
                        fail(hipErrorInvalidValue, "a pitch below the copy's width"));
        return added;
      },
      "phGraphNode, hGraph, dependencies, numDependencies, copyParams, ctx", phGraphNode, hGraph,
      dependencies, numDependencies, copyParams, ctx);
}

HIPCORE_API hipError_t hipDrvGraphMemcpyNodeGetParams(hipGraphNode_t hNode,
                                                      HIP_MEMCPY3D* nodeParams) {
  return hipcore::api::call(
      "hipDrvGraphMemcpyNodeGetParams", hipDrvGraphMemcpyNodeGetParams,
      [&] {
        GraphNode* node = nullptr;
        Status status = nodeOf(hNode, hipGraphNodeTypeMemcpy, node);
        if (status.ok() && nodeParams == nullptr)
          status = fail(hipErrorInvalidValue, "nodeParams is null");
        if (status.ok()) *nodeParams = hipcore::api::toDriverCopy(node->params.copy.params);
        return finish("hipDrvGraphMemcpyNodeGetParams", std::move(status));
      },
      "hNode, nodeParams", hNode, nodeParams);
}

HIPCORE_API hipError_t hipDrvGraphMemcpyNodeSetParams(hipGraphNode_t hNode,
                                                      const HIP_MEMCPY3D* nodeParams) {
  return hipcore::api::call(
      "hipDrvGraphMemcpyNodeSetParams", hipDrvGraphMemcpyNodeSetParams,
      [&] {
        hipMemcpy3DParms params{};
        Status status = hipcore::api::fromDriverCopy(nodeParams, params);
        if (!status.ok()) return finish("hipDrvGraphMemcpyNodeSetParams", std::move(status));
        return hipGraphMemcpyNodeSetParams(hNode, &params);
      },
      "hNode, nodeParams", hNode, nodeParams);
}

HIPCORE_API hipError_t hipDrvGraphAddMemsetNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                const hipGraphNode_t* dependencies,
                                                size_t numDependencies,
                                                const HIP_MEMSET_NODE_PARAMS* memsetParams,
                                                hipCtx_t ctx) {
  return hipcore::api::call(
      "hipDrvGraphAddMemsetNode", hipDrvGraphAddMemsetNode,
      [&] {
        if (memsetParams == nullptr)
          return finish("hipDrvGraphAddMemsetNode",
                        fail(hipErrorInvalidValue, "memsetParams is null"));
        hipMemsetParams params = fromDriverFill(*memsetParams);
        return hipGraphAddMemsetNode(phGraphNode, hGraph, dependencies, numDependencies, &params);
      },
      "phGraphNode, hGraph, dependencies, numDependencies, memsetParams, ctx", phGraphNode, hGraph,
      dependencies, numDependencies, memsetParams, ctx);
}

HIPCORE_API hipError_t hipDrvGraphAddMemFreeNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                 const hipGraphNode_t* dependencies,
                                                 size_t numDependencies, hipDeviceptr_t dptr) {
  return hipcore::api::call(
      "hipDrvGraphAddMemFreeNode", hipDrvGraphAddMemFreeNode,
      [&] {
        return hipGraphAddMemFreeNode(phGraphNode, hGraph, dependencies, numDependencies, dptr);
      },
      "phGraphNode, hGraph, dependencies, numDependencies, dptr", phGraphNode, hGraph, dependencies,
      numDependencies, dptr);
}

HIPCORE_API hipError_t hipDrvGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec,
                                                          hipGraphNode_t hNode,
                                                          const HIP_MEMCPY3D* copyParams,
                                                          hipCtx_t ctx) {
  return hipcore::api::call(
      "hipDrvGraphExecMemcpyNodeSetParams", hipDrvGraphExecMemcpyNodeSetParams,
      [&] {
        hipMemcpy3DParms params{};
        Status status = hipcore::api::fromDriverCopy(copyParams, params);
        if (!status.ok()) return finish("hipDrvGraphExecMemcpyNodeSetParams", std::move(status));
        return hipGraphExecMemcpyNodeSetParams(hGraphExec, hNode, &params);
      },
      "hGraphExec, hNode, copyParams, ctx", hGraphExec, hNode, copyParams, ctx);
}

HIPCORE_API hipError_t
hipDrvGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                   const HIP_MEMSET_NODE_PARAMS* memsetParams, hipCtx_t ctx) {
  return hipcore::api::call(
      "hipDrvGraphExecMemsetNodeSetParams", hipDrvGraphExecMemsetNodeSetParams,
      [&] {
        if (memsetParams == nullptr)
          return finish("hipDrvGraphExecMemsetNodeSetParams",
                        fail(hipErrorInvalidValue, "memsetParams is null"));
        hipMemsetParams params = fromDriverFill(*memsetParams);
        return hipGraphExecMemsetNodeSetParams(hGraphExec, hNode, &params);
      },
      "hGraphExec, hNode, memsetParams, ctx", hGraphExec, hNode, memsetParams, ctx);
}
