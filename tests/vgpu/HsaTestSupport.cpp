// HSA runtime set-up and AQL submission helpers for the vgpu tests, and their test main.
#include "HsaTestSupport.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace vgpu::test {

namespace {
HsaSystem gSystem;

hsa_status_t findAgents(hsa_agent_t agent, void*) {
  hsa_device_type_t type;
  hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type);
  if (type == HSA_DEVICE_TYPE_CPU && gSystem.cpu.handle == 0) gSystem.cpu = agent;
  if (type == HSA_DEVICE_TYPE_GPU && gSystem.gpu.handle == 0) gSystem.gpu = agent;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t findPool(hsa_amd_memory_pool_t pool, void* data) {
  auto* wanted = static_cast<std::pair<std::uint32_t, hsa_amd_memory_pool_t*>*>(data);
  hsa_amd_segment_t segment;
  hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &segment);
  if (segment != HSA_AMD_SEGMENT_GLOBAL) return HSA_STATUS_SUCCESS;
  std::uint32_t flags = 0;
  hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, &flags);
  if ((flags & wanted->first) && wanted->second->handle == 0) *wanted->second = pool;
  return HSA_STATUS_SUCCESS;
}

class HsaEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_iterate_agents(findAgents, nullptr), HSA_STATUS_SUCCESS);
    ASSERT_NE(gSystem.gpu.handle, 0u) << "no GPU agent: is the test running under vgpu-run?";
    std::pair<std::uint32_t, hsa_amd_memory_pool_t*> fine{
        HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED, &gSystem.systemPool};
    hsa_amd_agent_iterate_memory_pools(gSystem.cpu, findPool, &fine);
    std::pair<std::uint32_t, hsa_amd_memory_pool_t*> coarse{
        HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED, &gSystem.devicePool};
    hsa_amd_agent_iterate_memory_pools(gSystem.gpu, findPool, &coarse);
    ASSERT_NE(gSystem.systemPool.handle, 0u);
    ASSERT_NE(gSystem.devicePool.handle, 0u);
  }
  void TearDown() override { EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS); }
};
}  // namespace

const HsaSystem& hsa() {
  return gSystem;
}

std::uint64_t timeoutTicks(double seconds) {
  std::uint64_t frequency = 0;
  hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &frequency);
  return std::uint64_t(seconds * double(frequency));
}

std::uint64_t submit(hsa_queue_t* queue, const void* packet, std::uint16_t header) {
  const std::uint64_t index = hsa_queue_add_write_index_screlease(queue, 1);
  while (index - hsa_queue_load_read_index_scacquire(queue) >= queue->size)
    std::this_thread::yield();
  auto* slot = static_cast<std::uint8_t*>(queue->base_address) + (index % queue->size) * 64;
  std::memcpy(slot + 2, static_cast<const std::uint8_t*>(packet) + 2, 62);
  std::atomic_ref<std::uint16_t>(*reinterpret_cast<std::uint16_t*>(slot))
      .store(header, std::memory_order_release);
  hsa_signal_store_screlease(queue->doorbell_signal, hsa_signal_value_t(index));
  return index;
}

std::uint16_t barrierHeader(hsa_packet_type_t type) {
  return std::uint16_t((type << HSA_PACKET_HEADER_TYPE) | (1 << HSA_PACKET_HEADER_BARRIER) |
                       (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                       (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
}

hsa_barrier_and_packet_t barrierPacket(std::vector<hsa_signal_t> dependencies,
                                       hsa_signal_t completion) {
  hsa_barrier_and_packet_t packet{};
  for (std::size_t i = 0; i < dependencies.size() && i < 5; ++i)
    packet.dep_signal[i] = dependencies[i];
  packet.completion_signal = completion;
  return packet;
}

bool waitComplete(hsa_signal_t signal, double seconds) {
  return hsa_signal_wait_scacquire(signal, HSA_SIGNAL_CONDITION_LT, 1, timeoutTicks(seconds),
                                   HSA_WAIT_STATE_BLOCKED) < 1;
}

std::uint8_t patternByte(std::uint64_t index, std::uint32_t seed) {
  std::uint64_t x = (index + 1) * 0x9E3779B97F4A7C15ull ^ (std::uint64_t(seed) << 17);
  return std::uint8_t((x >> 29) ^ (x >> 47));
}

}  // namespace vgpu::test

namespace {

// A test still running after kHangReportSeconds (ctest gives vgpu tests 120 s) prints every
// thread's backtrace before ctest kills it: a hang seen once in CI (AqlQueue, 2026-12-04) left
// nothing to read. gdb attaches to this process; without gdb, /proc's view of each thread.
// VGPU_TEST_HANG_REPORT_SECONDS overrides the delay (to see the report work).
constexpr int kHangReportSeconds = 100;

void reportHangLater() {
  const char* given = std::getenv("VGPU_TEST_HANG_REPORT_SECONDS");
  const int seconds = given != nullptr ? std::atoi(given) : kHangReportSeconds;
  std::thread([seconds] {
    std::this_thread::sleep_for(std::chrono::seconds(seconds));
    const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
    std::fprintf(stderr, "vgpu test: %s.%s still running after %d s; thread backtraces:\n",
                 test ? test->test_suite_name() : "?", test ? test->name() : "?", seconds);
    char command[256];
    std::snprintf(command, sizeof(command),
                  "gdb -p %d -batch -ex 'thread apply all bt 30' 1>&2 2>/dev/null || "
                  "grep -H . /proc/%d/task/*/comm /proc/%d/task/*/wchan /proc/%d/task/*/syscall "
                  "1>&2",
                  int(getpid()), int(getpid()), int(getpid()), int(getpid()));
    (void)std::system(command);
  }).detach();
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  if (!::testing::GTEST_FLAG(list_tests)) reportHangLater();
  // Listing tests (ctest discovery) must not need a GPU.
  if (!::testing::GTEST_FLAG(list_tests))
    ::testing::AddGlobalTestEnvironment(new vgpu::test::HsaEnvironment);
  return RUN_ALL_TESTS();
}
