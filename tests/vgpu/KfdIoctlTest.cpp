// vgpu's kernel front door driven in-process, without a thunk: the /dev/kfd ioctl dispatcher,
// buffer placement and aliasing, mmap of buffers, and the sysfs topology text. Expected values
// are the uAPI's (linux/kfd_ioctl.h) and the errors amdgpu's KFD returns for the same misuse.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <linux/kfd_ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>

#include "kfd/KfdAbi.h"
#include "kfd/KfdIoctls.h"
#include "kfd/KfdProcess.h"
#include "kfd/SysfsTopology.h"
#include "kfd/UserCopy.h"

using namespace vgpu::kfd;

namespace {

constexpr std::uint32_t kGpu = gpuIdOfNode(1);
const std::size_t kPage = std::size_t(sysconf(_SC_PAGE_SIZE));

template <typename Args>
int call(unsigned long request, Args& args) {
  return kfdIoctl(KfdProcess::instance(), request, reinterpret_cast<std::uint64_t>(&args));
}

// An address range reserved the way a thunk reserves buffer addresses (PROT_NONE).
struct Reservation {
  explicit Reservation(std::size_t bytes) : size(bytes) {
    base = mmap(nullptr, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  }
  ~Reservation() { munmap(base, size); }
  std::uint64_t address() const { return reinterpret_cast<std::uint64_t>(base); }
  void* base;
  std::size_t size;
};

kfd_ioctl_alloc_memory_of_gpu_args allocation(std::uint64_t va, std::uint64_t size,
                                              std::uint32_t flags, std::uint64_t user = 0) {
  kfd_ioctl_alloc_memory_of_gpu_args args{};
  args.va_addr = va;
  args.size = size;
  args.gpu_id = kGpu;
  args.flags = flags | KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE;
  args.mmap_offset = user;
  return args;
}

int freeHandle(std::uint64_t handle) {
  kfd_ioctl_free_memory_of_gpu_args args{handle};
  return call(AMDKFD_IOC_FREE_MEMORY_OF_GPU, args);
}

bool readable(std::uint64_t address) {
  char byte;
  return copyFromUser(&byte, address, 1) == 0;
}

TEST(KfdIoctl, VersionIsTheOneWithDmabufExportAndNoDebugger) {
  kfd_ioctl_get_version_args args{};
  ASSERT_EQ(call(AMDKFD_IOC_GET_VERSION, args), 0);
  EXPECT_EQ(args.major_version, 1u);
  EXPECT_EQ(args.minor_version, 12u);
}

TEST(KfdIoctl, ShorterArgumentBlocksAreZeroExtendedAndCutOnTheWayBack) {
  std::uint32_t block[2] = {0xAAAAAAAAu, 0xBBBBBBBBu};
  // The same request number with a 4-byte block: only major_version is written back.
  const unsigned long shortVersion = _IOC(_IOC_READ, AMDKFD_IOCTL_BASE, 0x01, 4);
  ASSERT_EQ(kfdIoctl(KfdProcess::instance(), shortVersion, reinterpret_cast<std::uint64_t>(block)),
            0);
  EXPECT_EQ(block[0], 1u);
  EXPECT_EQ(block[1], 0xBBBBBBBBu);
}

TEST(KfdIoctl, UnknownRequestsAndBadPointersFailLikeTheKernel) {
  std::uint64_t scratch[8] = {};
  EXPECT_EQ(kfdIoctl(KfdProcess::instance(), _IOWR(AMDKFD_IOCTL_BASE, 0x7E, std::uint64_t),
                     reinterpret_cast<std::uint64_t>(scratch)),
            -EINVAL);
  EXPECT_EQ(kfdIoctl(KfdProcess::instance(), _IOWR('d', 0x01, std::uint64_t),
                     reinterpret_cast<std::uint64_t>(scratch)),
            -EINVAL);
  EXPECT_EQ(kfdIoctl(KfdProcess::instance(), AMDKFD_IOC_GET_VERSION, 16), -EFAULT);
}

TEST(KfdIoctl, AperturesNameEveryGpu) {
  kfd_ioctl_get_process_apertures_new_args args{};
  ASSERT_EQ(call(AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, args), 0);
  ASSERT_EQ(args.num_of_nodes, 1u);  // VGPU_GPUS=1 (the test's environment)
  kfd_process_device_apertures apertures{};
  args.kfd_process_device_apertures_ptr = reinterpret_cast<std::uint64_t>(&apertures);
  ASSERT_EQ(call(AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, args), 0);
  EXPECT_EQ(apertures.gpu_id, kGpu);
  EXPECT_EQ(apertures.lds_base, 0x1000000000000ull);
  EXPECT_EQ(apertures.scratch_base, 0x2000000000000ull);
  EXPECT_EQ(apertures.gpuvm_limit, (1ull << 47) - 1);
  args.kfd_process_device_apertures_ptr = 8;  // unmapped
  EXPECT_EQ(call(AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, args), -EFAULT);
}

TEST(KfdIoctl, VramLandsInTheReservationAndADoubleFreeIsRefused) {
  Reservation range(4 * kPage);
  auto args = allocation(range.address(), 4 * kPage, KFD_IOC_ALLOC_MEM_FLAGS_VRAM);
  ASSERT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, args), 0);
  EXPECT_EQ(args.handle >> 32, kGpu);
  EXPECT_GE(args.mmap_offset, kBufferMmapBase);
  auto* words = static_cast<std::uint32_t*>(range.base);
  words[0] = 0x12345678u;  // the memory is there
  EXPECT_TRUE(KfdProcess::instance().device().memory().accessible(range.address(), 4 * kPage));

