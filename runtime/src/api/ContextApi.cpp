// The driver API's contexts (deprecated in HIP, still called by older programs and libraries):
// hipCtx*, hipDevicePrimaryCtx*. hipcore has one context per device, its primary context
// (ApiState.h): hipCtxCreate hands out the device's primary context, and a context made current
// makes its device the thread's current device, so the driver-style and runtime-style calls always
// agree on where work goes. Each thread keeps a stack of pushed contexts: popping one makes the
// context below it (if any) current again, as in CUDA. Destroying a context ends this thread's
// use of it; the device's memory and streams stay (they belong to the device, not to the handle).
// The entry points of deprecated functions name themselves (api::call reports them by address).
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include "ApiCall.h"
#include "ApiState.h"
#include "core/Device.h"

using hipcore::api::contextOf;
using hipcore::api::finish;
using hipcore::api::PrimaryContext;
using hipcore::api::primaryContext;
using hipcore::api::ThreadState;
using hipcore::api::threadState;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

// The context behind a handle, or hipErrorInvalidContext naming it.
Status resolveContext(hipCtx_t handle, PrimaryContext*& out) {
  if (Status ready = hipcore::api::runtime().initStatus(); !ready.ok()) return ready;
  out = contextOf(handle);
  if (out == nullptr) return fail(hipErrorInvalidContext, "%p is not a context", handle);
  return Status::success();
}

// The primary context of device `index`, or hipErrorInvalidDevice.
Status deviceContext(int index, PrimaryContext*& out) {
  hipcore::core::Device* device = nullptr;
  if (Status found = hipcore::api::deviceAt(index, device); !found.ok()) return found;
  out = primaryContext(index);
  return Status::success();
}

void makeCurrent(ThreadState& thread, const PrimaryContext& context) {
  thread.device = context.device;
}

Status push(ThreadState& thread, const PrimaryContext& context) {
  if (thread.contextDepth == ThreadState::kMaxContextDepth)
    return fail(hipErrorOutOfMemory, "more than %d contexts pushed on this thread",
                ThreadState::kMaxContextDepth);
  thread.contextStack[thread.contextDepth++] = context.device;
  makeCurrent(thread, context);
  return Status::success();
}

// One reference fewer, never below none: the primary context lives as long as its device, so
// releasing more than was retained is harmless (AMD's runtime accepts it too).
void releaseOnce(PrimaryContext& context) {
  int held = context.retained.load(std::memory_order_relaxed);
  while (held > 0 && !context.retained.compare_exchange_weak(held, held - 1)) {
  }
}

}  // namespace

HIPCORE_API hipError_t hipCtxCreate(hipCtx_t* ctx, unsigned int flags, hipDevice_t device) {
  return hipcore::api::call(
      "hipCtxCreate", hipCtxCreate,
      [&] {
        if (ctx == nullptr)
          return finish("hipCtxCreate", fail(hipErrorInvalidValue, "ctx is null"));
        if (!hipcore::api::validDeviceFlags(flags))
          return finish("hipCtxCreate", fail(hipErrorInvalidValue, "context flags 0x%x", flags));
        PrimaryContext* context = nullptr;
        Status status = deviceContext(device, context);
        if (status.ok()) status = push(threadState(), *context);
        if (status.ok()) {
          hipcore::core::Device* target = nullptr;
          status = hipcore::api::deviceAt(device, target);
          if (status.ok() && flags != 0) target->setScheduleFlags(flags);
          context->retained.fetch_add(1, std::memory_order_relaxed);
          *ctx = reinterpret_cast<hipCtx_t>(context);
        }
        return finish("hipCtxCreate", std::move(status));
      },
      "ctx, flags, device", ctx, flags, device);
}

