// AMD's profiler interface, for roctracer and the tools on it: hipApiName, hipGetCmdName,
// hipRegisterTracerCallback (HIP >= 5.3) and HIP 5.2.3's hipRegister/Remove Api/Activity
// callbacks (ApiCallbacks.h), hipInitActivityCallback and hipEnableActivityCallback.
#include <cstdint>

#include "ApiCall.h"
#include "ApiCallbacks.h"
#include "ApiState.h"
#include "trace/ApiIds.h"

// Exported, in no header (AMD declares them in none it installs, or in hip_runtime_prof.h).
HIPCORE_API void hipRegisterTracerCallback(int (*function)(uint32_t domain, uint32_t id,
                                                           void* data));
HIPCORE_API void hipInitActivityCallback(void* id_callback, void* op_callback, void* arg);
HIPCORE_API bool hipEnableActivityCallback(uint32_t op, bool enable);

using hipcore::api::apiCallbacks;
using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

Status checkId(uint32_t id) {
  if (id < hipcore::trace::kApiIdFirst || id > hipcore::trace::kApiIdLast)
    return fail(hipErrorInvalidValue, "operation id %u is outside HIP's ids 1..%u", id,
                hipcore::trace::kApiIdLast);
  return Status::success();
}

// OpenCL's command types (cl.h, CL_COMMAND_*), which AMD's runtime reports as the kind of an
// asynchronous activity record, and ROCclr's two stream memory operations; the names are those
// AMD's hipGetCmdName answers.
const char* commandName(uint32_t kind) {
  switch (kind) {
    case 0:
      return "InternalMarker";
    case 0x11F0:
      return "KernelExecution";  // CL_COMMAND_NDRANGE_KERNEL
    case 0x11F1:
      return "Task";
    case 0x11F2:
      return "NativeKernel";
    case 0x11F3:
      return "CopyDeviceToHost";  // CL_COMMAND_READ_BUFFER
    case 0x11F4:
      return "CopyHostToDevice";  // CL_COMMAND_WRITE_BUFFER
    case 0x11F5:
      return "CopyDeviceToDevice";  // CL_COMMAND_COPY_BUFFER
    case 0x11F6:
      return "ReadImage";
    case 0x11F7:
      return "WriteImage";
    case 0x11F8:
      return "CopyImage";
    case 0x11F9:
      return "CopyImageToBuffer";
    case 0x11FA:
      return "CopyBufferToImage";
    case 0x11FB:
      return "MapBuffer";
    case 0x11FC:
      return "MapImage";
    case 0x11FD:
      return "UnmapMemObject";
    case 0x11FE:
      return "Marker";
    case 0x11FF:
      return "AcquireGLObjects";
    case 0x1200:
      return "ReleaseGLObjects";
    case 0x1201:
      return "CopyDeviceToHost2D";  // CL_COMMAND_READ_BUFFER_RECT
    case 0x1202:
      return "CopyHostToDevice2D";
    case 0x1203:
      return "CopyDeviceToDevice2D";
    case 0x1204:
      return "User";
    case 0x1205:
      return "Barrier";
    case 0x1206:
      return "MigrateMemObjects";
    case 0x1207:
      return "FillBuffer";
    case 0x1208:
      return "FillImage";
    case 0x1209:
      return "SvmFree";
    case 0x120A:
      return "SvmMemcpy";
    case 0x120B:
      return "SvmMemFill";
    case 0x120C:
      return "SvmMap";
    case 0x120D:
      return "SvmUnmap";
    case 0x4501:
      return "StreamWait";  // ROCclr's stream wait-value command (HIP >= 5.3)
    case 0x4502:
      return "StreamWrite";
  }
  return "Unknown command kind";  // HIP >= 5.3 (5.2.3: "Unknown command type")
}

}  // namespace

// "unknown" for 0, reserved and unnumbered ids, as AMD's hip_api_name answers.
HIPCORE_API const char* hipApiName(uint32_t id) {
  const char* name = hipcore::trace::apiIdName(id);
  return name != nullptr ? name : "unknown";
}

HIPCORE_API const char* hipGetCmdName(uint32_t id) {
  return commandName(id);
}

// One function for every domain: asked per HIP call (domain 3) whether it traces it. Null
// unregisters. AMD declares the domain as activity_domain_t, an enum passed as an int.
HIPCORE_API void hipRegisterTracerCallback(int (*function)(uint32_t domain, uint32_t id,
                                                           void* data)) {
  apiCallbacks().setTracer(function);
}

HIPCORE_API hipError_t hipRegisterApiCallback(uint32_t id, void* fun, void* arg) {
  return hipcore::api::call(
      "hipRegisterApiCallback", hipRegisterApiCallback,
      [&] {
        Status status = checkId(id);
        if (status.ok())
          apiCallbacks().setApi(id, reinterpret_cast<hipcore::api::ApiCallback>(fun), arg);
        return finish("hipRegisterApiCallback", std::move(status));
      },
      "id, fun, arg", id, fun, arg);
}

HIPCORE_API hipError_t hipRemoveApiCallback(uint32_t id) {
  return hipcore::api::call(
      "hipRemoveApiCallback", hipRemoveApiCallback,
      [&] {
        Status status = checkId(id);
        if (status.ok()) apiCallbacks().setApi(id, nullptr, nullptr);
        return finish("hipRemoveApiCallback", std::move(status));
      },
      "id", id);
}

HIPCORE_API hipError_t hipRegisterActivityCallback(uint32_t id, void* fun, void* arg) {
  return hipcore::api::call(
      "hipRegisterActivityCallback", hipRegisterActivityCallback,
      [&] {
        Status status = checkId(id);
        if (status.ok())
          apiCallbacks().setActivity(id, reinterpret_cast<hipcore::api::ActivityCallback>(fun),
                                     arg);
        return finish("hipRegisterActivityCallback", std::move(status));
      },
      "id, fun, arg", id, fun, arg);
}

HIPCORE_API hipError_t hipRemoveActivityCallback(uint32_t id) {
  return hipcore::api::call(
      "hipRemoveActivityCallback", hipRemoveActivityCallback,
      [&] {
        Status status = checkId(id);
        if (status.ok()) apiCallbacks().setActivity(id, nullptr, nullptr);
        return finish("hipRemoveActivityCallback", std::move(status));
      },
      "id", id);
}

// HIP 5.2.3's asynchronous activity records (kernel and copy times, domain 2): hipcore does not
// produce them (its kernel and copy times go to HIPCORE_TRACE's timeline), so it keeps nothing
// here and hipEnableActivityCallback refuses to enable an operation: a tracer learns at once that
// it will receive no records instead of waiting for some.
HIPCORE_API void hipInitActivityCallback(void* id_callback, void* op_callback, void* arg) {
  (void)id_callback, (void)op_callback, (void)arg;
}

HIPCORE_API bool hipEnableActivityCallback(uint32_t op, bool enable) {
  return op < 3 && !enable;  // 3 operations: dispatch, copy, barrier
}
