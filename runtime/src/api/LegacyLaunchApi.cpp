// CUDA's oldest execution control, kept in HIP for old code: hipConfigureCall sets the next
// launch's grid, block, LDS and stream (the configuration <<<>>> pushes), hipSetupArgument places
// each argument at its offset in the thread's argument buffer, hipLaunchByPtr launches a kernel
// with them. The offsets are the kernel's own argument offsets (natural alignment, what
// CUDA's programs compute); each argument is read where the kernel's metadata places it.
#include <cstring>

#include "ApiCall.h"
#include "ApiState.h"
#include "FunctionHandles.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

HIPCORE_API hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                        hipStream_t stream) {
  return hipcore::api::call(
      "hipConfigureCall", hipConfigureCall,
      [&] {
        hipError_t pushed = __hipPushCallConfiguration(gridDim, blockDim, sharedMem, stream);
        if (pushed == hipSuccess) hipcore::api::threadState().setupArguments.clear();
        return pushed;
      },
      "gridDim, blockDim, sharedMem, stream", gridDim, blockDim, sharedMem, stream);
}

HIPCORE_API hipError_t hipSetupArgument(const void* arg, size_t size, size_t offset) {
  return hipcore::api::call(
      "hipSetupArgument", hipSetupArgument,
      [&] {
        // A kernel's explicit arguments fit in its kernarg segment (at most 4 KiB in HIP).
        constexpr size_t kMaxArgumentBytes = 4096;
        if (arg == nullptr || size == 0 || size > kMaxArgumentBytes ||
            offset > kMaxArgumentBytes - size)
          return finish("hipSetupArgument",
                        fail(hipErrorInvalidValue, "argument %p of %zu bytes at offset %zu", arg,
                             size, offset));
        std::vector<uint8_t>& buffer = hipcore::api::threadState().setupArguments;
        if (buffer.size() < offset + size) buffer.resize(offset + size);
        std::memcpy(buffer.data() + offset, arg, size);
        return hipSuccess;
      },
      "arg, size, offset", arg, size, offset);
}

HIPCORE_API hipError_t hipLaunchByPtr(const void* func) {
  return hipcore::api::call(
      "hipLaunchByPtr", hipLaunchByPtr,
      [&] {
        dim3 grid, block;
        size_t sharedMem = 0;
        hipStream_t stream = nullptr;
        hipError_t popped = __hipPopCallConfiguration(&grid, &block, &sharedMem, &stream);
        if (popped != hipSuccess) return popped;
        hipcore::api::ThreadState& thread = hipcore::api::threadState();
        std::vector<uint8_t> buffer = std::move(thread.setupArguments);
        thread.setupArguments.clear();
        if (func == nullptr || hipcore::api::registry().findKernel(func) == nullptr)
          return finish("hipLaunchByPtr", fail(hipErrorInvalidDeviceFunction,
                                               "%p is not a registered kernel handle", func));
        hipcore::core::Device* device = nullptr;
        hipcore::core::Stream* queue = nullptr;
        hipcore::api::FunctionTarget target;
        Status status = hipcore::api::streamOf(stream, device, queue);
        if (status.ok())
          status = hipcore::api::functionTarget(
              reinterpret_cast<hipFunction_t>(const_cast<void*>(func)), device, target);
        if (!status.ok()) return finish("hipLaunchByPtr", std::move(status));
        const hipcore::loader::KernargLayout& layout = target.code->layout;
        std::vector<void*> args(layout.explicitCount());
        for (size_t i = 0; i < args.size(); ++i) {
          size_t end = size_t{layout.explicitOffset(i)} + layout.explicitSize(i);
          if (end > buffer.size())
            return finish("hipLaunchByPtr",
                          fail(hipErrorInvalidValue,
                               "kernel %s: argument %zu (bytes %u to %zu) was not set up",
                               target.name->c_str(), i, layout.explicitOffset(i), end));
          args[i] = buffer.data() + layout.explicitOffset(i);
        }
        return hipLaunchKernel(func, grid, block, args.data(), sharedMem, stream);
      },
      "func", func);
}

// One ordinary launch per entry, each on its own stream (and so its device), in list order.
// Unlike the cooperative form the kernels do not synchronise with each other; the flags ask
// for no synchronisation around the launches, which hipcore's streams never add anyway.
HIPCORE_API hipError_t hipExtLaunchMultiKernelMultiDevice(hipLaunchParams* launchParamsList,
                                                          int numDevices, unsigned int flags) {
  return hipcore::api::call(
      "hipExtLaunchMultiKernelMultiDevice", hipExtLaunchMultiKernelMultiDevice,
      [&] {
        const char* call = "hipExtLaunchMultiKernelMultiDevice";
        if (launchParamsList == nullptr || numDevices <= 0)
          return finish(call, fail(hipErrorInvalidValue, "launchParamsList %p, numDevices %d",
                                   static_cast<void*>(launchParamsList), numDevices));
        if ((flags & ~unsigned{hipCooperativeLaunchMultiDeviceNoPreSync |
                               hipCooperativeLaunchMultiDeviceNoPostSync}) != 0)
          return finish(call, fail(hipErrorInvalidValue, "flags 0x%x", flags));
        // Every entry is checked before any launches: one device each, no two on one device.
        int count = 0;
        if (Status status = hipcore::api::runtime().initStatus(); !status.ok())
          return finish(call, Status(status));
        count = hipcore::api::runtime().deviceCount();
        if (numDevices > count)
          return finish(
              call, fail(hipErrorInvalidValue, "%d launches for %d devices", numDevices, count));
        uint32_t seen = 0;
        for (int i = 0; i < numDevices; ++i) {
          hipcore::core::Device* device = nullptr;
          hipcore::core::Stream* queue = nullptr;
          if (Status status = hipcore::api::streamOf(launchParamsList[i].stream, device, queue);
              !status.ok())
            return finish(call, std::move(status));
          if ((seen >> device->index()) & 1)
            return finish(
                call, fail(hipErrorInvalidDevice, "two launches on device %d", device->index()));
          seen |= uint32_t{1} << device->index();
        }
        for (int i = 0; i < numDevices; ++i) {
          const hipLaunchParams& p = launchParamsList[i];
          hipError_t launched =
              hipLaunchKernel(p.func, p.gridDim, p.blockDim, p.args, p.sharedMem, p.stream);
          if (launched != hipSuccess) return launched;
        }
        return hipSuccess;
      },
      "launchParamsList, numDevices, flags", launchParamsList, numDevices, flags);
}
