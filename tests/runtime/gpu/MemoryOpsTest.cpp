// Fills and copies through the built-in kernels (runtime/src/core/DeviceCopies.cpp): exact data for
// every size class and alignment, 2D/3D boxes, peer copies, stream ordering, asynchrony, misuse.
// Every expected value is computed on the CPU from a model of the operation.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "GpuKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

// Sizes around every boundary the kernels care about: empty, single bytes, the 16-byte chunk,
// the 256-item workgroup (4096 bytes), and lengths that leave partial chunks at both ends.
const size_t kSizes[] = {0,  1,  2,  3,   4,   5,    7,    15,   16,   17,
                         31, 32, 33, 255, 256, 4095, 4096, 4097, 65543};
const size_t kOffsets[] = {0, 1, 2, 3, 4, 6, 8, 13, 15};
constexpr size_t kArena = 65543 + 64;

uint8_t pseudoRandom(size_t i) {
  return static_cast<uint8_t>((i * 2654435761u) >> 13);
}

std::vector<uint8_t> download(const void* device, size_t bytes) {
  std::vector<uint8_t> out(bytes);
  EXPECT_EQ(hipMemcpy(out.data(), device, bytes, hipMemcpyDeviceToHost), hipSuccess);
  return out;
}

class DeviceArena : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), kArena));
    model.resize(kArena);
    for (size_t i = 0; i < kArena; ++i) model[i] = pseudoRandom(i);
    ASSERT_HIP(hipMemcpy(device, model.data(), kArena, hipMemcpyHostToDevice));
  }
  void TearDown() override { EXPECT_EQ(hipFree(device), hipSuccess); }
  void expectModel(const char* what) {
    std::vector<uint8_t> actual = download(device, kArena);
    for (size_t i = 0; i < kArena; ++i) ASSERT_EQ(actual[i], model[i]) << what << ": byte " << i;
  }
  uint8_t* device = nullptr;
  std::vector<uint8_t> model;
};

using Fills = DeviceArena;

TEST_F(Fills, MemsetEverySizeAndAlignmentTouchesExactlyItsBytes) {
  int round = 0;
  for (size_t size : kSizes)
    for (size_t offset : kOffsets) {
      if (offset + size > kArena) continue;
      uint8_t value = static_cast<uint8_t>(0x40 + round++);
      ASSERT_HIP(hipMemset(device + offset, value, size));
      std::memset(model.data() + offset, value, size);
    }
  expectModel("hipMemset");
}

TEST_F(Fills, ElementFillsRepeatTheirPatternFromTheStart) {
  int round = 0;
  for (size_t count : {0, 1, 2, 3, 5, 8, 9, 255, 1000, 4097})
    for (size_t offset : {0, 2, 4, 6, 10, 14}) {
      uint16_t v16 = static_cast<uint16_t>(0xA1B2 + 257 * round);
      uint32_t v32 = 0xC0DE0000u + 4099u * round++;
      size_t base16 = offset, base32 = 2 * offset + 20000;
      ASSERT_HIP(hipMemsetD16(device + base16, v16, count));
      for (size_t i = 0; i < count; ++i) std::memcpy(&model[base16 + 2 * i], &v16, 2);
      ASSERT_HIP(hipMemsetD32(device + base32, static_cast<int>(v32), count));
      for (size_t i = 0; i < count; ++i) std::memcpy(&model[base32 + 4 * i], &v32, 4);
      ASSERT_HIP(hipMemsetD8(device + 40000 + offset, static_cast<unsigned char>(round), count));
      std::memset(&model[40000 + offset], round, count);
    }
  expectModel("hipMemsetD8/D16/D32");
}

TEST_F(Fills, AsyncFillsOnAStreamLandInOrder) {
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(hipMemsetAsync(device + 3, 0x11, 5000, stream));
  ASSERT_HIP(hipMemsetD16Async(device + 100, 0x2233, 300, stream));  // overwrites part of the first
  ASSERT_HIP(hipMemsetD32Async(device + 1000, 0x44556677, 7, stream));
  ASSERT_HIP(hipMemsetD8Async(device + 1001, 0x88, 2, stream));
  std::memset(&model[3], 0x11, 5000);
  for (size_t i = 0; i < 300; ++i) {
    uint16_t v = 0x2233;
    std::memcpy(&model[100 + 2 * i], &v, 2);
  }
  for (size_t i = 0; i < 7; ++i) {
    uint32_t v = 0x44556677;
    std::memcpy(&model[1000 + 4 * i], &v, 4);
  }
  model[1001] = model[1002] = 0x88;
  ASSERT_HIP(hipStreamSynchronize(stream));
  expectModel("async fills");
  ASSERT_HIP(hipStreamDestroy(stream));
}

using Copies = DeviceArena;

