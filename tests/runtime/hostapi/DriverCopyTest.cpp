// The driver API's pitched fills and 2D copies (FillApi.cpp, DriverCopyApi.cpp) and the `_spt`
// forms of the 2D/3D copies and fills (PerThreadCopyApi.cpp): every byte of the pitched buffers
// checked against what the host computes, padding included (it must stay untouched).
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

// Fills `height` rows of `width` elements of type T, `pitch` bytes apart, with `value` on the
// GPU through `fill`, the padding preset to 0xab, and checks every byte on the host.
template <class T, class Fill>
void checkPitchedFill(size_t pitch, size_t width, size_t height, T value, Fill fill) {
  std::vector<uint8_t> host(pitch * height, 0xab);
  uint8_t* device = nullptr;
  ASSERT_HIP(hipMalloc(&device, host.size()));
  ASSERT_HIP(hipMemcpy(device, host.data(), host.size(), hipMemcpyHostToDevice));
  ASSERT_HIP(fill(device));
  ASSERT_HIP(hipDeviceSynchronize());
  std::vector<uint8_t> expected = host;
  for (size_t row = 0; row < height; ++row)
    for (size_t i = 0; i < width; ++i)
      std::memcpy(&expected[row * pitch + i * sizeof(T)], &value, sizeof(T));
  ASSERT_HIP(hipMemcpy(host.data(), device, host.size(), hipMemcpyDeviceToHost));
  for (size_t i = 0; i < host.size(); ++i) ASSERT_EQ(host[i], expected[i]) << "byte " << i;
  ASSERT_HIP(hipFree(device));
}

TEST(DriverFill, D2D32WithPaddedRows) {
  checkPitchedFill<uint32_t>(256, 50, 7, 0xdeadbeefu,
                             [](uint8_t* d) { return hipMemsetD2D32(d, 256, 0xdeadbeefu, 50, 7); });
}

TEST(DriverFill, D2D16WithAPitchThatIsNoMultipleOfFour) {
  // 6-byte rows: the pattern's phase changes from row to row.
  checkPitchedFill<uint16_t>(
      6, 2, 9, 0x1234, [](uint8_t* d) { return hipMemsetD2D16Async(d, 6, 0x1234, 2, 9, nullptr); });
}

TEST(DriverFill, D2D8AndTheSptFill) {
  checkPitchedFill<uint8_t>(33, 31, 5, 0x5a,
                            [](uint8_t* d) { return hipMemsetD2D8(d, 33, 0x5a, 31, 5); });
  checkPitchedFill<uint8_t>(64, 40, 3, 0x3c,
                            [](uint8_t* d) { return hipMemset2D_spt(d, 64, 0x3c, 40, 3); });
}

TEST(DriverFill, MisuseGetsHipErrors) {
  uint8_t* device = nullptr;
  ASSERT_HIP(hipMalloc(&device, 1024));
  EXPECT_EQ(hipMemsetD2D32(device, 64, 1, 17, 2), hipErrorInvalidValue);     // 68 bytes > pitch 64
  EXPECT_EQ(hipMemsetD2D32(device + 2, 64, 1, 4, 2), hipErrorInvalidValue);  // misaligned
  EXPECT_EQ(hipMemsetD2D16(device, 63, 1, 4, 2), hipErrorInvalidValue);      // odd pitch
  ASSERT_HIP(hipFree(device));
  (void)hipGetLastError();
}

TEST(DriverCopy, Param2DBetweenHostAndPitchedDevice) {
  constexpr size_t kWidth = 40, kHeight = 6, kDevicePitch = 64, kHostPitch = 48;
  std::vector<uint8_t> source(kHostPitch * kHeight), back(kHostPitch * kHeight, 0);
  for (size_t i = 0; i < source.size(); ++i) source[i] = static_cast<uint8_t>(i * 7 + 3);
  uint8_t* device = nullptr;
  ASSERT_HIP(hipMalloc(&device, kDevicePitch * kHeight));
  ASSERT_HIP(hipMemset(device, 0, kDevicePitch * kHeight));

  // Host rows (x = 4, y = 1 onwards) into the device buffer at (8, 0).
  hip_Memcpy2D up{};
  up.srcMemoryType = hipMemoryTypeHost;
  up.srcHost = source.data();
  up.srcPitch = kHostPitch;
  up.srcXInBytes = 4;
  up.srcY = 1;
  up.dstMemoryType = hipMemoryTypeDevice;
  up.dstDevice = device;
  up.dstPitch = kDevicePitch;
  up.dstXInBytes = 8;
  up.WidthInBytes = kWidth - 8;
  up.Height = kHeight - 1;
  ASSERT_HIP(hipMemcpyParam2D(&up));

  hip_Memcpy2D down{};
  down.srcMemoryType = hipMemoryTypeDevice;
  down.srcDevice = device;
  down.srcPitch = kDevicePitch;
  down.dstMemoryType = hipMemoryTypeHost;
  down.dstHost = back.data();
  down.dstPitch = kHostPitch;
  down.WidthInBytes = kWidth;
  down.Height = kHeight;
  ASSERT_HIP(hipMemcpyParam2DAsync(&down, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  for (size_t y = 0; y < kHeight; ++y)
    for (size_t x = 0; x < kWidth; ++x) {
      bool copied = x >= 8 && y < kHeight - 1;
      uint8_t want = copied ? source[(y + 1) * kHostPitch + (x - 8 + 4)] : 0;
      ASSERT_EQ(back[y * kHostPitch + x], want) << x << "," << y;
    }
  std::vector<uint8_t> again(kHostPitch * kHeight, 0);
  down.dstHost = again.data();
  ASSERT_HIP(hipDrvMemcpy2DUnaligned(&down));
  EXPECT_EQ(again, back);
  EXPECT_EQ(hipMemcpyParam2D(nullptr), hipErrorInvalidValue);
  ASSERT_HIP(hipFree(device));
  (void)hipGetLastError();
}

TEST(DriverCopy, Spt3DCopyAndSymbolCopiesRunOnThePerThreadStream) {
  constexpr size_t kBytes = 96;
  std::vector<uint8_t> source(kBytes), back(kBytes, 0);
  for (size_t i = 0; i < kBytes; ++i) source[i] = static_cast<uint8_t>(255 - i);
  uint8_t* device = nullptr;
  ASSERT_HIP(hipMalloc(&device, kBytes));
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(source.data(), 32, 32, 3);
  p.dstPtr = make_hipPitchedPtr(device, 32, 32, 3);
  p.extent = make_hipExtent(32, 3, 1);
  p.kind = hipMemcpyHostToDevice;
  ASSERT_HIP(hipMemcpy3D_spt(&p));
  p.srcPtr = make_hipPitchedPtr(device, 32, 32, 3);
  p.dstPtr = make_hipPitchedPtr(back.data(), 32, 32, 3);
  p.kind = hipMemcpyDeviceToHost;
  ASSERT_HIP(hipMemcpy3DAsync_spt(&p, nullptr));
  ASSERT_HIP(hipStreamSynchronize(hipStreamPerThread));
  EXPECT_EQ(back, source);
  ASSERT_HIP(hipFree(device));
}

}  // namespace
