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

// Driver-API positions and widths are bytes even on an array side (CUDA_MEMCPY2D/3D): host rows
// into a 2D array, a box of a 3D array into another, and both read back through hipArray copies
// of the runtime API (element positions), each checked against the host's own copy.
TEST(DriverCopy, ArrayOperandsTakeBytePositions) {
  constexpr size_t kWidth = 10, kHeight = 5;  // elements of 4 bytes (float)
  std::vector<float> source(kWidth * kHeight);
  for (size_t i = 0; i < source.size(); ++i) source[i] = float(i) * 1.5f + 2.f;
  hipChannelFormatDesc desc = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  hipArray_t flat = nullptr;
  ASSERT_HIP(hipMallocArray(&flat, &desc, kWidth, kHeight));
  std::vector<float> zeros(kWidth * kHeight, 0.f);
  ASSERT_HIP(hipMemcpy2DToArray(flat, 0, 0, zeros.data(), kWidth * 4, kWidth * 4, kHeight,
                                hipMemcpyHostToDevice));

  // Host elements (1, 2).. of rows 2..4 into the array at element (3, 1): 6 x 3 elements.
  hip_Memcpy2D up{};
  up.srcMemoryType = hipMemoryTypeHost;
  up.srcHost = source.data();
  up.srcPitch = kWidth * 4;
  up.srcXInBytes = 1 * 4;
  up.srcY = 2;
  up.dstMemoryType = hipMemoryTypeArray;
  up.dstArray = flat;
  up.dstXInBytes = 3 * 4;
  up.dstY = 1;
  up.WidthInBytes = 6 * 4;
  up.Height = 3;
  ASSERT_HIP(hipMemcpyParam2D(&up));
  std::vector<float> back(kWidth * kHeight, -1.f);
  ASSERT_HIP(hipMemcpy2DFromArray(back.data(), kWidth * 4, flat, 0, 0, kWidth * 4, kHeight,
                                  hipMemcpyDeviceToHost));
  for (size_t y = 0; y < kHeight; ++y)
    for (size_t x = 0; x < kWidth; ++x) {
      bool copied = x >= 3 && x < 9 && y >= 1 && y < 4;
      float want = copied ? source[(y - 1 + 2) * kWidth + (x - 3 + 1)] : 0.f;
      ASSERT_EQ(back[y * kWidth + x], want) << x << "," << y;
    }

  // The same bytes out again through the driver call, array to host.
  std::vector<float> out(kWidth * kHeight, -1.f);
  hip_Memcpy2D down{};
  down.srcMemoryType = hipMemoryTypeArray;
  down.srcArray = flat;
  down.dstMemoryType = hipMemoryTypeHost;
  down.dstHost = out.data();
  down.dstPitch = kWidth * 4;
  down.WidthInBytes = kWidth * 4;
  down.Height = kHeight;
  ASSERT_HIP(hipMemcpyParam2DAsync(&down, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  EXPECT_EQ(out, back);

  // A row one byte past the array's 40-byte rows, a row past its height, and a freed array.
  up.dstXInBytes = 16 + 1;  // 17 + 24 bytes
  EXPECT_EQ(hipMemcpyParam2D(&up), hipErrorInvalidValue);
  up.dstXInBytes = 0;
  up.dstY = 3;
  EXPECT_EQ(hipMemcpyParam2D(&up), hipErrorInvalidValue);
  ASSERT_HIP(hipFreeArray(flat));
  down.srcArray = flat;
  EXPECT_EQ(hipMemcpyParam2D(&down), hipErrorInvalidValue);
  (void)hipGetLastError();

  // 3D: a 4 x 3 x 2 box of 8 x 4 x 3 int2 elements from (2, 1, 1) to (0, 0, 0) of a second array.
  constexpr size_t kW = 8, kH = 4, kD = 3;
  hipChannelFormatDesc pair = hipCreateChannelDesc(32, 32, 0, 0, hipChannelFormatKindSigned);
  hipArray_t from = nullptr, to = nullptr;
  ASSERT_HIP(hipMalloc3DArray(&from, &pair, make_hipExtent(kW, kH, kD), 0));
  ASSERT_HIP(hipMalloc3DArray(&to, &pair, make_hipExtent(kW, kH, kD), 0));
  std::vector<int32_t> volume(kW * kH * kD * 2), cleared(volume.size(), 0);
  for (size_t i = 0; i < volume.size(); ++i) volume[i] = int32_t(i * 31 + 7);
  hipMemcpy3DParms fill{};
  fill.srcPtr = make_hipPitchedPtr(volume.data(), kW * 8, kW, kH);
  fill.dstArray = from;
  fill.extent = make_hipExtent(kW, kH, kD);
  fill.kind = hipMemcpyHostToDevice;
  ASSERT_HIP(hipMemcpy3D(&fill));
  fill.srcPtr = make_hipPitchedPtr(cleared.data(), kW * 8, kW, kH);
  fill.dstArray = to;
  ASSERT_HIP(hipMemcpy3D(&fill));

  HIP_MEMCPY3D box{};
  box.srcMemoryType = hipMemoryTypeArray;
  box.srcArray = from;
  box.srcXInBytes = 2 * 8;
  box.srcY = 1;
  box.srcZ = 1;
  box.dstMemoryType = hipMemoryTypeArray;
  box.dstArray = to;
  box.WidthInBytes = 4 * 8;
  box.Height = 3;
  box.Depth = 2;
  ASSERT_HIP(hipDrvMemcpy3D(&box));
  std::vector<int32_t> result(volume.size(), -1);
  hipMemcpy3DParms read{};
  read.srcArray = to;
  read.dstPtr = make_hipPitchedPtr(result.data(), kW * 8, kW, kH);
  read.extent = make_hipExtent(kW, kH, kD);
  read.kind = hipMemcpyDeviceToHost;
  ASSERT_HIP(hipMemcpy3D(&read));
  for (size_t z = 0; z < kD; ++z)
    for (size_t y = 0; y < kH; ++y)
      for (size_t x = 0; x < kW * 2; ++x) {
        bool copied = x < 4 * 2 && y < 3 && z < 2;
        size_t at = (z * kH + y) * kW * 2 + x;
        int32_t want = copied ? volume[((z + 1) * kH + y + 1) * kW * 2 + x + 2 * 2] : 0;
        ASSERT_EQ(result[at], want) << x << "," << y << "," << z;
      }
  box.Depth = 3;  // slices 1..3 of a 3-slice array
  EXPECT_EQ(hipDrvMemcpy3D(&box), hipErrorInvalidValue);
  ASSERT_HIP(hipFreeArray(from));
  ASSERT_HIP(hipFreeArray(to));
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
