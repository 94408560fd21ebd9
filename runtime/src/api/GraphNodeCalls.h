// The shape every per-kind graph node entry point shares (hipGraphAdd*Node,
// hipGraph*NodeGetParams/SetParams, hipGraphExec*SetParams): the entry point builds the node's
// parameters from the caller's structure, these check the handles and apply them, in HIP's order
// of errors, and report through api::finish.
#pragma once

#include <hip/hip_runtime_api.h>

#include "GraphHandles.h"
#include "graph/GraphNode.h"

namespace hipcore::api {

// Adds the node `built` made (or returns why it could not be made).
hipError_t addNodeCall(const char* call, hipGraphNode_t* out, hipGraph_t graph,
                       const hipGraphNode_t* dependencies, size_t count, core::Status built,
                       graph::NodeParams params);
// Replaces the parameters of a node of kind `type` with those `built` made.
hipError_t setNodeCall(const char* call, hipGraphNode_t node, hipGraphNodeType type,
                       core::Status built, graph::NodeParams params);
// The executable's copy of `node` (a node of the graph it was instantiated from).
core::Status execNode(hipGraphExec_t exec, hipGraphNode_t node, graph::GraphExec*& object,
                      graph::GraphNode*& copy);
// A hipGraphExec*SetParams call: the parameters `built` made, for the executable's copy of
// `node`. With `type`, a node of another kind is refused before `built`'s own error; with
// `kind`, a memcpy node's kind is compared first: its direction is fixed in an executable, and a
// changed one is the error whatever else is wrong with the new parameters (AMD's order).
hipError_t setExecNodeCall(const char* call, hipGraphExec_t exec, hipGraphNode_t node,
                           core::Status built, graph::NodeParams params,
                           const hipGraphNodeType* type = nullptr,
                           const hipMemcpyKind* kind = nullptr);

// A node's parameters, for the getters: the node of kind `type`, and a non-null output.
template <class Out>
core::Status nodeForGet(hipGraphNode_t node, hipGraphNodeType type, Out* out,
                        graph::GraphNode*& object) {
  core::Status status = nodeOf(node, type, object);
  if (status.ok() && out == nullptr)
    status = core::fail(hipErrorInvalidValue, "the output is null");
  return status;
}

}  // namespace hipcore::api