TEST_F(Copies, DeviceToDeviceEverySizeAndRelativeAlignment) {
  uint8_t* other = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&other), kArena));
  std::vector<uint8_t> otherModel(kArena);
  for (size_t i = 0; i < kArena; ++i) otherModel[i] = static_cast<uint8_t>(~pseudoRandom(i * 3));
  ASSERT_HIP(hipMemcpy(other, otherModel.data(), kArena, hipMemcpyHostToDevice));
  // Same offset from 16 bytes (vector kernel) and every misalignment (byte kernel).
  const size_t pairs[][2] = {{0, 0}, {1, 1},  {15, 15}, {0, 1}, {1, 0},
                             {3, 7}, {16, 1}, {5, 12},  {8, 0}};
  for (size_t size : kSizes)
    for (const auto& pair : pairs) {
      if (pair[0] + size > kArena || pair[1] + size > kArena) continue;
      ASSERT_HIP(hipMemcpy(device + pair[0], other + pair[1], size, hipMemcpyDeviceToDevice));
      std::memcpy(&model[pair[0]], &otherModel[pair[1]], size);
      ASSERT_HIP(hipMemcpy(other + pair[1], device + pair[0] + 1, size > 0 ? size - 1 : 0,
                           hipMemcpyDefault));
      if (size > 1) std::memcpy(&otherModel[pair[1]], &model[pair[0] + 1], size - 1);
    }
  expectModel("device to device");
  std::vector<uint8_t> actual = download(other, kArena);
  for (size_t i = 0; i < kArena; ++i) ASSERT_EQ(actual[i], otherModel[i]) << i;
  ASSERT_HIP(hipFree(other));
}

TEST_F(Copies, HostToDeviceAndBackFromPageableAndPinnedMemory) {
  uint8_t* pinned = nullptr;
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&pinned), kArena, 0));
  std::vector<uint8_t> pageable(kArena);
  for (size_t i = 0; i < kArena; ++i) pinned[i] = pageable[i] = static_cast<uint8_t>(i * 13 + 1);
  for (size_t size : kSizes)
    for (size_t offset : {size_t{0}, size_t{1}, size_t{7}}) {
      if (offset + size + 32 > kArena) continue;
      ASSERT_HIP(hipMemcpy(device + offset, pinned + 32 - offset, size, hipMemcpyHostToDevice));
      std::memcpy(&model[offset], &pageable[32 - offset], size);
      ASSERT_HIP(hipMemcpy(device + offset + 9, pageable.data() + 3, size, hipMemcpyDefault));
      std::memcpy(&model[offset + 9], &pageable[3], size);
    }
  expectModel("host to device");
  std::vector<uint8_t> back(kArena, 0);
  ASSERT_HIP(hipMemcpy(pinned, device, kArena, hipMemcpyDeviceToHost));
  ASSERT_HIP(hipMemcpy(back.data() + 1, device, kArena - 1, hipMemcpyDefault));
  for (size_t i = 0; i < kArena; ++i) ASSERT_EQ(pinned[i], model[i]) << i;
  for (size_t i = 0; i + 1 < kArena; ++i) ASSERT_EQ(back[i + 1], model[i]) << i;
  ASSERT_HIP(hipHostFree(pinned));
}

TEST(LargeCopies, SixteenMebibytesFilledCopiedAlignedAndUnaligned) {
  const size_t n = size_t{16} << 20;
  uint8_t *a = nullptr, *b = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&a), n + 16));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&b), n + 16));
  ASSERT_HIP(hipMemset(a, 0x5C, n + 16));
  ASSERT_HIP(hipMemsetD32(a + 8, 0x01020304, n / 4 - 4));
  std::vector<uint8_t> source(n);
  for (size_t i = 0; i < n; ++i) source[i] = pseudoRandom(i);
  ASSERT_HIP(hipMemcpy(a + 3, source.data(), n, hipMemcpyHostToDevice));  // over most of the fill
  ASSERT_HIP(hipMemcpy(b + 3, a + 3, n, hipMemcpyDeviceToDevice));        // vector kernel
  std::vector<uint8_t> actual = download(b + 3, n);
  ASSERT_TRUE(actual == source);
  ASSERT_HIP(hipMemcpy(b, a + 3, n, hipMemcpyDeviceToDevice));  // byte kernel
  actual = download(b, n + 16);
  ASSERT_TRUE(std::equal(source.begin(), source.end(), actual.begin()));
  // Beyond the second copy, b still holds the end of the first one (shifted by 3).
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(actual[n + i], source[n - 3 + i]) << i;
  std::vector<uint8_t> head = download(a, 3);
  EXPECT_EQ(head, std::vector<uint8_t>(3, 0x5C));
  std::vector<uint8_t> tail = download(a + n + 3, 13);
  // a[n + 3 .. n + 8) keeps the D32 pattern (bytes 04 03 02 01 from a + 8), then 0x5C.
  for (size_t i = 0; i < 13; ++i) {
    size_t at = n + 3 + i;
    uint8_t expected = at < 8 + 4 * (n / 4 - 4) ? static_cast<uint8_t>(4 - (at - 8) % 4) : 0x5C;
    EXPECT_EQ(tail[i], expected) << at;
  }
  ASSERT_HIP(hipFree(a));
  ASSERT_HIP(hipFree(b));
}

