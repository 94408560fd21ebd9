// memfd-backed device memory and the share handles that name it across processes.
#include "kfd/SharedMemory.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>

namespace vgpu::kfd {

namespace {

constexpr std::uint32_t kMagic = 0x55504756;  // "VGPU"
constexpr int kFirstHighFd = 1024;            // FD_SETSIZE: what select() can still watch
std::atomic<std::uint32_t> nextSerial{1};

// The memfd's name, which /proc/<pid>/fd/<fd> shows as "/memfd:<name> (deleted)".
void memfdName(std::uint32_t pid, std::uint32_t serial, char* out, size_t size) {
  std::snprintf(out, size, "vgpu-%u-%u", pid, serial);
}

}  // namespace

int moveDescriptorHigh(int fd) {
  static const bool room = [] {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return false;
    const rlim_t wanted = std::min<rlim_t>(limit.rlim_max, 65536);
    if (limit.rlim_cur < wanted) {
      limit.rlim_cur = wanted;
      if (setrlimit(RLIMIT_NOFILE, &limit) != 0) return false;
    }
    return wanted > rlim_t(kFirstHighFd);
  }();
  if (!room) return fd;
  int high = fcntl(fd, F_DUPFD_CLOEXEC, kFirstHighFd);
  if (high < 0) return fd;
  close(fd);
  return high;
}

void* mapNewShared(std::uint64_t bytes, std::uint64_t alignment, int protection,
                   SharedBacking& out) {
  const std::uint32_t serial = nextSerial.fetch_add(1, std::memory_order_relaxed);
  char name[48];
  memfdName(std::uint32_t(getpid()), serial, name, sizeof name);
  int fd = memfd_create(name, MFD_CLOEXEC);
  if (fd < 0) return nullptr;
  fd = moveDescriptorHigh(fd);
  if (ftruncate(fd, off_t(bytes)) != 0) {
    close(fd);
    return nullptr;
  }
  // Reserve room for the alignment, place the memfd inside it, give back the rest.
  void* room = mmap(nullptr, bytes + alignment, PROT_NONE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (room == MAP_FAILED) {
    close(fd);
    return nullptr;
  }
  const auto start = reinterpret_cast<std::uint64_t>(room);
  const std::uint64_t aligned = (start + alignment - 1) & ~(alignment - 1);
  void* memory =
      mmap(reinterpret_cast<void*>(aligned), bytes, protection, MAP_SHARED | MAP_FIXED, fd, 0);
  if (memory == MAP_FAILED) {
    munmap(room, bytes + alignment);
    close(fd);
    return nullptr;
  }
  if (aligned > start) munmap(room, aligned - start);
  const std::uint64_t end = start + bytes + alignment;
  if (end > aligned + bytes)
    munmap(reinterpret_cast<void*>(aligned + bytes), end - aligned - bytes);
  out.fd = fd;
  out.serial = serial;
  return memory;
}

void encodeShareHandle(const ShareHandle& handle, HsaSharedMemoryHandle* out) {
  HSAuint32* words = *out;
  std::memset(words, 0, sizeof(HsaSharedMemoryHandle));
  words[0] = kMagic;
  words[1] = handle.pid;
  words[2] = handle.fd;
  words[3] = handle.node;
  words[4] = std::uint32_t(handle.bytes);
  words[5] = std::uint32_t(handle.bytes >> 32);
  words[7] = handle.serial;
}

bool decodeShareHandle(const HsaSharedMemoryHandle* handle, ShareHandle& out) {
  const HSAuint32* words = *handle;
  if (words[0] != kMagic) return false;
  out.pid = words[1];
  out.fd = words[2];
  out.node = words[3];
  out.bytes = std::uint64_t(words[4]) | std::uint64_t(words[5]) << 32;
  out.serial = words[7];
  return out.bytes != 0;
}

void* mapImported(const ShareHandle& handle) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%u/fd/%u", handle.pid, handle.fd);
  int fd = open(path, O_RDWR | O_CLOEXEC);
  if (fd < 0) return nullptr;
  // Checked on the descriptor opened, not on the path: the exporter may close and reuse the
  // number at any time.
  char self[64];
  std::snprintf(self, sizeof self, "/proc/self/fd/%d", fd);
  char target[128] = {};
  char name[48];
  memfdName(handle.pid, handle.serial, name, sizeof name);
  char expected[64];
  std::snprintf(expected, sizeof expected, "/memfd:%s ", name);
  struct stat info{};
  void* memory = MAP_FAILED;
  if (readlink(self, target, sizeof target - 1) > 0 &&
      std::strncmp(target, expected, std::strlen(expected)) == 0 && fstat(fd, &info) == 0 &&
      std::uint64_t(info.st_size) >= handle.bytes)
    memory = mmap(nullptr, handle.bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);  // the mapping keeps the memory
  return memory == MAP_FAILED ? nullptr : memory;
}

}  // namespace vgpu::kfd
