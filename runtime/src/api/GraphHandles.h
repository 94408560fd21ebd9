// The graph API's handles checked: a handle of the wrong kind, a destroyed object or a null one
// is refused with the error HIP documents for it.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstdint>

#include "core/Status.h"
#include "graph/Graph.h"
#include "graph/GraphExec.h"
#include "graph/UserObject.h"

namespace hipcore::api {

template <class Object, class Handle>
core::Status handleOf(Handle handle, Object*& out, const char* what) {
  out = reinterpret_cast<Object*>(handle);
  if (reinterpret_cast<uintptr_t>(handle) < 4096 || !out->valid())
    return core::fail(hipErrorInvalidValue, "%p is not a %s", static_cast<void*>(handle), what);
  return core::Status::success();
}

inline core::Status graphOf(hipGraph_t handle, graph::Graph*& out) {
  return handleOf(handle, out, "graph");
}
inline core::Status nodeOf(hipGraphNode_t handle, graph::GraphNode*& out) {
  return handleOf(handle, out, "graph node");
}
inline core::Status execOf(hipGraphExec_t handle, graph::GraphExec*& out) {
  return handleOf(handle, out, "graph executable");
}
inline core::Status userObjectOf(hipUserObject_t handle, graph::UserObject*& out) {
  return handleOf(handle, out, "user object");
}
// A node of the given kind.
inline core::Status nodeOf(hipGraphNode_t handle, hipGraphNodeType type, graph::GraphNode*& out) {
  if (core::Status valid = nodeOf(handle, out); !valid.ok()) return valid;
  if (out->params.type != type)
    return core::fail(hipErrorInvalidValue, "node %p is of kind %d, not %d",
                      static_cast<void*>(handle), static_cast<int>(out->params.type),
                      static_cast<int>(type));
  return core::Status::success();
}

}  // namespace hipcore::api