HIPCORE_API hipError_t hipCtxDestroy(hipCtx_t ctx) {
  return hipcore::api::call(
      "hipCtxDestroy", hipCtxDestroy,
      [&] {
        if (ctx == nullptr)
          return finish("hipCtxDestroy", fail(hipErrorInvalidValue, "ctx is null"));
        PrimaryContext* context = nullptr;
        Status status = resolveContext(ctx, context);
        if (status.ok()) {
          ThreadState& thread = threadState();
          if (thread.contextDepth > 0 &&
              thread.contextStack[thread.contextDepth - 1] == context->device)
            --thread.contextDepth;
          releaseOnce(*context);
        }
        return finish("hipCtxDestroy", std::move(status));
      },
      "ctx", ctx);
}

HIPCORE_API hipError_t hipCtxPushCurrent(hipCtx_t ctx) {
  return hipcore::api::call(
      "hipCtxPushCurrent", hipCtxPushCurrent,
      [&] {
        PrimaryContext* context = nullptr;
        Status status = resolveContext(ctx, context);
        if (status.ok()) status = push(threadState(), *context);
        return finish("hipCtxPushCurrent", std::move(status));
      },
      "ctx", ctx);
}

HIPCORE_API hipError_t hipCtxPopCurrent(hipCtx_t* ctx) {
  return hipcore::api::call(
      "hipCtxPopCurrent", hipCtxPopCurrent,
      [&] {
        ThreadState& thread = threadState();
        if (thread.contextDepth == 0)
          return finish("hipCtxPopCurrent",
                        fail(hipErrorInvalidContext, "no context was pushed on this thread"));
        int popped = thread.contextStack[--thread.contextDepth];
        if (ctx != nullptr) *ctx = reinterpret_cast<hipCtx_t>(primaryContext(popped));
        if (thread.contextDepth > 0)
          makeCurrent(thread, *primaryContext(thread.contextStack[thread.contextDepth - 1]));
        return hipSuccess;
      },
      "ctx", ctx);
}

HIPCORE_API hipError_t hipCtxSetCurrent(hipCtx_t ctx) {
  return hipcore::api::call(
      "hipCtxSetCurrent", hipCtxSetCurrent,
      [&] {
        ThreadState& thread = threadState();
        if (ctx == nullptr) {  // unbinds the current context: the one below becomes current
          if (thread.contextDepth > 0) --thread.contextDepth;
          if (thread.contextDepth > 0)
            makeCurrent(thread, *primaryContext(thread.contextStack[thread.contextDepth - 1]));
          return hipSuccess;
        }
        PrimaryContext* context = nullptr;
        Status status = resolveContext(ctx, context);
        if (status.ok()) {
          if (thread.contextDepth > 0) --thread.contextDepth;
          status = push(thread, *context);
        }
        return finish("hipCtxSetCurrent", std::move(status));
      },
      "ctx", ctx);
}

HIPCORE_API hipError_t hipCtxGetCurrent(hipCtx_t* ctx) {
  return hipcore::api::call(
      "hipCtxGetCurrent", hipCtxGetCurrent,
      [&] {
        if (ctx == nullptr)
          return finish("hipCtxGetCurrent", fail(hipErrorInvalidValue, "ctx is null"));
        hipcore::core::Device* device = nullptr;
        Status status = hipcore::api::currentDevice(device);
        if (status.ok()) *ctx = reinterpret_cast<hipCtx_t>(primaryContext(device->index()));
        return finish("hipCtxGetCurrent", std::move(status));
      },
      "ctx", ctx);
}

HIPCORE_API hipError_t hipCtxGetDevice(hipDevice_t* device) {
  return hipcore::api::call(
      "hipCtxGetDevice", hipCtxGetDevice,
      [&] {
        if (device == nullptr)
          return finish("hipCtxGetDevice", fail(hipErrorInvalidValue, "device is null"));
        hipcore::core::Device* current = nullptr;
        Status status = hipcore::api::currentDevice(current);
        if (status.ok()) *device = current->index();
        return finish("hipCtxGetDevice", std::move(status));
      },
      "device", device);
}