  // A CPU mapping of the buffer (mmap of the render node at its offset) sees the same words.
  void* view = KfdProcess::instance().map(DeviceFile::renderNode, nullptr, kPage, MAP_SHARED,
                                          args.mmap_offset);
  ASSERT_NE(view, MAP_FAILED);
  EXPECT_EQ(static_cast<std::uint32_t*>(view)[0], 0x12345678u);
  static_cast<std::uint32_t*>(view)[1] = 0xCAFEu;
  EXPECT_EQ(words[1], 0xCAFEu);
  munmap(view, kPage);

  EXPECT_EQ(freeHandle(args.handle), 0);
  EXPECT_FALSE(readable(range.address()));  // back to the caller's reservation
  EXPECT_FALSE(KfdProcess::instance().device().memory().accessible(range.address(), 4));
  EXPECT_EQ(freeHandle(args.handle), -EINVAL);
  EXPECT_EQ(freeHandle(0x12345), -EINVAL);
}

TEST(KfdIoctl, AnAccessMayRunAcrossBuffersSideBySide) {
  // As through the GPU's page tables: two buffers back to back are one range to an access
  // (hipMemMap puts allocations side by side in one reservation; an SDMA copy spans both).
  Reservation range(4 * kPage);
  auto first = allocation(range.address(), 2 * kPage, KFD_IOC_ALLOC_MEM_FLAGS_VRAM);
  auto second = allocation(range.address() + 2 * kPage, kPage, KFD_IOC_ALLOC_MEM_FLAGS_VRAM);
  ASSERT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, first), 0);
  ASSERT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, second), 0);
  const auto& memory = KfdProcess::instance().device().memory();
  EXPECT_TRUE(memory.accessible(range.address() + kPage, 2 * kPage));
  EXPECT_TRUE(memory.accessible(range.address(), 3 * kPage));
  EXPECT_FALSE(memory.accessible(range.address() + kPage, 3 * kPage));  // past the second
  EXPECT_EQ(freeHandle(first.handle), 0);
  EXPECT_FALSE(memory.accessible(range.address() + kPage, 2 * kPage));  // a hole now
  EXPECT_TRUE(memory.accessible(range.address() + 2 * kPage, kPage));
  EXPECT_EQ(freeHandle(second.handle), 0);
}

