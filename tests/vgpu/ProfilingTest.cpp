// Profiling timestamps written by vgpu's packet processors: AQL completion signals
// (amd_signal_t start_ts/end_ts) and SDMA TIMESTAMP packets around async copies.
#include <gtest/gtest.h>

#include <cstring>

#include "HsaTestSupport.h"

namespace vgpu::test {
namespace {

TEST(Profiling, AqlPacketTimestampsIncrease) {
  hsa_queue_t* queue = nullptr;
  ASSERT_EQ(hsa_queue_create(hsa().gpu, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, UINT32_MAX,
                             UINT32_MAX, &queue),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_profiling_set_profiler_enabled(queue, 1), HSA_STATUS_SUCCESS);
  std::uint64_t before = 0;
  hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &before);
  hsa_amd_profiling_dispatch_time_t previous{};
  for (int i = 0; i < 3; ++i) {
    hsa_signal_t done;
    ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &done), HSA_STATUS_SUCCESS);
    auto packet = barrierPacket({}, done);
    submit(queue, &packet, barrierHeader(HSA_PACKET_TYPE_BARRIER_AND));
    ASSERT_TRUE(waitComplete(done, 10.0));
    hsa_amd_profiling_dispatch_time_t time{};
    ASSERT_EQ(hsa_amd_profiling_get_dispatch_time(hsa().gpu, done, &time), HSA_STATUS_SUCCESS);
    EXPECT_GT(time.start, 0u);
    EXPECT_LE(time.start, time.end);
    EXPECT_GE(time.start, before) << "packet " << i << " started before it was submitted";
    if (i > 0) {
      EXPECT_GT(time.start, previous.end) << "packet " << i;
    }
    previous = time;
    hsa_signal_destroy(done);
  }
  std::uint64_t after = 0;
  hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &after);
  EXPECT_LE(previous.end, after);
  EXPECT_EQ(hsa_queue_destroy(queue), HSA_STATUS_SUCCESS);
}

TEST(Profiling, SdmaCopyTimestampsBracketTheCopy) {
  ASSERT_EQ(hsa_amd_profiling_async_copy_enable(true), HSA_STATUS_SUCCESS);
  constexpr std::size_t kBytes = 8 << 20;
  void* host = nullptr;
  void* device = nullptr;
  ASSERT_EQ(hsa_amd_memory_pool_allocate(hsa().systemPool, kBytes, 0, &host), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_memory_pool_allocate(hsa().devicePool, kBytes, 0, &device), HSA_STATUS_SUCCESS);
  hsa_agent_t agents[2] = {hsa().cpu, hsa().gpu};
  ASSERT_EQ(hsa_amd_agents_allow_access(2, agents, nullptr, host), HSA_STATUS_SUCCESS);
  std::memset(host, 0x5A, kBytes);
  std::uint64_t before = 0, after = 0;
  hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &before);
  hsa_signal_t done;
  ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &done), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_memory_async_copy(device, hsa().gpu, host, hsa().cpu, kBytes, 0, nullptr, done),
            HSA_STATUS_SUCCESS);
  ASSERT_TRUE(waitComplete(done, 30.0));
  hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &after);
  hsa_amd_profiling_async_copy_time_t time{};
  ASSERT_EQ(hsa_amd_profiling_get_async_copy_time(done, &time), HSA_STATUS_SUCCESS);
  EXPECT_GE(time.start, before);
  EXPECT_GT(time.end, time.start) << "an 8 MiB copy takes time";
  EXPECT_LE(time.end, after);
  hsa_signal_destroy(done);
  hsa_amd_memory_pool_free(device);
  hsa_amd_memory_pool_free(host);
  hsa_amd_profiling_async_copy_enable(false);
}

}  // namespace
}  // namespace vgpu::test