HIPCORE_API hipError_t hipCtxGetApiVersion(hipCtx_t ctx, int* apiVersion) {
  return hipcore::api::call(
      "hipCtxGetApiVersion", hipCtxGetApiVersion,
      [&] {
        if (apiVersion == nullptr)
          return finish("hipCtxGetApiVersion", fail(hipErrorInvalidValue, "apiVersion is null"));
        PrimaryContext* context = nullptr;
        Status status = resolveContext(ctx, context);
        // The HIP version the context's calls follow: hipDriverGetVersion's number.
        if (status.ok()) *apiVersion = HIP_VERSION;
        return finish("hipCtxGetApiVersion", std::move(status));
      },
      "ctx, apiVersion", ctx, apiVersion);
}

HIPCORE_API hipError_t hipCtxGetCacheConfig(hipFuncCache_t* cacheConfig) {
  return hipcore::api::call(
      "hipCtxGetCacheConfig", hipCtxGetCacheConfig,
      [&] { return hipDeviceGetCacheConfig(cacheConfig); }, "cacheConfig", cacheConfig);
}

HIPCORE_API hipError_t hipCtxSetCacheConfig(hipFuncCache_t cacheConfig) {
  return hipcore::api::call(
      "hipCtxSetCacheConfig", hipCtxSetCacheConfig,
      [&] { return hipDeviceSetCacheConfig(cacheConfig); }, "cacheConfig", cacheConfig);
}

HIPCORE_API hipError_t hipCtxGetSharedMemConfig(hipSharedMemConfig* pConfig) {
  return hipcore::api::call(
      "hipCtxGetSharedMemConfig", hipCtxGetSharedMemConfig,
      [&] { return hipDeviceGetSharedMemConfig(pConfig); }, "pConfig", pConfig);
}

HIPCORE_API hipError_t hipCtxSetSharedMemConfig(hipSharedMemConfig config) {
  return hipcore::api::call(
      "hipCtxSetSharedMemConfig", hipCtxSetSharedMemConfig,
      [&] { return hipDeviceSetSharedMemConfig(config); }, "config", config);
}

HIPCORE_API hipError_t hipCtxSynchronize(void) {
  return hipcore::api::call("hipCtxSynchronize", hipCtxSynchronize,
                            [&] { return hipDeviceSynchronize(); });
}

HIPCORE_API hipError_t hipCtxGetFlags(unsigned int* flags) {
  return hipcore::api::call(
      "hipCtxGetFlags", hipCtxGetFlags, [&] { return hipGetDeviceFlags(flags); }, "flags", flags);
}

HIPCORE_API hipError_t hipCtxEnablePeerAccess(hipCtx_t peerCtx, unsigned int flags) {
  return hipcore::api::call(
      "hipCtxEnablePeerAccess", hipCtxEnablePeerAccess,
      [&] {
        PrimaryContext* peer = nullptr;
        if (Status status = resolveContext(peerCtx, peer); !status.ok())
          return finish("hipCtxEnablePeerAccess", std::move(status));
        return hipDeviceEnablePeerAccess(peer->device, flags);
      },
      "peerCtx, flags", peerCtx, flags);
}

HIPCORE_API hipError_t hipCtxDisablePeerAccess(hipCtx_t peerCtx) {
  return hipcore::api::call(
      "hipCtxDisablePeerAccess", hipCtxDisablePeerAccess,
      [&] {
        PrimaryContext* peer = nullptr;
        if (Status status = resolveContext(peerCtx, peer); !status.ok())
          return finish("hipCtxDisablePeerAccess", std::move(status));
        return hipDeviceDisablePeerAccess(peer->device);
      },
      "peerCtx", peerCtx);
}