// Pageable copies go through two 4 MiB staging buffers in turn: three full chunks and a partial
// one, so each buffer is reused while the other's DMA may be in flight, in both directions.
TEST(LargeCopies, PageableCopiesOfSeveralStagingChunksKeepEveryByte) {
  const size_t n = (size_t{3} << 22) + 12345;
  uint8_t* device = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), n + 1));
  std::vector<uint8_t> source(n);
  for (size_t i = 0; i < n; ++i) source[i] = pseudoRandom(i * 7 + 5);
  ASSERT_HIP(hipMemcpy(device + 1, source.data(), n, hipMemcpyHostToDevice));
  std::vector<uint8_t> back(n + 1, 0);
  ASSERT_HIP(hipMemcpy(back.data() + 1, device + 1, n, hipMemcpyDeviceToHost));
  EXPECT_EQ(back[0], 0);
  ASSERT_TRUE(std::equal(source.begin(), source.end(), back.begin() + 1));
  ASSERT_HIP(hipFree(device));
}

TEST(PitchedCopies, TwoDimensionalBoxesWithPitchesAndOffsets) {
  const size_t width = 45, height = 9, hostPitch = 61;
  uint8_t *a = nullptr, *b = nullptr;
  size_t pitchA = 0, pitchB = 0;
  ASSERT_HIP(hipMallocPitch(reinterpret_cast<void**>(&a), &pitchA, width + 8, height + 2));
  ASSERT_HIP(hipMallocPitch(reinterpret_cast<void**>(&b), &pitchB, width + 3, height + 1));
  ASSERT_HIP(hipMemset2D(a, pitchA, 0x10, pitchA, height + 2));
  ASSERT_HIP(hipMemset2D(b, pitchB, 0x20, pitchB, height + 1));
  std::vector<uint8_t> modelA(pitchA * (height + 2), 0x10), modelB(pitchB * (height + 1), 0x20);
  std::vector<uint8_t> host(hostPitch * height);
  for (size_t i = 0; i < host.size(); ++i) host[i] = pseudoRandom(i + 99);
  // Host rows -> a at (column 5, row 1); a -> b at (column 3, row 0) with another pitch (byte
  // kernel: the pitches differ modulo 16); a 2D fill inside b; b -> host.
  ASSERT_HIP(hipMemcpy2D(a + pitchA + 5, pitchA, host.data(), hostPitch, width, height,
                         hipMemcpyHostToDevice));
  for (size_t y = 0; y < height; ++y)
    std::memcpy(&modelA[(y + 1) * pitchA + 5], &host[y * hostPitch], width);
  ASSERT_HIP(hipMemcpy2D(b + 3, pitchB - 1, a + pitchA + 5, pitchA, width, height,
                         hipMemcpyDeviceToDevice));
  for (size_t y = 0; y < height; ++y)
    std::memcpy(&modelB[y * (pitchB - 1) + 3], &modelA[(y + 1) * pitchA + 5], width);
  ASSERT_HIP(hipMemset2DAsync(b + 7, pitchB, 0x7E, 11, 4, nullptr));
  for (size_t y = 0; y < 4; ++y) std::memset(&modelB[y * pitchB + 7], 0x7E, 11);
  std::vector<uint8_t> out(width * height, 0);
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(hipMemcpy2DAsync(out.data(), width, b + 3, pitchB - 1, width, height,
                              hipMemcpyDeviceToHost, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  for (size_t y = 0; y < height; ++y)
    for (size_t x = 0; x < width; ++x)
      ASSERT_EQ(out[y * width + x], modelB[y * (pitchB - 1) + 3 + x]) << y << "," << x;
  std::vector<uint8_t> wholeA = download(a, modelA.size()), wholeB = download(b, modelB.size());
  EXPECT_TRUE(wholeA == modelA);
  EXPECT_TRUE(wholeB == modelB);
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipFree(a));
  ASSERT_HIP(hipFree(b));
}

TEST(PitchedCopies, ThreeDimensionalAllocationFillAndCopies) {
  const hipExtent extent = make_hipExtent(37, 5, 4);  // bytes, rows, slices
  hipPitchedPtr volume{}, second{};
  ASSERT_HIP(hipMalloc3D(&volume, extent));
  ASSERT_HIP(hipMalloc3D(&second, extent));
  ASSERT_NE(volume.ptr, nullptr);
  EXPECT_GE(volume.pitch, extent.width);
  EXPECT_EQ(volume.pitch % 256, 0u);
  EXPECT_EQ(volume.xsize, extent.width);
  EXPECT_EQ(volume.ysize, extent.height);
  const size_t pitch = volume.pitch, slice = pitch * extent.height, total = slice * extent.depth;
  std::vector<uint8_t> model(total, 0x99);
  ASSERT_HIP(hipMemset3D(volume, 0x99, make_hipExtent(pitch, extent.height, extent.depth)));
  ASSERT_HIP(hipMemset3D(second, 0x00, make_hipExtent(pitch, extent.height, extent.depth)));
  // A sub-box fill: 10 bytes x 3 rows x 2 slices at (4, 1, 1).
  hipPitchedPtr inner = make_hipPitchedPtr(static_cast<char*>(volume.ptr) + slice + pitch + 4,
                                           pitch, extent.width, extent.height);
  ASSERT_HIP(hipMemset3DAsync(inner, 0x3C, make_hipExtent(10, 3, 2), nullptr));
  for (size_t z = 1; z < 3; ++z)
    for (size_t y = 1; y < 4; ++y) std::memset(&model[z * slice + y * pitch + 4], 0x3C, 10);
  // Host box (pitch 50, 6 rows per slice) at position (2, 1, 0) -> volume at (20, 2, 1): 15 x 3
  // x 3.
  const size_t hostPitch = 50, hostRows = 6, hostSlices = 3;
  std::vector<uint8_t> host(hostPitch * hostRows * hostSlices);
  for (size_t i = 0; i < host.size(); ++i) host[i] = pseudoRandom(i + 7);
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(host.data(), hostPitch, 40, hostRows);
  p.srcPos = make_hipPos(2, 1, 0);
  p.dstPtr = volume;
  p.dstPos = make_hipPos(20, 2, 1);
  p.extent = make_hipExtent(15, 3, 3);
  p.kind = hipMemcpyHostToDevice;
  ASSERT_HIP(hipMemcpy3D(&p));
  for (size_t z = 0; z < 3; ++z)
    for (size_t y = 0; y < 3; ++y)
      std::memcpy(&model[(z + 1) * slice + (y + 2) * pitch + 20],
                  &host[z * hostPitch * hostRows + (y + 1) * hostPitch + 2], 15);
  // Device to device, whole volume, on a stream; then back to the host.
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  hipMemcpy3DParms d{};
  d.srcPtr = volume;
  d.dstPtr = second;
  d.extent = make_hipExtent(extent.width, extent.height, extent.depth);
  d.kind = hipMemcpyDeviceToDevice;
  ASSERT_HIP(hipMemcpy3DAsync(&d, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  std::vector<uint8_t> actual = download(volume.ptr, total);
  for (size_t i = 0; i < total; ++i) ASSERT_EQ(actual[i], model[i]) << i;
  std::vector<uint8_t> copied = download(second.ptr, total);
  for (size_t z = 0; z < extent.depth; ++z)
    for (size_t y = 0; y < extent.height; ++y)
      for (size_t x = 0; x < pitch; ++x) {
        size_t at = z * slice + y * pitch + x;
        ASSERT_EQ(copied[at], x < extent.width ? model[at] : 0) << z << "," << y << "," << x;
      }
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipFree(volume.ptr));
  ASSERT_HIP(hipFree(second.ptr));
}

TEST(PeerCopies, SameDeviceCopiesAndInvalidOrdinals) {
  const size_t n = 1031;
  uint8_t *a = nullptr, *b = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&a), n));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&b), n));
  std::vector<uint8_t> source(n);
  for (size_t i = 0; i < n; ++i) source[i] = pseudoRandom(i + 5);
  ASSERT_HIP(hipMemcpy(a, source.data(), n, hipMemcpyHostToDevice));
  ASSERT_HIP(hipMemcpyPeer(b, 0, a, 0, n));
  EXPECT_TRUE(download(b, n) == source);
  ASSERT_HIP(hipMemset(b, 0, n));
  ASSERT_HIP(hipMemcpyPeerAsync(b + 1, 0, a, 0, n - 1, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  std::vector<uint8_t> shifted = download(b, n);
  EXPECT_EQ(shifted[0], 0);
  EXPECT_TRUE(std::equal(source.begin(), source.end() - 1, shifted.begin() + 1));
  int count = 0;
  ASSERT_HIP(hipGetDeviceCount(&count));
  EXPECT_EQ(hipMemcpyPeer(b, count, a, 0, n), hipErrorInvalidDevice);
  EXPECT_EQ(hipMemcpyPeer(b, 0, a, -1, n), hipErrorInvalidDevice);
  EXPECT_EQ(hipMemcpyPeerAsync(b, 0, a, count, n, nullptr), hipErrorInvalidDevice);
  (void)hipGetLastError();
  ASSERT_HIP(hipFree(a));
  ASSERT_HIP(hipFree(b));
}

TEST(PinnedCopies, RegisteredHostMemoryIsReachedByTheKernels) {
  const size_t n = 3 * 4096;
  auto* registered = static_cast<uint8_t*>(std::aligned_alloc(4096, n));
  ASSERT_NE(registered, nullptr);
  std::memset(registered, 0, n);
  ASSERT_HIP(hipHostRegister(registered, n, hipHostRegisterDefault));
  uint8_t* device = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), n));
  std::vector<uint8_t> source(n);
  for (size_t i = 0; i < n; ++i) source[i] = pseudoRandom(i + 11);
  ASSERT_HIP(hipMemcpy(device, source.data(), n, hipMemcpyHostToDevice));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(hipMemcpyAsync(registered + 1, device, n - 1, hipMemcpyDeviceToHost, stream));
  ASSERT_HIP(hipMemsetAsync(registered + 100, 0xE1, 29, stream));
  ASSERT_HIP(hipMemcpyAsync(device, registered + 5, 1000, hipMemcpyHostToDevice, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  std::vector<uint8_t> model(n, 0);
  std::memcpy(&model[1], source.data(), n - 1);
  std::memset(&model[100], 0xE1, 29);
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(registered[i], model[i]) << i;
  std::vector<uint8_t> back = download(device, 1000);
  EXPECT_TRUE(std::equal(back.begin(), back.end(), model.begin() + 5));
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipHostUnregister(registered));
  std::free(registered);
  ASSERT_HIP(hipFree(device));
}

