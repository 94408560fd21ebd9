// Kernel dispatch on vgpu end to end: a code object compiled here, loaded by ROCR's loader,
// dispatched through an AQL queue, executed by the interpreter; and the fault paths a real GPU
// reports (memory fault to the system event handler + queue error, s_trap as a queue error).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "HsaTestSupport.h"

namespace vgpu::test {
namespace {

struct Kernel {
  std::uint64_t object = 0;
  std::uint32_t kernargBytes = 0, groupBytes = 0, privateBytes = 0;
};

class KernelDispatch : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ASSERT_EQ(hsa_code_object_reader_create_from_file(openCodeObject(), &reader_),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                        nullptr, &executable_),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(
        hsa_executable_load_agent_code_object(executable_, hsa().gpu, reader_, nullptr, nullptr),
        HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_executable_freeze(executable_, nullptr), HSA_STATUS_SUCCESS);
  }
  static hsa_file_t openCodeObject() {
    static int fd = ::open(VGPU_TEST_CODE_OBJECT, O_RDONLY);
    return fd;
  }

  static Kernel kernel(const char* name) {
    hsa_executable_symbol_t symbol;
    std::string symbolName = std::string(name) + ".kd";
    EXPECT_EQ(
        hsa_executable_get_symbol_by_name(executable_, symbolName.c_str(), &hsa().gpu, &symbol),
        HSA_STATUS_SUCCESS)
        << symbolName;
    Kernel k;
    hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &k.object);
    hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE,
                                   &k.kernargBytes);
    hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE,
                                   &k.groupBytes);
    hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE,
                                   &k.privateBytes);
    return k;
  }

  // Kernel arguments live in the CPU agent's kernarg pool, as ROCR-based runtimes put them.
  static void* kernargs(const void* explicitArgs, std::size_t bytes, std::size_t segmentBytes) {
    hsa_amd_memory_pool_t pool = kernargPool();
    void* memory = nullptr;
    EXPECT_EQ(
        hsa_amd_memory_pool_allocate(pool, std::max<std::size_t>(segmentBytes, 256), 0, &memory),
        HSA_STATUS_SUCCESS);
    hsa_agent_t gpu = hsa().gpu;
    hsa_amd_agents_allow_access(1, &gpu, nullptr, memory);
    std::memset(memory, 0, std::max<std::size_t>(segmentBytes, 256));
    std::memcpy(memory, explicitArgs, bytes);
    return memory;
  }

  static hsa_amd_memory_pool_t kernargPool() {
    hsa_amd_memory_pool_t found{};
    hsa_amd_agent_iterate_memory_pools(
        hsa().cpu,
        [](hsa_amd_memory_pool_t pool, void* data) {
          std::uint32_t flags = 0;
          hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, &flags);
          if (flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT)
            *static_cast<hsa_amd_memory_pool_t*>(data) = pool;
          return HSA_STATUS_SUCCESS;
        },
        &found);
    return found;
  }

  static void dispatch(hsa_queue_t* queue, const Kernel& k, void* args, std::uint32_t grid,
                       std::uint16_t group, hsa_signal_t completion) {
    hsa_kernel_dispatch_packet_t packet{};
    packet.setup = 1 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS;
    packet.workgroup_size_x = group;
    packet.workgroup_size_y = packet.workgroup_size_z = 1;
    packet.grid_size_x = grid;
    packet.grid_size_y = packet.grid_size_z = 1;
    packet.kernel_object = k.object;
    packet.kernarg_address = args;
    packet.group_segment_size = k.groupBytes;
    packet.private_segment_size = k.privateBytes;
    packet.completion_signal = completion;
    submit(queue, &packet,
           (HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
               (1 << HSA_PACKET_HEADER_BARRIER) |
               (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
               (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
  }

  static inline hsa_code_object_reader_t reader_{};
  static inline hsa_executable_t executable_{};
};

TEST_F(KernelDispatch, VectorAddMatchesTheCpu) {
  constexpr unsigned kCount = 1000;  // not a multiple of the 64-wide workgroup
  auto* a = static_cast<float*>(kernargs(nullptr, 0, kCount * 4));
  auto* b = static_cast<float*>(kernargs(nullptr, 0, kCount * 4));
  auto* c = static_cast<float*>(kernargs(nullptr, 0, (kCount + 64) * 4));
  for (unsigned i = 0; i < kCount; ++i) {
    a[i] = 0.5f * float(i);
    b[i] = 1000.0f - float(i * i % 97);
  }
  for (unsigned i = 0; i < kCount + 64; ++i) c[i] = -1.0f;
  Kernel k = kernel("vector_add");
  struct {
    const float* a;
    const float* b;
    float* c;
    unsigned n;
  } explicitArgs{a, b, c, kCount};
  void* args = kernargs(&explicitArgs, sizeof(explicitArgs), k.kernargBytes);
  hsa_queue_t* queue = nullptr;
  ASSERT_EQ(hsa_queue_create(hsa().gpu, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, UINT32_MAX,
                             UINT32_MAX, &queue),
            HSA_STATUS_SUCCESS);
  hsa_signal_t done;
  hsa_signal_create(1, 0, nullptr, &done);
  dispatch(queue, k, args, (kCount + 63) / 64 * 64, 64, done);
  ASSERT_TRUE(waitComplete(done, 60.0));
  for (unsigned i = 0; i < kCount; ++i)
    ASSERT_EQ(c[i], 0.5f * float(i) + (1000.0f - float(i * i % 97))) << i;
  for (unsigned i = kCount; i < kCount + 64; ++i) ASSERT_EQ(c[i], -1.0f) << "wrote past n at " << i;
  hsa_signal_destroy(done);
  hsa_queue_destroy(queue);
}

// 200 dispatches through a 64-slot queue (the ring wraps three times), each with its own
// completion signal and its own slice of the data: every signal completes and every slice holds
// its own sum, so no packet was lost, run twice or run with another packet's arguments.
TEST_F(KernelDispatch, ManyDispatchesEachWithItsOwnCompletionSignal) {
  constexpr unsigned kDispatches = 200, kSlice = 96;  // 96: a partial second workgroup
  constexpr unsigned kTotal = kDispatches * kSlice;
  auto* a = static_cast<float*>(kernargs(nullptr, 0, kTotal * 4));
  auto* b = static_cast<float*>(kernargs(nullptr, 0, kTotal * 4));
  auto* c = static_cast<float*>(kernargs(nullptr, 0, kTotal * 4));
  for (unsigned i = 0; i < kTotal; ++i) {
    a[i] = float(i % 1009);
    b[i] = float(i / kSlice) * 0.5f;
    c[i] = -1.0f;
  }
  Kernel k = kernel("vector_add");
  hsa_queue_t* queue = nullptr;
  ASSERT_EQ(hsa_queue_create(hsa().gpu, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, UINT32_MAX,
                             UINT32_MAX, &queue),
            HSA_STATUS_SUCCESS);
  std::vector<hsa_signal_t> done(kDispatches);
  for (unsigned d = 0; d < kDispatches; ++d) {
    struct {
      const float* a;
      const float* b;
      float* c;
      unsigned n;
    } explicitArgs{a + d * kSlice, b + d * kSlice, c + d * kSlice, kSlice};
    void* args = kernargs(&explicitArgs, sizeof(explicitArgs), k.kernargBytes);
    ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &done[d]), HSA_STATUS_SUCCESS);
    dispatch(queue, k, args, 128, 64, done[d]);
  }
  for (unsigned d = 0; d < kDispatches; ++d) ASSERT_TRUE(waitComplete(done[d], 60.0)) << d;
  for (unsigned i = 0; i < kTotal; ++i)
    ASSERT_EQ(c[i], float(i % 1009) + float(i / kSlice) * 0.5f) << i;
  for (hsa_signal_t signal : done) hsa_signal_destroy(signal);
  hsa_queue_destroy(queue);
}

struct Observed {
  std::atomic<int> queueErrors{0};
  std::atomic<hsa_status_t> queueStatus{HSA_STATUS_SUCCESS};
  std::atomic<int> memoryFaults{0};
  std::atomic<std::uint64_t> faultAddress{0};
};
Observed gObserved;

void resetObserved() {
  gObserved.queueErrors = 0;
  gObserved.queueStatus = HSA_STATUS_SUCCESS;
  gObserved.memoryFaults = 0;
  gObserved.faultAddress = 0;
}

void onQueueError(hsa_status_t status, hsa_queue_t*, void*) {
  gObserved.queueStatus = status;
  gObserved.queueErrors.fetch_add(1);
}

hsa_status_t onSystemEvent(const hsa_amd_event_t* event, void*) {
  if (event->event_type == HSA_AMD_GPU_MEMORY_FAULT_EVENT) {
    gObserved.faultAddress = event->memory_fault.virtual_address;
    gObserved.memoryFaults.fetch_add(1);
  }
  return HSA_STATUS_SUCCESS;  // handled: ROCR must not abort the process
}

bool eventually(const std::atomic<int>& counter, double seconds) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (counter.load() == 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  return counter.load() > 0;
}

TEST_F(KernelDispatch, WildStoreIsAMemoryFaultAndAQueueError) {
  resetObserved();
  ASSERT_EQ(hsa_amd_register_system_event_handler(onSystemEvent, nullptr), HSA_STATUS_SUCCESS);
  hsa_queue_t* queue = nullptr;
  ASSERT_EQ(hsa_queue_create(hsa().gpu, 64, HSA_QUEUE_TYPE_MULTI, onQueueError, nullptr, UINT32_MAX,
                             UINT32_MAX, &queue),
            HSA_STATUS_SUCCESS);
  Kernel k = kernel("store_to");
  const std::uint64_t wild = 0x1000;  // never mapped in a user process
  void* args = kernargs(&wild, sizeof(wild), k.kernargBytes);
  hsa_signal_t done;
  hsa_signal_create(1, 0, nullptr, &done);
  dispatch(queue, k, args, 64, 64, done);
  ASSERT_TRUE(eventually(gObserved.memoryFaults, 30.0)) << "no GPU memory fault event";
  EXPECT_GE(gObserved.faultAddress.load(), wild);
  EXPECT_LT(gObserved.faultAddress.load(), wild + 64 * 4);
  ASSERT_TRUE(eventually(gObserved.queueErrors, 30.0)) << "no queue error";
  EXPECT_EQ(gObserved.queueStatus.load(), HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION);
  EXPECT_EQ(hsa_signal_load_scacquire(done), 1);
}

TEST_F(KernelDispatch, TrapIsAQueueError) {
  resetObserved();
  hsa_queue_t* queue = nullptr;
  ASSERT_EQ(hsa_queue_create(hsa().gpu, 64, HSA_QUEUE_TYPE_MULTI, onQueueError, nullptr, UINT32_MAX,
                             UINT32_MAX, &queue),
            HSA_STATUS_SUCCESS);
  Kernel k = kernel("trap_kernel");
  void* args = kernargs(nullptr, 0, k.kernargBytes);
  hsa_signal_t done;
  hsa_signal_create(1, 0, nullptr, &done);
  dispatch(queue, k, args, 32, 32, done);
  ASSERT_TRUE(eventually(gObserved.queueErrors, 30.0)) << "no queue error";
  EXPECT_EQ(gObserved.queueStatus.load(), HSA_STATUS_ERROR_EXCEPTION);
  EXPECT_EQ(hsa_signal_load_scacquire(done), 1);
}

// Run with a small VGPU_WATCHDOG_MS (tests/vgpu/CMakeLists.txt registers it so): a kernel that
// never ends becomes a queue error instead of a hang.
TEST_F(KernelDispatch, WatchdogTurnsAnEndlessKernelIntoAQueueError) {
  const char* watchdog = std::getenv("VGPU_WATCHDOG_MS");
  ASSERT_TRUE(watchdog && std::atoi(watchdog) > 0 && std::atoi(watchdog) <= 5000)
      << "run with VGPU_WATCHDOG_MS between 1 and 5000 (ctest does)";
  resetObserved();
  hsa_queue_t* queue = nullptr;
  ASSERT_EQ(hsa_queue_create(hsa().gpu, 64, HSA_QUEUE_TYPE_MULTI, onQueueError, nullptr, UINT32_MAX,
                             UINT32_MAX, &queue),
            HSA_STATUS_SUCCESS);
  Kernel k = kernel("spin_until");
  // The flag the kernel waits for lives in the kernarg pool (GPU-visible) and stays 0.
  void* flag = kernargs(nullptr, 0, 256);
  void* args = kernargs(&flag, sizeof(flag), k.kernargBytes);
  hsa_signal_t done;
  hsa_signal_create(1, 0, nullptr, &done);
  dispatch(queue, k, args, 64, 32, done);
  ASSERT_TRUE(eventually(gObserved.queueErrors, 30.0)) << "no queue error";
  EXPECT_EQ(gObserved.queueStatus.load(), HSA_STATUS_ERROR_EXCEPTION);
  EXPECT_EQ(hsa_signal_load_scacquire(done), 1);
}

}  // namespace
}  // namespace vgpu::test
