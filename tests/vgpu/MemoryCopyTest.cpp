// Pool allocation and host<->device copies on vgpu. ROCR sends H2D and D2H copies to SDMA
// queues by default; D2D copies and HSA_ENABLE_SDMA=0 use its blit kernels (see
// BlitKernelCopyTest.cpp, which needs the interpreter).
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "HsaTestSupport.h"

namespace vgpu::test {
namespace {

struct PoolBuffer {
  void* data = nullptr;
  std::size_t size = 0;
  PoolBuffer(hsa_amd_memory_pool_t pool, std::size_t bytes) : size(bytes) {
    EXPECT_EQ(hsa_amd_memory_pool_allocate(pool, bytes, 0, &data), HSA_STATUS_SUCCESS);
    // Both agents may touch every buffer (the GPU copies host buffers, the CPU fills them).
    hsa_agent_t agents[2] = {hsa().cpu, hsa().gpu};
    EXPECT_EQ(hsa_amd_agents_allow_access(2, agents, nullptr, data), HSA_STATUS_SUCCESS);
  }
  ~PoolBuffer() {
    if (data) hsa_amd_memory_pool_free(data);
  }
  std::uint8_t* bytes() const { return static_cast<std::uint8_t*>(data); }
};

hsa_status_t asyncCopy(void* dst, hsa_agent_t dstAgent, const void* src, hsa_agent_t srcAgent,
                       std::size_t size) {
  hsa_signal_t done;
  if (hsa_signal_create(1, 0, nullptr, &done) != HSA_STATUS_SUCCESS) return HSA_STATUS_ERROR;
  hsa_status_t status =
      hsa_amd_memory_async_copy(dst, dstAgent, src, srcAgent, size, 0, nullptr, done);
  if (status == HSA_STATUS_SUCCESS && !waitComplete(done, 60.0)) status = HSA_STATUS_ERROR;
  hsa_signal_destroy(done);
  return status;
}

TEST(Pool, DeviceAllocationIsReportedByPointerInfo) {
  constexpr std::size_t kBytes = 3 << 20;
  void* device = nullptr;
  ASSERT_EQ(hsa_amd_memory_pool_allocate(hsa().devicePool, kBytes, 0, &device), HSA_STATUS_SUCCESS);
  hsa_amd_pointer_info_t info{};
  info.size = sizeof(info);
  ASSERT_EQ(
      hsa_amd_pointer_info(static_cast<char*>(device) + 100, &info, nullptr, nullptr, nullptr),
      HSA_STATUS_SUCCESS);
  EXPECT_EQ(info.type, HSA_EXT_POINTER_TYPE_HSA);
  EXPECT_EQ(info.agentBaseAddress, device);
  EXPECT_GE(info.sizeInBytes, kBytes);
  EXPECT_EQ(info.agentOwner.handle, hsa().gpu.handle);
  EXPECT_EQ(hsa_amd_memory_pool_free(device), HSA_STATUS_SUCCESS);
}

TEST(Pool, AllocationBeyondDeviceMemoryFails) {
  std::uint64_t poolBytes = 0;
  ASSERT_EQ(
      hsa_amd_memory_pool_get_info(hsa().devicePool, HSA_AMD_MEMORY_POOL_INFO_SIZE, &poolBytes),
      HSA_STATUS_SUCCESS);
  ASSERT_GT(poolBytes, 0u);
  void* device = nullptr;
  EXPECT_NE(hsa_amd_memory_pool_allocate(hsa().devicePool, poolBytes + (64 << 20), 0, &device),
            HSA_STATUS_SUCCESS);
}

TEST(Pool, SystemAllocationsAreDistinctAndWritable) {
  PoolBuffer a(hsa().systemPool, 4096), b(hsa().systemPool, 4096);
  ASSERT_NE(a.data, b.data);
  std::memset(a.data, 0x11, 4096);
  std::memset(b.data, 0x22, 4096);
  EXPECT_EQ(a.bytes()[4095], 0x11);
  EXPECT_EQ(b.bytes()[0], 0x22);
}

class HostDeviceCopy : public ::testing::TestWithParam<std::size_t> {};

TEST_P(HostDeviceCopy, RoundTripIsByteExact) {
  const std::size_t size = GetParam();
  constexpr std::size_t kGuard = 64;  // bytes after the copy that must stay untouched
  PoolBuffer source(hsa().systemPool, size), result(hsa().systemPool, size + kGuard);
  PoolBuffer device(hsa().devicePool, size + kGuard);
  for (std::size_t i = 0; i < size; ++i) source.bytes()[i] = patternByte(i, std::uint32_t(size));
  std::memset(result.data, 0xCD, size + kGuard);
  std::memset(device.data, 0xEF, size + kGuard);

  ASSERT_EQ(asyncCopy(device.data, hsa().gpu, source.data, hsa().cpu, size), HSA_STATUS_SUCCESS);
  ASSERT_EQ(asyncCopy(result.data, hsa().cpu, device.data, hsa().gpu, size), HSA_STATUS_SUCCESS);

  std::size_t mismatches = 0, firstMismatch = size;
  for (std::size_t i = 0; i < size; ++i) {
    if (result.bytes()[i] != patternByte(i, std::uint32_t(size))) {
      if (mismatches++ == 0) firstMismatch = i;
    }
  }
  EXPECT_EQ(mismatches, 0u) << "first mismatch at byte " << firstMismatch;
  for (std::size_t i = size; i < size + kGuard; ++i)
    ASSERT_EQ(result.bytes()[i], 0xCD) << "D2H wrote past the end at byte " << i;
}

INSTANTIATE_TEST_SUITE_P(Sizes, HostDeviceCopy,
                         ::testing::Values(1, 3, 4096 + 7, (1 << 20) + 5, (4 << 20) + 1,
                                           std::size_t(64) << 20),
                         [](const auto& info) { return std::to_string(info.param) + "B"; });

TEST(HostDeviceCopy, DependentCopiesRunInOrder) {
  constexpr std::size_t kBytes = 1 << 16;
  PoolBuffer source(hsa().systemPool, kBytes), result(hsa().systemPool, kBytes);
  PoolBuffer device(hsa().devicePool, kBytes);
  for (std::size_t i = 0; i < kBytes; ++i) source.bytes()[i] = patternByte(i, 7);
  std::memset(result.data, 0, kBytes);
  hsa_signal_t h2d, d2h;
  ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &h2d), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &d2h), HSA_STATUS_SUCCESS);
  // The D2H copy depends on the H2D copy's signal: SDMA must poll it before copying.
  ASSERT_EQ(hsa_amd_memory_async_copy(device.data, hsa().gpu, source.data, hsa().cpu, kBytes, 0,
                                      nullptr, h2d),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_memory_async_copy(result.data, hsa().cpu, device.data, hsa().gpu, kBytes, 1,
                                      &h2d, d2h),
            HSA_STATUS_SUCCESS);
  ASSERT_TRUE(waitComplete(d2h, 30.0));
  EXPECT_EQ(hsa_signal_load_scacquire(h2d), 0);
  EXPECT_EQ(std::memcmp(result.data, source.data, kBytes), 0);
  hsa_signal_destroy(h2d);
  hsa_signal_destroy(d2h);
}