// Not a timed test: prints what each path moves per second on this machine (vgpu or a GPU), and
// checks the data each one moved.
TEST(CopyThroughput, KernelCopiesAndTheStagingPathMoveSixteenMebibytes) {
  const size_t n = size_t{16} << 20;
  uint8_t *pinned = nullptr, *device = nullptr, *second = nullptr;
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&pinned), n, 0));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), n));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&second), n));
  std::vector<uint8_t> pageable(n);
  for (size_t i = 0; i < n; ++i) pinned[i] = pageable[i] = pseudoRandom(i + 3);
  auto timed = [](const char* what, auto&& body) {
    auto start = std::chrono::steady_clock::now();
    body();
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%-44s %8.1f MB/s\n", what, 16.0 * 1.048576 / seconds);
  };
  timed("H2D pinned (copy kernel on the queue)",
        [&] { ASSERT_HIP(hipMemcpy(device, pinned, n, hipMemcpyHostToDevice)); });
  timed("D2D (aligned copy kernel)",
        [&] { ASSERT_HIP(hipMemcpy(second, device, n, hipMemcpyDeviceToDevice)); });
  timed("D2D misaligned (byte copy kernel)",
        [&] { ASSERT_HIP(hipMemcpy(device + 1, second, n - 1, hipMemcpyDeviceToDevice)); });
  timed("H2D pageable (staging buffer, SDMA)",
        [&] { ASSERT_HIP(hipMemcpy(device, pageable.data(), n, hipMemcpyHostToDevice)); });
  timed("fill (hipMemset kernel)", [&] { ASSERT_HIP(hipMemset(second, 0x3A, n)); });
  std::memset(pinned, 0, n);
  timed("D2H pinned (copy kernel on the queue)",
        [&] { ASSERT_HIP(hipMemcpy(pinned, device, n, hipMemcpyDeviceToHost)); });
  ASSERT_TRUE(std::equal(pageable.begin(), pageable.end(), pinned));
  std::vector<uint8_t> filled = download(second, n);
  ASSERT_TRUE(std::all_of(filled.begin(), filled.end(), [](uint8_t b) { return b == 0x3A; }));
  ASSERT_HIP(hipHostFree(pinned));
  ASSERT_HIP(hipFree(device));
  ASSERT_HIP(hipFree(second));
}