HIPCORE_API hipError_t hipDevicePrimaryCtxRetain(hipCtx_t* pctx, hipDevice_t dev) {
  return hipcore::api::call(
      "hipDevicePrimaryCtxRetain", hipDevicePrimaryCtxRetain,
      [&] {
        PrimaryContext* context = nullptr;
        Status status = deviceContext(dev, context);
        if (status.ok() && pctx == nullptr) status = fail(hipErrorInvalidValue, "pctx is null");
        if (status.ok()) {
          context->retained.fetch_add(1, std::memory_order_relaxed);
          *pctx = reinterpret_cast<hipCtx_t>(context);
        }
        return finish("hipDevicePrimaryCtxRetain", std::move(status));
      },
      "pctx, dev", pctx, dev);
}

HIPCORE_API hipError_t hipDevicePrimaryCtxRelease(hipDevice_t dev) {
  return hipcore::api::call(
      "hipDevicePrimaryCtxRelease", hipDevicePrimaryCtxRelease,
      [&] {
        PrimaryContext* context = nullptr;
        Status status = deviceContext(dev, context);
        if (status.ok()) {
          // Releasing more than was retained is harmless: the primary context lives as long as
          // its device (AMD's runtime accepts it too).
          releaseOnce(*context);
        }
        return finish("hipDevicePrimaryCtxRelease", std::move(status));
      },
      "dev", dev);
}

HIPCORE_API hipError_t hipDevicePrimaryCtxGetState(hipDevice_t dev, unsigned int* flags,
                                                   int* active) {
  return hipcore::api::call(
      "hipDevicePrimaryCtxGetState", hipDevicePrimaryCtxGetState,
      [&] {
        PrimaryContext* context = nullptr;
        Status status = deviceContext(dev, context);
        if (status.ok() && (flags == nullptr || active == nullptr))
          status = fail(hipErrorInvalidValue, "flags or active is null");
        hipcore::core::Device* device = nullptr;
        if (status.ok()) status = hipcore::api::deviceAt(dev, device);
        if (status.ok()) {
          *flags = device->scheduleFlags();
          *active = context->retained.load(std::memory_order_relaxed) > 0 ? 1 : 0;
        }
        return finish("hipDevicePrimaryCtxGetState", std::move(status));
      },
      "dev, flags, active", dev, flags, active);
}

HIPCORE_API hipError_t hipDevicePrimaryCtxSetFlags(hipDevice_t dev, unsigned int flags) {
  return hipcore::api::call(
      "hipDevicePrimaryCtxSetFlags", hipDevicePrimaryCtxSetFlags,
      [&] {
        PrimaryContext* context = nullptr;
        Status status = deviceContext(dev, context);
        if (status.ok() && !hipcore::api::validDeviceFlags(flags))
          status = fail(hipErrorInvalidValue, "context flags 0x%x", flags);
        // As CUDA: the flags of a primary context in use cannot change.
        if (status.ok() && context->retained.load(std::memory_order_relaxed) > 0)
          status =
              fail(hipErrorContextAlreadyInUse, "the primary context of device %d is active", dev);
        hipcore::core::Device* device = nullptr;
        if (status.ok()) status = hipcore::api::deviceAt(dev, device);
        if (status.ok()) device->setScheduleFlags(flags);
        return finish("hipDevicePrimaryCtxSetFlags", std::move(status));
      },
      "dev, flags", dev, flags);
}

HIPCORE_API hipError_t hipDevicePrimaryCtxReset(hipDevice_t dev) {
  return hipcore::api::call(
      "hipDevicePrimaryCtxReset", hipDevicePrimaryCtxReset,
      [&] {
        PrimaryContext* context = nullptr;
        Status status = deviceContext(dev, context);
        if (!status.ok()) return finish("hipDevicePrimaryCtxReset", std::move(status));
        // The device's state goes as with hipDeviceReset on that device.
        ThreadState& thread = threadState();
        int current = thread.device;
        thread.device = dev;
        hipError_t reset = hipDeviceReset();
        thread.device = current;
        if (reset == hipSuccess) context->retained.store(0, std::memory_order_relaxed);
        return reset;
      },
      "dev", dev);
}