TEST(KfdIoctl, BuffersNeverReplaceMemoryTheProcessUses) {
  std::vector<std::uint8_t> live(8 * kPage, 0x5A);
  const std::uint64_t inside =
      (reinterpret_cast<std::uint64_t>(live.data()) + kPage - 1) & ~std::uint64_t(kPage - 1);
  auto args = allocation(inside, kPage, KFD_IOC_ALLOC_MEM_FLAGS_GTT);
  EXPECT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, args), -EINVAL);
  EXPECT_EQ(live[live.size() / 2], 0x5A);
}

TEST(KfdIoctl, MalformedAllocationsAreInvalidAndOversizedOnesOutOfMemory) {
  Reservation range(2 * kPage);
  auto unaligned = allocation(range.address() + 8, kPage, KFD_IOC_ALLOC_MEM_FLAGS_VRAM);
  EXPECT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, unaligned), -EINVAL);
  auto twoTypes = allocation(range.address(), kPage,
                             KFD_IOC_ALLOC_MEM_FLAGS_VRAM | KFD_IOC_ALLOC_MEM_FLAGS_GTT);
  EXPECT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, twoTypes), -EINVAL);
  auto empty = allocation(range.address(), 0, KFD_IOC_ALLOC_MEM_FLAGS_VRAM);
  EXPECT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, empty), -EINVAL);
  auto noGpu = allocation(range.address(), kPage, KFD_IOC_ALLOC_MEM_FLAGS_VRAM);
  noGpu.gpu_id = 0x1234;
  EXPECT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, noGpu), -EINVAL);
  // More than the board's VRAM (VGPU_MEMORY_MB, 4096 by default).
  auto huge = allocation(range.address(), 1ull << 40, KFD_IOC_ALLOC_MEM_FLAGS_VRAM);
  EXPECT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, huge), -ENOMEM);
}

TEST(KfdIoctl, RegisteredUserMemoryIsAliasedAndOutlivesTheUsersMapping) {
  const std::size_t bytes = 2 * kPage;
  void* user = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(user, MAP_FAILED);
  std::memset(user, 0x3C, bytes);
  Reservation gpuRange(bytes);
  auto args = allocation(gpuRange.address(), bytes, KFD_IOC_ALLOC_MEM_FLAGS_USERPTR,
                         reinterpret_cast<std::uint64_t>(user));
  ASSERT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, args), 0);
  auto* gpu = static_cast<std::uint8_t*>(gpuRange.base);
  EXPECT_EQ(gpu[bytes - 1], 0x3C);
  static_cast<std::uint8_t*>(user)[5] = 0x77;  // one set of pages, two addresses
  EXPECT_EQ(gpu[5], 0x77);
  // The user unmaps its range (a registration that outlives its memory): the GPU range keeps
  // the pages, and new memory at the user's old address does not move it.
  munmap(user, bytes);
  EXPECT_EQ(gpu[5], 0x77);
  EXPECT_EQ(freeHandle(args.handle), 0);
  EXPECT_FALSE(readable(gpuRange.address()));
}

TEST(KfdIoctl, UserPagesThatDoNotExistAreAFault) {
  Reservation gpuRange(kPage), nothing(kPage);
  auto args =
      allocation(gpuRange.address(), kPage, KFD_IOC_ALLOC_MEM_FLAGS_USERPTR, nothing.address());
  EXPECT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, args), -EFAULT);
  auto identity =
      allocation(nothing.address(), kPage, KFD_IOC_ALLOC_MEM_FLAGS_USERPTR, nothing.address());
  EXPECT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, identity), -EFAULT);
}