TEST(DriverStyleCopies, HtoDDtoDDtoHAndWithStream) {
  const size_t n = 777;
  uint8_t *a = nullptr, *b = nullptr, *pinned = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&a), n));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&b), n));
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&pinned), n, 0));
  std::vector<uint8_t> source(n), back(n, 0);
  for (size_t i = 0; i < n; ++i) source[i] = pseudoRandom(i + 21);
  ASSERT_HIP(hipMemcpyHtoD(a, source.data(), n));
  ASSERT_HIP(hipMemcpyDtoD(b, a, n));
  ASSERT_HIP(hipMemcpyDtoH(back.data(), b, n));
  EXPECT_EQ(back, source);
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(hipMemsetAsync(a, 0, n, stream));
  ASSERT_HIP(hipMemcpyHtoDAsync(a + 1, source.data(), n - 1, stream));
  ASSERT_HIP(hipMemcpyDtoDAsync(b, a, n, stream));
  ASSERT_HIP(hipMemcpyDtoHAsync(pinned, b, n, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(pinned[0], 0);
  EXPECT_TRUE(std::equal(source.begin(), source.end() - 1, pinned + 1));
  std::memset(pinned, 0xFF, n);
  ASSERT_HIP(hipMemcpyWithStream(pinned, a, n, hipMemcpyDefault, stream));  // complete on return
  EXPECT_EQ(pinned[0], 0);
  EXPECT_TRUE(std::equal(source.begin(), source.end() - 1, pinned + 1));
  EXPECT_EQ(hipMemcpyHtoD(nullptr, source.data(), n), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpyWithStream(pinned, a, n, static_cast<hipMemcpyKind>(5), stream),
            hipErrorInvalidMemcpyDirection);
  (void)hipGetLastError();
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipHostFree(pinned));
  ASSERT_HIP(hipFree(a));
  ASSERT_HIP(hipFree(b));
}

