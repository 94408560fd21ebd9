// One handler per KFD ioctl, each doing what amdgpu's kfd_chardev.c does for the request,
// backed by vgpu's device state. Semantics and numbers: linux/kfd_ioctl.h.
#include "kfd/KfdIoctls.h"

#include <linux/kfd_ioctl.h>
#include <sched.h>
#include <sys/ioctl.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include <hsa/amd_hsa_queue.h>

#include "cp/CpuPlacement.h"
#include "kfd/KfdAbi.h"
#include "kfd/KfdProcess.h"
#include "kfd/UserCopy.h"

namespace vgpu::kfd {

namespace {

// The KFD's 64-bit GFX9+ process apertures: LDS and scratch windows high above user space,
// the GPU VM covering the CPU's 47-bit user range (so the thunk takes SVM addresses from mmap).
constexpr std::uint64_t kApertureWindow = 0xFFFFFFFFull;
constexpr std::uint64_t kGpuVmBase = 1ull << 24;
constexpr std::uint64_t kGpuVmLimit = (1ull << 47) - 1;
constexpr std::uint32_t kMaxCuMaskBits = 32 * 1024;

kfd_process_device_apertures aperturesOf(std::uint32_t gpuId) {
  kfd_process_device_apertures a{};
  a.lds_base = kLdsApertureBase;
  a.lds_limit = kLdsApertureBase + kApertureWindow;
  a.scratch_base = kScratchApertureBase;
  a.scratch_limit = kScratchApertureBase + kApertureWindow;
  a.gpuvm_base = kGpuVmBase;
  a.gpuvm_limit = kGpuVmLimit;
  a.gpu_id = gpuId;
  return a;
}

// 1.12: what vgpu implements. 1.12 added AMDKFD_IOC_EXPORT_DMABUF (thunks check the version before
// they issue it); 1.13 adds the debugger interface (RUNTIME_ENABLE, DBG_TRAP), which vgpu lacks.
int getVersion(KfdProcess&, kfd_ioctl_get_version_args& args) {
  args.major_version = 1;
  args.minor_version = 12;
  return 0;
}

int getProcessAperturesNew(KfdProcess& p, kfd_ioctl_get_process_apertures_new_args& args) {
  std::vector<std::uint32_t> ids = p.gpuIds();
  if (args.num_of_nodes == 0) {  // the caller asks how many entries to allocate
    args.num_of_nodes = std::uint32_t(ids.size());
    return 0;
  }
  const std::uint32_t count = std::min<std::uint32_t>(args.num_of_nodes, std::uint32_t(ids.size()));
  for (std::uint32_t i = 0; i < count; ++i) {
    kfd_process_device_apertures a = aperturesOf(ids[i]);
    if (copyToUser(args.kfd_process_device_apertures_ptr + i * sizeof(a), &a, sizeof(a)) != 0)
      return -EFAULT;
  }
  args.num_of_nodes = count;
  return 0;
}

int getProcessApertures(KfdProcess& p, kfd_ioctl_get_process_apertures_args& args) {
  std::vector<std::uint32_t> ids = p.gpuIds();
  args.num_of_nodes = std::min<std::uint32_t>(NUM_OF_SUPPORTED_GPUS, std::uint32_t(ids.size()));
  for (std::uint32_t i = 0; i < args.num_of_nodes; ++i)
    args.process_apertures[i] = aperturesOf(ids[i]);
  return 0;
}

int acquireVm(KfdProcess& p, kfd_ioctl_acquire_vm_args& args) {
  if (p.nodeOf(args.gpu_id) == 0) return -EINVAL;
  // The VM comes from a render node opened here. Not necessarily the GPU's own: libdrm names a
  // device by its character-device number, which vgpu's descriptors (memfds) lack, so with
  // two GPUs libdrm_amdgpu takes both for one device and ROCm 6's thunk acquires both VMs
  // through the first GPU's descriptor. Each GPU's VM is vgpu's one address space anyway.
  if (p.fileKind(int(args.drm_fd)) != DeviceFile::renderNode) return -EINVAL;
  return 0;
}

int getClockCounters(KfdProcess& p, kfd_ioctl_get_clock_counters_args& args) {
  // One nanosecond clock for every domain (see VirtualKfd::systemClock). As the KFD, an id
  // that names no GPU (ROCR asks for the CPU node, gpu_id 0) still gets the host clocks.
  const std::uint64_t now = p.device().systemClock();
  args.gpu_clock_counter = p.nodeOf(args.gpu_id) != 0 ? now : 0;
  args.cpu_clock_counter = now;
  args.system_clock_counter = now;
  args.system_clock_freq = 1000000000ull;
  return 0;
}

int setMemoryPolicy(KfdProcess& p, kfd_ioctl_set_memory_policy_args& args) {
  if (p.nodeOf(args.gpu_id) == 0) return -EINVAL;
  if (args.default_policy > KFD_IOC_CACHE_POLICY_NONCOHERENT ||
      args.alternate_policy > KFD_IOC_CACHE_POLICY_NONCOHERENT)
    return -EINVAL;
  return 0;  // every access is coherent host memory: policies change nothing
}

int setScratchBackingVa(KfdProcess& p, kfd_ioctl_set_scratch_backing_va_args& args) {
  return p.nodeOf(args.gpu_id) == 0 ? -EINVAL : 0;
}

int getTileConfig(KfdProcess& p, kfd_ioctl_get_tile_config_args& args) {
  if (p.nodeOf(args.gpu_id) == 0) return -EINVAL;
  // No tiling tables (gfx10+ GPUs have none); GB_ADDR_CONFIG 0 (one pipe, 256-byte interleave)
  // is the configuration vgpu's texture unit lays tiled images out for (isa/ImageTiling.h).
  args.num_tile_configs = 0;
  args.num_macro_tile_configs = 0;
  args.gb_addr_config = 0;
  args.num_banks = 0;
  args.num_ranks = 0;
  return 0;
}

int setTrapHandler(KfdProcess& p, kfd_ioctl_set_trap_handler_args& args) {
  // Traps are decided by the interpreter (s_trap ends the dispatch with a queue error).
  return p.nodeOf(args.gpu_id) == 0 ? -EINVAL : 0;
}

int setXnackMode(KfdProcess&, kfd_ioctl_set_xnack_mode_args& args) {
  // No retry on page faults: every access is checked against the memory map. Asking for the
  // mode (< 0) answers off; asking for on is refused as on a GPU without XNACK.
  if (args.xnack_enabled < 0) {
    args.xnack_enabled = 0;
    return 0;
  }
  return args.xnack_enabled == 0 ? 0 : -EPERM;
}

int availableMemory(KfdProcess& p, kfd_ioctl_get_available_memory_args& args) {
  const std::uint32_t node = p.nodeOf(args.gpu_id);
  if (node == 0) return -EINVAL;
  args.available = p.device().options().memoryBytes - p.buffers().deviceBytes(node);
  return 0;
}

// ---- memory ----

int allocMemory(KfdProcess& p, kfd_ioctl_alloc_memory_of_gpu_args& args) {
  const std::uint32_t node = p.nodeOf(args.gpu_id);
  if (node == 0) return -EINVAL;
  BufferObject object;
  int error = p.buffers().allocate(args.gpu_id, node, args.va_addr, args.size, args.flags,
                                   args.mmap_offset, object);
  if (error != 0) return error;
  args.handle = object.handle;
  args.mmap_offset = object.mmapOffset;
  return 0;
}

int freeMemory(KfdProcess& p, kfd_ioctl_free_memory_of_gpu_args& args) {
  return p.buffers().free(args.handle);
}

// dma-bufs: a VRAM or GTT buffer's memfd (BufferObjects.h), in this process or another.
int exportDmabuf(KfdProcess& p, kfd_ioctl_export_dmabuf_args& args) {
  int fd = p.buffers().exportDmabuf(args.handle, args.flags);
  if (fd < 0) return fd;
  args.dmabuf_fd = std::uint32_t(fd);
  return 0;
}

int importDmabuf(KfdProcess& p, kfd_ioctl_import_dmabuf_args& args) {
  const std::uint32_t node = p.nodeOf(args.gpu_id);
  if (node == 0) return -EINVAL;
  BufferObject object;
  int error =
      p.buffers().importDmabuf(args.gpu_id, node, args.va_addr, int(args.dmabuf_fd), object);
  if (error != 0) return error;
  args.handle = object.handle;
  return 0;
}

// IPC (ROCm's DKMS requests): a buffer's memfd named by process, descriptor and inode.
int exportIpc(KfdProcess& p, kfd_ioctl_ipc_export_handle_args& args) {
  if (p.nodeOf(args.gpu_id) == 0) return -EINVAL;
  return p.buffers().exportIpc(args.handle, args.share_handle);
}

int importIpc(KfdProcess& p, kfd_ioctl_ipc_import_handle_args& args) {
  const std::uint32_t node = p.nodeOf(args.gpu_id);
  if (node == 0) return -EINVAL;
  BufferObject object;
  int error = p.buffers().importIpc(args.gpu_id, node, args.va_addr, args.share_handle, object);
  if (error != 0) return error;
  args.handle = object.handle;
  args.mmap_offset = object.mmapOffset;
  args.flags = object.flags;
  return 0;
}

// No metadata: vgpu's buffers carry none (amdgpu's are the graphics driver's tiling words).
int getDmabufInfo(KfdProcess&, kfd_ioctl_get_dmabuf_info_args& args) {
  DmabufInfo info;
  if (!describeDmabuf(int(args.dmabuf_fd), info)) return -EINVAL;
  args.size = info.size;
  args.gpu_id = info.gpuId;
  args.flags = info.flags;
  args.metadata_size = 0;
  return 0;
}

// Map and unmap change nothing (GPU addresses are host addresses), but check what the kernel
// checks: a live handle and an array of known GPU ids.
template <typename Args>
int mapOrUnmap(KfdProcess& p, Args& args) {
  if (!p.buffers().find(args.handle)) return -EINVAL;
  if (args.n_devices == 0 || args.n_success > args.n_devices || args.n_devices > 4096)
    return -EINVAL;
  std::vector<std::uint32_t> ids(args.n_devices);
  if (copyFromUser(ids.data(), args.device_ids_array_ptr, ids.size() * sizeof(std::uint32_t)) != 0)
    return -EFAULT;
  for (std::uint32_t i = args.n_success; i < args.n_devices; ++i) {
    if (p.nodeOf(ids[i]) == 0) return -EINVAL;
    args.n_success = i + 1;
  }
  return 0;
}

int mapMemory(KfdProcess& p, kfd_ioctl_map_memory_to_gpu_args& args) {
  return mapOrUnmap(p, args);
}

int unmapMemory(KfdProcess& p, kfd_ioctl_unmap_memory_from_gpu_args& args) {
  return mapOrUnmap(p, args);
}

// ---- queues ----

int createQueue(KfdProcess& p, kfd_ioctl_create_queue_args& args) {
  const std::uint32_t node = p.nodeOf(args.gpu_id);
  if (node == 0) return -EINVAL;
  if (args.queue_percentage > KFD_MAX_QUEUE_PERCENTAGE ||
      args.queue_priority > KFD_MAX_QUEUE_PRIORITY)
    return -EINVAL;
  if (args.ring_size < KFD_MIN_QUEUE_RING_SIZE || (args.ring_size & (args.ring_size - 1)) != 0)
    return -EINVAL;
  QueueTable::Setup setup;
  switch (args.queue_type) {
    case KFD_IOC_QUEUE_TYPE_COMPUTE_AQL:
      setup.type = HSA_QUEUE_COMPUTE_AQL;
      break;
    case KFD_IOC_QUEUE_TYPE_SDMA:
      setup.type = HSA_QUEUE_SDMA;
      break;
    case KFD_IOC_QUEUE_TYPE_SDMA_XGMI:
      setup.type = HSA_QUEUE_SDMA_XGMI;
      break;
    default:
      return -EINVAL;  // PM4 compute queues: no PM4 processor (ROCR never creates one)
  }
  // The command processor will read the ring and both pointers: they must be memory the GPU
  // can reach (a real CP would fault on the first packet; vgpu refuses the queue instead).
  const AddressSpace& memory = p.device().memory();
  if (!memory.accessible(args.ring_base_address, args.ring_size) ||
      !memory.accessible(args.read_pointer_address, sizeof(std::uint64_t)) ||
      !memory.accessible(args.write_pointer_address, sizeof(std::uint64_t)) ||
      args.read_pointer_address % sizeof(std::uint64_t) != 0 ||
      args.write_pointer_address % sizeof(std::uint64_t) != 0)
    return -EFAULT;
  if (setup.type == HSA_QUEUE_COMPUTE_AQL) {
    const std::uint64_t descriptor =
        args.read_pointer_address - offsetof(amd_queue_t, read_dispatch_id);
    if (!memory.accessible(descriptor, sizeof(amd_queue_t))) return -EFAULT;
  }
  setup.ring = reinterpret_cast<void*>(args.ring_base_address);
  setup.ringBytes = args.ring_size;
  setup.readPointer = reinterpret_cast<volatile std::uint64_t*>(args.read_pointer_address);
  setup.writePointer = reinterpret_cast<volatile std::uint64_t*>(args.write_pointer_address);
  std::uint32_t slot = 0;
  setup.doorbell = p.claimDoorbell(node, slot);
  if (setup.doorbell == nullptr) return -ENOMEM;
  QueueTable::Created created;
  HSAKMT_STATUS status = p.device().queues().create(p.device().engineConfig(node), setup, created);
  if (status != HSAKMT_STATUS_SUCCESS) {
    p.releaseDoorbell(node, slot);
    return -EINVAL;
  }
  if (args.queue_percentage == 0) p.device().queues().update(created.id, 0);
  p.addQueue(created.id, node, slot);
  args.queue_id = std::uint32_t(created.id);
  args.doorbell_offset = doorbellMmapOffset(args.gpu_id) | (slot * sizeof(std::uint64_t));
  return 0;
}

int destroyQueue(KfdProcess& p, kfd_ioctl_destroy_queue_args& args) {
  auto queue = p.takeQueue(args.queue_id);
  if (!queue) return -EINVAL;
  p.device().queues().destroy(args.queue_id);
  p.releaseDoorbell(queue->first, queue->second);
  return 0;
}

int updateQueue(KfdProcess& p, kfd_ioctl_update_queue_args& args) {
  if (args.queue_percentage > KFD_MAX_QUEUE_PERCENTAGE ||
      args.queue_priority > KFD_MAX_QUEUE_PRIORITY)
    return -EINVAL;
  return p.device().queues().update(args.queue_id, args.queue_percentage) == HSAKMT_STATUS_SUCCESS
             ? 0
             : -EINVAL;
}

int setCuMask(KfdProcess& p, kfd_ioctl_set_cu_mask_args& args) {
  if (args.num_cu_mask == 0 || args.num_cu_mask % 32 != 0 || args.num_cu_mask > kMaxCuMaskBits)
    return -EINVAL;
  std::vector<std::uint32_t> mask(args.num_cu_mask / 32);
  if (copyFromUser(mask.data(), args.cu_mask_ptr, mask.size() * sizeof(std::uint32_t)) != 0)
    return -EFAULT;
  // Every dispatch may use every CU of the interpreter: the mask is checked and ignored.
  return p.device().queues().exists(args.queue_id) ? 0 : -EINVAL;
}

// ---- events ----

int createEvent(KfdProcess& p, kfd_ioctl_create_event_args& args) {
  if (args.event_type > KFD_IOC_EVENT_MEMORY) return -EINVAL;
  // A dGPU thunk hands over the buffer that holds the signal mailboxes with its first event.
  if (args.event_page_offset != 0 && p.eventsPage == 0) {
    if (!p.buffers().find(args.event_page_offset)) return -EINVAL;
    p.eventsPage = args.event_page_offset;
  }
  HsaEventDescriptor descriptor{};
  descriptor.EventType = HSA_EVENTTYPE(args.event_type);
  descriptor.NodeId = args.node_id;
  HsaEvent* event = nullptr;
  HSAKMT_STATUS status =
      p.device().events().create(descriptor, /*manualReset=*/args.auto_reset == 0,
                                 /*signaled=*/false, &event);
  if (status == HSAKMT_STATUS_OUT_OF_RESOURCES) return -ENOSPC;
  if (status != HSAKMT_STATUS_SUCCESS) return -ENOMEM;
  args.event_id = event->EventId;
  args.event_trigger_data = event->EventId;
  if (args.event_type == KFD_IOC_EVENT_SIGNAL) {
    // The mailbox slot is the event id: the thunk points HWData2 at events_page[slot].
    args.event_page_offset = 2ull << 62;  // the KFD's events mmap type
    args.event_slot_index = event->EventId;
  }
  return 0;
}

int destroyEvent(KfdProcess& p, kfd_ioctl_destroy_event_args& args) {
  HsaEvent* event = p.device().events().find(args.event_id);
  if (event == nullptr) return -EINVAL;
  return p.device().events().destroy(event) == HSAKMT_STATUS_SUCCESS ? 0 : -EINVAL;
}

int setEvent(KfdProcess& p, kfd_ioctl_set_event_args& args) {
  HsaEvent* event = p.device().events().find(args.event_id);
  if (event == nullptr) return -EINVAL;
  // A host store to an interrupt signal: a barrier packet waiting on it should see it now.
  p.device().queues().wakeBlocked();
  return p.device().events().set(event) == HSAKMT_STATUS_SUCCESS ? 0 : -EINVAL;
}

int resetEvent(KfdProcess& p, kfd_ioctl_reset_event_args& args) {
  HsaEvent* event = p.device().events().find(args.event_id);
  if (event == nullptr) return -EINVAL;
  return p.device().events().reset(event) == HSAKMT_STATUS_SUCCESS ? 0 : -EINVAL;
}

int waitEvents(KfdProcess& p, kfd_ioctl_wait_events_args& args) {
  if (args.num_events == 0 || args.num_events > KFD_SIGNAL_EVENT_LIMIT) return -EINVAL;
  std::vector<kfd_event_data> data(args.num_events);
  if (copyFromUser(data.data(), args.events_ptr, data.size() * sizeof(kfd_event_data)) != 0)
    return -EFAULT;
  std::vector<HsaEvent*> events(args.num_events);
  for (std::uint32_t i = 0; i < args.num_events; ++i) {
    events[i] = p.device().events().find(data[i].event_id);
    if (events[i] == nullptr) return -EINVAL;
  }
  p.device().hostWaiting();
  HSAKMT_STATUS status = p.device().events().wait(events.data(), args.num_events,
                                                  args.wait_for_all != 0, args.timeout);
  if (args.num_events == 1) vgpu::cp::noteHostCpu(sched_getcpu());  // see hsaKmtWaitOnEvent
  if (status == HSAKMT_STATUS_WAIT_TIMEOUT) {
    args.wait_result = KFD_IOC_WAIT_RESULT_TIMEOUT;
    return 0;
  }
  if (status != HSAKMT_STATUS_SUCCESS) {
    args.wait_result = KFD_IOC_WAIT_RESULT_FAIL;
    return -EINVAL;
  }
  // Memory-fault events carry the fault, as the KFD copies it out to each waiter.
  for (std::uint32_t i = 0; i < args.num_events; ++i) {
    const HsaEventData& event = events[i]->EventData;
    if (event.EventType != HSA_EVENTTYPE_MEMORY) continue;
    const HsaMemoryAccessFault& fault = event.EventData.MemoryAccessFault;
    kfd_hsa_memory_exception_data& out = data[i].memory_exception_data;
    out = {};
    out.va = fault.VirtualAddress;
    out.gpu_id = fault.NodeId != 0 ? gpuIdOfNode(fault.NodeId) : 0;
    out.failure.NotPresent = fault.Failure.NotPresent;
    out.failure.ReadOnly = fault.Failure.ReadOnly;
    out.failure.NoExecute = fault.Failure.NoExecute;
    out.failure.imprecise = fault.Failure.Imprecise;
  }
  if (copyToUser(args.events_ptr, data.data(), data.size() * sizeof(kfd_event_data)) != 0)
    return -EFAULT;
  args.wait_result = KFD_IOC_WAIT_RESULT_COMPLETE;
  return 0;
}

// ---- the table ----

struct Handler {
  unsigned number;
  const char* name;
  std::size_t size;  // the argument block vgpu knows
  int (*run)(KfdProcess&, void*);
};

template <typename Args, int (*Function)(KfdProcess&, Args&)>
int adapt(KfdProcess& p, void* args) {
  return Function(p, *static_cast<Args*>(args));
}

#define VGPU_KFD_HANDLER(request, Args, function)                   \
  Handler {                                                         \
    _IOC_NR(request), #request, sizeof(Args), adapt<Args, function> \
  }

const Handler kHandlers[] = {
    VGPU_KFD_HANDLER(AMDKFD_IOC_GET_VERSION, kfd_ioctl_get_version_args, getVersion),
    VGPU_KFD_HANDLER(AMDKFD_IOC_CREATE_QUEUE, kfd_ioctl_create_queue_args, createQueue),
    VGPU_KFD_HANDLER(AMDKFD_IOC_DESTROY_QUEUE, kfd_ioctl_destroy_queue_args, destroyQueue),
    VGPU_KFD_HANDLER(AMDKFD_IOC_SET_MEMORY_POLICY, kfd_ioctl_set_memory_policy_args,
                     setMemoryPolicy),
    VGPU_KFD_HANDLER(AMDKFD_IOC_GET_CLOCK_COUNTERS, kfd_ioctl_get_clock_counters_args,
                     getClockCounters),
    VGPU_KFD_HANDLER(AMDKFD_IOC_GET_PROCESS_APERTURES, kfd_ioctl_get_process_apertures_args,
                     getProcessApertures),
    VGPU_KFD_HANDLER(AMDKFD_IOC_UPDATE_QUEUE, kfd_ioctl_update_queue_args, updateQueue),
    VGPU_KFD_HANDLER(AMDKFD_IOC_CREATE_EVENT, kfd_ioctl_create_event_args, createEvent),
    VGPU_KFD_HANDLER(AMDKFD_IOC_DESTROY_EVENT, kfd_ioctl_destroy_event_args, destroyEvent),
    VGPU_KFD_HANDLER(AMDKFD_IOC_SET_EVENT, kfd_ioctl_set_event_args, setEvent),
    VGPU_KFD_HANDLER(AMDKFD_IOC_RESET_EVENT, kfd_ioctl_reset_event_args, resetEvent),
    VGPU_KFD_HANDLER(AMDKFD_IOC_WAIT_EVENTS, kfd_ioctl_wait_events_args, waitEvents),
    VGPU_KFD_HANDLER(AMDKFD_IOC_SET_SCRATCH_BACKING_VA, kfd_ioctl_set_scratch_backing_va_args,
                     setScratchBackingVa),
    VGPU_KFD_HANDLER(AMDKFD_IOC_GET_TILE_CONFIG, kfd_ioctl_get_tile_config_args, getTileConfig),
    VGPU_KFD_HANDLER(AMDKFD_IOC_SET_TRAP_HANDLER, kfd_ioctl_set_trap_handler_args, setTrapHandler),
    VGPU_KFD_HANDLER(AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, kfd_ioctl_get_process_apertures_new_args,
                     getProcessAperturesNew),
    VGPU_KFD_HANDLER(AMDKFD_IOC_ACQUIRE_VM, kfd_ioctl_acquire_vm_args, acquireVm),
    VGPU_KFD_HANDLER(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, kfd_ioctl_alloc_memory_of_gpu_args,
                     allocMemory),
    VGPU_KFD_HANDLER(AMDKFD_IOC_FREE_MEMORY_OF_GPU, kfd_ioctl_free_memory_of_gpu_args, freeMemory),
    VGPU_KFD_HANDLER(AMDKFD_IOC_MAP_MEMORY_TO_GPU, kfd_ioctl_map_memory_to_gpu_args, mapMemory),
    VGPU_KFD_HANDLER(AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU, kfd_ioctl_unmap_memory_from_gpu_args,
                     unmapMemory),
    VGPU_KFD_HANDLER(AMDKFD_IOC_SET_CU_MASK, kfd_ioctl_set_cu_mask_args, setCuMask),
    VGPU_KFD_HANDLER(AMDKFD_IOC_SET_XNACK_MODE, kfd_ioctl_set_xnack_mode_args, setXnackMode),
    VGPU_KFD_HANDLER(AMDKFD_IOC_AVAILABLE_MEMORY, kfd_ioctl_get_available_memory_args,
                     availableMemory),
    VGPU_KFD_HANDLER(AMDKFD_IOC_EXPORT_DMABUF, kfd_ioctl_export_dmabuf_args, exportDmabuf),
    VGPU_KFD_HANDLER(AMDKFD_IOC_IMPORT_DMABUF, kfd_ioctl_import_dmabuf_args, importDmabuf),
    VGPU_KFD_HANDLER(AMDKFD_IOC_GET_DMABUF_INFO, kfd_ioctl_get_dmabuf_info_args, getDmabufInfo),
    VGPU_KFD_HANDLER(AMDKFD_IOC_IPC_IMPORT_HANDLE, kfd_ioctl_ipc_import_handle_args, importIpc),
    VGPU_KFD_HANDLER(AMDKFD_IOC_IPC_EXPORT_HANDLE, kfd_ioctl_ipc_export_handle_args, exportIpc),
};

#undef VGPU_KFD_HANDLER

// kfdIoctl copies each argument block through a buffer of this size.
constexpr std::size_t kLargestArguments = 512;
static_assert(sizeof(kfd_ioctl_get_process_apertures_args) <= kLargestArguments);
static_assert(sizeof(kfd_ioctl_create_queue_args) <= kLargestArguments);

// Requests a thunk issues that vgpu answers as a kernel without them does (-EINVAL), without a
// report: ROCT 5.x's debugger interface (0x82, never upstream) is probed by every process.
constexpr unsigned kQuietlyAbsent[] = {0x82};

// Requests vgpu knows by name but does not implement (reported, once each).
struct Absent {
  unsigned number;
  const char* name;
};
const Absent kAbsent[] = {
    {_IOC_NR(AMDKFD_IOC_GET_QUEUE_WAVE_STATE), "AMDKFD_IOC_GET_QUEUE_WAVE_STATE"},
    {_IOC_NR(AMDKFD_IOC_ALLOC_QUEUE_GWS), "AMDKFD_IOC_ALLOC_QUEUE_GWS"},
    {_IOC_NR(AMDKFD_IOC_SMI_EVENTS), "AMDKFD_IOC_SMI_EVENTS"},
    {_IOC_NR(AMDKFD_IOC_SVM), "AMDKFD_IOC_SVM"},
    {_IOC_NR(AMDKFD_IOC_CRIU_OP), "AMDKFD_IOC_CRIU_OP"},
};

void reportOnce(unsigned number, const char* name, unsigned long request) {
  static std::atomic<std::uint64_t> reported[4]{};  // one bit per ioctl number below 256
  if (number < 256) {
    const std::uint64_t bit = 1ull << (number % 64);
    if (reported[number / 64].fetch_or(bit) & bit) return;
  }
  std::fprintf(stderr, "vgpu: KFD ioctl 0x%lx (nr 0x%x%s%s) is not implemented: EINVAL\n", request,
               number, name ? ", " : "", name ? name : "");
}

}  // namespace

int kfdIoctl(KfdProcess& process, unsigned long request, std::uint64_t argument) {
  const unsigned number = _IOC_NR(request);
  if (_IOC_TYPE(request) != AMDKFD_IOCTL_BASE) {
    reportOnce(number, nullptr, request);
    return -EINVAL;
  }
  for (const Handler& handler : kHandlers) {
    if (handler.number != number) continue;
    // As the kernel: a shorter user block is zero-extended, a longer one is cut to what is
    // known; what the handler wrote goes back (direction bits permitting) even on errors.
    alignas(8) unsigned char block[kLargestArguments] = {};
    const std::size_t userSize = std::min<std::size_t>(_IOC_SIZE(request), handler.size);
    if ((_IOC_DIR(request) & _IOC_WRITE) && copyFromUser(block, argument, userSize) != 0)
      return -EFAULT;
    int result = handler.run(process, block);
    if ((_IOC_DIR(request) & _IOC_READ) && copyToUser(argument, block, userSize) != 0)
      return -EFAULT;
    return result;
  }
  for (unsigned quiet : kQuietlyAbsent)
    if (quiet == number) return -EINVAL;
  for (const Absent& absent : kAbsent)
    if (absent.number == number) {
      reportOnce(number, absent.name, request);
      return -EINVAL;
    }
  reportOnce(number, nullptr, request);
  return -EINVAL;
}

}  // namespace vgpu::kfd