TEST(KfdIoctl, MapChecksHandlesAndGpuIds) {
  Reservation range(kPage);
  auto args = allocation(range.address(), kPage, KFD_IOC_ALLOC_MEM_FLAGS_VRAM);
  ASSERT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, args), 0);
  std::uint32_t ids[2] = {kGpu, 0x99};
  kfd_ioctl_map_memory_to_gpu_args map{args.handle, reinterpret_cast<std::uint64_t>(ids), 2, 0};
  EXPECT_EQ(call(AMDKFD_IOC_MAP_MEMORY_TO_GPU, map), -EINVAL);
  EXPECT_EQ(map.n_success, 1u);  // the first device mapped, the second is unknown
  map.n_devices = 1;
  map.n_success = 0;
  EXPECT_EQ(call(AMDKFD_IOC_MAP_MEMORY_TO_GPU, map), 0);
  EXPECT_EQ(map.n_success, 1u);
  map.device_ids_array_ptr = 24;
  map.n_success = 0;
  EXPECT_EQ(call(AMDKFD_IOC_MAP_MEMORY_TO_GPU, map), -EFAULT);
  kfd_ioctl_unmap_memory_from_gpu_args unmap{0xDEAD, reinterpret_cast<std::uint64_t>(ids), 1, 0};
  EXPECT_EQ(call(AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU, unmap), -EINVAL);
  EXPECT_EQ(freeHandle(args.handle), 0);
}