// ---- Ordering and asynchrony ----

TEST(CopyOrdering, AnAsyncCopySeesTheOutputOfTheKernelBeforeIt) {
  int *target = nullptr, *copy = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&target), 64));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&copy), 64));
  ASSERT_HIP(hipMemset(target, 0, 64));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(launchSlowStore(target, 4242, 20000, stream));
  ASSERT_HIP(hipMemcpyAsync(copy, target, 64, hipMemcpyDeviceToDevice, stream));
  int* pinned = nullptr;
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&pinned), 64, 0));
  ASSERT_HIP(hipMemcpyAsync(pinned, copy, 64, hipMemcpyDeviceToHost, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(pinned[0], 4242);
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipHostFree(pinned));
  ASSERT_HIP(hipFree(target));
  ASSERT_HIP(hipFree(copy));
}

TEST(CopyOrdering, AKernelReadsWhatAnAsyncMemsetWrote) {
  int *buffer = nullptr, *out = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&buffer), 4096));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&out), sizeof(int)));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  for (int round = 1; round <= 3; ++round) {
    ASSERT_HIP(hipMemsetAsync(buffer, 0x10 * round, 4096, stream));
    ASSERT_HIP(launchCopyInt(out, buffer + 1000, stream));
    int result = 0;
    ASSERT_HIP(hipMemcpyAsync(&result, out, sizeof(int), hipMemcpyDeviceToHost,
                              stream));  // pageable: done on return
    uint32_t byte = 0x10u * round;
    EXPECT_EQ(static_cast<uint32_t>(result), byte * 0x01010101u) << round;
  }
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipFree(buffer));
  ASSERT_HIP(hipFree(out));
}

// Small copies from pageable memory into device memory are CPU stores on a large BAR (vgpu has
// one): they must still wait for the stream's kernels before them, and be what the next kernel
// reads.
TEST(CopyOrdering, ASmallPageableCopyWaitsForTheKernelBeforeItAndTheNextKernelReadsIt) {
  int *target = nullptr, *out = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&target), 64 * sizeof(int)));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&out), sizeof(int)));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  for (int round = 1; round <= 3; ++round) {
    std::vector<int> values(64);
    for (int i = 0; i < 64; ++i) values[i] = round * 1000 + i;
    // The kernel stores 4242 into target[0] after a long loop; the copy, queued behind it,
    // overwrites it, and the next kernel copies what it finds.
    ASSERT_HIP(launchSlowStore(target, 4242, 20000, stream));
    ASSERT_HIP(hipMemcpyAsync(target, values.data(), values.size() * sizeof(int),
                              hipMemcpyHostToDevice, stream));
    ASSERT_HIP(launchCopyInt(out, target, stream));
    int result = 0;
    ASSERT_HIP(hipMemcpyAsync(&result, out, sizeof(int), hipMemcpyDeviceToHost, stream));
    EXPECT_EQ(result, round * 1000) << round;
    std::vector<int> back(64);
    ASSERT_HIP(hipMemcpy(back.data(), target, back.size() * sizeof(int), hipMemcpyDeviceToHost));
    EXPECT_EQ(back, values) << round;
  }
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipFree(target));
  ASSERT_HIP(hipFree(out));
}

TEST(CopyOrdering, CopiesOnTwoStreamsOrderedByAnEvent) {
  const size_t n = 100000;
  uint8_t *a = nullptr, *b = nullptr, *c = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&a), n));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&b), n));
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&c), n, 0));
  hipStream_t first = nullptr, second = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&first, hipStreamNonBlocking));
  ASSERT_HIP(hipStreamCreateWithFlags(&second, hipStreamNonBlocking));
  hipEvent_t written = nullptr;
  ASSERT_HIP(hipEventCreate(&written));
  for (int round = 0; round < 4; ++round) {
    ASSERT_HIP(hipMemsetAsync(a, 0xA0 + round, n, first));
    ASSERT_HIP(hipMemcpyAsync(b, a, n, hipMemcpyDeviceToDevice, first));
    ASSERT_HIP(hipEventRecord(written, first));
    ASSERT_HIP(hipStreamWaitEvent(second, written, 0));
    ASSERT_HIP(hipMemcpyAsync(c, b, n, hipMemcpyDeviceToHost, second));
    ASSERT_HIP(hipStreamSynchronize(second));
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(c[i], 0xA0 + round) << round << ":" << i;
  }
  ASSERT_HIP(hipEventDestroy(written));
  ASSERT_HIP(hipStreamDestroy(first));
  ASSERT_HIP(hipStreamDestroy(second));
  ASSERT_HIP(hipFree(a));
  ASSERT_HIP(hipFree(b));
  ASSERT_HIP(hipHostFree(c));
}

