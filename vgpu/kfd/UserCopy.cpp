// Fault-safe copies between vgpu and caller memory through process_vm_readv/writev.
#include "kfd/UserCopy.h"

#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>

namespace vgpu::kfd {

namespace {
// The calling process may always read and write itself this way (same thread group), and a
// bad range ends the copy with EFAULT or a short count rather than a signal.
int transfer(void* local, std::uint64_t remote, std::size_t bytes, bool toRemote) {
  if (bytes == 0) return 0;
  iovec localVec{local, bytes};
  iovec remoteVec{reinterpret_cast<void*>(remote), bytes};
  ssize_t done = toRemote ? process_vm_writev(getpid(), &localVec, 1, &remoteVec, 1, 0)
                          : process_vm_readv(getpid(), &localVec, 1, &remoteVec, 1, 0);
  return done == ssize_t(bytes) ? 0 : -EFAULT;
}
}  // namespace

int copyFromUser(void* to, std::uint64_t from, std::size_t bytes) {
  return transfer(to, from, bytes, /*toRemote=*/false);
}

int copyToUser(std::uint64_t to, const void* from, std::size_t bytes) {
  return transfer(const_cast<void*>(from), to, bytes, /*toRemote=*/true);
}

}  // namespace vgpu::kfd
