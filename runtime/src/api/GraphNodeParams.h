// Node parameters from the caller's structures, checked as the matching stream calls check them:
// shared by hipGraphAdd*Node, hipGraph*NodeSetParams, hipGraphExec*SetParams and stream capture.
#pragma once

#include <hip/hip_runtime_api.h>

#include "core/Device.h"
#include "core/Status.h"
#include "graph/GraphNode.h"

namespace hipcore::api {

// Adds `params` to `graph` after `dependencies` and writes the new node's handle to *out: the
// checks every hipGraphAdd*Node makes (a live graph, an output, dependencies of that graph).
core::Status addNode(hipGraph_t graph, hipGraphNode_t* out, const hipGraphNode_t* dependencies,
                     size_t count, graph::NodeParams params);
// A kernel by host stub (a registered __global__ function) or hipFunction_t, resolved on
// `device` (null: the current device; a module function: its module's device), with its
// arguments copied.
core::Status kernelNode(const hipKernelNodeParams* given, graph::NodeParams& out,
                        core::Device* device = nullptr);
// A copy between linear memory (no hipArray), in 3D form; 1D copies become that form too.
core::Status copyNode(const hipMemcpy3DParms* given, graph::NodeParams& out);
core::Status copyNode1D(void* destination, const void* source, size_t bytes, hipMemcpyKind kind,
                        graph::NodeParams& out);
// A copy to (`toSymbol`) or from a device variable: `count` bytes at `offset` in it.
core::Status symbolCopyNode(void* destination, const void* source, const void* symbol, size_t count,
                            size_t offset, hipMemcpyKind kind, bool toSymbol,
                            graph::NodeParams& out);
core::Status fillNode(const hipMemsetParams* given, graph::NodeParams& out);
core::Status hostNode(const hipHostNodeParams* given, graph::NodeParams& out);
core::Status eventNode(hipGraphNodeType type, hipEvent_t event, graph::NodeParams& out);
// Graph-owned memory of the device `given` names (pinned device memory only); its address goes
// into the node's copy of the parameters.
core::Status allocationNode(const hipMemAllocNodeParams* given, graph::NodeParams& out);
// A free of graph-owned memory.
core::Status freeNode(void* address, graph::NodeParams& out);

// External-semaphore signal and wait nodes: imported semaphores, each with its parameters
// (GraphSyncNodeParams.cpp).
core::Status semaphoreSignalNode(const hipExternalSemaphoreSignalNodeParams* given,
                                 graph::NodeParams& out);
core::Status semaphoreWaitNode(const hipExternalSemaphoreWaitNodeParams* given,
                               graph::NodeParams& out);
// A batch memory-operation node, its operations checked as hipStreamBatchMemOp checks them;
// `masks` (one per operation) are the masks of captured hipStreamWaitValue* calls, null for
// all ones.
core::Status memoryOperationsNode(const hipBatchMemOpNodeParams* given, graph::NodeParams& out,
                                  const uint64_t* masks = nullptr);

}  // namespace hipcore::api