// A host function that holds its stream until the test opens the gate.
void waitForGate(void* gate) {
  auto* open = static_cast<std::atomic<bool>*>(gate);
  while (!open->load(std::memory_order_acquire))
    std::this_thread::sleep_for(std::chrono::microseconds(200));
}

TEST(CopyAsynchrony, AsyncCopiesAndFillsReturnBeforeTheDataMoves) {
  const size_t n = 1 << 16;
  uint8_t *device = nullptr, *pinned = nullptr, *pinnedSource = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), n));
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&pinned), n, 0));
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&pinnedSource), n, 0));
  std::memset(pinned, 0, n);
  for (size_t i = 0; i < n; ++i) pinnedSource[i] = pseudoRandom(i);
  ASSERT_HIP(hipMemset(device, 0x77, n));
  hipStream_t held = nullptr, follower = nullptr;
  ASSERT_HIP(hipStreamCreate(&held));
  ASSERT_HIP(hipStreamCreate(&follower));
  std::atomic<bool> gate{false};
  ASSERT_HIP(hipLaunchHostFunc(held, waitForGate, &gate));
  ASSERT_HIP(hipMemcpyAsync(pinned, device, n / 2, hipMemcpyDeviceToHost, held));
  // The event follows the D2H copy, so that the follower's H2D copy of `device` comes after it.
  hipEvent_t released = nullptr;
  ASSERT_HIP(hipEventCreate(&released));
  ASSERT_HIP(hipEventRecord(released, held));
  ASSERT_HIP(hipStreamWaitEvent(follower, released, 0));
  // Both streams are now held: every call must return with its data not moved yet.
  ASSERT_HIP(hipMemsetAsync(pinned + n / 2, 0x55, n / 4, follower));
  ASSERT_HIP(hipMemsetD32Async(pinned + 3 * n / 4, 0x01020304, 16, held));
  ASSERT_HIP(hipMemcpyAsync(device, pinnedSource, n, hipMemcpyHostToDevice, follower));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(pinned[i], 0) << "moved before the streams ran: " << i;
  EXPECT_EQ(hipStreamQuery(held), hipErrorNotReady);
  EXPECT_EQ(hipStreamQuery(follower), hipErrorNotReady);
  gate.store(true, std::memory_order_release);
  ASSERT_HIP(hipStreamSynchronize(held));
  ASSERT_HIP(hipStreamSynchronize(follower));
  // The D2H copy ran before the follower's H2D copy (the event orders them).
  for (size_t i = 0; i < n / 2; ++i) ASSERT_EQ(pinned[i], 0x77) << i;
  for (size_t i = n / 2; i < 3 * n / 4; ++i) ASSERT_EQ(pinned[i], 0x55) << i;
  for (size_t i = 0; i < 64; ++i) ASSERT_EQ(pinned[3 * n / 4 + i], 4 - i % 4) << i;
  EXPECT_TRUE(download(device, n) == std::vector<uint8_t>(pinnedSource, pinnedSource + n));
  ASSERT_HIP(hipEventDestroy(released));
  ASSERT_HIP(hipStreamDestroy(held));
  ASSERT_HIP(hipStreamDestroy(follower));
  ASSERT_HIP(hipFree(device));
  ASSERT_HIP(hipHostFree(pinned));
  ASSERT_HIP(hipHostFree(pinnedSource));
}

TEST(CopyAsynchrony, PageableCopiesWaitForTheStreamAndCompleteOnReturn) {
  const size_t n = 5000;
  uint8_t* device = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), n));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  std::atomic<bool> gate{false};
  ASSERT_HIP(hipLaunchHostFunc(stream, waitForGate, &gate));
  ASSERT_HIP(hipMemsetAsync(device, 0x42, n, stream));
  std::thread opener([&gate] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    gate.store(true, std::memory_order_release);
  });
  std::vector<uint8_t> pageable(n, 0);
  ASSERT_HIP(hipMemcpyAsync(pageable.data(), device, n, hipMemcpyDeviceToHost, stream));
  EXPECT_TRUE(gate.load());                            // it waited for the held stream
  EXPECT_EQ(pageable, std::vector<uint8_t>(n, 0x42));  // and the data is there on return
  opener.join();
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipFree(device));
}

