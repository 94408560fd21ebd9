// IPC: device memory and events of one process opened in another (core/IpcMemory.h,
// core/IpcEvent.h).
#include "ApiCall.h"
#include "ApiState.h"
#include "core/Event.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

HIPCORE_API hipError_t hipIpcGetMemHandle(hipIpcMemHandle_t* handle, void* devPtr) {
  return hipcore::api::call(
      "hipIpcGetMemHandle", hipIpcGetMemHandle,
      [&] {
        if (handle == nullptr || devPtr == nullptr)
          return finish("hipIpcGetMemHandle", fail(hipErrorInvalidValue, "null argument"));
        hipcore::core::Runtime& rt = hipcore::api::runtime();
        if (!rt.initStatus().ok()) return finish("hipIpcGetMemHandle", rt.initStatus());
        return finish("hipIpcGetMemHandle", rt.ipcMemory().exportHandle(devPtr, *handle));
      },
      "handle, devPtr", handle, devPtr);
}

HIPCORE_API hipError_t hipIpcOpenMemHandle(void** devPtr, hipIpcMemHandle_t handle,
                                           unsigned int flags) {
  return hipcore::api::call(
      "hipIpcOpenMemHandle", hipIpcOpenMemHandle,
      [&] {
        if (devPtr == nullptr)
          return finish("hipIpcOpenMemHandle", fail(hipErrorInvalidValue, "devPtr is null"));
        // Every device reaches opened memory, so peer access is always enabled.
        if (flags & ~unsigned(hipIpcMemLazyEnablePeerAccess))
          return finish("hipIpcOpenMemHandle", fail(hipErrorInvalidValue, "flags 0x%x", flags));
        hipcore::core::Device* device = nullptr;
        Status status = hipcore::api::currentDevice(device);
        if (status.ok())
          status = hipcore::api::runtime().ipcMemory().open(handle, device->index(), *devPtr);
        return finish("hipIpcOpenMemHandle", std::move(status));
      },
      "devPtr, handle, flags", devPtr, handle, flags);
}

HIPCORE_API hipError_t hipIpcCloseMemHandle(void* devPtr) {
  return hipcore::api::call(
      "hipIpcCloseMemHandle", hipIpcCloseMemHandle,
      [&] {
        if (devPtr == nullptr)
          return finish("hipIpcCloseMemHandle", fail(hipErrorInvalidValue, "devPtr is null"));
        hipcore::core::Runtime& rt = hipcore::api::runtime();
        if (!rt.initStatus().ok()) return finish("hipIpcCloseMemHandle", rt.initStatus());
        return finish("hipIpcCloseMemHandle", rt.ipcMemory().close(devPtr));
      },
      "devPtr", devPtr);
}

HIPCORE_API hipError_t hipIpcGetEventHandle(hipIpcEventHandle_t* handle, hipEvent_t event) {
  return hipcore::api::call(
      "hipIpcGetEventHandle", hipIpcGetEventHandle,
      [&] {
        if (handle == nullptr)
          return finish("hipIpcGetEventHandle", fail(hipErrorInvalidValue, "handle is null"));
        auto* record = reinterpret_cast<hipcore::core::Event*>(event);
        if (reinterpret_cast<uintptr_t>(event) < 4096 || !record->valid())
          return finish("hipIpcGetEventHandle", fail(hipErrorInvalidHandle, "%p is not an event",
                                                     static_cast<void*>(event)));
        if (record->share() == nullptr)
          return finish(
              "hipIpcGetEventHandle",
              fail(hipErrorInvalidValue, "the event was not created with hipEventInterprocess"));
        record->share()->handle(*handle);
        return hipSuccess;
      },
      "handle, event", handle, event);
}

HIPCORE_API hipError_t hipIpcOpenEventHandle(hipEvent_t* event, hipIpcEventHandle_t handle) {
  return hipcore::api::call(
      "hipIpcOpenEventHandle", hipIpcOpenEventHandle,
      [&] {
        if (event == nullptr)
          return finish("hipIpcOpenEventHandle", fail(hipErrorInvalidValue, "event is null"));
        hipcore::core::Device* device = nullptr;
        hipcore::core::Event* opened = nullptr;
        Status status = hipcore::api::currentDevice(device);
        if (status.ok()) status = hipcore::core::Event::open(*device, handle, opened);
        if (status.ok()) *event = reinterpret_cast<hipEvent_t>(opened);
        return finish("hipIpcOpenEventHandle", std::move(status));
      },
      "event, handle", event, handle);
}
