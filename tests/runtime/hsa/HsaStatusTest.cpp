// An HSA failure's status reaches the runtime (issue 25): ROCR on a GPU (vgpu without /dev/kfd)
// refuses an allocation, the hsa:: wrapper's Error carries the hsa_status_t, and core::hsaFailure
// reports the hipError_t for that status with the status named in the message.
#include <gtest/gtest.h>
#include <hsa/hsa.h>

#include <string>

#include "core/HsaFailure.h"
#include "hsa/Hsa.h"

namespace hipcore {
namespace {

class HsaStatusTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto initialized = hsa::initialize();
    ASSERT_TRUE(initialized) << initialized.message();
    auto agents = hsa::gpuAgents();
    ASSERT_TRUE(agents) << agents.message();
    ASSERT_FALSE(agents->empty());
    gpu_ = agents->front();
  }
  hsa::GpuAgent gpu_;
};

TEST_F(HsaStatusTest, AllocationTooLargeForThePoolIsOutOfMemoryNamingTheStatus) {
  size_t tooLarge = gpu_.properties.globalMemoryBytes * 4 + (size_t{1} << 30);
  auto memory = hsa::allocate(gpu_.devicePool, tooLarge);
  ASSERT_FALSE(memory);
  ASSERT_TRUE(memory.error().code.has_value()) << memory.message();
  // ROCR checks a size against the pool's largest single allocation before asking the driver:
  // past it, invalid allocation (seen with ROCR 5.2.3 on vgpu), which to HIP is out of memory.
  EXPECT_EQ(*memory.error().code, HSA_STATUS_ERROR_INVALID_ALLOCATION) << memory.message();
  core::Status failed = core::hsaFailure(memory.error(), "device buffer");
  EXPECT_EQ(failed.code, hipErrorOutOfMemory);
  EXPECT_NE(failed.message().find("HSA_STATUS_ERROR_INVALID_ALLOCATION"), std::string::npos)
      << failed.message();
  EXPECT_EQ(failed.message().rfind("device buffer: hsa_amd_memory_pool_allocate", 0), 0u)
      << failed.message();
}

TEST_F(HsaStatusTest, AnInvalidArgumentIsInvalidValueNotOutOfMemory) {
  auto memory = hsa::allocate(gpu_.devicePool, 0);  // ROCR: size 0 is an invalid argument
  ASSERT_FALSE(memory);
  ASSERT_TRUE(memory.error().code.has_value()) << memory.message();
  EXPECT_EQ(*memory.error().code, HSA_STATUS_ERROR_INVALID_ARGUMENT) << memory.message();
  core::Status failed = core::hsaFailure(memory.error(), "");
  EXPECT_EQ(failed.code, hipErrorInvalidValue);
  EXPECT_NE(failed.message().find("HSA_STATUS_ERROR_INVALID_ARGUMENT"), std::string::npos)
      << failed.message();
}

}  // namespace
}  // namespace hipcore
