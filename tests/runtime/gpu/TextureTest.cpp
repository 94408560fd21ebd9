// Arrays, texture objects and surface objects end to end on a GPU (vgpu in CI): data through
// every copy into and out of 1D, 2D, 3D and layered arrays; texture reads compared with a host
// reference sampler written here (point sampling bit-exact, bilinear within the hardware's
// 8-bit weights) under every address mode; surfaces written by one kernel and read back by
// another; and the calls' argument checks.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>
#include <algorithm>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "DeviceCopies.h"
#include "HostSampler.h"
#include "TextureKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

std::vector<std::uint8_t> pattern(size_t bytes, unsigned seed) {
  std::vector<std::uint8_t> v(bytes);
  std::uint32_t x = seed * 2654435761u + 7;
  for (auto& b : v) {
    x = x * 1664525u + 1013904223u;
    b = static_cast<std::uint8_t>(x >> 24);
  }
  return v;
}

// ---------------------------------------------------------------------------------------------
// Arrays and copies.

TEST(Arrays, RoundTripEveryCopyThrough1D2D3DAndLayeredArrays) {
  struct Shape {
    size_t w, h, d;
    unsigned flags;
  };
  const hipChannelFormatDesc desc = hipCreateChannelDesc(16, 16, 0, 0, hipChannelFormatKindSigned);
  const size_t element = 4;
  for (const Shape& s : {Shape{37, 0, 0, 0}, Shape{29, 11, 0, 0}, Shape{13, 5, 4, 0},
                         Shape{17, 0, 3, hipArrayLayered}, Shape{9, 6, 5, hipArrayLayered}}) {
    hipArray_t array = nullptr;
    ASSERT_HIP(hipMalloc3DArray(&array, &desc, make_hipExtent(s.w, s.h, s.d), s.flags));
    const size_t rows = (s.h ? s.h : 1) * (s.d ? s.d : 1), rowBytes = s.w * element;
    std::vector<std::uint8_t> in = pattern(rowBytes * rows, static_cast<unsigned>(s.w));
    // In with hipMemcpy3D (host pitched pointer), out with hipMemcpy2DFromArray over all rows.
    hipMemcpy3DParms p = {};
    p.srcPtr = make_hipPitchedPtr(in.data(), rowBytes, s.w, s.h ? s.h : 1);
    p.dstArray = array;
    p.extent = make_hipExtent(s.w, s.h ? s.h : 1, s.d ? s.d : 1);
    p.kind = hipMemcpyHostToDevice;
    ASSERT_HIP(hipMemcpy3D(&p));
    std::vector<std::uint8_t> out(in.size(), 0xee);
    ASSERT_HIP(hipMemcpy2DFromArray(out.data(), rowBytes, array, 0, 0, rowBytes, rows,
                                    hipMemcpyDeviceToHost));
    EXPECT_EQ(out, in) << s.w << "x" << s.h << "x" << s.d;
    // Back out with hipMemcpy3D into a pitched host buffer wider than the rows.
    std::vector<std::uint8_t> wide((rowBytes + 8) * rows, 0xaa);
    hipMemcpy3DParms q = {};
    q.srcArray = array;
    q.dstPtr = make_hipPitchedPtr(wide.data(), rowBytes + 8, s.w, s.h ? s.h : 1);
    q.extent = p.extent;
    q.kind = hipMemcpyDeviceToHost;
    ASSERT_HIP(hipMemcpy3D(&q));
    for (size_t r = 0; r < rows; ++r) {
      ASSERT_EQ(std::memcmp(&wide[r * (rowBytes + 8)], &in[r * rowBytes], rowBytes), 0) << r;
      ASSERT_EQ(wide[r * (rowBytes + 8) + rowBytes], 0xaa) << "padding of row " << r;
    }
    hipChannelFormatDesc got;
    hipExtent extent;
    unsigned flags = 99;
    ASSERT_HIP(hipArrayGetInfo(&got, &extent, &flags, array));
    EXPECT_EQ(got.x, 16);
    EXPECT_EQ(got.y, 16);
    EXPECT_EQ(got.z, 0);
    EXPECT_EQ(got.f, hipChannelFormatKindSigned);
    EXPECT_EQ(extent.width, s.w);
    EXPECT_EQ(extent.height, s.h);
    EXPECT_EQ(extent.depth, s.d);
    EXPECT_EQ(flags, s.flags);
    HIP_ARRAY3D_DESCRIPTOR d3;
    ASSERT_HIP(hipArray3DGetDescriptor(&d3, array));
    EXPECT_EQ(d3.Format, HIP_AD_FORMAT_SIGNED_INT16);
    EXPECT_EQ(d3.NumChannels, 2u);
    EXPECT_EQ(d3.Depth, s.d);
    ASSERT_HIP(hipFreeArray(array));
  }
}

