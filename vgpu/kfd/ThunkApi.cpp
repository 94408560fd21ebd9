// The hsaKmt C ABI of vgpu's libhsakmt.so.1: every function ROCR 5.2.3 imports, each a thin
// forward to VirtualKfd. Functions vgpu does not support return HSAKMT_STATUS_NOT_SUPPORTED
// where ROCR handles that (noted per function).
#include <hsakmt.h>
#include <sched.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

#include "cp/CpuPlacement.h"
#include "kfd/VirtualKfd.h"

using vgpu::kfd::VirtualKfd;

#define VGPU_EXPORT extern "C" __attribute__((visibility("default")))

namespace {
VirtualKfd& kfd() {
  return VirtualKfd::instance();
}

bool opened() {
  return kfd().openCount.load() > 0;
}

template <typename T>
HSAKMT_STATUS copyOut(const std::vector<T>& from, HSAuint32 count, T* to) {
  if (to == nullptr || count > from.size()) return HSAKMT_STATUS_INVALID_PARAMETER;
  std::memcpy(static_cast<void*>(to), from.data(), count * sizeof(T));
  return HSAKMT_STATUS_SUCCESS;
}
}  // namespace

VGPU_EXPORT HSAKMT_STATUS hsaKmtOpenKFD() {
  // An unusable VGPU_GPUS, VGPU_TARGET, ... (reported when parsed): no device rather than a
  // different one than asked for.
  if (!kfd().options().unusable.empty()) return HSAKMT_STATUS_ERROR;
  kfd().openCount.fetch_add(1);
  return HSAKMT_STATUS_SUCCESS;
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtCloseKFD() {
  if (kfd().openCount.load() <= 0) return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
  kfd().openCount.fetch_sub(1);
  return HSAKMT_STATUS_SUCCESS;
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtGetVersion(HsaVersionInfo* version) {
  if (version == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
  // 1.8 is past every ROCR 5.2.3 feature check (interrupt waits need >= 0.99).
  version->KernelInterfaceMajorVersion = 1;
  version->KernelInterfaceMinorVersion = 8;
  return HSAKMT_STATUS_SUCCESS;
}

// No debugger interface: ROCR then turns off exception debugging and reports queue errors
// through amd_queue_t::queue_inactive_signal, which vgpu's CP writes.
VGPU_EXPORT HSAKMT_STATUS hsaKmtRuntimeEnable(void*, bool) {
  return HSAKMT_STATUS_NOT_SUPPORTED;
}
VGPU_EXPORT HSAKMT_STATUS hsaKmtRuntimeDisable() {
  return HSAKMT_STATUS_NOT_SUPPORTED;
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtAcquireSystemProperties(HsaSystemProperties* properties) {
  if (properties == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
  if (!opened()) return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
  *properties = HsaSystemProperties{};
  properties->NumNodes = kfd().topology().nodeCount();
  properties->PlatformOem = 0x76677075;  // "vgpu"
  return HSAKMT_STATUS_SUCCESS;
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtReleaseSystemProperties() {
  return HSAKMT_STATUS_SUCCESS;
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtGetNodeProperties(HSAuint32 node, HsaNodeProperties* properties) {
  if (properties == nullptr || node >= kfd().topology().nodeCount())
    return HSAKMT_STATUS_INVALID_PARAMETER;
  *properties = kfd().topology().node(node);
  return HSAKMT_STATUS_SUCCESS;
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtGetNodeMemoryProperties(HSAuint32 node, HSAuint32 count,
                                                        HsaMemoryProperties* properties) {
  if (node >= kfd().topology().nodeCount()) return HSAKMT_STATUS_INVALID_NODE_UNIT;
  return copyOut(kfd().topology().memory(node), count, properties);
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtGetNodeCacheProperties(HSAuint32 node, HSAuint32, HSAuint32 count,
                                                       HsaCacheProperties* properties) {
  if (node >= kfd().topology().nodeCount()) return HSAKMT_STATUS_INVALID_NODE_UNIT;
  return copyOut(kfd().topology().caches(node), count, properties);
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtGetNodeIoLinkProperties(HSAuint32 node, HSAuint32 count,
                                                        HsaIoLinkProperties* properties) {
  if (node >= kfd().topology().nodeCount()) return HSAKMT_STATUS_INVALID_NODE_UNIT;
  return copyOut(kfd().topology().links(node), count, properties);
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtGetXNACKMode(HSAint32* enable) {
  if (enable == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
  *enable = 0;  // no retry on page faults: every access is checked against the memory map
  return HSAKMT_STATUS_SUCCESS;
}

// Only XNACK off exists; asking for it on is refused and ROCR falls back to GetXNACKMode.
VGPU_EXPORT HSAKMT_STATUS hsaKmtSetXNACKMode(HSAint32 enable) {
  return enable == 0 ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_NOT_SUPPORTED;
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtGetClockCounters(HSAuint32 node, HsaClockCounters* counters) {
  if (counters == nullptr || node >= kfd().topology().nodeCount())
    return HSAKMT_STATUS_INVALID_PARAMETER;
  const std::uint64_t now = kfd().systemClock();
  counters->GPUClockCounter = now;
  counters->CPUClockCounter = now;
  counters->SystemClockCounter = now;
  counters->SystemClockFrequencyHz = 1000000000ull;
  return HSAKMT_STATUS_SUCCESS;
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtGetTileConfig(HSAuint32 node, HsaGpuTileConfig* config) {
  if (config == nullptr || !kfd().topology().isGpu(node)) return HSAKMT_STATUS_INVALID_PARAMETER;
  // No tiling tables (gfx10+ have none); GB_ADDR_CONFIG 0 (one pipe, 256-byte interleave) is
  // the configuration vgpu's texture unit lays tiled images out for (isa/ImageTiling.h), which
  // ROCR's address library sizes images by. ROCR's image manager asserts this call succeeds.
  config->NumTileConfigs = 0;
  config->NumMacroTileConfigs = 0;
  config->GbAddrConfig = 0;
  config->NumBanks = 0;
  config->NumRanks = 0;
  return HSAKMT_STATUS_SUCCESS;
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtSetTrapHandler(HSAuint32 node, void*, HSAuint64, void*, HSAuint64) {
  // Traps are decided by the interpreter (s_trap ends the dispatch with a queue error), so
  // ROCR's trap handler code is accepted and never run.
  return kfd().topology().isGpu(node) ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_NODE_UNIT;
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtSetMemoryPolicy(HSAuint32 node, HSAuint32, HSAuint32, void*,
                                                HSAuint64) {
  return kfd().topology().isGpu(node) ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_NODE_UNIT;
}

// ---- memory ----

VGPU_EXPORT HSAKMT_STATUS hsaKmtAllocMemory(HSAuint32 node, HSAuint64 size, HsaMemFlags flags,
                                            void** address) {
  return kfd().deviceMemory().allocate(node, size, flags, address);
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtFreeMemory(void* address, HSAuint64 size) {
  return kfd().deviceMemory().free(address, size);
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtRegisterMemoryWithFlags(void* address, HSAuint64 size,
                                                        HsaMemFlags flags) {
  return kfd().deviceMemory().registerHost(address, size, flags);
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtDeregisterMemory(void* address) {
  return kfd().deviceMemory().deregister(address);
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtMapMemoryToGPU(void* address, HSAuint64 size, HSAuint64* gpuVa) {
  return kfd().deviceMemory().map(address, size, gpuVa);
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtMapMemoryToGPUNodes(void* address, HSAuint64 size, HSAuint64* gpuVa,
                                                    HsaMemMapFlags, HSAuint64, HSAuint32*) {
  return kfd().deviceMemory().map(address, size, gpuVa);
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtUnmapMemoryToGPU(void*) {
  return HSAKMT_STATUS_SUCCESS;
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtQueryPointerInfo(const void* pointer, HsaPointerInfo* info) {
  return kfd().deviceMemory().query(pointer, info);
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtSetMemoryUserData(const void* pointer, void* userData) {
  return kfd().deviceMemory().setUserData(pointer, userData);
}

// IPC (hsa_amd_ipc_memory_*): device memory is a memfd per allocation (SharedMemory.h), which a
// process of the same user maps from the handle. Every imported mapping reaches all GPUs.
VGPU_EXPORT HSAKMT_STATUS hsaKmtShareMemory(void* address, HSAuint64 size,
                                            HsaSharedMemoryHandle* handle) {
  return kfd().deviceMemory().share(address, size, handle);
}
VGPU_EXPORT HSAKMT_STATUS hsaKmtRegisterSharedHandle(const HsaSharedMemoryHandle* handle,
                                                     void** address, HSAuint64* size) {
  return kfd().deviceMemory().registerShared(handle, address, size);
}
VGPU_EXPORT HSAKMT_STATUS hsaKmtRegisterSharedHandleToNodes(const HsaSharedMemoryHandle* handle,
                                                            void** address, HSAuint64* size,
                                                            HSAuint64, HSAuint32*) {
  return kfd().deviceMemory().registerShared(handle, address, size);
}
// Graphics interop needs a DRM device: unsupported; ROCR returns an error from that API only.
VGPU_EXPORT HSAKMT_STATUS hsaKmtRegisterGraphicsHandleToNodes(HSAuint64, HsaGraphicsResourceInfo*,
                                                              HSAuint64, HSAuint32*) {
  return HSAKMT_STATUS_NOT_SUPPORTED;
}
// SVM (hsa_amd_svm_attributes_*): Capability.SVMAPISupported is 0, so ROCR reports SVM as
// unsupported and only an explicit attribute call reaches these.
VGPU_EXPORT HSAKMT_STATUS hsaKmtSVMSetAttr(void*, HSAuint64, unsigned int, HSA_SVM_ATTRIBUTE*) {
  return HSAKMT_STATUS_NOT_SUPPORTED;
}
VGPU_EXPORT HSAKMT_STATUS hsaKmtSVMGetAttr(void*, HSAuint64, unsigned int, HSA_SVM_ATTRIBUTE*) {
  return HSAKMT_STATUS_NOT_SUPPORTED;
}

// ---- events ----

VGPU_EXPORT HSAKMT_STATUS hsaKmtCreateEvent(HsaEventDescriptor* descriptor, bool manualReset,
                                            bool signaled, HsaEvent** event) {
  if (descriptor == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
  return kfd().events().create(*descriptor, manualReset, signaled, event);
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtDestroyEvent(HsaEvent* event) {
  return kfd().events().destroy(event);
}

// ROCR sets an event after every host store to an interrupt signal: a barrier packet waiting
// on that signal should see it now.
VGPU_EXPORT HSAKMT_STATUS hsaKmtSetEvent(HsaEvent* event) {
  kfd().queues().wakeBlocked();
  return kfd().events().set(event);
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtResetEvent(HsaEvent* event) {
  return kfd().events().reset(event);
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtWaitOnEvent(HsaEvent* event, HSAuint32 milliseconds) {
  kfd().hostWaiting();
  HSAKMT_STATUS status = kfd().events().wait(&event, 1, true, milliseconds);
  // ROCR's signal wait (a host thread waiting for the device, which will likely wait again
  // soon) has just been woken, often onto the CPU of the worker that woke it: the workers keep
  // off that CPU (cp/CpuPlacement.h). Not for multi-event waits: those are ROCR's
  // asynchronous-handler thread, which runs briefly and sleeps again.
  vgpu::cp::noteHostCpu(sched_getcpu());
  return status;
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtWaitOnMultipleEvents(HsaEvent* events[], HSAuint32 count,
                                                     bool waitOnAll, HSAuint32 milliseconds) {
  kfd().hostWaiting();
  return kfd().events().wait(events, count, waitOnAll, milliseconds);
}

// ---- queues ----

VGPU_EXPORT HSAKMT_STATUS hsaKmtCreateQueue(HSAuint32 node, HSA_QUEUE_TYPE type,
                                            HSAuint32 percentage, HSA_QUEUE_PRIORITY, void* ring,
                                            HSAuint64 ringBytes, HsaEvent*,
                                            HsaQueueResource* resource) {
  if (!kfd().topology().isGpu(node)) return HSAKMT_STATUS_INVALID_NODE_UNIT;
  HSAKMT_STATUS status =
      kfd().queues().create(kfd().engineConfig(node), type, ring, ringBytes, resource);
  if (status == HSAKMT_STATUS_SUCCESS && percentage == 0)
    kfd().queues().update(resource->QueueId, 0);
  return status;
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtUpdateQueue(HSA_QUEUEID id, HSAuint32 percentage,
                                            HSA_QUEUE_PRIORITY, void*, HSAuint64, HsaEvent*) {
  return kfd().queues().update(id, percentage);
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtDestroyQueue(HSA_QUEUEID id) {
  return kfd().queues().destroy(id);
}

VGPU_EXPORT HSAKMT_STATUS hsaKmtSetQueueCUMask(HSA_QUEUEID id, HSAuint32, HSAuint32*) {
  // Every dispatch may use every CU of the interpreter; the mask is accepted and ignored.
  return kfd().queues().exists(id) ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_HANDLE;
}

// NumGws is 0: ROCR creates no cooperative queue, so this is reached only by explicit request.
VGPU_EXPORT HSAKMT_STATUS hsaKmtAllocQueueGWS(HSA_QUEUEID, HSAuint32, HSAuint32*) {
  return HSAKMT_STATUS_NOT_SUPPORTED;
}
