// vgpu's libhsakmt.so.1 driven directly through the hsaKmt API, without ROCR: topology,
// memory, KFD event semantics, and SDMA packets written by hand per the SDMA 5.x packet format
// (op in bits 7:0, sub_op in 15:8 of the header dword), independently of vgpu/cp's definitions.
#include <gtest/gtest.h>
#include <hsakmt.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "vgpu/vgpu_extension.h"

// vgpu's side of the hipcore trace interface (exported by libhsakmt.so.1).

namespace {

class Thunk : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { ASSERT_EQ(hsaKmtOpenKFD(), HSAKMT_STATUS_SUCCESS); }
  static constexpr HSAuint32 kGpu = 1;
};

// The virtual system the environment asks for (ctest runs this test with several settings).
unsigned envOr(const char* name, unsigned fallback) {
  const char* text = std::getenv(name);
  return text ? unsigned(std::strtoul(text, nullptr, 10)) : fallback;
}

TEST_F(Thunk, TopologyHasOneCpuAndTheConfiguredGpus) {
  const unsigned gpus = envOr("VGPU_GPUS", 1), computeUnits = envOr("VGPU_CU_COUNT", 8);
  const bool rdna3 =
      std::getenv("VGPU_TARGET") && std::string(std::getenv("VGPU_TARGET")) == "gfx1100";
  HsaSystemProperties system{};
  ASSERT_EQ(hsaKmtAcquireSystemProperties(&system), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(system.NumNodes, 1 + gpus);
  HsaNodeProperties cpu{}, gpu{};
  ASSERT_EQ(hsaKmtGetNodeProperties(0, &cpu), HSAKMT_STATUS_SUCCESS);
  EXPECT_GT(cpu.NumCPUCores, 0u);
  EXPECT_EQ(cpu.NumFComputeCores, 0u);
  EXPECT_EQ(cpu.NumIOLinks, gpus);
  for (HSAuint32 node = 1; node <= gpus; ++node) {
    ASSERT_EQ(hsaKmtGetNodeProperties(node, &gpu), HSAKMT_STATUS_SUCCESS);
    EXPECT_EQ(gpu.NumCPUCores, 0u);
    EXPECT_EQ(gpu.EngineId.ui32.Major, rdna3 ? 11u : 10u);
    EXPECT_EQ(gpu.EngineId.ui32.Minor, rdna3 ? 0u : 3u);
    EXPECT_EQ(gpu.NumFComputeCores / gpu.NumSIMDPerCU, computeUnits);
    EXPECT_EQ(gpu.Capability.ui32.DoorbellType, 2u);
    HsaIoLinkProperties link{};
    ASSERT_EQ(hsaKmtGetNodeIoLinkProperties(node, 1, &link), HSAKMT_STATUS_SUCCESS);
    EXPECT_EQ(link.NodeFrom, node);
    EXPECT_EQ(link.NodeTo, 0u);
  }
  ASSERT_EQ(hsaKmtGetNodeProperties(kGpu, &gpu), HSAKMT_STATUS_SUCCESS);
  std::vector<HsaMemoryProperties> banks(gpu.NumMemoryBanks);
  ASSERT_EQ(hsaKmtGetNodeMemoryProperties(kGpu, gpu.NumMemoryBanks, banks.data()),
            HSAKMT_STATUS_SUCCESS);
  bool lds = false, scratch = false;
  for (const auto& bank : banks) {
    lds |= bank.HeapType == HSA_HEAPTYPE_GPU_LDS && bank.VirtualBaseAddress != 0;
    scratch |= bank.HeapType == HSA_HEAPTYPE_GPU_SCRATCH && bank.VirtualBaseAddress != 0;
  }
  EXPECT_TRUE(lds);
  EXPECT_TRUE(scratch);
  EXPECT_NE(hsaKmtGetNodeProperties(system.NumNodes, &gpu), HSAKMT_STATUS_SUCCESS);
}

// NULL unless HIPCORE_TRACE or VGPU_TRACE was set at start-up (ctest runs this test both
// ways); then the events recorded since the last call, each followed by ",\n".
TEST_F(Thunk, TraceTakeJsonFollowsTheEnvironment) {
  const vgpu_extension_table* extension = vgpu_extension();
  ASSERT_NE(extension, nullptr);
  EXPECT_EQ(extension->version, unsigned{VGPU_EXTENSION_VERSION});
  EXPECT_EQ(extension->size, sizeof(vgpu_extension_table));
  char* first = extension->trace_take_json();
  if (!std::getenv("HIPCORE_TRACE") && !std::getenv("VGPU_TRACE")) {
    EXPECT_EQ(first, nullptr);
    return;
  }
  ASSERT_NE(first, nullptr);
  std::string text(first);
  std::free(first);
  EXPECT_NE(text.find(R"("name":"process_name","ph":"M","pid":2)"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("args":{"name":"vgpu"})"), std::string::npos) << text;
  ASSERT_GE(text.size(), 2u);
  EXPECT_EQ(text.substr(text.size() - 2), ",\n");
  char* second = extension->trace_take_json();  // nothing happened since
  ASSERT_NE(second, nullptr);
  EXPECT_STREQ(second, "");
  std::free(second);
}

// Only AQL queues vgpu serves have a fault record; an unknown address (or 0) has none.
TEST_F(Thunk, QueueFaultOfAnUnknownQueueIsNone) {
  char report[64] = "unchanged";
  EXPECT_EQ(vgpu_extension()->queue_fault(0, report, sizeof report), VGPU_FAULT_NONE);
  EXPECT_STREQ(report, "");
  EXPECT_EQ(vgpu_extension()->queue_fault(0x1234'5000, nullptr, 0), VGPU_FAULT_NONE);
}

TEST_F(Thunk, AllocationsAreFoundByPointerQueries) {
  HsaMemFlags flags{};
  flags.ui32.NonPaged = 1;
  void* memory = nullptr;
  ASSERT_EQ(hsaKmtAllocMemory(kGpu, 10000, flags, &memory), HSAKMT_STATUS_SUCCESS);
  HsaPointerInfo info{};
  ASSERT_EQ(hsaKmtQueryPointerInfo(static_cast<char*>(memory) + 9999, &info),
            HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.Type, HSA_POINTER_ALLOCATED);
  EXPECT_EQ(info.CPUAddress, memory);
  EXPECT_EQ(info.SizeInBytes, 12288u);  // rounded up to pages
  EXPECT_EQ(info.Node, kGpu);
  int marker = 0;
  EXPECT_EQ(hsaKmtSetMemoryUserData(memory, &marker), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtQueryPointerInfo(memory, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.UserData, &marker);
  HSAuint64 gpuAddress = 0;
  EXPECT_EQ(hsaKmtMapMemoryToGPU(memory, 10000, &gpuAddress), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(gpuAddress, reinterpret_cast<HSAuint64>(memory));
  ASSERT_EQ(hsaKmtFreeMemory(memory, 10000), HSAKMT_STATUS_SUCCESS);
  EXPECT_NE(hsaKmtQueryPointerInfo(memory, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.Type, HSA_POINTER_UNKNOWN);
}

TEST_F(Thunk, RegisteredHostMemoryIsReportedAsUserPointer) {
  std::vector<char> host(8192);
  HsaMemFlags flags{};
  ASSERT_EQ(hsaKmtRegisterMemoryWithFlags(host.data(), host.size(), flags), HSAKMT_STATUS_SUCCESS);
  HsaPointerInfo info{};
  ASSERT_EQ(hsaKmtQueryPointerInfo(host.data() + 100, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.Type, HSA_POINTER_REGISTERED_USER);
  ASSERT_EQ(hsaKmtDeregisterMemory(host.data()), HSAKMT_STATUS_SUCCESS);
  EXPECT_NE(hsaKmtQueryPointerInfo(host.data() + 100, &info), HSAKMT_STATUS_SUCCESS);
}

// Registrations of host memory may overlap partly, as the KFD allows (each is a buffer of its
// own there): clr pins a copy's host buffer while an earlier pin of neighbouring bytes on the
// same pages still stands. Refusing the second made clr 5.2.3 read stale array bytes and crash
// in hipCreateTextureObject (compat.texture_differential through the thunk door).
TEST_F(Thunk, PartlyOverlappingRegistrationsEachHoldTheirBytes) {
  const size_t page = 4096;
  std::vector<char> host(8 * page);
  char* base = host.data();
  auto registered = [](const char* p) {
    HsaPointerInfo info{};
    return hsaKmtQueryPointerInfo(const_cast<char*>(p), &info) == HSAKMT_STATUS_SUCCESS &&
           info.Type == HSA_POINTER_REGISTERED_USER;
  };
  HsaMemFlags flags{};
  ASSERT_EQ(hsaKmtRegisterMemoryWithFlags(base, 3 * page, flags), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtRegisterMemoryWithFlags(base + 2 * page, 3 * page, flags), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtRegisterMemoryWithFlags(base + 4 * page, 2 * page, flags),
            HSAKMT_STATUS_SUCCESS);  // overlaps the union
  for (size_t p = 0; p < 6; ++p) EXPECT_TRUE(registered(base + p * page + 7)) << "page " << p;
  EXPECT_FALSE(registered(base + 6 * page + 7));
  ASSERT_EQ(hsaKmtDeregisterMemory(base), HSAKMT_STATUS_SUCCESS);
  EXPECT_FALSE(registered(base + 1 * page)) << "the first registration's own bytes stayed";
  for (size_t p = 2; p < 6; ++p) EXPECT_TRUE(registered(base + p * page + 7)) << "page " << p;
  ASSERT_EQ(hsaKmtDeregisterMemory(base + 2 * page), HSAKMT_STATUS_SUCCESS);
  EXPECT_FALSE(registered(base + 3 * page));
  EXPECT_TRUE(registered(base + 4 * page + 7));
  ASSERT_EQ(hsaKmtDeregisterMemory(base + 4 * page), HSAKMT_STATUS_SUCCESS);
  EXPECT_FALSE(registered(base + 5 * page));
}

// A program may unmap host memory it registered without deregistering it (clr's pageable copies
// leave such registrations behind). The kernel's next mmap can return that address range for a
// thunk allocation, which must then be an allocation of its own that frees: rocPRIM's radix
// sort on clr aborted in ROCR's FreeKfdMemory when vgpu counted it as nested in the stale one.
TEST_F(Thunk, AnAllocationOverStaleRegisteredMemoryFrees) {
  const size_t hole = 16 << 20, bytes = 64 << 10;
  void* host = mmap(nullptr, hole, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(host, MAP_FAILED);
  HsaMemFlags flags{};
  ASSERT_EQ(hsaKmtRegisterMemoryWithFlags(host, hole, flags), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(munmap(host, hole), 0);
  HsaMemFlags device{};
  device.ui32.NonPaged = 1;
  // The kernel fills other free ranges first when it has them: allocations are held until one
  // lands in the hole, so the others use those ranges up.
  std::vector<void*> held;
  bool reused = false;
  for (int attempt = 0; attempt < 1024 && !reused; ++attempt) {
    void* memory = nullptr;
    ASSERT_EQ(hsaKmtAllocMemory(kGpu, bytes, device, &memory), HSAKMT_STATUS_SUCCESS);
    held.push_back(memory);
    reused = memory >= host && static_cast<char*>(memory) < static_cast<char*>(host) + hole;
  }
  ASSERT_TRUE(reused) << "the kernel never reused the unmapped range: the test proves nothing";
  HsaPointerInfo info{};
  ASSERT_EQ(hsaKmtQueryPointerInfo(held.back(), &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.Type, HSA_POINTER_ALLOCATED);
  EXPECT_EQ(info.CPUAddress, held.back());
  for (void* memory : held) EXPECT_EQ(hsaKmtFreeMemory(memory, bytes), HSAKMT_STATUS_SUCCESS);
}

TEST_F(Thunk, DeviceMemoryIsLimitedToTheConfiguredSize) {
  HsaNodeProperties gpu{};
  ASSERT_EQ(hsaKmtGetNodeProperties(kGpu, &gpu), HSAKMT_STATUS_SUCCESS);
  HsaMemFlags flags{};
  flags.ui32.NonPaged = 1;
  void* memory = nullptr;
  EXPECT_EQ(hsaKmtAllocMemory(kGpu, gpu.LocalMemSize + 4096, flags, &memory),
            HSAKMT_STATUS_NO_MEMORY);
}

HsaEvent* makeEvent(bool manualReset) {
  HsaEventDescriptor descriptor{};
  descriptor.EventType = HSA_EVENTTYPE_SIGNAL;
  HsaEvent* event = nullptr;
  EXPECT_EQ(hsaKmtCreateEvent(&descriptor, manualReset, false, &event), HSAKMT_STATUS_SUCCESS);
  return event;
}

TEST_F(Thunk, EventWaitTimesOutThenAutoResets) {
  HsaEvent* event = makeEvent(false);
  ASSERT_NE(event, nullptr);
  EXPECT_NE(event->EventData.HWData2, 0u) << "signal events need a mailbox";
  auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(hsaKmtWaitOnEvent(event, 50), HSAKMT_STATUS_WAIT_TIMEOUT);
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(45));
  ASSERT_EQ(hsaKmtSetEvent(event), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtWaitOnEvent(event, 0), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtWaitOnEvent(event, 0), HSAKMT_STATUS_WAIT_TIMEOUT)
      << "auto-reset event stayed set";
  EXPECT_EQ(hsaKmtDestroyEvent(event), HSAKMT_STATUS_SUCCESS);
}

TEST_F(Thunk, ManualResetEventStaysSignalled) {
  HsaEvent* event = makeEvent(true);
  ASSERT_EQ(hsaKmtSetEvent(event), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtWaitOnEvent(event, 0), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtWaitOnEvent(event, 0), HSAKMT_STATUS_SUCCESS);
  hsaKmtDestroyEvent(event);
}

TEST_F(Thunk, OneSetWakesEveryWaiterOfAnAutoResetEvent) {
  HsaEvent* event = makeEvent(false);
  std::atomic<int> woken{0}, started{0};
  std::vector<std::thread> waiters;
  for (int i = 0; i < 3; ++i)
    waiters.emplace_back([&] {
      started.fetch_add(1);
      if (hsaKmtWaitOnEvent(event, 10000) == HSAKMT_STATUS_SUCCESS) woken.fetch_add(1);
    });
  while (started.load() < 3) std::this_thread::yield();
  // Blocking inside the wait is not observable; a generous grace makes "all three are blocked"
  // hold even on a loaded CI machine.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ASSERT_EQ(hsaKmtSetEvent(event), HSAKMT_STATUS_SUCCESS);
  for (auto& waiter : waiters) waiter.join();
  EXPECT_EQ(woken.load(), 3);
  EXPECT_EQ(hsaKmtWaitOnEvent(event, 0), HSAKMT_STATUS_WAIT_TIMEOUT)
      << "set with waiters must not persist";
  hsaKmtDestroyEvent(event);
}

TEST_F(Thunk, WaitOnMultipleEventsAnyAndAll) {
  HsaEvent* events[2] = {makeEvent(true), makeEvent(true)};
  EXPECT_EQ(hsaKmtWaitOnMultipleEvents(events, 2, false, 10), HSAKMT_STATUS_WAIT_TIMEOUT);
  hsaKmtSetEvent(events[1]);
  EXPECT_EQ(hsaKmtWaitOnMultipleEvents(events, 2, false, 10), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtWaitOnMultipleEvents(events, 2, true, 10), HSAKMT_STATUS_WAIT_TIMEOUT);
  hsaKmtSetEvent(events[0]);
  EXPECT_EQ(hsaKmtWaitOnMultipleEvents(events, 2, true, 10), HSAKMT_STATUS_SUCCESS);
  for (HsaEvent* e : events) hsaKmtDestroyEvent(e);
}

// ---- SDMA, packets encoded here by hand ----

class Sdma : public Thunk {
 protected:
  static constexpr std::size_t kRingBytes = 4096;
  void SetUp() override {
    HsaMemFlags flags{};
    flags.ui32.HostAccess = 1;
    ASSERT_EQ(hsaKmtAllocMemory(0, kRingBytes, flags, &ring_), HSAKMT_STATUS_SUCCESS);
    ASSERT_EQ(hsaKmtAllocMemory(0, 1 << 20, flags, &data_), HSAKMT_STATUS_SUCCESS);
    std::memset(ring_, 0, kRingBytes);
    ASSERT_EQ(hsaKmtCreateQueue(kGpu, HSA_QUEUE_SDMA, 100, HSA_QUEUE_PRIORITY_NORMAL, ring_,
                                kRingBytes, nullptr, &resource_),
              HSAKMT_STATUS_SUCCESS);
  }
  void TearDown() override {
    EXPECT_EQ(hsaKmtDestroyQueue(resource_.QueueId), HSAKMT_STATUS_SUCCESS);
    hsaKmtFreeMemory(ring_, kRingBytes);
    hsaKmtFreeMemory(data_, 1 << 20);
  }
  // Appends dwords at the write pointer, then publishes write pointer and doorbell.
  void submit(const std::vector<std::uint32_t>& dwords) {
    std::uint64_t write = *resource_.Queue_write_ptr_aql;
    for (std::uint32_t dword : dwords) {
      reinterpret_cast<std::uint32_t*>(ring_)[(write / 4) % (kRingBytes / 4)] = dword;
      write += 4;
    }
    std::atomic_ref<std::uint64_t>(*resource_.Queue_write_ptr_aql)
        .store(write, std::memory_order_release);
    std::atomic_ref<std::uint64_t>(*resource_.Queue_DoorBell_aql)
        .store(write, std::memory_order_release);
  }
  bool drained(double seconds) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
      if (std::atomic_ref<std::uint64_t>(*resource_.Queue_read_ptr_aql).load() ==
          *resource_.Queue_write_ptr_aql)
        return true;
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    return false;
  }
  static std::uint32_t lo(const void* p) {
    return std::uint32_t(reinterpret_cast<std::uintptr_t>(p));
  }
  static std::uint32_t hi(const void* p) {
    return std::uint32_t(reinterpret_cast<std::uintptr_t>(p) >> 32);
  }
  std::uint8_t* data() const { return static_cast<std::uint8_t*>(data_); }

  void* ring_ = nullptr;
  void* data_ = nullptr;
  HsaQueueResource resource_{};
};

// A queue's doorbell and pointers are in pages of their own, as a doorbell page is on hardware:
// host memory registered next to them (a heap buffer on the same page, which clr pins) must not
// overlap them.
TEST_F(Sdma, TheQueueWordsHaveAPageOfTheirOwn) {
  const auto doorbell = reinterpret_cast<std::uintptr_t>(resource_.Queue_DoorBell_aql);
  EXPECT_EQ(doorbell % 4096, 0u);
  std::vector<char> heap(64);  // a heap buffer: never on the doorbell's page
  const auto page = reinterpret_cast<std::uintptr_t>(heap.data()) & ~std::uintptr_t{4095};
  EXPECT_NE(page, doorbell);
  HsaMemFlags flags{};
  ASSERT_EQ(hsaKmtRegisterMemoryWithFlags(reinterpret_cast<void*>(page), 4096, flags),
            HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtDeregisterMemory(reinterpret_cast<void*>(page)), HSAKMT_STATUS_SUCCESS);
}

TEST_F(Sdma, CopyLinearCopiesCountPlusOneBytes) {
  for (int i = 0; i < 1000; ++i) data()[i] = std::uint8_t(i * 13 + 1);
  std::memset(data() + 4096, 0xEE, 1100);
  // COPY_LINEAR: op 1, sub_op 0; dw1 = bytes - 1; dw2 = 0; src lo/hi; dst lo/hi.
  submit({1, 999, 0, lo(data()), hi(data()), lo(data() + 4096), hi(data() + 4096)});
  ASSERT_TRUE(drained(5.0));
  EXPECT_EQ(std::memcmp(data(), data() + 4096, 1000), 0);
  EXPECT_EQ(data()[4096 + 1000], 0xEE) << "copied one byte too many";
}

// hsaKmtUpdateQueue with 0 percent suspends the queue: a packet submitted after it returns waits
// for the resume, even when the worker was polling its ring right then (it had just finished a
// packet).
TEST_F(Sdma, ASuspendedQueueProcessesNothingUntilResumed) {
  auto* words = reinterpret_cast<std::uint32_t*>(data());
  std::memset(data(), 0, 64);
  auto fill = [&](int at, std::uint32_t value) {  // CONST_FILL of one dword
    submit({11u | (2u << 30), lo(words + at), hi(words + at), value, 0});
  };
  fill(0, 0x1111);
  ASSERT_TRUE(drained(5.0));
  ASSERT_EQ(hsaKmtUpdateQueue(resource_.QueueId, 0, HSA_QUEUE_PRIORITY_NORMAL, ring_, kRingBytes,
                              nullptr),
            HSAKMT_STATUS_SUCCESS);
  fill(1, 0x2222);
  EXPECT_FALSE(drained(0.05));
  EXPECT_EQ(std::atomic_ref<std::uint32_t>(words[1]).load(), 0u) << "ran while suspended";
  ASSERT_EQ(hsaKmtUpdateQueue(resource_.QueueId, 100, HSA_QUEUE_PRIORITY_NORMAL, ring_, kRingBytes,
                              nullptr),
            HSAKMT_STATUS_SUCCESS);
  ASSERT_TRUE(drained(5.0));
  EXPECT_EQ(words[0], 0x1111u);
  EXPECT_EQ(words[1], 0x2222u);
}

TEST_F(Sdma, ConstFillFenceAtomicTimestamp) {
  auto* words = reinterpret_cast<std::uint32_t*>(data());
  std::memset(data(), 0, 4096);
  std::uint64_t* counter = reinterpret_cast<std::uint64_t*>(data() + 2048);
  *counter = 10;
  std::uint64_t* stamp = reinterpret_cast<std::uint64_t*>(data() + 2080);  // 32-byte aligned
  HsaClockCounters before{};
  hsaKmtGetClockCounters(kGpu, &before);
  submit({11u | (2u << 30),
          lo(words),
          hi(words),
          0xCAFEF00Du,
          (7 - 1) * 4,  // fill 7 dwords
          5,
          lo(words + 100),
          hi(words + 100),
          0x12345678u,  // fence
          10u | (47u << 25),
          lo(counter),
          hi(counter),
          0xFFFFFFFFu,
          0xFFFFFFFFu,
          0,
          0,
          0,  // +(-1)
          13u | (2u << 8),
          lo(stamp),
          hi(stamp)});  // timestamp
  ASSERT_TRUE(drained(5.0));
  for (int i = 0; i < 7; ++i) EXPECT_EQ(words[i], 0xCAFEF00Du) << "dword " << i;
  EXPECT_EQ(words[7], 0u) << "fill wrote past its count";
  EXPECT_EQ(words[100], 0x12345678u);
  EXPECT_EQ(*counter, 9u);
  HsaClockCounters after{};
  hsaKmtGetClockCounters(kGpu, &after);
  EXPECT_GE(*stamp, before.GPUClockCounter);
  EXPECT_LE(*stamp, after.GPUClockCounter);
}

TEST_F(Sdma, PollRegMemWaitsForTheValueThenTrapSetsTheEvent) {
  HsaEvent* event = makeEvent(false);
  auto* flag = reinterpret_cast<std::uint32_t*>(data());
  *flag = 0;
  auto* after = flag + 1;
  *after = 0;
  // POLL_REGMEM: op 8, func 3 (equal) in bits 30:28, mem_poll bit 31; addr; value; mask; retry.
  submit({8u | (3u << 28) | (1u << 31), lo(flag), hi(flag), 5, 0xFFFFFFFFu, 0x0FFF0004u, 5,
          lo(after), hi(after), 1,  // fence after the poll
          6, event->EventId});      // trap: interrupt with the event id
  EXPECT_EQ(hsaKmtWaitOnEvent(event, 50), HSAKMT_STATUS_WAIT_TIMEOUT);
  EXPECT_EQ(*after, 0u) << "the fence ran before the poll was satisfied";
  std::atomic_ref<std::uint32_t>(*flag).store(5);
  EXPECT_EQ(hsaKmtWaitOnEvent(event, 5000), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(std::atomic_ref<std::uint32_t>(*after).load(), 1u);
  hsaKmtDestroyEvent(event);
}

TEST_F(Sdma, CopyOutsideGpuMemoryRaisesAMemoryFaultEvent) {
  HsaEventDescriptor descriptor{};
  descriptor.EventType = HSA_EVENTTYPE_MEMORY;
  HsaEvent* fault = nullptr;
  ASSERT_EQ(hsaKmtCreateEvent(&descriptor, true, false, &fault), HSAKMT_STATUS_SUCCESS);
  std::vector<std::uint8_t> unregistered(256);
  submit({1, 255, 0, lo(unregistered.data()), hi(unregistered.data()), lo(data()), hi(data())});
  ASSERT_EQ(hsaKmtWaitOnEvent(fault, 5000), HSAKMT_STATUS_SUCCESS);
  const HsaMemoryAccessFault& info = fault->EventData.EventData.MemoryAccessFault;
  EXPECT_EQ(info.NodeId, kGpu);
  EXPECT_EQ(info.VirtualAddress, reinterpret_cast<HSAuint64>(unregistered.data()));
  EXPECT_EQ(info.Flags, HSA_EVENTID_MEMORY_FATAL_PROCESS);
  EXPECT_EQ(info.Failure.NotPresent, 1u);
  EXPECT_FALSE(drained(0.05)) << "a faulting SDMA queue must stop";
  hsaKmtDestroyEvent(fault);
}

TEST_F(Sdma, NopPaddingAndRingWrap) {
  // Pad with zero dwords (NOPs) to the end of the ring twice over, copying between paddings:
  // the engine must follow the write pointer around the ring.
  for (int round = 0; round < 3; ++round) {
    std::uint64_t write = *resource_.Queue_write_ptr_aql;
    std::vector<std::uint32_t> packets((kRingBytes - write % kRingBytes) / 4 - 7, 0);
    data()[round] = std::uint8_t(0x40 + round);
    for (std::uint32_t v : {1u, 0u, 0u, lo(data() + round), hi(data() + round),
                            lo(data() + 512 + round), hi(data() + 512 + round)})
      packets.push_back(v);
    submit(packets);
    ASSERT_TRUE(drained(5.0)) << "round " << round;
    EXPECT_EQ(data()[512 + round], 0x40 + round);
  }
}

}  // namespace

// IPC: device memory shared by handle (another process would do the same as this one does here:
// the handle names a descriptor of this process, opened through /proc like any other's).
TEST_F(Thunk, SharedDeviceMemoryIsTheSamePagesAtAnotherAddress) {
  HsaMemFlags flags{};
  flags.ui32.NonPaged = 1;
  const HSAuint64 bytes = 2 << 20;
  void* memory = nullptr;
  ASSERT_EQ(hsaKmtAllocMemory(kGpu, bytes, flags, &memory), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(memory) % bytes, 0u) << "2 MiB blocks are 2 MiB aligned";
  auto* words = static_cast<uint32_t*>(memory);
  for (uint32_t i = 0; i < bytes / 4; i += 1024) words[i] = i * 3 + 1;
  HsaSharedMemoryHandle handle{};
  ASSERT_EQ(hsaKmtShareMemory(memory, bytes, &handle), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(handle[6], 0u) << "word 6 is ROCR's (fragment offset)";
  rlimit limit{};
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &limit), 0);
  if (limit.rlim_max > 1024) {
    EXPECT_GE(handle[2], 1024u) << "descriptors stay above FD_SETSIZE";
  }
  void* imported = nullptr;
  HSAuint64 size = 0;
  ASSERT_EQ(hsaKmtRegisterSharedHandle(&handle, &imported, &size), HSAKMT_STATUS_SUCCESS);
  ASSERT_NE(imported, memory);
  EXPECT_EQ(size, bytes);
  auto* view = static_cast<uint32_t*>(imported);
  for (uint32_t i = 0; i < bytes / 4; i += 1024) ASSERT_EQ(view[i], i * 3 + 1) << i;
  view[5] = 0xfeedbeef;
  EXPECT_EQ(words[5], 0xfeedbeefu);
  HsaPointerInfo info{};
  ASSERT_EQ(hsaKmtQueryPointerInfo(view + 100, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.Type, HSA_POINTER_REGISTERED_SHARED);
  EXPECT_EQ(info.Node, kGpu);
  EXPECT_EQ(info.SizeInBytes, bytes);
  HSAuint64 gpuAddress = 0;
  EXPECT_EQ(hsaKmtMapMemoryToGPU(imported, bytes, &gpuAddress), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(gpuAddress, reinterpret_cast<HSAuint64>(imported));
  EXPECT_EQ(hsaKmtFreeMemory(imported, bytes), HSAKMT_STATUS_MEMORY_NOT_REGISTERED);
  ASSERT_EQ(hsaKmtDeregisterMemory(imported), HSAKMT_STATUS_SUCCESS);
  EXPECT_NE(hsaKmtQueryPointerInfo(view + 100, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(words[5], 0xfeedbeefu);  // the exporter's memory stays
  ASSERT_EQ(hsaKmtFreeMemory(memory, bytes), HSAKMT_STATUS_SUCCESS);
  // The exporter freed it: the handle's descriptor is gone.
  EXPECT_EQ(hsaKmtRegisterSharedHandle(&handle, &imported, &size), HSAKMT_STATUS_INVALID_HANDLE);
}

TEST_F(Thunk, ShareAndRegisterRefuseWhatIsNotSharedDeviceMemory) {
  HsaMemFlags flags{};
  flags.ui32.NonPaged = 1;
  void* device = nullptr;
  void* host = nullptr;
  ASSERT_EQ(hsaKmtAllocMemory(kGpu, 65536, flags, &device), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtAllocMemory(0, 65536, flags, &host), HSAKMT_STATUS_SUCCESS);
  HsaSharedMemoryHandle handle{};
  EXPECT_EQ(hsaKmtShareMemory(host, 65536, &handle), HSAKMT_STATUS_INVALID_PARAMETER);
  EXPECT_EQ(hsaKmtShareMemory(static_cast<char*>(device) + 4096, 4096, &handle),
            HSAKMT_STATUS_INVALID_PARAMETER);  // not the allocation's start
  EXPECT_EQ(hsaKmtShareMemory(device, 65536 + 4096, &handle), HSAKMT_STATUS_INVALID_PARAMETER);
  EXPECT_EQ(hsaKmtShareMemory(device, 0, &handle), HSAKMT_STATUS_INVALID_PARAMETER);
  EXPECT_EQ(hsaKmtShareMemory(device, 65536, nullptr), HSAKMT_STATUS_INVALID_PARAMETER);
  void* imported = nullptr;
  HSAuint64 size = 0;
  HsaSharedMemoryHandle garbage{};
  for (int i = 0; i < 8; ++i) garbage[i] = 0x1111u * (i + 1);
  EXPECT_EQ(hsaKmtRegisterSharedHandle(&garbage, &imported, &size),
            HSAKMT_STATUS_INVALID_PARAMETER);
  ASSERT_EQ(hsaKmtShareMemory(device, 65536, &handle), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtRegisterSharedHandle(&handle, nullptr, &size), HSAKMT_STATUS_INVALID_PARAMETER);
  HsaSharedMemoryHandle stale;
  std::memcpy(stale, handle, sizeof stale);
  stale[7] += 1000;  // another memfd's serial: the descriptor is not that memory
  EXPECT_EQ(hsaKmtRegisterSharedHandle(&stale, &imported, &size), HSAKMT_STATUS_INVALID_HANDLE);
  std::memcpy(stale, handle, sizeof stale);
  stale[4] = 0;
  stale[5] = 1;  // more than the memory holds
  EXPECT_EQ(hsaKmtRegisterSharedHandle(&stale, &imported, &size), HSAKMT_STATUS_INVALID_HANDLE);
  std::memcpy(stale, handle, sizeof stale);
  stale[3] = 77;  // no such node
  EXPECT_EQ(hsaKmtRegisterSharedHandle(&stale, &imported, &size), HSAKMT_STATUS_INVALID_NODE_UNIT);
  ASSERT_EQ(hsaKmtFreeMemory(device, 65536), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtFreeMemory(host, 65536), HSAKMT_STATUS_SUCCESS);
}
