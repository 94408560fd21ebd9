// Interprocess events' shared counters and their handles.
#include "IpcEvent.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include "StreamGate.h"

namespace hipcore::core {

namespace {

constexpr uint32_t kMagic = 0x56455049;  // "IPEV"
std::atomic<uint32_t> nextSerial{1};

struct HandleData {
  uint32_t magic;
  uint32_t pid;
  int32_t fd;
  uint32_t serial;
  unsigned char unused[48];
};
static_assert(sizeof(HandleData) == sizeof(hipIpcEventHandle_t));

void memfdName(uint32_t pid, uint32_t serial, char* out, size_t size) {
  std::snprintf(out, size, "hipcore-event-%u-%u", pid, serial);
}

}  // namespace

Status IpcEventShare::create(std::shared_ptr<IpcEventShare>& out) {
  const uint32_t serial = nextSerial.fetch_add(1);
  char name[64];
  memfdName(uint32_t(getpid()), serial, name, sizeof name);
  int fd = memfd_create(name, MFD_CLOEXEC);
  if (fd < 0 || ftruncate(fd, sysconf(_SC_PAGE_SIZE)) != 0) {
    if (fd >= 0) close(fd);
    return fail(hipErrorOutOfMemory, "interprocess event: no shared page");
  }
  void* page =
      mmap(nullptr, size_t(sysconf(_SC_PAGE_SIZE)), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (page == MAP_FAILED) {
    close(fd);
    return fail(hipErrorOutOfMemory, "interprocess event: mapping its page failed");
  }
  out.reset(new IpcEventShare(fd, serial, static_cast<Page*>(page)));
  out->pid_ = uint32_t(getpid());
  out->creatorFd_ = fd;
  return Status::success();
}

Status IpcEventShare::open(const hipIpcEventHandle_t& handle, std::shared_ptr<IpcEventShare>& out) {
  HandleData data;
  std::memcpy(&data, &handle, sizeof data);
  if (data.magic != kMagic || data.fd < 0)
    return fail(hipErrorInvalidValue,
                "hipIpcOpenEventHandle: not a handle from hipIpcGetEventHandle");
  // The creating process uses the event itself (AMD's answer, which hip-tests checks).
  if (data.pid == uint32_t(getpid()))
    return fail(hipErrorInvalidContext,
                "hipIpcOpenEventHandle: the event is this process's own; another process opens "
                "its handle");
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%u/fd/%d", data.pid, data.fd);
  int fd = ::open(path, O_RDWR | O_CLOEXEC);
  if (fd < 0)
    return fail(hipErrorInvalidValue,
                "hipIpcOpenEventHandle: the event's process %u (or the event) is gone", data.pid);
  // Checked on the descriptor opened: the creator may have reused the number meanwhile.
  char self[64], target[128] = {}, name[64], expected[80];
  std::snprintf(self, sizeof self, "/proc/self/fd/%d", fd);
  memfdName(data.pid, data.serial, name, sizeof name);
  std::snprintf(expected, sizeof expected, "/memfd:%s ", name);
  void* page = MAP_FAILED;
  if (readlink(self, target, sizeof target - 1) > 0 &&
      std::strncmp(target, expected, std::strlen(expected)) == 0)
    page = mmap(nullptr, size_t(sysconf(_SC_PAGE_SIZE)), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (page == MAP_FAILED)
    return fail(hipErrorInvalidValue, "hipIpcOpenEventHandle: the event of process %u is gone",
                data.pid);
  out.reset(new IpcEventShare(-1, data.serial, static_cast<Page*>(page)));
  out->pid_ = data.pid;
  out->creatorFd_ = data.fd;
  return Status::success();
}

IpcEventShare::~IpcEventShare() {
  munmap(page_, size_t(sysconf(_SC_PAGE_SIZE)));
  if (fd_ >= 0) close(fd_);
}

void IpcEventShare::handle(hipIpcEventHandle_t& out) const {
  HandleData data{};
  data.magic = kMagic;
  data.pid = pid_;
  data.fd = creatorFd_;
  data.serial = serial_;
  std::memcpy(&out, &data, sizeof data);
}

void IpcEventShare::complete(uint64_t record) {
  // Records complete in stream order, but two streams may record one event: keep the highest.
  uint64_t seen = page_->completed.load();
  while (seen < record && !page_->completed.compare_exchange_weak(seen, record)) {
  }
}

Status IpcEventShare::holdStream(Stream& queue) {
  const uint64_t awaited = page_->recorded.load();
  // The share is kept alive by the waiter (a destroyed event's page stays until it is done).
  return holdStreamUntil(queue, [self = shared_from_this(), awaited] {
    return self->page_->completed.load() >= awaited;
  });
}

void IpcEventShare::waitDone() const {
  const uint64_t awaited = page_->recorded.load();
  pollUntil([this, awaited] { return page_->completed.load() >= awaited; });
}

}  // namespace hipcore::core