TEST(HostDeviceCopy, RectangleLandsAtItsOffsetsAndNowhereElse) {
  // A 3D sub-box (bytes x rows x slices) of a pitched host buffer into a differently pitched
  // device buffer (SDMA COPY_LINEAR_RECT), then the whole device buffer back linearly.
  const hsa_dim3_t range{100, 20, 2};
  const hsa_dim3_t srcOffset{8, 3, 1}, dstOffset{16, 5, 0};
  constexpr std::size_t kSrcPitch = 256, kSrcRows = 64, kDstPitch = 512, kDstRows = 80;
  constexpr std::size_t kSrcBytes = kSrcPitch * kSrcRows * 3, kDstBytes = kDstPitch * kDstRows * 2;
  PoolBuffer source(hsa().systemPool, kSrcBytes), result(hsa().systemPool, kDstBytes);
  PoolBuffer device(hsa().devicePool, kDstBytes);
  for (std::size_t i = 0; i < kSrcBytes; ++i) source.bytes()[i] = patternByte(i, 5);
  std::memset(result.data, 0xAB, kDstBytes);
  ASSERT_EQ(asyncCopy(device.data, hsa().gpu, result.data, hsa().cpu, kDstBytes),
            HSA_STATUS_SUCCESS);

  hsa_pitched_ptr_t src{source.data, kSrcPitch, kSrcPitch * kSrcRows};
  hsa_pitched_ptr_t dst{device.data, kDstPitch, kDstPitch * kDstRows};
  hsa_signal_t done;
  ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &done), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_memory_async_copy_rect(&dst, &dstOffset, &src, &srcOffset, &range, hsa().gpu,
                                           hsaHostToDevice, 0, nullptr, done),
            HSA_STATUS_SUCCESS);
  ASSERT_TRUE(waitComplete(done, 30.0));
  hsa_signal_destroy(done);
  ASSERT_EQ(asyncCopy(result.data, hsa().cpu, device.data, hsa().gpu, kDstBytes),
            HSA_STATUS_SUCCESS);

  std::size_t wrong = 0;
  for (std::size_t z = 0; z < 2; ++z)
    for (std::size_t y = 0; y < kDstRows; ++y)
      for (std::size_t x = 0; x < kDstPitch; ++x) {
        const bool inside = z >= dstOffset.z && z < dstOffset.z + range.z && y >= dstOffset.y &&
                            y < dstOffset.y + range.y && x >= dstOffset.x &&
                            x < dstOffset.x + range.x;
        std::uint8_t expected = 0xAB;
        if (inside) {
          std::size_t sx = x - dstOffset.x + srcOffset.x, sy = y - dstOffset.y + srcOffset.y,
                      sz = z - dstOffset.z + srcOffset.z;
          expected = patternByte(sz * kSrcPitch * kSrcRows + sy * kSrcPitch + sx, 5);
        }
        if (result.bytes()[z * kDstPitch * kDstRows + y * kDstPitch + x] != expected && wrong++ < 5)
          ADD_FAILURE() << "byte (" << x << "," << y << "," << z << ")"
                        << (inside ? " inside" : " outside");
      }
  EXPECT_EQ(wrong, 0u);
}

}  // namespace
}  // namespace vgpu::test