TEST(Arrays, SubRectanglesAndRunsLandWhereAddressed) {
  const hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  hipArray_t array = nullptr;
  const size_t w = 20, h = 9, rowBytes = w * 4;
  ASSERT_HIP(hipMallocArray(&array, &desc, w, h));
  std::vector<std::uint8_t> zero(rowBytes * h, 0);
  ASSERT_HIP(
      hipMemcpy2DToArray(array, 0, 0, zero.data(), rowBytes, rowBytes, h, hipMemcpyHostToDevice));
  std::vector<std::uint8_t> model = zero;
  // A 12-byte x 3-row rectangle at byte 16, row 2, from a source with a 40-byte pitch.
  std::vector<std::uint8_t> box = pattern(40 * 3, 5);
  ASSERT_HIP(
      hipMemcpy2DToArrayAsync(array, 16, 2, box.data(), 40, 12, 3, hipMemcpyHostToDevice, nullptr));
  for (size_t r = 0; r < 3; ++r) std::memcpy(&model[(2 + r) * rowBytes + 16], &box[r * 40], 12);
  ASSERT_HIP(hipDeviceSynchronize());
  // A run of 150 bytes starting at byte 44 of row 4 (wraps over rows), then HtoA at offset 7.
  std::vector<std::uint8_t> run = pattern(150, 6);
  ASSERT_HIP(hipMemcpyToArray(array, 44, 4, run.data(), run.size(), hipMemcpyHostToDevice));
  std::memcpy(&model[4 * rowBytes + 44], run.data(), run.size());
  std::vector<std::uint8_t> small = pattern(9, 7);
  ASSERT_HIP(hipMemcpyHtoA(array, 7, small.data(), small.size()));
  std::memcpy(&model[7], small.data(), small.size());
  std::vector<std::uint8_t> all(model.size());
  ASSERT_HIP(hipMemcpyAtoH(all.data(), array, 0, all.size()));
  EXPECT_EQ(all, model);
  std::vector<std::uint8_t> part(61);
  ASSERT_HIP(hipMemcpyFromArray(part.data(), array, 36, 3, part.size(), hipMemcpyDeviceToHost));
  EXPECT_EQ(0, std::memcmp(part.data(), &model[3 * rowBytes + 36], part.size()));
  // Device-to-array and back through device memory.
  std::uint8_t* device = deviceCopy(model);
  ASSERT_HIP(hipMemcpy2DToArray(array, 0, 0, device + rowBytes, rowBytes, rowBytes, h - 1,
                                hipMemcpyDeviceToDevice));
  ASSERT_HIP(hipMemcpy2DFromArray(device, rowBytes, array, 0, 0, rowBytes, h - 1,
                                  hipMemcpyDeviceToDevice));
  std::vector<std::uint8_t> shifted = hostCopy(device, model.size());
  for (size_t i = 0; i < rowBytes * (h - 1); ++i) ASSERT_EQ(shifted[i], model[i + rowBytes]) << i;
  // The driver API's forms: array to device and back at packed-byte offsets, asynchronous
  // host copies, array to array (runs and rectangles) between arrays of different widths.
  std::vector<std::uint8_t> current(model.size());
  ASSERT_HIP(hipMemcpyAtoH(current.data(), array, 0, current.size()));
  ASSERT_HIP(hipMemcpyAtoD(device, array, 13, 100));
  std::vector<std::uint8_t> fromArray = hostCopy(device, 100);
  EXPECT_EQ(0, std::memcmp(fromArray.data(), &current[13], 100));
  std::vector<std::uint8_t> fresh = pattern(77, 9);
  std::uint8_t* source = deviceCopy(fresh);
  ASSERT_HIP(hipMemcpyDtoA(array, 150, source, fresh.size()));
  std::memcpy(&current[150], fresh.data(), fresh.size());
  std::vector<std::uint8_t> tail = pattern(33, 10);
  ASSERT_HIP(hipMemcpyHtoAAsync(array, rowBytes * h - 33, tail.data(), tail.size(), nullptr));
  std::memcpy(&current[rowBytes * h - 33], tail.data(), tail.size());
  std::vector<std::uint8_t> back(current.size());
  ASSERT_HIP(hipMemcpyAtoHAsync(back.data(), array, 0, back.size(), nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  EXPECT_EQ(back, current);
  hipArray_t other = nullptr;
  const hipChannelFormatDesc byteChannel = hipCreateChannelDesc<unsigned char>();
  ASSERT_HIP(hipMallocArray(&other, &byteChannel, 50, 6));
  ASSERT_HIP(hipMemcpyAtoA(other, 3, array, 40, 200));  // into 50-byte rows from 80-byte ones
  std::vector<std::uint8_t> otherBytes(300);
  ASSERT_HIP(hipMemcpyAtoH(otherBytes.data(), other, 0, otherBytes.size()));
  EXPECT_EQ(0, std::memcmp(&otherBytes[3], &current[40], 200));
  ASSERT_HIP(hipMemcpy2DArrayToArray(other, 10, 1, array, 24, 5, 30, 4, hipMemcpyDeviceToDevice));
  ASSERT_HIP(hipMemcpyAtoH(otherBytes.data(), other, 0, otherBytes.size()));
  for (int r = 0; r < 4; ++r)
    EXPECT_EQ(0, std::memcmp(&otherBytes[(1 + r) * 50 + 10], &current[(5 + r) * rowBytes + 24], 30))
        << r;
  // 30 + 30 bytes exceed the 50-byte rows.
  EXPECT_EQ(hipMemcpy2DArrayToArray(other, 30, 0, array, 0, 0, 30, 1, hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  ASSERT_HIP(hipFreeArray(other));
  ASSERT_HIP(hipFree(source));
  ASSERT_HIP(hipFree(device));
  ASSERT_HIP(hipFreeArray(array));
}

TEST(Arrays, ArgumentsAreChecked) {
  hipArray_t array = nullptr;
  const hipChannelFormatDesc f4 = hipCreateChannelDesc<float4>();
  const hipChannelFormatDesc three = hipCreateChannelDesc(8, 8, 8, 0, hipChannelFormatKindUnsigned);
  EXPECT_EQ(hipMallocArray(nullptr, &f4, 4, 4), hipErrorInvalidValue);
  EXPECT_EQ(hipMallocArray(&array, nullptr, 4, 4), hipErrorInvalidValue);
  EXPECT_EQ(hipMallocArray(&array, &f4, 0, 4), hipErrorInvalidValue);
  EXPECT_EQ(hipMallocArray(&array, &three, 4, 4), hipErrorInvalidValue);
  EXPECT_EQ(hipMallocArray(&array, &f4, 4, 4, 0x80), hipErrorInvalidValue);
  EXPECT_EQ(hipMalloc3DArray(&array, &f4, make_hipExtent(4, 4, 0), hipArrayLayered),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMalloc3DArray(&array, &f4, make_hipExtent(20000, 1, 0), 0), hipErrorInvalidValue);
  EXPECT_EQ(hipMalloc3DArray(&array, &f4, make_hipExtent(4, 2, 6), hipArrayCubemap),
            hipErrorInvalidValue);  // cubemap faces are square (CubemapTest.cpp has the rest)
  HIP_ARRAY_DESCRIPTOR bad = {4, 4, HIP_AD_FORMAT_FLOAT, 3};
  EXPECT_EQ(hipArrayCreate(&array, &bad), hipErrorInvalidValue);
  HIP_ARRAY_DESCRIPTOR good = {8, 2, HIP_AD_FORMAT_HALF, 2};
  ASSERT_HIP(hipArrayCreate(&array, &good));
  HIP_ARRAY_DESCRIPTOR back;
  ASSERT_HIP(hipArrayGetDescriptor(&back, array));
  EXPECT_EQ(back.Width, 8u);
  EXPECT_EQ(back.Height, 2u);
  EXPECT_EQ(back.Format, HIP_AD_FORMAT_HALF);
  EXPECT_EQ(back.NumChannels, 2u);
  hipChannelFormatDesc channel;
  ASSERT_HIP(hipGetChannelDesc(&channel, array));
  EXPECT_EQ(hipGetChannelDesc(&channel, nullptr), hipErrorInvalidHandle);  // AMD's code
  EXPECT_EQ(hipGetChannelDesc(nullptr, array), hipErrorInvalidValue);
  EXPECT_EQ(channel.x, 16);
  EXPECT_EQ(channel.y, 16);
  EXPECT_EQ(channel.f, hipChannelFormatKindFloat);
  std::vector<std::uint8_t> bytes(64);
  // 8 x 2 texels of 4 bytes: 32 bytes per row; anything beyond is refused.
  EXPECT_EQ(hipMemcpy2DToArray(array, 4, 0, bytes.data(), 32, 32, 1, hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpy2DToArray(array, 0, 1, bytes.data(), 32, 32, 2, hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpyHtoA(array, 1, bytes.data(), 64), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpy2DToArray(nullptr, 0, 0, bytes.data(), 32, 32, 1, hipMemcpyHostToDevice),
            hipErrorInvalidHandle);
  EXPECT_EQ(hipArrayGetInfo(nullptr, nullptr, nullptr, nullptr), hipErrorInvalidHandle);
  ASSERT_HIP(hipArrayDestroy(array));
  // Handles that are not (or no longer) arrays are refused, not followed.
  EXPECT_EQ(hipArrayGetInfo(&channel, nullptr, nullptr, array), hipErrorInvalidHandle);
  // A freed array is a destroyed context (AMD's answer, hip-tests' DoubleFree), null invalid.
  EXPECT_EQ(hipFreeArray(array), hipErrorContextIsDestroyed);
  EXPECT_EQ(hipFreeArray(nullptr), hipErrorInvalidValue);
  hipMemcpy3DParms p = {};
  p.srcArray = reinterpret_cast<hipArray_t>(bytes.data());
  p.dstPtr = make_hipPitchedPtr(bytes.data(), 64, 16, 1);
  p.extent = make_hipExtent(1, 1, 1);
  p.kind = hipMemcpyDeviceToHost;
  EXPECT_EQ(hipMemcpy3D(&p), hipErrorInvalidValue);
}

// ---------------------------------------------------------------------------------------------
hipTextureObject_t arrayTexture(hipArray_t array, hipTextureAddressMode mode, bool linear,
                                bool normalized, hipTextureReadMode read) {
  hipResourceDesc resource = {};
  resource.resType = hipResourceTypeArray;
  resource.res.array.array = array;
  hipTextureDesc texture = {};
  for (auto& m : texture.addressMode) m = mode;
  texture.filterMode = linear ? hipFilterModeLinear : hipFilterModePoint;
  texture.readMode = read;
  texture.normalizedCoords = normalized;
  hipTextureObject_t object = nullptr;
  EXPECT_EQ(hipCreateTextureObject(&object, &resource, &texture, nullptr), hipSuccess)
      << hipcoreGetErrorDetail();
  return object;
}

// A mipmapped array as a texture: normalized coordinates clamped at the edges, point sampling
// within a level, `mipFilter` between levels, levels 0 to `maxLevel`.
hipTextureObject_t mipmapTexture(hipMipmappedArray_t mipmap, hipTextureFilterMode mipFilter,
                                 float maxLevel) {
  hipResourceDesc resource = {};
  resource.resType = hipResourceTypeMipmappedArray;
  resource.res.mipmap.mipmap = mipmap;
  hipTextureDesc texture = {};
  for (auto& m : texture.addressMode) m = hipAddressModeClamp;
  texture.normalizedCoords = 1;
  texture.mipmapFilterMode = mipFilter;
  texture.maxMipmapLevelClamp = maxLevel;
  hipTextureObject_t object = nullptr;
  EXPECT_EQ(hipCreateTextureObject(&object, &resource, &texture, nullptr), hipSuccess)
      << hipcoreGetErrorDetail();
  return object;
}

// RGBA8 read as normalized floats: every dimensionality, address mode and filter, coordinates
// reaching well outside the image.
TEST(TextureObjects, SamplingMatchesTheHostReferenceInEveryModeAndDimension) {
  struct Case {
    TextureRead how;
    int axes;
    size_t w, h, d;
    unsigned flags;
  };
  const hipChannelFormatDesc rgba8 = hipCreateChannelDesc<uchar4>();
  for (const Case& k :
       {Case{TextureRead::sample1D, 1, 7, 0, 0, 0}, Case{TextureRead::sample2D, 2, 5, 4, 0, 0},
        Case{TextureRead::sample3D, 3, 4, 3, 3, 0},
        Case{TextureRead::layered1D, 1, 6, 0, 3, hipArrayLayered},
        Case{TextureRead::layered2D, 2, 4, 3, 2, hipArrayLayered}}) {
    hipArray_t array = nullptr;
    ASSERT_HIP(hipMalloc3DArray(&array, &rgba8, make_hipExtent(k.w, k.h, k.d), k.flags));
    HostImage im{static_cast<int>(k.w),
                 static_cast<int>(k.h ? k.h : 1),
                 static_cast<int>(k.d ? k.d : 1),
                 4,
                 {}};
    std::vector<std::uint8_t> bytes = pattern(size_t(im.w) * im.h * im.d * 4, k.axes * 10 + 1);
    for (std::uint8_t b : bytes) im.texels.push_back(float(b) / 255.0f);
    hipMemcpy3DParms p = {};
    p.srcPtr = make_hipPitchedPtr(bytes.data(), im.w * 4, im.w, im.h);
    p.dstArray = array;
    p.extent = make_hipExtent(im.w, im.h, im.d);
    p.kind = hipMemcpyHostToDevice;
    ASSERT_HIP(hipMemcpy3D(&p));
    std::vector<float4> coords(96);
    for (int i = 0; i < 96; ++i)
      coords[i] = make_float4(-1.21f + 0.0437f * i, 2.13f - 0.0389f * i, 0.61f - 0.0211f * i,
                              float(i % (im.d + 1)));  // w: layer, one past the last too
    float4* deviceCoords = deviceCopy(coords);
    float4* deviceOut = nullptr;
    ASSERT_HIP(hipMalloc(&deviceOut, 96 * sizeof(float4)));
    for (hipTextureAddressMode mode :
         {hipAddressModeWrap, hipAddressModeMirror, hipAddressModeClamp, hipAddressModeBorder})
      for (bool linear : {false, true}) {
        hipTextureObject_t t = arrayTexture(array, mode, linear, true, hipReadModeNormalizedFloat);
        ASSERT_HIP(launchReadTexture(t, k.how, deviceCoords, deviceOut, 96));
        std::vector<float4> out = hostCopy(deviceOut, 96);
        const bool layered = k.flags & hipArrayLayered;
        for (int i = 0; i < 96; ++i) {
          const float c[3] = {coords[i].x, coords[i].y, coords[i].z};
          const int layer = layered ? std::min(static_cast<int>(coords[i].w), im.d - 1) : 0;
          const std::array<float, 4> want =
              referenceSample(im, k.axes, mode, linear, true, c, layer);
          const float got[4] = {out[i].x, out[i].y, out[i].z, out[i].w};
          for (int ch = 0; ch < 4; ++ch) {
            if (linear)
              ASSERT_NEAR(got[ch], want[ch], 1e-5f) << "mode " << mode << " lane " << i;
            else
              ASSERT_EQ(got[ch], want[ch]) << "mode " << mode << " lane " << i << " ch " << ch
                                           << " read " << static_cast<int>(k.how);
          }
        }
        ASSERT_HIP(hipDestroyTextureObject(t));
      }
    ASSERT_HIP(hipFree(deviceCoords));
    ASSERT_HIP(hipFree(deviceOut));
    ASSERT_HIP(hipFreeArray(array));
  }
}

// Element-type reads: integers come back as stored, unnormalized coordinates address texels.
TEST(TextureObjects, ElementReadsReturnStoredValues) {
  const hipChannelFormatDesc u16x4 = hipCreateChannelDesc<ushort4>();
  hipArray_t array = nullptr;
  const int w = 6, h = 5;
  ASSERT_HIP(hipMallocArray(&array, &u16x4, w, h));
  std::vector<std::uint16_t> texels(w * h * 4);
  for (size_t i = 0; i < texels.size(); ++i) texels[i] = static_cast<std::uint16_t>(i * 977 + 3);
  ASSERT_HIP(
      hipMemcpy2DToArray(array, 0, 0, texels.data(), w * 8, w * 8, h, hipMemcpyHostToDevice));
  hipTextureObject_t t =
      arrayTexture(array, hipAddressModeClamp, false, false, hipReadModeElementType);
  std::vector<float4> coords;
  for (int y = -1; y <= h; ++y)
    for (int x = -1; x <= w; ++x) coords.push_back(make_float4(x + 0.5f, y + 0.5f, 0, 0));
  float4* deviceCoords = deviceCopy(coords);
  uint4* deviceOut = nullptr;
  ASSERT_HIP(hipMalloc(&deviceOut, coords.size() * sizeof(uint4)));
  ASSERT_HIP(launchReadTextureUint4(t, TextureRead::sample2D, deviceCoords, deviceOut,
                                    static_cast<int>(coords.size())));
  std::vector<uint4> out = hostCopy(deviceOut, coords.size());
  for (size_t i = 0; i < coords.size(); ++i) {
    const int x = std::clamp(static_cast<int>(coords[i].x), 0, w - 1);
    const int y = std::clamp(static_cast<int>(std::floor(coords[i].y)), 0, h - 1);
    const std::uint16_t* want = &texels[(y * w + x) * 4];
    EXPECT_EQ(out[i].x, want[0]) << i;
    EXPECT_EQ(out[i].y, want[1]) << i;
    EXPECT_EQ(out[i].z, want[2]) << i;
    EXPECT_EQ(out[i].w, want[3]) << i;
  }
  hipResourceDesc resource;
  ASSERT_HIP(hipGetTextureObjectResourceDesc(&resource, t));
  EXPECT_EQ(resource.resType, hipResourceTypeArray);
  EXPECT_EQ(resource.res.array.array, array);
  hipTextureDesc texture;
  ASSERT_HIP(hipGetTextureObjectTextureDesc(&texture, t));
  EXPECT_EQ(texture.addressMode[0], hipAddressModeClamp);
  EXPECT_EQ(texture.readMode, hipReadModeElementType);
  ASSERT_HIP(hipDestroyTextureObject(t));
  EXPECT_EQ(hipGetTextureObjectTextureDesc(&texture, t), hipErrorInvalidValue);
  ASSERT_HIP(hipFree(deviceCoords));
  ASSERT_HIP(hipFree(deviceOut));
  ASSERT_HIP(hipFreeArray(array));
}

// Linear memory as a 1D texture (tex1Dfetch, out of range reads 0) and pitched memory as a 2D
// one (tex2D<float>, bilinear).
TEST(TextureObjects, LinearAndPitchedMemoryResources) {
  const int n = 300;
  std::vector<float4> values(n);
  for (int i = 0; i < n; ++i) values[i] = make_float4(i * 0.5f, -i * 1.0f, i * 3.0f, 7.0f);
  float4* memory = deviceCopy(values);
  hipResourceDesc resource = {};
  resource.resType = hipResourceTypeLinear;
  resource.res.linear.devPtr = memory;
  resource.res.linear.desc = hipCreateChannelDesc<float4>();
  resource.res.linear.sizeInBytes = n * sizeof(float4);
  hipTextureDesc texture = {};
  texture.readMode = hipReadModeElementType;
  hipTextureObject_t t = nullptr;
  ASSERT_HIP(hipCreateTextureObject(&t, &resource, &texture, nullptr));
  std::vector<float4> coords;
  for (int i = -3; i < n + 3; i += 7) coords.push_back(make_float4(float(i), 0, 0, 0));
  float4* deviceCoords = deviceCopy(coords);
  float4* deviceOut = nullptr;
  ASSERT_HIP(hipMalloc(&deviceOut, coords.size() * sizeof(float4)));
  ASSERT_HIP(launchReadTexture(t, TextureRead::fetch1D, deviceCoords, deviceOut,
                               static_cast<int>(coords.size())));
  std::vector<float4> out = hostCopy(deviceOut, coords.size());
  for (size_t k = 0; k < coords.size(); ++k) {
    const int i = static_cast<int>(coords[k].x);
    const float4 want = i >= 0 && i < n ? values[i] : make_float4(0, 0, 0, 0);
    EXPECT_EQ(out[k].x, want.x) << i;
    EXPECT_EQ(out[k].y, want.y) << i;
    EXPECT_EQ(out[k].w, want.w) << i;
  }
  ASSERT_HIP(hipDestroyTextureObject(t));

  // 10 x 6 floats in rows of 256 bytes (hipMallocPitch's).
  const int w = 10, h = 6;
  float* pitched = nullptr;
  size_t pitch = 0;
  ASSERT_HIP(hipMallocPitch(reinterpret_cast<void**>(&pitched), &pitch, w * sizeof(float), h));
  HostImage im{w, h, 1, 1, {}};
  for (int i = 0; i < w * h; ++i) im.texels.push_back(std::sin(i * 0.7f) * 10);
  ASSERT_HIP(hipMemcpy2D(pitched, pitch, im.texels.data(), w * sizeof(float), w * sizeof(float), h,
                         hipMemcpyHostToDevice));
  resource = {};
  resource.resType = hipResourceTypePitch2D;
  resource.res.pitch2D.devPtr = pitched;
  resource.res.pitch2D.desc = hipCreateChannelDesc<float>();
  resource.res.pitch2D.width = w;
  resource.res.pitch2D.height = h;
  resource.res.pitch2D.pitchInBytes = pitch;
  texture = {};
  texture.filterMode = hipFilterModeLinear;
  texture.addressMode[0] = texture.addressMode[1] = hipAddressModeClamp;
  ASSERT_HIP(hipCreateTextureObject(&t, &resource, &texture, nullptr));
  coords.clear();
  for (int i = 0; i < 40; ++i)
    coords.push_back(make_float4(-0.7f + i * 0.29f, 6.4f - i * 0.17f, 0, 0));
  ASSERT_HIP(hipFree(deviceCoords));
  deviceCoords = deviceCopy(coords);
  float* deviceScalars = nullptr;
  ASSERT_HIP(hipMalloc(&deviceScalars, coords.size() * sizeof(float)));
  ASSERT_HIP(
      launchReadTextureFloat(t, deviceCoords, deviceScalars, static_cast<int>(coords.size())));
  std::vector<float> scalars = hostCopy(deviceScalars, coords.size());
  for (size_t i = 0; i < coords.size(); ++i) {
    const float c[2] = {coords[i].x, coords[i].y};
    EXPECT_NEAR(scalars[i], referenceSample(im, 2, hipAddressModeClamp, true, false, c, 0)[0],
                1e-4f)
        << i;
  }
  ASSERT_HIP(hipDestroyTextureObject(t));
  ASSERT_HIP(hipFree(pitched));
  ASSERT_HIP(hipFree(memory));
  ASSERT_HIP(hipFree(deviceCoords));
  ASSERT_HIP(hipFree(deviceOut));
  ASSERT_HIP(hipFree(deviceScalars));
}

// tex2Dgather: one channel of the bilinear footprint, (i0,j1), (i1,j1), (i1,j0), (i0,j0).
TEST(TextureObjects, GatherReturnsTheFootprint) {
  const hipChannelFormatDesc f2 = hipCreateChannelDesc<float2>();
  hipArray_t array = nullptr;
  const int w = 5, h = 4;
  ASSERT_HIP(hipMallocArray(&array, &f2, w, h));
  HostImage im{w, h, 1, 2, {}};
  for (int i = 0; i < w * h * 2; ++i) im.texels.push_back(float(i * 3 % 17) - 4.5f);
  ASSERT_HIP(
      hipMemcpy2DToArray(array, 0, 0, im.texels.data(), w * 8, w * 8, h, hipMemcpyHostToDevice));
  // The footprint is bilinear filtering's whatever the filter mode (CUDA), here point filtering
  // with texel coordinates as well as linear with normalized ones.
  for (bool linear : {true, false}) {
    hipTextureObject_t t =
        arrayTexture(array, hipAddressModeWrap, linear, linear, hipReadModeElementType);
    std::vector<float4> coords;
    for (int i = 0; i < 30; ++i)
      coords.push_back(make_float4(-0.31f + i * 0.053f, 1.2f - i * 0.061f, 0, float(i % 2)));
    if (!linear)
      for (float4& c : coords) c.x *= w, c.y *= h;
    float4* deviceCoords = deviceCopy(coords);
    float4* deviceOut = nullptr;
    ASSERT_HIP(hipMalloc(&deviceOut, coords.size() * sizeof(float4)));
    ASSERT_HIP(launchReadTexture(t, TextureRead::gather2D, deviceCoords, deviceOut,
                                 static_cast<int>(coords.size())));
    std::vector<float4> out = hostCopy(deviceOut, coords.size());
    for (size_t i = 0; i < coords.size(); ++i) {
      const double scaleX = linear ? w : 1, scaleY = linear ? h : 1;
      const double x = std::nearbyint(double(coords[i].x) * scaleX * 256) / 256 - 0.5;
      const double y = std::nearbyint(double(coords[i].y) * scaleY * 256) / 256 - 0.5;
      const int i0 = static_cast<int>(std::floor(x)), j0 = static_cast<int>(std::floor(y));
      const int comp = static_cast<int>(coords[i].w);
      auto texel = [&](int dx, int dy) {
        return im.at(addressed(hipAddressModeWrap, i0 + dx, w),
                     addressed(hipAddressModeWrap, j0 + dy, h), 0)[comp];
      };
      EXPECT_EQ(out[i].x, texel(0, 1)) << i;
      EXPECT_EQ(out[i].y, texel(1, 1)) << i;
      EXPECT_EQ(out[i].z, texel(1, 0)) << i;
      EXPECT_EQ(out[i].w, texel(0, 0)) << i << (linear ? " linear" : " point");
    }
    ASSERT_HIP(hipDestroyTextureObject(t));
    ASSERT_HIP(hipFree(deviceCoords));
    ASSERT_HIP(hipFree(deviceOut));
  }
  ASSERT_HIP(hipFreeArray(array));
}

// A mipmapped array: levels filled through hipGetMipmappedArrayLevel, read by tex2DLod with
// point and linear mip filtering and the texture's level clamp.
TEST(TextureObjects, MipmappedTexturesSelectAndBlendLevels) {
  const hipChannelFormatDesc f = hipCreateChannelDesc<float>();
  hipMipmappedArray_t mipmap = nullptr;
  ASSERT_HIP(hipMallocMipmappedArray(&mipmap, &f, make_hipExtent(16, 8, 0), 4));
  std::vector<HostImage> levels;
  for (unsigned l = 0; l < 4; ++l) {
    hipArray_t level = nullptr;
    ASSERT_HIP(hipGetMipmappedArrayLevel(&level, mipmap, l));
    hipExtent extent;
    ASSERT_HIP(hipArrayGetInfo(nullptr, &extent, nullptr, level));
    EXPECT_EQ(extent.width, 16u >> l);
    EXPECT_EQ(extent.height, std::max<size_t>(1, 8u >> l));
    HostImage im{static_cast<int>(extent.width), static_cast<int>(extent.height), 1, 1, {}};
    for (int i = 0; i < im.w * im.h; ++i) im.texels.push_back(l * 100.0f + i * 1.5f);
    ASSERT_HIP(hipMemcpy2DToArray(level, 0, 0, im.texels.data(), im.w * 4, im.w * 4, im.h,
                                  hipMemcpyHostToDevice));
    levels.push_back(im);
  }
  hipArray_t beyond = nullptr;
  EXPECT_EQ(hipGetMipmappedArrayLevel(&beyond, mipmap, 4), hipErrorInvalidValue);
  // 16x8 has 5 levels down to 1x1: a sixth is refused, as both vendors' runtimes do.
  hipMipmappedArray_t tooDeep = nullptr;
  EXPECT_EQ(hipMallocMipmappedArray(&tooDeep, &f, make_hipExtent(16, 8, 0), 6),
            hipErrorInvalidValue);
  ASSERT_HIP(hipMallocMipmappedArray(&tooDeep, &f, make_hipExtent(16, 8, 0), 5));
  ASSERT_HIP(hipFreeMipmappedArray(tooDeep));
  hipArray_t level0 = nullptr;
  ASSERT_HIP(hipGetMipmappedArrayLevel(&level0, mipmap, 0));
  // Owned by the mipmapped array: freeing it is a no-op that succeeds (AMD's tests free the
  // levels they ask for), and the level stays usable.
  ASSERT_HIP(hipFreeArray(level0));
  hipExtent stillThere;
  ASSERT_HIP(hipArrayGetInfo(nullptr, &stillThere, nullptr, level0));
  EXPECT_EQ(stillThere.width, 16u);
  std::vector<float4> coords;
  const float lods[] = {0.0f, 0.3f, 0.5f + 1.0f / 64, 1.0f, 1.7f, 2.25f, 3.0f, 4.5f};
  for (int i = 0; i < 32; ++i)
    coords.push_back(make_float4(0.07f + 0.029f * i, 0.93f - 0.027f * i, lods[i % 8], 0));
  float4* deviceCoords = deviceCopy(coords);
  float4* deviceOut = nullptr;
  ASSERT_HIP(hipMalloc(&deviceOut, coords.size() * sizeof(float4)));
  for (hipTextureFilterMode mipFilter : {hipFilterModePoint, hipFilterModeLinear}) {
    hipTextureObject_t t = mipmapTexture(mipmap, mipFilter, 3);
    ASSERT_NE(t, nullptr);
    ASSERT_HIP(launchReadTexture(t, TextureRead::lod2D, deviceCoords, deviceOut,
                                 static_cast<int>(coords.size())));
    std::vector<float4> out = hostCopy(deviceOut, coords.size());
    for (size_t i = 0; i < coords.size(); ++i) {
      const float c[2] = {coords[i].x, coords[i].y};
      const float lod = std::min(coords[i].z, 3.0f);
      auto at = [&](int l) {
        return referenceSample(levels[l], 2, hipAddressModeClamp, false, true, c, 0)[0];
      };
      float want;
      if (mipFilter == hipFilterModePoint) {
        want = at(std::min(3, static_cast<int>(std::floor(lod + 0.5f))));
      } else {
        const int lo = std::min(3, static_cast<int>(std::floor(lod)));
        const float weight = lo == 3 ? 0 : std::nearbyint((lod - lo) * 256) / 256;
        want = weight == 0 ? at(lo) : (1 - weight) * at(lo) + weight * at(lo + 1);
      }
      EXPECT_NEAR(out[i].x, want, 1e-3f) << "mip filter " << mipFilter << " lod " << lod;
    }
    ASSERT_HIP(hipDestroyTextureObject(t));
  }
  ASSERT_HIP(hipFree(deviceCoords));
  ASSERT_HIP(hipFree(deviceOut));
  ASSERT_HIP(hipFreeMipmappedArray(mipmap));
  EXPECT_EQ(hipFreeMipmappedArray(mipmap), hipErrorContextIsDestroyed);
  EXPECT_EQ(hipFreeMipmappedArray(nullptr), hipErrorInvalidValue);
}

// The Lod and Grad forms of 1D, 3D and layered textures choose their level as tex2DLod does:
// every level (and layer) of a mipmapped array holds its own constant, so a read says exactly
// which level and layer it used and how it blended two levels. A gradient g of normalized
// coordinates asks for level log2(g * width) (the longer axis).
TEST(TextureObjects, LodAndGradFormsOfEveryDimensionPickTheirLevels) {
  struct Case {
    TextureRead how;
    size_t w, h, d;
    unsigned flags;
    bool gradient;
  };
  const hipChannelFormatDesc f = hipCreateChannelDesc<float>();
  for (const Case& k :
       {Case{TextureRead::grad1D, 16, 0, 0, 0, true}, Case{TextureRead::grad3D, 16, 8, 8, 0, true},
        Case{TextureRead::layeredLod1D, 16, 0, 3, hipArrayLayered, false},
        Case{TextureRead::layeredGrad1D, 16, 0, 3, hipArrayLayered, true},
        Case{TextureRead::layeredLod2D, 16, 8, 2, hipArrayLayered, false},
        Case{TextureRead::layeredGrad2D, 16, 8, 2, hipArrayLayered, true}}) {
    const bool layered = k.flags & hipArrayLayered;
    constexpr unsigned kLevels = 4;
    hipMipmappedArray_t mipmap = nullptr;
    ASSERT_HIP(
        hipMallocMipmappedArray(&mipmap, &f, make_hipExtent(k.w, k.h, k.d), kLevels, k.flags));
    auto value = [](unsigned level, int layer) { return 100.0f * level + 10.0f * layer + 1; };
    for (unsigned l = 0; l < kLevels; ++l) {
      hipArray_t level = nullptr;
      ASSERT_HIP(hipGetMipmappedArrayLevel(&level, mipmap, l));
      hipExtent e;
      ASSERT_HIP(hipArrayGetInfo(nullptr, &e, nullptr, level));
      EXPECT_EQ(e.width, k.w >> l);
      const size_t h = e.height ? e.height : 1, d = e.depth ? e.depth : 1;
      EXPECT_EQ(d, layered ? k.d : std::max<size_t>(1, k.d >> l));  // layers do not shrink
      std::vector<float> texels;
      for (size_t z = 0; z < d; ++z)
        texels.insert(texels.end(), e.width * h, value(l, layered ? static_cast<int>(z) : 0));
      hipMemcpy3DParms p = {};
      p.srcPtr = make_hipPitchedPtr(texels.data(), e.width * 4, e.width, h);
      p.dstArray = level;
      p.extent = make_hipExtent(e.width, h, d);
      p.kind = hipMemcpyHostToDevice;
      ASSERT_HIP(hipMemcpy3D(&p));
    }
    // Levels asked: 0, 1, 1.25, 2, 2.75, 3 and 6 (clamped to the last); layers cycle. None is
    // half way between two levels, where a last-bit difference of log2 would change the
    // nearest one.
    const float levels[] = {0, 1, 1.25f, 2, 2.75f, 3, 6};
    const int layers = layered ? static_cast<int>(k.d) : 1;
    std::vector<float4> coords;
    for (int i = 0; i < 14; ++i) {
      const float lod = levels[i % 7];
      const float asked = k.gradient ? std::exp2(lod) / static_cast<float>(k.w) : lod;
      const float layer = static_cast<float>(i % layers);
      coords.push_back(k.how == TextureRead::grad3D
                           ? make_float4(0.3f, 0.6f, 0.45f, asked)
                           : make_float4(0.3f + 0.03f * i, 0.6f, asked, layer));
    }
    float4* deviceCoords = deviceCopy(coords);
    float4* deviceOut = nullptr;
    ASSERT_HIP(hipMalloc(&deviceOut, coords.size() * sizeof(float4)));
    for (hipTextureFilterMode mipFilter : {hipFilterModePoint, hipFilterModeLinear}) {
      hipTextureObject_t t = mipmapTexture(mipmap, mipFilter, kLevels - 1);
      ASSERT_NE(t, nullptr);
      ASSERT_HIP(
          launchReadTexture(t, k.how, deviceCoords, deviceOut, static_cast<int>(coords.size())));
      std::vector<float4> out = hostCopy(deviceOut, coords.size());
      for (size_t i = 0; i < coords.size(); ++i) {
        const float lod = std::min(levels[i % 7], float(kLevels - 1));
        const int layer = static_cast<int>(i) % layers;
        float want;
        if (mipFilter == hipFilterModePoint) {
          want = value(static_cast<unsigned>(std::floor(lod + 0.5f)), layer);
        } else {
          const unsigned lo = static_cast<unsigned>(std::floor(lod));
          const float weight = lod - lo;  // quarters: exact in the hardware's 8-bit weights
          want = weight == 0 ? value(lo, layer)
                             : (1 - weight) * value(lo, layer) + weight * value(lo + 1, layer);
        }
        EXPECT_EQ(out[i].x, want) << "read " << static_cast<int>(k.how) << " mip filter "
                                  << mipFilter << " level " << lod << " layer " << layer;
      }
      ASSERT_HIP(hipDestroyTextureObject(t));
    }
    ASSERT_HIP(hipFree(deviceCoords));
    ASSERT_HIP(hipFree(deviceOut));
    ASSERT_HIP(hipFreeMipmappedArray(mipmap));
  }
}

TEST(TextureObjects, ArgumentsAreChecked) {
  hipTextureObject_t t = nullptr;
  hipResourceDesc resource = {};
  hipTextureDesc texture = {};
  EXPECT_EQ(hipCreateTextureObject(nullptr, &resource, &texture, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipCreateTextureObject(&t, nullptr, &texture, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipCreateTextureObject(&t, &resource, nullptr, nullptr), hipErrorInvalidValue);
  resource.resType = hipResourceTypeArray;  // null array
  EXPECT_EQ(hipCreateTextureObject(&t, &resource, &texture, nullptr), hipErrorInvalidValue);
  float* memory = nullptr;
  ASSERT_HIP(hipMalloc(&memory, 1024));
  resource.resType = hipResourceTypeLinear;
  resource.res.linear.devPtr = memory + 1;  // not 256-byte aligned
  resource.res.linear.desc = hipCreateChannelDesc<float>();
  resource.res.linear.sizeInBytes = 512;
  EXPECT_EQ(hipCreateTextureObject(&t, &resource, &texture, nullptr), hipErrorInvalidValue);
  resource.res.linear.devPtr = memory;
  texture.addressMode[1] = static_cast<hipTextureAddressMode>(9);
  EXPECT_EQ(hipCreateTextureObject(&t, &resource, &texture, nullptr), hipErrorInvalidValue);
  texture.addressMode[1] = hipAddressModeWrap;
  texture.sRGB = 1;  // typed buffers have no sRGB formats (SrgbTextureTest.cpp)
  EXPECT_EQ(hipCreateTextureObject(&t, &resource, &texture, nullptr), hipErrorInvalidValue);
  texture.sRGB = 0;
  const float grey[4] = {0.5f, 0.5f, 0.5f, 1};
  std::memcpy(texture.borderColor, grey, sizeof grey);
  EXPECT_EQ(hipCreateTextureObject(&t, &resource, &texture, nullptr), hipErrorNotSupported);
  const float white[4] = {1, 1, 1, 1};
  std::memcpy(texture.borderColor, white, sizeof white);
  hipResourceViewDesc view = {};  // views are for arrays only
  view.format = hipResViewFormatFloat1;
  view.width = 128;
  EXPECT_EQ(hipCreateTextureObject(&t, &resource, &texture, &view), hipErrorInvalidValue);
  ASSERT_HIP(hipCreateTextureObject(&t, &resource, &texture, nullptr));
  ASSERT_HIP(hipDestroyTextureObject(t));
  resource.resType = hipResourceTypeMipmappedArray;  // not a mipmapped array
  EXPECT_EQ(hipCreateTextureObject(&t, &resource, &texture, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipDestroyTextureObject(reinterpret_cast<hipTextureObject_t>(memory)),
            hipErrorInvalidValue);
  EXPECT_EQ(hipDestroyTextureObject(nullptr), hipSuccess);
  size_t width = 0;
  const hipChannelFormatDesc f = hipCreateChannelDesc<float>();
  ASSERT_HIP(hipDeviceGetTexture1DLinearMaxWidth(&width, &f, 0));
  EXPECT_EQ(width, 2147483647u);  // NUM_RECORDS of a buffer, as HIP reports INT_MAX
  EXPECT_EQ(hipDeviceGetTexture1DLinearMaxWidth(&width, &f, 99), hipErrorInvalidDevice);
  EXPECT_EQ(hipDeviceGetTexture1DLinearMaxWidth(nullptr, &f, 0), hipErrorInvalidValue);
  ASSERT_HIP(hipFree(memory));
}

// ---------------------------------------------------------------------------------------------
// Surfaces.

TEST(SurfaceObjects, WrittenTexelsReadBackThroughSurfacesAndCopies) {
  const int w = 45, h = 7;
  const hipChannelFormatDesc rgba8 = hipCreateChannelDesc<uchar4>();
  hipArray_t array = nullptr;
  ASSERT_HIP(hipMallocArray(&array, &rgba8, w, h, hipArraySurfaceLoadStore));
  hipResourceDesc resource = {};
  resource.resType = hipResourceTypeArray;
  resource.res.array.array = array;
  hipSurfaceObject_t s = nullptr;
  ASSERT_HIP(hipCreateSurfaceObject(&s, &resource));
  ASSERT_HIP(launchWriteSurface2D(s, w, h));
  std::vector<uchar4> copied(w * h);
  ASSERT_HIP(
      hipMemcpy2DFromArray(copied.data(), w * 4, array, 0, 0, w * 4, h, hipMemcpyDeviceToHost));
  uchar4* deviceOut = nullptr;
  ASSERT_HIP(hipMalloc(&deviceOut, w * h * sizeof(uchar4)));
  ASSERT_HIP(launchReadSurface2D(s, w, h, deviceOut));
  std::vector<uchar4> read = hostCopy(deviceOut, w * h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const uchar4 want = surfacePattern2D(x, y), a = copied[y * w + x], b = read[y * w + x];
      ASSERT_TRUE(a.x == want.x && a.y == want.y && a.z == want.z && a.w == want.w)
          << x << "," << y;
      ASSERT_TRUE(b.x == want.x && b.y == want.y && b.z == want.z && b.w == want.w)
          << x << "," << y;
    }
  ASSERT_HIP(hipDestroySurfaceObject(s));
  ASSERT_HIP(hipFree(deviceOut));
  ASSERT_HIP(hipFreeArray(array));

  for (bool layered : {false, true}) {
    const int w3 = 9, h3 = 4, d3 = 3;
    const hipChannelFormatDesc f = hipCreateChannelDesc<float>();
    ASSERT_HIP(hipMalloc3DArray(
        &array, &f, make_hipExtent(w3, h3, d3),
        layered ? hipArrayLayered | hipArraySurfaceLoadStore : hipArraySurfaceLoadStore));
    resource.res.array.array = array;
    ASSERT_HIP(hipCreateSurfaceObject(&s, &resource));
    ASSERT_HIP(launchWriteSurface3D(s, w3, h3, d3, layered));
    float* out3 = nullptr;
    ASSERT_HIP(hipMalloc(&out3, w3 * h3 * d3 * sizeof(float)));
    ASSERT_HIP(launchReadSurface3D(s, w3, h3, d3, layered, out3));
    std::vector<float> values = hostCopy(out3, w3 * h3 * d3);
    for (int z = 0; z < d3; ++z)
      for (int y = 0; y < h3; ++y)
        for (int x = 0; x < w3; ++x)
          ASSERT_EQ(values[(z * h3 + y) * w3 + x], surfacePattern3D(x, y, z))
              << "layered " << layered << " " << x << "," << y << "," << z;
    ASSERT_HIP(hipDestroySurfaceObject(s));
    ASSERT_HIP(hipFree(out3));
    ASSERT_HIP(hipFreeArray(array));
  }
  EXPECT_EQ(hipCreateSurfaceObject(nullptr, &resource), hipErrorInvalidValue);
  resource.resType = hipResourceTypeLinear;
  EXPECT_EQ(hipCreateSurfaceObject(&s, &resource), hipErrorInvalidValue);
  EXPECT_EQ(hipDestroySurfaceObject(reinterpret_cast<hipSurfaceObject_t>(&resource)),
            hipErrorInvalidValue);
}

}  // namespace
