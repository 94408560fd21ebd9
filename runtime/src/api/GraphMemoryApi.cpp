// Graph-owned memory: hipGraphAddMemAllocNode, hipGraphAddMemFreeNode and their getters,
// hipDeviceGraphMemTrim, hipDeviceGetGraphMemAttribute and hipDeviceSetGraphMemAttribute.
#include "ApiCall.h"
#include "ApiState.h"
#include "GraphHandles.h"
#include "GraphNodeParams.h"
#include "graph/GraphMemory.h"

using hipcore::api::finish;
using hipcore::api::graphOf;
using hipcore::api::nodeOf;
using hipcore::core::fail;
using hipcore::core::Status;
using hipcore::graph::Graph;
using hipcore::graph::GraphNode;
using hipcore::graph::NodeParams;

namespace {

// The attribute calls read and write a uint64_t: a null or misaligned address is refused
// instead of followed.
bool alignedValue(const void* value) {
  return value != nullptr && reinterpret_cast<uintptr_t>(value) % alignof(uint64_t) == 0;
}

}  // namespace

HIPCORE_API hipError_t hipGraphAddMemAllocNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                               const hipGraphNode_t* pDependencies,
                                               size_t numDependencies,
                                               hipMemAllocNodeParams* pNodeParams) {
  return hipcore::api::call(
      "hipGraphAddMemAllocNode", hipGraphAddMemAllocNode,
      [&] {
        Graph* object = nullptr;
        Status status = graphOf(graph, object);  // before memory is reserved for the node
        NodeParams params;
        if (status.ok()) status = hipcore::api::allocationNode(pNodeParams, params);
        void* address = params.alloc.dptr;
        if (status.ok())
          status = hipcore::api::addNode(graph, pGraphNode, pDependencies, numDependencies,
                                         std::move(params));
        if (status.ok()) pNodeParams->dptr = address;
        return finish("hipGraphAddMemAllocNode", std::move(status));
      },
      "pGraphNode, graph, pDependencies, numDependencies, pNodeParams", pGraphNode, graph,
      pDependencies, numDependencies, pNodeParams);
}

HIPCORE_API hipError_t hipGraphMemAllocNodeGetParams(hipGraphNode_t node,
                                                     hipMemAllocNodeParams* pNodeParams) {
  return hipcore::api::call(
      "hipGraphMemAllocNodeGetParams", hipGraphMemAllocNodeGetParams,
      [&] {
        GraphNode* object = nullptr;
        Status status = nodeOf(node, hipGraphNodeTypeMemAlloc, object);
        if (status.ok() && pNodeParams == nullptr)
          status = fail(hipErrorInvalidValue, "pNodeParams is null");
        if (status.ok()) *pNodeParams = object->params.alloc;
        return finish("hipGraphMemAllocNodeGetParams", std::move(status));
      },
      "node, pNodeParams", node, pNodeParams);
}

HIPCORE_API hipError_t hipGraphAddMemFreeNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                              const hipGraphNode_t* pDependencies,
                                              size_t numDependencies, void* dev_ptr) {
  return hipcore::api::call(
      "hipGraphAddMemFreeNode", hipGraphAddMemFreeNode,
      [&] {
        NodeParams params;
        Status status = hipcore::api::freeNode(dev_ptr, params);
        if (status.ok())
          status = hipcore::api::addNode(graph, pGraphNode, pDependencies, numDependencies,
                                         std::move(params));
        return finish("hipGraphAddMemFreeNode", std::move(status));
      },
      "pGraphNode, graph, pDependencies, numDependencies, dev_ptr", pGraphNode, graph,
      pDependencies, numDependencies, dev_ptr);
}

HIPCORE_API hipError_t hipGraphMemFreeNodeGetParams(hipGraphNode_t node, void* dev_ptr) {
  return hipcore::api::call(
      "hipGraphMemFreeNodeGetParams", hipGraphMemFreeNodeGetParams,
      [&] {
        GraphNode* object = nullptr;
        Status status = nodeOf(node, hipGraphNodeTypeMemFree, object);
        if (status.ok() && dev_ptr == nullptr)
          status = fail(hipErrorInvalidValue, "dev_ptr is null");
        if (status.ok()) *static_cast<void**>(dev_ptr) = object->params.freed;
        return finish("hipGraphMemFreeNodeGetParams", std::move(status));
      },
      "node, dev_ptr", node, dev_ptr);
}

HIPCORE_API hipError_t hipDeviceGraphMemTrim(int device) {
  return hipcore::api::call(
      "hipDeviceGraphMemTrim", hipDeviceGraphMemTrim,
      [&] {
        hipcore::core::Device* object = nullptr;
        // Every block is held by a live graph or executable: nothing unused to release.
        return finish("hipDeviceGraphMemTrim", hipcore::api::deviceAt(device, object));
      },
      "device", device);
}

HIPCORE_API hipError_t hipDeviceGetGraphMemAttribute(int device, hipGraphMemAttributeType attr,
                                                     void* value) {
  return hipcore::api::call(
      "hipDeviceGetGraphMemAttribute", hipDeviceGetGraphMemAttribute,
      [&] {
        hipcore::core::Device* object = nullptr;
        Status status = hipcore::api::deviceAt(device, object);
        if (status.ok() && !alignedValue(value))
          status = fail(hipErrorInvalidValue, "value %p is not a uint64_t's address", value);
        uint64_t answer = 0;
        if (status.ok()) status = hipcore::graph::graphMemoryAttribute(device, attr, answer);
        if (status.ok()) *static_cast<uint64_t*>(value) = answer;
        return finish("hipDeviceGetGraphMemAttribute", std::move(status));
      },
      "device, attr, value", device, attr, value);
}

HIPCORE_API hipError_t hipDeviceSetGraphMemAttribute(int device, hipGraphMemAttributeType attr,
                                                     void* value) {
  return hipcore::api::call(
      "hipDeviceSetGraphMemAttribute", hipDeviceSetGraphMemAttribute,
      [&] {
        hipcore::core::Device* object = nullptr;
        Status status = hipcore::api::deviceAt(device, object);
        if (status.ok() && (!alignedValue(value) || *static_cast<uint64_t*>(value) != 0))
          status = fail(hipErrorInvalidValue, "only 0 (a reset of a high-water mark) can be set");
        if (status.ok()) status = hipcore::graph::resetGraphMemoryHigh(device, attr);
        return finish("hipDeviceSetGraphMemAttribute", std::move(status));
      },
      "device, attr, value", device, attr, value);
}
