// The /dev/kfd ioctl dispatcher of vgpu's kernel front door (linux/kfd_ioctl.h).
#pragma once

#include <linux/kfd_ioctl.h>

#include <cstdint>

// AMDKFD_IOC_EXPORT_DMABUF came with Linux 6.2 (ROCR 6's hsaKmtExportDMABufHandle issues it);
// Debian 12's uAPI headers are Linux 6.1's. Layout and number as the uAPI has them.
#ifndef AMDKFD_IOC_EXPORT_DMABUF
struct kfd_ioctl_export_dmabuf_args {
  __u64 handle;     // to KFD
  __u32 flags;      // to KFD: O_CLOEXEC, O_RDWR
  __u32 dmabuf_fd;  // from KFD
};
#define AMDKFD_IOC_EXPORT_DMABUF AMDKFD_IOWR(0x24, struct kfd_ioctl_export_dmabuf_args)
#endif

// ROCm's IPC requests: AMD's DKMS build of amdgpu has them, no upstream kernel does; ROCT 5.x
// and 6.x issue them for hsaKmtShareMemory/hsaKmtRegisterSharedHandle (ROCR's IPC before its
// dma-buf mode, the only mode ROCR 6.1 enables). Layout and numbers as ROCT's copy of the uAPI
// has them.
#ifndef AMDKFD_IOC_IPC_IMPORT_HANDLE
struct kfd_ioctl_ipc_export_handle_args {
  __u64 handle;           // to KFD
  __u32 share_handle[4];  // from KFD
  __u32 gpu_id;           // to KFD
  __u32 flags;            // to KFD (ROCT 5.x: padding)
};
struct kfd_ioctl_ipc_import_handle_args {
  __u64 handle;           // from KFD
  __u64 va_addr;          // to KFD
  __u64 mmap_offset;      // from KFD
  __u32 share_handle[4];  // to KFD
  __u32 gpu_id;           // to KFD
  __u32 flags;            // from KFD: the buffer's KFD_IOC_ALLOC_MEM_FLAGS_*
};
#define AMDKFD_IOC_IPC_IMPORT_HANDLE AMDKFD_IOWR(0x80, struct kfd_ioctl_ipc_import_handle_args)
#define AMDKFD_IOC_IPC_EXPORT_HANDLE AMDKFD_IOWR(0x81, struct kfd_ioctl_ipc_export_handle_args)
#endif

namespace vgpu::kfd {

class KfdProcess;

// Runs one AMDKFD_IOC_* request against the process's virtual KFD, as the kernel would: the
// argument block (of the size the request encodes) is read and written back through
// copy_from_user/copy_to_user semantics. Returns 0 or a negative errno (EINVAL, EFAULT,
// ENOMEM, EPERM...). A request vgpu does not know returns -EINVAL and reports itself once on
// stderr, by number and name when known.
int kfdIoctl(KfdProcess& process, unsigned long request, std::uint64_t argument);

}  // namespace vgpu::kfd
