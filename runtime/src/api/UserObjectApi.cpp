// User objects: hipUserObjectCreate, Retain, Release, and the references graphs hold
// (hipGraphRetainUserObject, hipGraphReleaseUserObject).
#include "ApiCall.h"
#include "ApiState.h"
#include "GraphHandles.h"

using hipcore::api::finish;
using hipcore::api::graphOf;
using hipcore::api::userObjectOf;
using hipcore::core::fail;
using hipcore::core::Status;
using hipcore::graph::Graph;
using hipcore::graph::UserObject;

HIPCORE_API hipError_t hipUserObjectCreate(hipUserObject_t* object_out, void* ptr,
                                           hipHostFn_t destroy, unsigned int initialRefcount,
                                           unsigned int flags) {
  return hipcore::api::call(
      "hipUserObjectCreate", hipUserObjectCreate,
      [&] {
        if (object_out == nullptr || destroy == nullptr || initialRefcount == 0 ||
            flags != hipUserObjectNoDestructorSync)
          return finish("hipUserObjectCreate",
                        fail(hipErrorInvalidValue,
                             "object_out %p, destroy %p, references %u, "
                             "flags %u (must be hipUserObjectNoDestructorSync)",
                             static_cast<void*>(object_out), reinterpret_cast<void*>(destroy),
                             initialRefcount, flags));
        *object_out =
            reinterpret_cast<hipUserObject_t>(new UserObject(ptr, destroy, initialRefcount));
        return hipSuccess;
      },
      "object_out, ptr, destroy, initialRefcount, flags", object_out, ptr, destroy, initialRefcount,
      flags);
}

HIPCORE_API hipError_t hipUserObjectRetain(hipUserObject_t object, unsigned int count) {
  return hipcore::api::call(
      "hipUserObjectRetain", hipUserObjectRetain,
      [&] {
        UserObject* user = nullptr;
        Status status = userObjectOf(object, user);
        if (status.ok() && count == 0) status = fail(hipErrorInvalidValue, "count is 0");
        if (status.ok()) user->retain(count);
        return finish("hipUserObjectRetain", std::move(status));
      },
      "object, count", object, count);
}

HIPCORE_API hipError_t hipUserObjectRelease(hipUserObject_t object, unsigned int count) {
  return hipcore::api::call(
      "hipUserObjectRelease", hipUserObjectRelease,
      [&] {
        UserObject* user = nullptr;
        Status status = userObjectOf(object, user);
        if (status.ok() && count == 0) status = fail(hipErrorInvalidValue, "count is 0");
        if (status.ok()) user->release(count);
        return finish("hipUserObjectRelease", std::move(status));
      },
      "object, count", object, count);
}

HIPCORE_API hipError_t hipGraphRetainUserObject(hipGraph_t graph, hipUserObject_t object,
                                                unsigned int count, unsigned int flags) {
  return hipcore::api::call(
      "hipGraphRetainUserObject", hipGraphRetainUserObject,
      [&] {
        Graph* holder = nullptr;
        UserObject* user = nullptr;
        Status status = graphOf(graph, holder);
        if (status.ok()) status = userObjectOf(object, user);
        if (status.ok() && (count == 0 || (flags != 0 && flags != hipGraphUserObjectMove)))
          status = fail(hipErrorInvalidValue, "count %u, flags %u", count, flags);
        if (status.ok()) {
          holder->retain(*user, count);
          // Move: the caller's references become the graph's.
          if (flags == hipGraphUserObjectMove) user->release(count);
        }
        return finish("hipGraphRetainUserObject", std::move(status));
      },
      "graph, object, count, flags", graph, object, count, flags);
}

HIPCORE_API hipError_t hipGraphReleaseUserObject(hipGraph_t graph, hipUserObject_t object,
                                                 unsigned int count) {
  return hipcore::api::call(
      "hipGraphReleaseUserObject", hipGraphReleaseUserObject,
      [&] {
        Graph* holder = nullptr;
        UserObject* user = nullptr;
        Status status = graphOf(graph, holder);
        if (status.ok()) status = userObjectOf(object, user);
        if (status.ok() && count == 0) status = fail(hipErrorInvalidValue, "count is 0");
        if (status.ok()) status = holder->release(*user, count);
        return finish("hipGraphReleaseUserObject", std::move(status));
      },
      "graph, object, count", graph, object, count);
}
