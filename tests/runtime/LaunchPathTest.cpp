// The launch path against an AQL queue in plain memory: packet and kernarg contents, ring
// wrap-around, and proof that launching allocates nothing, takes no lock and makes no system
// call (the loop runs under seccomp strict mode, which kills the process on any syscall other
// than read/write/exit).
#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <dlfcn.h>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#include "core/PacketSubmitter.h"
#include "hipcore/loader/CodeObject.h"

// Counters for everything the launch loop must not do, bumped by the replacements below.
static std::atomic<uint64_t> gAllocations{0};
static std::atomic<uint64_t> gMutexLocks{0};

void* operator new(size_t size) {
  gAllocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](size_t size) {
  return operator new(size);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, size_t) noexcept {
  std::free(p);
}

extern "C" int pthread_mutex_lock(pthread_mutex_t* mutex) {
  using Lock = int (*)(pthread_mutex_t*);
  static Lock real = reinterpret_cast<Lock>(dlsym(RTLD_NEXT, "pthread_mutex_lock"));
  gMutexLocks.fetch_add(1, std::memory_order_relaxed);
  return real(mutex);
}

namespace hipcore::core {
namespace {

// A queue in memory. `consume` plays the packet processor: it marks packets read.
class FakeQueue final : public hsa::PacketQueue {
 public:
  explicit FakeQueue(uint32_t size) : size_(size), ring_(size * kPacketSize / 8) {}
  void* packets() const override { return const_cast<uint64_t*>(ring_.data()); }
  uint32_t size() const override { return size_; }
  uint64_t reserve(uint64_t count) noexcept override { return write_.fetch_add(count); }
  uint64_t readIndex() const noexcept override { return read_.load(std::memory_order_acquire); }
  void ringDoorbell(uint64_t index) noexcept override {
    doorbell_.store(index, std::memory_order_release);
    if (autoConsume_) read_.store(index + 1, std::memory_order_release);
  }
  uint64_t address() const override { return 0x7000'0000'1000; }
  void enableTimestamps() noexcept override { timestamps_ = true; }

  uint64_t doorbell() const { return doorbell_.load(); }
  uint64_t written() const { return write_.load(); }
  void setAutoConsume(bool on) { autoConsume_ = on; }
  void consumeUpTo(uint64_t index) { read_.store(index, std::memory_order_release); }
  bool timestamps() const { return timestamps_; }
  const hsa_kernel_dispatch_packet_t& packet(uint64_t index) const {
    return *static_cast<const hsa_kernel_dispatch_packet_t*>(slot(index));
  }

