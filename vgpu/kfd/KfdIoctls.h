// The /dev/kfd ioctl dispatcher of vgpu's kernel front door (linux/kfd_ioctl.h).
#pragma once

#include <cstdint>

namespace vgpu::kfd {

class KfdProcess;

// Runs one AMDKFD_IOC_* request against the process's virtual KFD, as the kernel would: the
// argument block (of the size the request encodes) is read and written back through
// copy_from_user/copy_to_user semantics. Returns 0 or a negative errno (EINVAL, EFAULT,
// ENOMEM, EPERM...). A request vgpu does not know returns -EINVAL and reports itself once on
// stderr, by number and name when known.
int kfdIoctl(KfdProcess& process, unsigned long request, std::uint64_t argument);

}  // namespace vgpu::kfd