TEST(KfdIoctl, ADmabufIsTheBuffersMemoryWhereverItIsImported) {
  const std::size_t bytes = 2 * kPage;
  Reservation exporterRange(bytes), importerRange(bytes);
  auto buffer = allocation(exporterRange.address(), bytes, KFD_IOC_ALLOC_MEM_FLAGS_VRAM);
  ASSERT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, buffer), 0);
  auto* exporter = static_cast<std::uint32_t*>(exporterRange.base);
  const std::uint32_t last = std::uint32_t(bytes / 4 - 1);
  auto pattern = [](std::uint32_t i) { return i * 2654435761u; };
  for (std::uint32_t i = 0; i <= last; ++i) exporter[i] = pattern(i);

  kfd_ioctl_export_dmabuf_args exported{buffer.handle, O_CLOEXEC | O_RDWR, 0};
  ASSERT_EQ(call(AMDKFD_IOC_EXPORT_DMABUF, exported), 0);
  const int fd = int(exported.dmabuf_fd);
  EXPECT_EQ(fcntl(fd, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
  kfd_ioctl_get_dmabuf_info_args info{};
  info.dmabuf_fd = exported.dmabuf_fd;
  info.metadata_size = 64;
  ASSERT_EQ(call(AMDKFD_IOC_GET_DMABUF_INFO, info), 0);
  EXPECT_EQ(info.size, bytes);
  EXPECT_EQ(info.gpu_id, kGpu);
  EXPECT_EQ(info.flags, buffer.flags);
  EXPECT_EQ(info.metadata_size, 0u);

  // What another process does with the descriptor: map it and see the same pages.
  auto* view =
      static_cast<std::uint32_t*>(mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
  ASSERT_NE(view, MAP_FAILED);
  EXPECT_EQ(view[last], pattern(last));
  view[3] = 0xD0D0u;
  EXPECT_EQ(exporter[3], 0xD0D0u);
  munmap(view, bytes);

  // An import puts the same memory at another GPU address, which outlives the exporter's buffer.
  kfd_ioctl_import_dmabuf_args imported{importerRange.address(), 0, kGpu, exported.dmabuf_fd};
  ASSERT_EQ(call(AMDKFD_IOC_IMPORT_DMABUF, imported), 0);
  EXPECT_NE(imported.handle, buffer.handle);
  auto* importer = static_cast<std::uint32_t*>(importerRange.base);
  EXPECT_EQ(importer[3], 0xD0D0u);
  importer[4] = 0xBEEFu;
  EXPECT_EQ(exporter[4], 0xBEEFu);
  EXPECT_TRUE(KfdProcess::instance().device().memory().accessible(importerRange.address(), bytes));
  close(fd);
  EXPECT_EQ(freeHandle(buffer.handle), 0);
  EXPECT_FALSE(readable(exporterRange.address()));
  EXPECT_EQ(importer[last], pattern(last));
  EXPECT_EQ(freeHandle(imported.handle), 0);
  EXPECT_FALSE(readable(importerRange.address()));
}

TEST(KfdIoctl, DmabufMisuseFailsLikeTheKernel) {
  Reservation range(kPage), elsewhere(kPage);
  auto buffer = allocation(range.address(), kPage, KFD_IOC_ALLOC_MEM_FLAGS_GTT);
  ASSERT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, buffer), 0);
  kfd_ioctl_export_dmabuf_args badFlags{buffer.handle, O_APPEND, 0};
  EXPECT_EQ(call(AMDKFD_IOC_EXPORT_DMABUF, badFlags), -EINVAL);
  kfd_ioctl_export_dmabuf_args unknown{0xDEAD, O_CLOEXEC, 0};
  EXPECT_EQ(call(AMDKFD_IOC_EXPORT_DMABUF, unknown), -EINVAL);

  void* user = mmap(nullptr, kPage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(user, MAP_FAILED);
  const auto page = reinterpret_cast<std::uint64_t>(user);
  Reservation userGpu(kPage);
  auto pinned = allocation(userGpu.address(), kPage, KFD_IOC_ALLOC_MEM_FLAGS_USERPTR, page);
  ASSERT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, pinned), 0);
  kfd_ioctl_export_dmabuf_args userPages{pinned.handle, O_CLOEXEC, 0};
  EXPECT_EQ(call(AMDKFD_IOC_EXPORT_DMABUF, userPages), -EPERM);
  EXPECT_EQ(freeHandle(pinned.handle), 0);

  // Descriptors that are no vgpu dma-buf, unknown GPUs, addresses the process uses.
  const int other = open("/dev/null", O_RDWR | O_CLOEXEC);
  kfd_ioctl_get_dmabuf_info_args info{};
  info.dmabuf_fd = std::uint32_t(other);
  EXPECT_EQ(call(AMDKFD_IOC_GET_DMABUF_INFO, info), -EINVAL);
  kfd_ioctl_import_dmabuf_args notOurs{elsewhere.address(), 0, kGpu, std::uint32_t(other)};
  EXPECT_EQ(call(AMDKFD_IOC_IMPORT_DMABUF, notOurs), -EINVAL);
  close(other);
  kfd_ioctl_export_dmabuf_args exported{buffer.handle, O_CLOEXEC, 0};
  ASSERT_EQ(call(AMDKFD_IOC_EXPORT_DMABUF, exported), 0);
  kfd_ioctl_import_dmabuf_args noGpu{elsewhere.address(), 0, 0x99, exported.dmabuf_fd};
  EXPECT_EQ(call(AMDKFD_IOC_IMPORT_DMABUF, noGpu), -EINVAL);
  kfd_ioctl_import_dmabuf_args inUse{page, 0, kGpu, exported.dmabuf_fd};
  EXPECT_EQ(call(AMDKFD_IOC_IMPORT_DMABUF, inUse), -EINVAL);
  kfd_ioctl_import_dmabuf_args unaligned{elsewhere.address() + 8, 0, kGpu, exported.dmabuf_fd};
  EXPECT_EQ(call(AMDKFD_IOC_IMPORT_DMABUF, unaligned), -EINVAL);
  close(int(exported.dmabuf_fd));
  EXPECT_EQ(freeHandle(buffer.handle), 0);
  munmap(user, kPage);
}