 private:
  uint32_t size_;
  bool timestamps_ = false;
  std::vector<uint64_t> ring_;
  std::atomic<uint64_t> write_{0};
  std::atomic<uint64_t> read_{0};
  std::atomic<uint64_t> doorbell_{~uint64_t{0}};
  bool autoConsume_ = true;
};

loader::KernelMetadata addKernelMetadata() {
  std::ifstream in(std::string(HIPCORE_LOADER_TEST_DATA) + "/v5_gfx1030_O0.co", std::ios::binary);
  std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  auto object = loader::CodeObject::parse(bytes);
  if (!object) throw std::runtime_error(object.message());
  auto metadata = loader::parseCodeObjectMetadata(*object->metadataNote());
  if (!metadata) throw std::runtime_error(metadata.message());
  return *metadata->findKernel("_Z3addPiPKii");
}

struct Fixture {
  static constexpr uint32_t kPackets = 16;
  FakeQueue queue{kPackets};
  std::vector<uint8_t> kernargs = std::vector<uint8_t>(size_t{2} * kPackets * kKernargSlotBytes);
  DeviceKernel kernel{
      "_Z3addPiPKii", 0xC0DE0000, 256, 64, 1024, loader::KernargLayout(addKernelMetadata())};
  std::atomic<int> queueError{0};
  PacketSubmitter stream{queue, KernargRing{kernargs.data(), kKernargSlotBytes, 2 * kPackets},
                         loader::HiddenArgValues{}, queueError};
};

template <typename T>
T load(const void* base, size_t offset) {
  T value;
  std::memcpy(&value, static_cast<const uint8_t*>(base) + offset, sizeof(T));
  return value;
}

TEST(LaunchPath, WritesTheDispatchPacketAndKernargs) {
  Fixture f;
  int* a = reinterpret_cast<int*>(0xA000);
  int* b = reinterpret_cast<int*>(0xB000);
  int n = 999;
  void* args[] = {&a, &b, &n};
  loader::LaunchGeometry g;
  g.gridBlocks[0] = 10;
  g.gridBlocks[1] = 2;
  g.blockSize[0] = 128;
  g.dynamicLdsBytes = 512;
  ASSERT_TRUE(f.stream.launch(f.kernel, g, args));
  const hsa_kernel_dispatch_packet_t& p = f.queue.packet(0);
  EXPECT_EQ((p.header >> HSA_PACKET_HEADER_TYPE) & 0xff, HSA_PACKET_TYPE_KERNEL_DISPATCH);
  EXPECT_EQ((p.header >> HSA_PACKET_HEADER_BARRIER) & 1, 1);
  EXPECT_EQ((p.header >> HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) & 3, HSA_FENCE_SCOPE_SYSTEM);
  EXPECT_EQ((p.header >> HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE) & 3, HSA_FENCE_SCOPE_SYSTEM);
  EXPECT_EQ(p.setup, 2);  // y has two blocks
  EXPECT_EQ(p.workgroup_size_x, 128);
  EXPECT_EQ(p.workgroup_size_y, 1);
  EXPECT_EQ(p.grid_size_x, 1280u);
  EXPECT_EQ(p.grid_size_y, 2u);
  EXPECT_EQ(p.grid_size_z, 1u);
  EXPECT_EQ(p.group_segment_size, 256u + 512u);
  EXPECT_EQ(p.private_segment_size, 64u);
  EXPECT_EQ(p.kernel_object, 0xC0DE0000u);
  EXPECT_EQ(p.kernarg_address, f.kernargs.data());
  EXPECT_EQ(p.completion_signal.handle, 0u);
  EXPECT_EQ(f.queue.doorbell(), 0u);
  const uint8_t* k = f.kernargs.data();
  EXPECT_EQ(load<uint64_t>(k, 0), 0xA000u);
  EXPECT_EQ(load<uint64_t>(k, 8), 0xB000u);
  EXPECT_EQ(load<int>(k, 16), 999);
  EXPECT_EQ(load<uint32_t>(k, 24), 10u);                 // hidden_block_count_x
  EXPECT_EQ(load<uint32_t>(k, 28), 2u);                  // hidden_block_count_y
  EXPECT_EQ(load<uint16_t>(k, 36), 128u);                // hidden_group_size_x
  EXPECT_EQ(load<uint16_t>(k, 88), 2u);                  // hidden_grid_dims
  EXPECT_EQ(load<uint64_t>(k, 224), f.queue.address());  // hidden_queue_ptr
  EXPECT_FALSE(f.queue.timestamps());  // an untraced kernel's signal needs no start/end stamps
}

TEST(LaunchPath, KernargSlotsFollowPacketIndicesAcrossWrapAround) {
  Fixture f;
  int* a = nullptr;
  int n = 0;
  void* args[] = {&a, &a, &n};
  loader::LaunchGeometry g;
  for (uint32_t i = 0; i < 5 * Fixture::kPackets; ++i) {
    n = static_cast<int>(i);
    ASSERT_TRUE(f.stream.launch(f.kernel, g, args));
    const hsa_kernel_dispatch_packet_t& p = f.queue.packet(i);
    const uint8_t* expected = f.kernargs.data() + (i % (2 * Fixture::kPackets)) * kKernargSlotBytes;
    ASSERT_EQ(p.kernarg_address, expected) << i;
    EXPECT_EQ(load<int>(expected, 16), static_cast<int>(i));
    EXPECT_EQ(f.queue.doorbell(), i);
  }
  EXPECT_EQ(f.queue.written(), 5u * Fixture::kPackets);
}

TEST(LaunchPath, BarrierPacketCarriesTheSignal) {
  Fixture f;
  ASSERT_NE(f.stream.submitBarrier(0x5151), PacketSubmitter::kFailed);
  auto* barrier = static_cast<const hsa_barrier_and_packet_t*>(f.queue.slot(0));
  EXPECT_EQ((barrier->header >> HSA_PACKET_HEADER_TYPE) & 0xff, HSA_PACKET_TYPE_BARRIER_AND);
  EXPECT_EQ((barrier->header >> HSA_PACKET_HEADER_BARRIER) & 1, 1);
  EXPECT_EQ(barrier->completion_signal.handle, 0x5151u);
  for (const hsa_signal_t& dependency : barrier->dep_signal) EXPECT_EQ(dependency.handle, 0u);
}

// A full ring on a queue that failed: the read index never moves again (as on hardware), so
// the submission must give up, write nothing, and leave the packet the queue stopped at intact.
TEST(LaunchPath, AFullRingOfAFailedQueueFailsTheSubmissionInsteadOfWaiting) {
  Fixture f;
  f.queue.setAutoConsume(false);  // nothing is ever consumed: the queue stopped at packet 0
  int* a = nullptr;
  int n = 0;
  void* args[] = {&a, &a, &n};
  loader::LaunchGeometry g;
  for (uint32_t i = 0; i < Fixture::kPackets; ++i) ASSERT_TRUE(f.stream.launch(f.kernel, g, args));
  const uint64_t stopped = f.queue.packet(0).kernel_object;
  std::thread failer([&f] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    f.queueError.store(0x1016 /* HSA_STATUS_ERROR_EXCEPTION */, std::memory_order_release);
  });
  EXPECT_FALSE(f.stream.launch(f.kernel, g, args));  // waited for room until the failure
  failer.join();
  EXPECT_FALSE(f.stream.launch(f.kernel, g, args));
  EXPECT_EQ(f.stream.submitBarrier(0x5151), PacketSubmitter::kFailed);
  EXPECT_EQ(f.queue.packet(0).kernel_object, stopped);   // the slots wrapped onto were not written
  EXPECT_EQ(f.queue.doorbell(), Fixture::kPackets - 1);  // no doorbell for what was not written
}

TEST(LaunchPath, AFullRingOfAHealthyQueueWaitsForRoom) {
  Fixture f;
  f.queue.setAutoConsume(false);
  int* a = nullptr;
  int n = 0;
  void* args[] = {&a, &a, &n};
  loader::LaunchGeometry g;
  for (uint32_t i = 0; i < Fixture::kPackets; ++i) ASSERT_TRUE(f.stream.launch(f.kernel, g, args));
  std::thread consumer([&f] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    f.queue.consumeUpTo(1);
  });
  EXPECT_TRUE(f.stream.launch(f.kernel, g, args));  // packet 16 went into packet 0's slot
  consumer.join();
  EXPECT_EQ(f.queue.doorbell(), Fixture::kPackets);
}

