// ROCR start-up, device enumeration and the launch path.
#include "Runtime.h"

#include "hsa/Hsa.h"

namespace hipcore::core {

Runtime::Runtime(Registry& registry) : registry_(registry) {
  auto initialized = hsa::initialize();
  if (!initialized) {
    initStatus_ = fail(hipErrorNoDevice, "%s", initialized.message().c_str());
    return;
  }
  auto agents = hsa::gpuAgents();
  if (!agents) {
    initStatus_ = fail(hipErrorNoDevice, "%s", agents.message().c_str());
    return;
  }
  if (agents->empty()) {
    initStatus_ =
        fail(hipErrorNoDevice,
             "ROCR initialised but reports no GPU agent it supports (ROCR 5.2.3 knows ISAs "
             "up to gfx1035; gfx11 needs ROCR >= 5.5)");
    return;
  }
  for (hsa::GpuAgent& agent : *agents) {
    if (devices_.size() == kMaxDevices) break;
    devices_.push_back(std::make_unique<Device>(static_cast<int>(devices_.size()), std::move(agent),
                                                registry_, pointers_));
  }
  // A GPU memory fault becomes the faulting device's sticky error, not a process abort.
  hsa::installMemoryFaultHandler(
      [](uint64_t agent, uint64_t address, void* context) {
        for (const auto& device : static_cast<Runtime*>(context)->devices_)
          if (device->agent().agent == agent) device->faults().recordMemoryFault(address);
      },
      this);
}

namespace {

// What only the loaded kernel can tell: its launch bounds, its LDS need, its argument count.
Status checkFits(const Device& device, const DeviceKernel& code, const loader::LaunchGeometry& g,
                 void* const* args) noexcept {
  uint64_t threads = uint64_t{g.blockSize[0]} * g.blockSize[1] * g.blockSize[2];
  // HIP answers a block above the kernel's __launch_bounds__ with hipErrorLaunchFailure (AMD's
  // tests check it; CUDA's documentation is silent on it).
  if (threads > code.maxWorkgroupSize)
    return fail(hipErrorLaunchFailure,
                "kernel %s: block of %llu threads exceeds its launch bound %u", code.name.c_str(),
                static_cast<unsigned long long>(threads), code.maxWorkgroupSize);
  uint64_t lds = uint64_t{code.groupSegmentSize} + g.dynamicLdsBytes;
  size_t ldsLimit = device.properties().sharedMemPerBlock;
  if (ldsLimit != 0 && lds > ldsLimit)
    return fail(hipErrorInvalidValue,
                "kernel %s: %llu bytes of shared memory exceed the %zu available",
                code.name.c_str(), static_cast<unsigned long long>(lds), ldsLimit);
  if (args == nullptr && code.layout.explicitCount() != 0)
    return fail(hipErrorInvalidValue, "kernel %s takes %zu arguments but args is null",
                code.name.c_str(), code.layout.explicitCount());
  return Status::success();
}

}  // namespace

Status Runtime::launch(Device& device, Stream* queue, const void* handle,
                       const loader::LaunchGeometry& geometry, void* const* args) noexcept {
  const Kernel* kernel = registry_.findKernel(handle);
  if (kernel == nullptr)
    return fail(hipErrorInvalidDeviceFunction, "%p is not a registered kernel handle", handle);
  const DeviceKernel* code = kernel->code(static_cast<size_t>(device.index()));
  if (code == nullptr) {
    if (Status resolved = device.resolve(*kernel, code); !resolved.ok()) return resolved;
  }
  return launchCode(device, queue, *code, geometry, args);
}

Status Runtime::launchCode(Device& device, Stream* queue, const DeviceKernel& code,
                           const loader::LaunchGeometry& geometry, void* const* args) noexcept {
  if (device.failed()) return device.queueFailure();
  if (Status fits = checkFits(device, code, geometry, args); !fits.ok()) return fits;
  if (queue == nullptr && (queue = device.readyNullStream()) == nullptr) {
    if (Status ready = device.nullStream(queue); !ready.ok()) return ready;
  }
  if (Status ordered = device.prepareSubmission(*queue); !ordered.ok()) return ordered;
  if (!queue->submitter().launch(code, geometry, args)) return device.queueFailure();
  return Status::success();
}

Status Runtime::launchCooperative(Device& device, Stream* queue, const DeviceKernel& code,
                                  const loader::LaunchGeometry& geometry, void* const* args) {
  if (device.failed()) return device.queueFailure();
  if (Status fits = checkFits(device, code, geometry, args); !fits.ok()) return fits;
  if (queue == nullptr) {
    if (Status ready = device.nullStream(queue); !ready.ok()) return ready;
  }
  uint64_t barrier = 0;
  if (Status found = device.gridBarriers().barrierFor(queue, barrier); !found.ok()) return found;
  if (Status ordered = device.prepareSubmission(*queue); !ordered.ok()) return ordered;
  if (!queue->submitter().launchCooperative(code, geometry, args, barrier))
    return device.queueFailure();
  return Status::success();
}

}  // namespace hipcore::core