// ROCm's IPC requests (0x80/0x81, AMD's DKMS driver): a share handle imported in another process
// (here a child, as a second process of the user would) is the buffer's memory; a freed
// buffer's handle names nothing.
TEST(KfdIoctl, AnIpcHandleImportsTheSameMemoryInAnotherProcessUntilTheBufferIsFreed) {
  const std::size_t bytes = 2 * kPage;
  Reservation exporterRange(bytes), importerRange(bytes);
  auto buffer = allocation(exporterRange.address(), bytes, KFD_IOC_ALLOC_MEM_FLAGS_VRAM);
  ASSERT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, buffer), 0);
  auto* exporter = static_cast<std::uint32_t*>(exporterRange.base);
  const std::uint32_t last = std::uint32_t(bytes / 4 - 1);
  for (std::uint32_t i = 0; i <= last; ++i) exporter[i] = i * 40503u;
  kfd_ioctl_ipc_export_handle_args exported{buffer.handle, {}, kGpu, 0};
  ASSERT_EQ(call(AMDKFD_IOC_IPC_EXPORT_HANDLE, exported), 0);

  // The child imports, checks the pattern, writes its mark and exits with what it saw.
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    kfd_ioctl_ipc_import_handle_args imported{};
    imported.va_addr = importerRange.address();
    imported.gpu_id = kGpu;
    std::memcpy(imported.share_handle, exported.share_handle, sizeof imported.share_handle);
    if (call(AMDKFD_IOC_IPC_IMPORT_HANDLE, imported) != 0) _exit(1);
    if (imported.flags != buffer.flags || imported.mmap_offset == 0) _exit(2);
    auto* importer = static_cast<std::uint32_t*>(importerRange.base);
    if (importer[last] != last * 40503u) _exit(3);
    importer[7] = 0xC0FFEEu;
    _exit(freeHandle(imported.handle) == 0 ? 0 : 4);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_EQ(exporter[7], 0xC0FFEEu);

  // Misuse: unknown buffer or GPU, a handle naming no live memfd, a freed buffer's handle.
  kfd_ioctl_ipc_export_handle_args unknown{0xDEAD, {}, kGpu, 0};
  EXPECT_EQ(call(AMDKFD_IOC_IPC_EXPORT_HANDLE, unknown), -EINVAL);
  kfd_ioctl_ipc_export_handle_args noGpu{buffer.handle, {}, 0x99, 0};
  EXPECT_EQ(call(AMDKFD_IOC_IPC_EXPORT_HANDLE, noGpu), -EINVAL);
  kfd_ioctl_ipc_import_handle_args forged{};
  forged.va_addr = importerRange.address();
  forged.gpu_id = kGpu;
  std::memcpy(forged.share_handle, exported.share_handle, sizeof forged.share_handle);
  forged.share_handle[2] ^= 1;  // another inode
  EXPECT_EQ(call(AMDKFD_IOC_IPC_IMPORT_HANDLE, forged), -EINVAL);
  forged.share_handle[2] ^= 1;
  forged.share_handle[1] = 0;  // standard input: no vgpu buffer
  EXPECT_EQ(call(AMDKFD_IOC_IPC_IMPORT_HANDLE, forged), -EINVAL);
  EXPECT_EQ(freeHandle(buffer.handle), 0);
  kfd_ioctl_ipc_import_handle_args stale{};
  stale.va_addr = importerRange.address();
  stale.gpu_id = kGpu;
  std::memcpy(stale.share_handle, exported.share_handle, sizeof stale.share_handle);
  EXPECT_EQ(call(AMDKFD_IOC_IPC_IMPORT_HANDLE, stale), -EINVAL);
  EXPECT_FALSE(readable(importerRange.address()));
}

