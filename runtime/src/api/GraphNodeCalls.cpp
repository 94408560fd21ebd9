#include "GraphNodeCalls.h"

#include "ApiCall.h"
#include "GraphNodeParams.h"

namespace hipcore::api {

using core::fail;
using core::Status;

hipError_t addNodeCall(const char* call, hipGraphNode_t* out, hipGraph_t graph,
                       const hipGraphNode_t* dependencies, size_t count, Status built,
                       graph::NodeParams params) {
  if (!built.ok()) return finish(call, std::move(built));
  return finish(call, addNode(graph, out, dependencies, count, std::move(params)));
}

hipError_t setNodeCall(const char* call, hipGraphNode_t node, hipGraphNodeType type, Status built,
                       graph::NodeParams params) {
  graph::GraphNode* object = nullptr;
  Status status = nodeOf(node, type, object);
  if (status.ok()) status = std::move(built);
  if (status.ok()) object->params = std::move(params);
  return finish(call, std::move(status));
}

Status execNode(hipGraphExec_t exec, hipGraphNode_t node, graph::GraphExec*& object,
                graph::GraphNode*& copy) {
  if (Status valid = execOf(exec, object); !valid.ok()) return valid;
  graph::GraphNode* original = nullptr;
  if (Status valid = nodeOf(node, original); !valid.ok()) return valid;
  copy = object->copyOf(original);
  if (copy == nullptr)
    return fail(hipErrorInvalidValue, "node %p is not of the graph executable %p was made from",
                static_cast<void*>(node), static_cast<void*>(exec));
  return Status::success();
}

hipError_t setExecNodeCall(const char* call, hipGraphExec_t exec, hipGraphNode_t node, Status built,
                           graph::NodeParams params, const hipGraphNodeType* type,
                           const hipMemcpyKind* kind) {
  graph::GraphExec* object = nullptr;
  graph::GraphNode* copy = nullptr;
  Status status = execNode(exec, node, object, copy);
  if (status.ok() && type != nullptr && copy->params.type != *type)
    status = fail(hipErrorInvalidValue, "node %p is of kind %d, not %d", static_cast<void*>(node),
                  static_cast<int>(copy->params.type), static_cast<int>(*type));
  if (status.ok() && kind != nullptr && copy->params.type == hipGraphNodeTypeMemcpy &&
      copy->params.copy.params.kind != *kind)
    status = fail(hipErrorInvalidValue, "%s: a memcpy node's kind %d cannot become %d", call,
                  static_cast<int>(copy->params.copy.params.kind), static_cast<int>(*kind));
  if (status.ok()) status = std::move(built);
  if (status.ok()) status = object->setParams(*copy, std::move(params));
  return finish(call, std::move(status));
}

}  // namespace hipcore::api
