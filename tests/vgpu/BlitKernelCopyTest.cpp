// Copies ROCR performs with its own blit kernels (gfx1030 machine code run by vgpu's
// interpreter): device-to-device copies, fills, and every copy when HSA_ENABLE_SDMA=0.
// Registered in ctest only when VGPU_TESTS_WITH_INTERPRETER is ON (see CMakeLists.txt).
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "HsaTestSupport.h"

namespace vgpu::test {
namespace {

void* allocate(hsa_amd_memory_pool_t pool, std::size_t bytes) {
  void* data = nullptr;
  EXPECT_EQ(hsa_amd_memory_pool_allocate(pool, bytes, 0, &data), HSA_STATUS_SUCCESS);
  hsa_agent_t agents[2] = {hsa().cpu, hsa().gpu};
  EXPECT_EQ(hsa_amd_agents_allow_access(2, agents, nullptr, data), HSA_STATUS_SUCCESS);
  return data;
}

bool copy(void* dst, hsa_agent_t dstAgent, const void* src, hsa_agent_t srcAgent, std::size_t n) {
  hsa_signal_t done;
  hsa_signal_create(1, 0, nullptr, &done);
  bool ok = hsa_amd_memory_async_copy(dst, dstAgent, src, srcAgent, n, 0, nullptr, done) ==
                HSA_STATUS_SUCCESS &&
            waitComplete(done, 60.0);
  hsa_signal_destroy(done);
  return ok;
}

class BlitCopy : public ::testing::TestWithParam<std::size_t> {};

TEST_P(BlitCopy, DeviceToDeviceThroughHost) {
  const std::size_t size = GetParam();
  auto* source = static_cast<std::uint8_t*>(allocate(hsa().systemPool, size));
  auto* result = static_cast<std::uint8_t*>(allocate(hsa().systemPool, size));
  void* a = allocate(hsa().devicePool, size);
  void* b = allocate(hsa().devicePool, size);
  for (std::size_t i = 0; i < size; ++i) source[i] = patternByte(i, 99);
  std::memset(result, 0, size);
  ASSERT_TRUE(copy(a, hsa().gpu, source, hsa().cpu, size));
  ASSERT_TRUE(copy(b, hsa().gpu, a, hsa().gpu, size)) << "D2D blit kernel copy";
  ASSERT_TRUE(copy(result, hsa().cpu, b, hsa().gpu, size));
  for (std::size_t i = 0; i < size; ++i) ASSERT_EQ(result[i], patternByte(i, 99)) << "byte " << i;
  for (void* p : {static_cast<void*>(source), static_cast<void*>(result), a, b})
    hsa_amd_memory_pool_free(p);
}

INSTANTIATE_TEST_SUITE_P(Sizes, BlitCopy, ::testing::Values(1, 4096 + 3, (1 << 20) + 9),
                         [](const auto& info) { return std::to_string(info.param) + "B"; });

TEST(BlitFill, FillsDwordsExactly) {
  constexpr std::size_t kDwords = 12345;
  auto* device = static_cast<std::uint32_t*>(allocate(hsa().devicePool, (kDwords + 16) * 4));
  auto* result = static_cast<std::uint32_t*>(allocate(hsa().systemPool, (kDwords + 16) * 4));
  std::memset(result, 0, (kDwords + 16) * 4);
  ASSERT_TRUE(copy(device, hsa().gpu, result, hsa().cpu, (kDwords + 16) * 4));
  ASSERT_EQ(hsa_amd_memory_fill(device, 0xA5C3E1F7u, kDwords), HSA_STATUS_SUCCESS);
  ASSERT_TRUE(copy(result, hsa().cpu, device, hsa().gpu, (kDwords + 16) * 4));
  for (std::size_t i = 0; i < kDwords; ++i) ASSERT_EQ(result[i], 0xA5C3E1F7u) << "dword " << i;
  for (std::size_t i = kDwords; i < kDwords + 16; ++i) ASSERT_EQ(result[i], 0u) << "dword " << i;
  hsa_amd_memory_pool_free(device);
  hsa_amd_memory_pool_free(result);
}

}  // namespace
}  // namespace vgpu::test