TEST(KfdIoctl, SignalEventsSetResetWaitAndDestroyOnce) {
  kfd_ioctl_create_event_args create{};
  create.event_type = KFD_IOC_EVENT_SIGNAL;
  create.auto_reset = 1;
  ASSERT_EQ(call(AMDKFD_IOC_CREATE_EVENT, create), 0);
  EXPECT_EQ(create.event_slot_index, create.event_id);  // the mailbox slot is the id
  EXPECT_EQ(create.event_page_offset, 2ull << 62);

  kfd_event_data data{};
  data.event_id = create.event_id;
  kfd_ioctl_wait_events_args wait{reinterpret_cast<std::uint64_t>(&data), 1, 1, 0, 99};
  ASSERT_EQ(call(AMDKFD_IOC_WAIT_EVENTS, wait), 0);
  EXPECT_EQ(wait.wait_result, unsigned(KFD_IOC_WAIT_RESULT_TIMEOUT));

  kfd_ioctl_set_event_args set{create.event_id, 0};
  ASSERT_EQ(call(AMDKFD_IOC_SET_EVENT, set), 0);
  wait.timeout = 1000;
  ASSERT_EQ(call(AMDKFD_IOC_WAIT_EVENTS, wait), 0);
  EXPECT_EQ(wait.wait_result, unsigned(KFD_IOC_WAIT_RESULT_COMPLETE));
  wait.timeout = 0;  // auto-reset: the wait consumed it
  ASSERT_EQ(call(AMDKFD_IOC_WAIT_EVENTS, wait), 0);
  EXPECT_EQ(wait.wait_result, unsigned(KFD_IOC_WAIT_RESULT_TIMEOUT));

  kfd_ioctl_destroy_event_args destroy{create.event_id, 0};
  EXPECT_EQ(call(AMDKFD_IOC_DESTROY_EVENT, destroy), 0);
  EXPECT_EQ(call(AMDKFD_IOC_DESTROY_EVENT, destroy), -EINVAL);
  EXPECT_EQ(call(AMDKFD_IOC_SET_EVENT, set), -EINVAL);
  EXPECT_EQ(call(AMDKFD_IOC_WAIT_EVENTS, wait), -EINVAL);
  kfd_ioctl_create_event_args bad{};
  bad.event_type = 9;
  EXPECT_EQ(call(AMDKFD_IOC_CREATE_EVENT, bad), -EINVAL);
}

TEST(KfdIoctl, DestroyingAnEventWakesItsWaitersWithAnError) {
  kfd_ioctl_create_event_args create{};
  create.event_type = KFD_IOC_EVENT_SIGNAL;
  ASSERT_EQ(call(AMDKFD_IOC_CREATE_EVENT, create), 0);
  kfd_event_data data[2] = {};
  data[0].event_id = data[1].event_id = create.event_id;  // listed twice, as a thunk may
  kfd_ioctl_wait_events_args wait{reinterpret_cast<std::uint64_t>(data), 2, 0, 10000, 99};
  int result = 1;
  std::thread waiter([&] { result = call(AMDKFD_IOC_WAIT_EVENTS, wait); });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // let it block
  kfd_ioctl_destroy_event_args destroy{create.event_id, 0};
  EXPECT_EQ(call(AMDKFD_IOC_DESTROY_EVENT, destroy), 0);
  waiter.join();  // woken now, not after the 10 s timeout
  EXPECT_EQ(result, -EINVAL);
  EXPECT_EQ(wait.wait_result, unsigned(KFD_IOC_WAIT_RESULT_FAIL));
}

TEST(KfdIoctl, QueuesNeedMemoryTheGpuCanReach) {
  kfd_ioctl_create_queue_args args{};
  args.gpu_id = kGpu;
  args.queue_type = KFD_IOC_QUEUE_TYPE_SDMA;
  args.ring_size = 4096;
  args.queue_percentage = 100;
  std::vector<std::uint64_t> host(4096);  // plain host memory: not the GPU's
  args.ring_base_address = reinterpret_cast<std::uint64_t>(host.data());
  args.read_pointer_address = args.ring_base_address;
  args.write_pointer_address = args.ring_base_address + 8;
  EXPECT_EQ(call(AMDKFD_IOC_CREATE_QUEUE, args), -EFAULT);
  args.ring_size = 3000;  // not a power of two
  EXPECT_EQ(call(AMDKFD_IOC_CREATE_QUEUE, args), -EINVAL);
  kfd_ioctl_destroy_queue_args destroy{12345, 0};
  EXPECT_EQ(call(AMDKFD_IOC_DESTROY_QUEUE, destroy), -EINVAL);
}

