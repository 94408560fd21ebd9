// copy_from_user / copy_to_user for the in-process KFD: pointers inside ioctl arguments come
// from the caller and may point anywhere, so they are read and written through the kernel
// (process_vm_readv/writev on this process), which answers EFAULT instead of faulting.
#pragma once

#include <cstddef>
#include <cstdint>

namespace vgpu::kfd {

// 0 on success, else -EFAULT (the whole range could not be copied).
int copyFromUser(void* to, std::uint64_t from, std::size_t bytes);
int copyToUser(std::uint64_t to, const void* from, std::size_t bytes);

}  // namespace vgpu::kfd