TEST(CopyAsynchrony, SymbolCopiesAreQueuedBehindTheStreamsWork) {
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  int* pinned = nullptr;
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&pinned), 2 * sizeof(int), 0));
  pinned[0] = 8675309;
  pinned[1] = -1;
  std::atomic<bool> gate{false};
  ASSERT_HIP(hipLaunchHostFunc(stream, waitForGate, &gate));
  ASSERT_HIP(hipMemcpyToSymbolAsync(hitsSymbol(), &pinned[0], sizeof(int), 0, hipMemcpyHostToDevice,
                                    stream));
  ASSERT_HIP(hipMemcpyFromSymbolAsync(&pinned[1], hitsSymbol(), sizeof(int), 0,
                                      hipMemcpyDeviceToHost, stream));
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(pinned[1], -1);  // the stream is held: nothing moved yet
  gate.store(true, std::memory_order_release);
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(pinned[1], 8675309);
  EXPECT_EQ(hipMemcpyToSymbolAsync(hitsSymbol(), &pinned[0], sizeof(int), 4, hipMemcpyHostToDevice,
                                   stream),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpyFromSymbolAsync(&pinned[1], hitsSymbol(), sizeof(int), 0,
                                     hipMemcpyHostToDevice, stream),
            hipErrorInvalidMemcpyDirection);
  (void)hipGetLastError();
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipHostFree(pinned));
}

// ---- Misuse ----

TEST(CopyMisuse, DocumentedErrorsAndTheRuntimeStaysUsable) {
  uint8_t* device = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), 4096));
  std::vector<uint8_t> host(4096, 1);
  EXPECT_EQ(hipMemcpy(nullptr, host.data(), 16, hipMemcpyHostToDevice), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpy(device, nullptr, 16, hipMemcpyHostToDevice), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpy(device, host.data(), 16, static_cast<hipMemcpyKind>(7)),
            hipErrorInvalidMemcpyDirection);
  EXPECT_EQ(hipMemcpyAsync(device, host.data(), 16, hipMemcpyHostToDevice,
                           reinterpret_cast<hipStream_t>(0x10)),
            hipErrorInvalidHandle);
  EXPECT_EQ(hipMemsetAsync(device, 0, 16, reinterpret_cast<hipStream_t>(0x10)),
            hipErrorInvalidHandle);
  EXPECT_EQ(hipMemset(nullptr, 0, 16), hipErrorInvalidValue);
  EXPECT_EQ(hipMemset(device, 0, size_t{1} << 40),
            hipErrorInvalidValue);  // far past the allocation
  EXPECT_EQ(hipMemcpy(device, device + 8, size_t{1} << 40, hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemset(host.data(), 0, 16), hipErrorInvalidValue);  // pageable memory: not reachable
  EXPECT_EQ(hipMemset2D(device, 64, 0, 65, 2), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpy2D(device, 64, host.data(), 100, 80, 2, hipMemcpyHostToDevice),
            hipErrorInvalidPitchValue);
  EXPECT_EQ(hipMemcpy3D(nullptr), hipErrorInvalidValue);
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(host.data(), 64, 64, 8);
  p.dstPtr = make_hipPitchedPtr(device, 64, 64, 8);
  p.extent = make_hipExtent(65, 2, 1);
  p.kind = hipMemcpyHostToDevice;
  EXPECT_EQ(hipMemcpy3D(&p), hipErrorInvalidPitchValue);
  p.extent = make_hipExtent(16, 9, 2);  // more rows than a slice holds
  EXPECT_EQ(hipMemcpy3D(&p), hipErrorInvalidValue);
  p.extent = make_hipExtent(16, 2, 2);
  p.kind = static_cast<hipMemcpyKind>(-1);
  EXPECT_EQ(hipMemcpy3D(&p), hipErrorInvalidMemcpyDirection);
  p.kind = hipMemcpyHostToDevice;
  p.srcArray = reinterpret_cast<hipArray_t>(0x1000);
  EXPECT_EQ(hipMemcpy3D(&p), hipErrorInvalidValue);
  EXPECT_EQ(hipMemset3D(make_hipPitchedPtr(device, 64, 64, 8), 0, make_hipExtent(65, 1, 1)),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMalloc3D(nullptr, make_hipExtent(1, 1, 1)), hipErrorInvalidValue);
  // Nothing to do is not an error, even with null pointers.
  ASSERT_HIP(hipMemcpy(nullptr, nullptr, 0, hipMemcpyDefault));
  ASSERT_HIP(hipMemset(nullptr, 0, 0));
  ASSERT_HIP(hipMemset3D(make_hipPitchedPtr(nullptr, 0, 0, 0), 0, make_hipExtent(0, 4, 4)));
  (void)hipGetLastError();
  // Still usable.
  ASSERT_HIP(hipMemset(device, 0x6B, 4096));
  std::vector<uint8_t> back = download(device, 4096);
  EXPECT_EQ(back, std::vector<uint8_t>(4096, 0x6B));
  ASSERT_HIP(hipFree(device));
}

}  // namespace