TEST(KfdIoctl, SdmaQueueGetsADoorbellInItsGpusPage) {
  Reservation range(2 * kPage);
  auto ring = allocation(range.address(), 2 * kPage, KFD_IOC_ALLOC_MEM_FLAGS_GTT);
  ASSERT_EQ(call(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, ring), 0);
  kfd_ioctl_create_queue_args args{};
  args.gpu_id = kGpu;
  args.queue_type = KFD_IOC_QUEUE_TYPE_SDMA;
  args.ring_size = std::uint32_t(kPage);
  args.queue_percentage = 100;
  args.ring_base_address = range.address();
  args.read_pointer_address = range.address() + kPage;
  args.write_pointer_address = range.address() + kPage + 8;
  ASSERT_EQ(call(AMDKFD_IOC_CREATE_QUEUE, args), 0);
  EXPECT_EQ(args.doorbell_offset & ~(kDoorbellPageBytes - 1), doorbellMmapOffset(kGpu));
  void* doorbells = KfdProcess::instance().map(DeviceFile::kfd, nullptr, kDoorbellPageBytes,
                                               MAP_SHARED, doorbellMmapOffset(kGpu));
  ASSERT_NE(doorbells, MAP_FAILED);
  // A fresh doorbell reads "never rung" (all ones), so the first write of 0 is a change.
  const std::size_t slot = (args.doorbell_offset & (kDoorbellPageBytes - 1)) / 8;
  EXPECT_EQ(static_cast<std::uint64_t*>(doorbells)[slot], ~0ull);
  munmap(doorbells, kDoorbellPageBytes);
  kfd_ioctl_destroy_queue_args destroy{args.queue_id, 0};
  EXPECT_EQ(call(AMDKFD_IOC_DESTROY_QUEUE, destroy), 0);
  EXPECT_EQ(call(AMDKFD_IOC_DESTROY_QUEUE, destroy), -EINVAL);
  EXPECT_EQ(freeHandle(ring.handle), 0);
}

TEST(SysfsTopology, NodesAndPropertiesAreTheKernelsFormat) {
  const SysfsTopology tree(KfdProcess::instance().device().topology());
  const std::string root = "/sys/devices/virtual/kfd/kfd/topology";
  EXPECT_EQ(tree.file(root + "/generation_id"), "1\n");
  auto nodes = tree.directory(root + "/nodes");
  ASSERT_TRUE(nodes.has_value());
  EXPECT_EQ(*nodes, (std::vector<std::string>{"0", "1"}));
  EXPECT_EQ(tree.file(root + "/nodes/0/gpu_id"), "0\n");
  EXPECT_EQ(tree.file(root + "/nodes/1/gpu_id"), std::to_string(kGpu) + "\n");
  auto properties = tree.file("/sys/class/kfd/kfd/topology/nodes/1/properties");
  ASSERT_TRUE(properties.has_value());
  EXPECT_NE(properties->find("simd_count 16\n"), std::string::npos);  // 8 CUs x 2 SIMDs
  EXPECT_NE(properties->find("gfx_target_version 100300\n"), std::string::npos);
  EXPECT_NE(properties->find("drm_render_minor 128\n"), std::string::npos);
  EXPECT_NE(properties->find("mem_banks_count 1\n"), std::string::npos);
  auto bank = tree.file(root + "/nodes/1/mem_banks/0/properties");
  ASSERT_TRUE(bank.has_value());
  EXPECT_EQ(bank->substr(0, 12), "heap_type 1\n");  // frame buffer, host visible
  EXPECT_FALSE(tree.file(root + "/nodes/2/properties").has_value());
  EXPECT_FALSE(tree.file(root + "/nodes/1/mem_banks/1/properties").has_value());
  EXPECT_FALSE(tree.directory("/sys/devices/virtual/kfdx").has_value());
}

}  // namespace