// Runs `launches` launches after a warm-up and reports allocations and mutex locks.
void launchLoop(Fixture& f, int launches, uint64_t& allocations, uint64_t& locks) {
  int* a = nullptr;
  int n = 1;
  void* args[] = {&a, &a, &n};
  loader::LaunchGeometry g;
  g.gridBlocks[0] = 4;
  g.blockSize[0] = 64;
  for (int i = 0; i < 100; ++i) (void)f.stream.launch(f.kernel, g, args);  // warm-up
  uint64_t allocationsBefore = gAllocations.load();
  uint64_t locksBefore = gMutexLocks.load();
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < launches; ++i) {
    n = i;
    if (!f.stream.launch(f.kernel, g, args)) std::abort();
  }
  auto end = std::chrono::steady_clock::now();
  allocations = gAllocations.load() - allocationsBefore;
  locks = gMutexLocks.load() - locksBefore;
  if (launches >= 1000)
    std::printf(
        "PacketSubmitter::launch on an in-memory queue: %.1f ns per launch (v5 kernel, 280-byte "
        "kernarg)\n",
        std::chrono::duration<double, std::nano>(end - start).count() / launches);
}

TEST(LaunchPath, TenThousandLaunchesAllocateNothingAndLockNothing) {
  Fixture f;
  uint64_t allocations = 0;
  uint64_t locks = 0;
  launchLoop(f, 10000, allocations, locks);
  EXPECT_EQ(allocations, 0u);
  EXPECT_EQ(locks, 0u);
  // The counters do see what they count (the test can fail).
  static int* volatile sink;
  uint64_t before = gAllocations.load();
  sink = new int(1);
  delete sink;
  EXPECT_EQ(gAllocations.load(), before + 1);
  std::mutex mutex;
  uint64_t locksBefore = gMutexLocks.load();
  mutex.lock();
  mutex.unlock();
  EXPECT_EQ(gMutexLocks.load(), locksBefore + 1);
}

