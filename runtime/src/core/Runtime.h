// The runtime: ROCR initialisation, the devices, and kernel launch from a host handle.
#pragma once

#include <memory>
#include <vector>

#include "Device.h"
#include "ExternalMemory.h"
#include "IpcMemory.h"
#include "Registry.h"
#include "Status.h"
#include "VirtualMemory.h"

namespace hipcore::core {

class Runtime {
 public:
  // Initialises ROCR and enumerates GPUs. Never fails: without a usable GPU the runtime holds
  // no devices and initStatus() says why (hipErrorNoDevice with the reason).
  explicit Runtime(Registry& registry);

  const Status& initStatus() const { return initStatus_; }
  int deviceCount() const { return static_cast<int>(devices_.size()); }
  // Null for an index out of range. Inline: hipMalloc and every copy ask.
  Device* device(int index) const {
    return index >= 0 && index < deviceCount() ? devices_[static_cast<size_t>(index)].get()
                                               : nullptr;
  }
  Registry& registry() const { return registry_; }
  // Every live allocation of every device (hipFree, pointer queries).
  PointerRegistry& pointers() { return pointers_; }
  // hipMemCreate/hipMemMap ranges and memory opened from other processes' IPC handles.
  VirtualMemory& virtualMemory() { return virtualMemory_; }
  IpcMemory& ipcMemory() { return ipcMemory_; }
  ExternalMemory& externalMemory() { return externalMemory_; }

  // handle -> Kernel -> per-device code -> stream: the launch data flow.
  // `queue` is the stream's queue, or null for the device's null stream.
  Status launch(Device& device, Stream* queue, const void* handle,
                const loader::LaunchGeometry& geometry, void* const* args) noexcept;

  // The same for a kernel already resolved (hipModuleLaunchKernel).
  Status launchCode(Device& device, Stream* queue, const DeviceKernel& code,
                    const loader::LaunchGeometry& geometry, void* const* args) noexcept;

  // hipLaunchCooperativeKernel: the same checks and ordering, with the queue's grid barrier
  // in hidden_multigrid_sync_arg (the caller checked that the grid can be co-resident).
  Status launchCooperative(Device& device, Stream* queue, const DeviceKernel& code,
                           const loader::LaunchGeometry& geometry, void* const* args);

 private:
  Registry& registry_;
  Status initStatus_;
  PointerRegistry pointers_;  // before devices_: their pools unregister chunks when destroyed
  std::vector<std::unique_ptr<Device>> devices_;
  VirtualMemory virtualMemory_{*this};
  IpcMemory ipcMemory_{*this};
  ExternalMemory externalMemory_{*this};
};

}  // namespace hipcore::core