// The seccomp tests fork a child that may make system calls only while it runs under strict
// seccomp. A forbidden call kills the calling thread, which ends the child unless a sanitizer
// runtime's background thread keeps it alive (ThreadSanitizer starts one in every child), and
// exit_group is forbidden too. So the child says how far it got through a pipe (write is
// allowed) and the parent waits for that byte with a deadline, then kills the child itself.
// Returns the byte, or -1 when the child ended (or went silent) without writing it.
int childResult(pid_t child, int fd, int timeoutMs) {
  pollfd p{fd, POLLIN, 0};
  char code = 0;
  const int result = poll(&p, 1, timeoutMs) == 1 && read(fd, &code, 1) == 1 ? code : -1;
  close(fd);
  kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
  return result;
}

// Never returns, but is not marked [[noreturn]]: ASan precedes calls to such functions with a
// stack check that makes a system call.
void reportFromChild(int fd, char code) {
  syscall(SYS_write, fd, &code, 1);
  static volatile bool waitForTheKill = true;  // volatile: a loop the compiler must keep
  while (waitForTheKill) {
  }
}

TEST(LaunchPath, LaunchesMakeNoSystemCall) {
  Fixture f;
  int pipeFds[2];
  ASSERT_EQ(pipe(pipeFds), 0);
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    close(pipeFds[0]);
    // Warm up outside the filter, then forbid every system call but read/write/exit.
    uint64_t allocations = 0;
    uint64_t locks = 0;
    launchLoop(f, 10, allocations, locks);
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_STRICT) != 0) reportFromChild(pipeFds[1], 3);
    int* a = nullptr;
    int n = 0;
    void* args[] = {&a, &a, &n};
    loader::LaunchGeometry g;
    for (int i = 0; i < 10000; ++i) {
      n = i;
      if (!f.stream.launch(f.kernel, g, args)) reportFromChild(pipeFds[1], 2);
    }
    reportFromChild(pipeFds[1], 0);
  }
  close(pipeFds[1]);
  EXPECT_EQ(childResult(child, pipeFds[0], /*timeoutMs=*/60'000), 0)
      << "-1: the launch loop made a system call (or hung), 2: a launch failed, 3: no seccomp";
}

TEST(LaunchPath, TheSyscallTrapCatchesASystemCall) {
  int pipeFds[2];
  ASSERT_EQ(pipe(pipeFds), 0);
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    close(pipeFds[0]);
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_STRICT) != 0) reportFromChild(pipeFds[1], 3);
    syscall(SYS_getpid);
    reportFromChild(pipeFds[1], 1);  // only reached when the system call was let through
  }
  close(pipeFds[1]);
  EXPECT_EQ(childResult(child, pipeFds[0], /*timeoutMs=*/5'000), -1);
}

}  // namespace
}  // namespace hipcore::core
