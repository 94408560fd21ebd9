// The deprecated texture-reference API end to end on a GPU (vgpu in CI): texture<> globals bound
// to linear memory, pitched memory, arrays and mipmapped arrays and read by kernels (compared
// with the host reference sampler: point sampling bit-exact, linear within the hardware's 8-bit
// weights), rebinding and unbinding, the hipTexRef* attributes, a module's references bound
// through the driver API, and the driver API's texture objects against the runtime's.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>
#include <algorithm>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "DeviceCopies.h"
#include "HostSampler.h"
#include "TextureReferenceKernels.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"  // texture references are

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

std::vector<float> fetchLinear(const std::vector<int>& index) {
  int* deviceIndex = deviceCopy(index);
  float* out = nullptr;
  EXPECT_EQ(hipMalloc(&out, index.size() * sizeof(float)), hipSuccess);
  EXPECT_EQ(launchFetchLinear(deviceIndex, out, static_cast<int>(index.size())), hipSuccess)
      << hipcoreGetErrorDetail();
  std::vector<float> result = hostCopy(out, index.size());
  EXPECT_EQ(hipFree(deviceIndex), hipSuccess);
  EXPECT_EQ(hipFree(out), hipSuccess);
  return result;
}

// Coordinates over a w x h image and a margin around it, in texels or normalized.
std::vector<float2> gridCoordinates(int w, int h, bool normalized) {
  std::vector<float2> c;
  for (int i = 0; i < 64; ++i) {
    float x = -2.3f + 0.31f * i, y = h + 1.7f - 0.19f * i;
    c.push_back(normalized ? make_float2(x / w, y / h) : make_float2(x, y));
  }
  return c;
}

// ---------------------------------------------------------------------------------------------
// Binding texture<> globals.

TEST(TextureReferences, LinearMemoryIsReadRebindsAndUnbinds) {
  const int n = 1000;
  std::vector<float> a(n), b(n);
  for (int i = 0; i < n; ++i) {
    a[i] = i * 0.25f + 1;
    b[i] = -3.0f * i;
  }
  float* da = deviceCopy(a);
  float* db = deviceCopy(b);
  textureReference* ref = linearFloatReference();
  const hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  std::vector<int> index;
  for (int i = 0; i < n; ++i) index.push_back(i);
  index.push_back(n);  // past the end: 0
  index.push_back(n + 77);

  size_t offset = 99;
  ASSERT_HIP(hipBindTexture(&offset, ref, da, &desc, n * sizeof(float)));
  EXPECT_EQ(offset, 0u);
  EXPECT_NE(ref->textureObject, nullptr);
  std::vector<float> got = fetchLinear(index);
  for (int i = 0; i < n; ++i) ASSERT_EQ(got[i], a[i]) << i;
  EXPECT_EQ(got[n], 0.0f);
  EXPECT_EQ(got[n + 1], 0.0f);
  hipDeviceptr_t address = nullptr;
  ASSERT_HIP(hipTexRefGetAddress(&address, ref));
  EXPECT_EQ(address, da);

  // Rebinding through the texture<> overload: the kernel sees the other buffer.
  const hipTextureObject_t first = ref->textureObject;
  ASSERT_HIP(bindLinearThroughTemplate(db, n * sizeof(float)));
  EXPECT_NE(ref->textureObject, first);
  got = fetchLinear(index);
  for (int i = 0; i < n; ++i) ASSERT_EQ(got[i], b[i]) << i;

  // Memory 12 bytes past a 256-byte boundary: bound from the boundary, the offset returned.
  ASSERT_HIP(hipBindTexture(&offset, ref, da + 3, &desc, (n - 3) * sizeof(float)));
  EXPECT_EQ(offset, 12u);
  size_t alignment = 0;
  ASSERT_HIP(hipGetTextureAlignmentOffset(&alignment, ref));
  EXPECT_EQ(alignment, 12u);
  got = fetchLinear(index);
  for (int i = 0; i < n; ++i) ASSERT_EQ(got[i], a[i]) << i;  // read at i = offset / 4 + j
  // Without somewhere to return the offset, unaligned memory is refused; the binding stays.
  EXPECT_EQ(hipBindTexture(nullptr, ref, db + 1, &desc, 64), hipErrorInvalidValue);
  got = fetchLinear(index);
  EXPECT_EQ(got[5], a[5]);

  // Without a size (UINT_MAX): to the end of the allocation.
  ASSERT_HIP(hipBindTexture(nullptr, ref, db, &desc));
  ASSERT_HIP(hipGetTextureAlignmentOffset(&alignment, ref));
  EXPECT_EQ(alignment, 0u);
  got = fetchLinear(index);
  for (int i = 0; i < n; ++i) ASSERT_EQ(got[i], b[i]) << i;
  EXPECT_EQ(got[n], 0.0f);

  ASSERT_HIP(unbindLinearThroughTemplate());
  EXPECT_EQ(ref->textureObject, nullptr);
  EXPECT_EQ(hipTexRefGetAddress(&address, ref), hipErrorInvalidValue);  // bound to nothing
  ASSERT_HIP(hipUnbindTexture(ref));                                    // twice is fine
  ASSERT_HIP(hipFree(da));
  ASSERT_HIP(hipFree(db));
}

TEST(TextureReferences, ShortsReadAsNormalizedFloats) {
  const std::vector<std::int16_t> values = {-32768, -32767, -1, 0, 1, 12345, 32767, -200};
  std::int16_t* memory = deviceCopy(values);
  const hipChannelFormatDesc desc = hipCreateChannelDesc<short>();
  ASSERT_HIP(hipBindTexture(nullptr, linearShortReference(), memory, &desc,
                            values.size() * sizeof(std::int16_t)));
  std::vector<int> index;
  for (size_t i = 0; i < values.size(); ++i) index.push_back(static_cast<int>(i));
  int* deviceIndex = deviceCopy(index);
  float* out = nullptr;
  ASSERT_HIP(hipMalloc(&out, values.size() * sizeof(float)));
  ASSERT_HIP(launchFetchShortNormalized(deviceIndex, out, static_cast<int>(values.size())));
  std::vector<float> got = hostCopy(out, values.size());
  for (size_t i = 0; i < values.size(); ++i)
    EXPECT_NEAR(got[i], std::max(values[i] / 32767.0f, -1.0f), 1e-6f) << values[i];
  ASSERT_HIP(hipUnbindTexture(linearShortReference()));
  ASSERT_HIP(hipFree(deviceIndex));
  ASSERT_HIP(hipFree(out));
  ASSERT_HIP(hipFree(memory));
}

TEST(TextureReferences, PitchedMemoryUnderEveryFilterAndAddressMode) {
  const int w = 13, h = 7;
  float* pitched = nullptr;
  size_t pitch = 0;
  ASSERT_HIP(hipMallocPitch(reinterpret_cast<void**>(&pitched), &pitch, w * sizeof(float), h));
  HostImage im{w, h, 1, 1, {}};
  for (int i = 0; i < w * h; ++i) im.texels.push_back(std::cos(i * 0.37f) * 50 + i);
  ASSERT_HIP(hipMemcpy2D(pitched, pitch, im.texels.data(), w * sizeof(float), w * sizeof(float), h,
                         hipMemcpyHostToDevice));
  textureReference* ref = pitchedFloatReference();
  const hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  float2* coords = nullptr;
  float* out = nullptr;
  ASSERT_HIP(hipMalloc(&coords, 64 * sizeof(float2)));
  ASSERT_HIP(hipMalloc(&out, 64 * sizeof(float)));
  for (hipTextureAddressMode mode :
       {hipAddressModeClamp, hipAddressModeBorder, hipAddressModeWrap, hipAddressModeMirror})
    for (bool linear : {false, true})
      for (bool normalized : {false, true}) {
        // Wrap and mirror exist for normalized coordinates only (CUDA's rule).
        if (!normalized && (mode == hipAddressModeWrap || mode == hipAddressModeMirror)) continue;
        ref->addressMode[0] = ref->addressMode[1] = mode;
        ref->filterMode = linear ? hipFilterModeLinear : hipFilterModePoint;
        ref->normalized = normalized;
        size_t offset = 1;
        ASSERT_HIP(hipBindTexture2D(&offset, ref, pitched, &desc, w, h, pitch));
        EXPECT_EQ(offset, 0u);
        const std::vector<float2> c = gridCoordinates(w, h, normalized);
        ASSERT_HIP(hipMemcpy(coords, c.data(), 64 * sizeof(float2), hipMemcpyHostToDevice));
        ASSERT_HIP(launchSamplePitched(coords, out, 64));
        const std::vector<float> got = hostCopy(out, 64);
        for (int i = 0; i < 64; ++i) {
          const float xy[2] = {c[i].x, c[i].y};
          const float want = referenceSample(im, 2, mode, linear, normalized, xy, 0)[0];
          if (linear)
            ASSERT_NEAR(got[i], want, 1e-3f) << "mode " << mode << " lane " << i;
          else
            ASSERT_EQ(got[i], want)
                << "mode " << mode << " normalized " << normalized << " lane " << i;
        }
      }
  hipDeviceptr_t address = nullptr;
  ASSERT_HIP(hipTexRefGetAddress(&address, ref));
  EXPECT_EQ(address, pitched);
  ASSERT_HIP(hipUnbindTexture(ref));
  ASSERT_HIP(hipFree(coords));
  ASSERT_HIP(hipFree(out));
  ASSERT_HIP(hipFree(pitched));
}

TEST(TextureReferences, ArraysReadAsNormalizedRgba) {
  const int w = 6, h = 5;
  const hipChannelFormatDesc rgba8 = hipCreateChannelDesc<uchar4>();
  hipArray_t array = nullptr;
  ASSERT_HIP(hipMallocArray(&array, &rgba8, w, h));
  std::vector<std::uint8_t> bytes(w * h * 4);
  HostImage im{w, h, 1, 4, {}};
  for (size_t i = 0; i < bytes.size(); ++i) {
    bytes[i] = static_cast<std::uint8_t>(i * 37 + 11);
    im.texels.push_back(bytes[i] / 255.0f);
  }
  ASSERT_HIP(hipMemcpy2DToArray(array, 0, 0, bytes.data(), w * 4, w * 4, h, hipMemcpyHostToDevice));
  textureReference* ref = arrayRgba8Reference();
  // As constructed: unnormalized coordinates, point sampling, clamped (the overload takes the
  // array's own format).
  ASSERT_HIP(bindArrayThroughTemplate(array));
  hipArray_t bound = nullptr;
  ASSERT_HIP(hipTexRefGetArray(&bound, ref));
  EXPECT_EQ(bound, array);
  hipDeviceptr_t address = nullptr;
  EXPECT_EQ(hipTexRefGetAddress(&address, ref), hipErrorInvalidValue);  // an array has none
  float2* coords = nullptr;
  float4* out = nullptr;
  ASSERT_HIP(hipMalloc(&coords, 64 * sizeof(float2)));
  ASSERT_HIP(hipMalloc(&out, 64 * sizeof(float4)));
  for (hipTextureAddressMode mode :
       {hipAddressModeClamp, hipAddressModeWrap, hipAddressModeMirror, hipAddressModeBorder})
    for (bool linear : {false, true}) {
      const bool normalized = mode != hipAddressModeClamp;
      if (mode != hipAddressModeClamp || linear) {
        ref->addressMode[0] = ref->addressMode[1] = mode;
        ref->filterMode = linear ? hipFilterModeLinear : hipFilterModePoint;
        ref->normalized = normalized;
        ASSERT_HIP(hipBindTextureToArray(ref, array, &rgba8));
      }
      const std::vector<float2> c = gridCoordinates(w, h, normalized);
      ASSERT_HIP(hipMemcpy(coords, c.data(), 64 * sizeof(float2), hipMemcpyHostToDevice));
      ASSERT_HIP(launchSampleArray(coords, out, 64));
      const std::vector<float4> got = hostCopy(out, 64);
      for (int i = 0; i < 64; ++i) {
        const float xy[2] = {c[i].x, c[i].y};
        const std::array<float, 4> want = referenceSample(im, 2, mode, linear, normalized, xy, 0);
        const float g[4] = {got[i].x, got[i].y, got[i].z, got[i].w};
        for (int ch = 0; ch < 4; ++ch) {
          if (linear)
            ASSERT_NEAR(g[ch], want[ch], 1e-5f) << "mode " << mode << " lane " << i;
          else
            ASSERT_EQ(g[ch], want[ch]) << "mode " << mode << " lane " << i << " ch " << ch;
        }
      }
    }
  ASSERT_HIP(hipUnbindTexture(ref));
  ASSERT_HIP(hipFree(coords));
  ASSERT_HIP(hipFree(out));
  ASSERT_HIP(hipFreeArray(array));
}

TEST(TextureReferences, MipmappedArraysSelectLevelsUpToTheClamp) {
  const hipChannelFormatDesc f = hipCreateChannelDesc<float>();
  hipMipmappedArray_t mipmap = nullptr;
  ASSERT_HIP(hipMallocMipmappedArray(&mipmap, &f, make_hipExtent(8, 8, 0), 3));
  for (unsigned l = 0; l < 3; ++l) {
    hipArray_t level = nullptr;
    ASSERT_HIP(hipGetMipmappedArrayLevel(&level, mipmap, l));
    const int size = 8 >> l;
    std::vector<float> texels;
    for (int i = 0; i < size * size; ++i) texels.push_back(l * 100.0f + i);
    ASSERT_HIP(hipMemcpy2DToArray(level, 0, 0, texels.data(), size * 4, size * 4, size,
                                  hipMemcpyHostToDevice));
  }
  textureReference* ref = mipmapFloatReference();
  ref->normalized = 1;
  ref->filterMode = hipFilterModePoint;
  ref->mipmapFilterMode = hipFilterModePoint;
  ref->maxMipmapLevelClamp = 1;  // level 2 is never read
  ASSERT_HIP(hipBindTextureToMipmappedArray(ref, mipmap, &f));
  hipMipmappedArray_t bound = nullptr;
  ASSERT_HIP(hipTexRefGetMipMappedArray(&bound, ref));
  EXPECT_EQ(bound, mipmap);
  std::vector<float2> c;
  for (int i = 0; i < 16; ++i) c.push_back(make_float2((i % 4 + 0.3f) / 4, (i / 4 + 0.3f) / 4));
  float2* coords = deviceCopy(c);
  float* out = nullptr;
  ASSERT_HIP(hipMalloc(&out, c.size() * sizeof(float)));
  for (float level : {0.0f, 1.0f, 2.0f}) {
    ASSERT_HIP(launchSampleMipmap(coords, level, out, static_cast<int>(c.size())));
    const std::vector<float> got = hostCopy(out, c.size());
    const int l = level > 1 ? 1 : static_cast<int>(level), size = 8 >> l;
    for (size_t i = 0; i < c.size(); ++i) {
      const int x = static_cast<int>(c[i].x * size), y = static_cast<int>(c[i].y * size);
      ASSERT_EQ(got[i], l * 100.0f + y * size + x) << "level " << level << " lane " << i;
    }
  }
  ASSERT_HIP(hipUnbindTexture(ref));
  ASSERT_HIP(hipFree(coords));
  ASSERT_HIP(hipFree(out));
  ASSERT_HIP(hipFreeMipmappedArray(mipmap));
}

TEST(TextureReferences, AttributesRoundTrip) {
  texture<float, hipTextureType2D, hipReadModeElementType> local;  // any reference will do
  textureReference* ref = &local;
  hipArray_Format format;
  int channels = 0;
  ASSERT_HIP(hipTexRefGetFormat(&format, &channels, ref));  // as the constructor set it
  EXPECT_EQ(format, HIP_AD_FORMAT_FLOAT);
  EXPECT_EQ(channels, 1);
  ASSERT_HIP(hipTexRefSetFormat(ref, HIP_AD_FORMAT_SIGNED_INT16, 4));
  ASSERT_HIP(hipTexRefGetFormat(&format, &channels, ref));
  EXPECT_EQ(format, HIP_AD_FORMAT_SIGNED_INT16);
  EXPECT_EQ(channels, 4);
  EXPECT_EQ(ref->channelDesc.w, 16);
  EXPECT_EQ(ref->channelDesc.f, hipChannelFormatKindSigned);

  for (int dim = 0; dim < 3; ++dim) {
    ASSERT_HIP(hipTexRefSetAddressMode(ref, dim, static_cast<hipTextureAddressMode>(3 - dim)));
  }
  for (int dim = 0; dim < 3; ++dim) {
    hipTextureAddressMode mode;
    ASSERT_HIP(hipTexRefGetAddressMode(&mode, ref, dim));
    EXPECT_EQ(mode, 3 - dim);
  }
  hipTextureFilterMode filter;
  ASSERT_HIP(hipTexRefSetFilterMode(ref, hipFilterModeLinear));
  ASSERT_HIP(hipTexRefGetFilterMode(&filter, ref));
  EXPECT_EQ(filter, hipFilterModeLinear);
  ASSERT_HIP(hipTexRefSetMipmapFilterMode(ref, hipFilterModeLinear));
  ASSERT_HIP(hipTexRefGetMipmapFilterMode(&filter, ref));
  EXPECT_EQ(filter, hipFilterModeLinear);

  unsigned flags = 0;
  ASSERT_HIP(hipTexRefGetFlags(&flags, ref));
  EXPECT_EQ(flags, unsigned(HIP_TRSF_READ_AS_INTEGER));  // element-type reads, texel coordinates
  ASSERT_HIP(hipTexRefSetFlags(ref, HIP_TRSF_NORMALIZED_COORDINATES | HIP_TRSF_SRGB));
  ASSERT_HIP(hipTexRefGetFlags(&flags, ref));
  EXPECT_EQ(flags, unsigned(HIP_TRSF_NORMALIZED_COORDINATES | HIP_TRSF_SRGB));
  EXPECT_EQ(ref->readMode, hipReadModeNormalizedFloat);
  EXPECT_EQ(ref->normalized, 1);

  int anisotropy = 0;
  ASSERT_HIP(hipTexRefSetMaxAnisotropy(ref, 8));
  ASSERT_HIP(hipTexRefGetMaxAnisotropy(&anisotropy, ref));
  EXPECT_EQ(anisotropy, 8);
  float border[4] = {0.25f, 0.5f, 0.75f, 1.0f}, gotBorder[4] = {};
  ASSERT_HIP(hipTexRefSetBorderColor(ref, border));
  ASSERT_HIP(hipTexRefGetBorderColor(gotBorder, ref));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(gotBorder[i], border[i]);
  float bias = 0, lo = 0, hi = 0;
  ASSERT_HIP(hipTexRefSetMipmapLevelBias(ref, -1.5f));
  ASSERT_HIP(hipTexRefGetMipmapLevelBias(&bias, ref));
  EXPECT_EQ(bias, -1.5f);
  ASSERT_HIP(hipTexRefSetMipmapLevelClamp(ref, 0.5f, 7.0f));
  ASSERT_HIP(hipTexRefGetMipmapLevelClamp(&lo, &hi, ref));
  EXPECT_EQ(lo, 0.5f);
  EXPECT_EQ(hi, 7.0f);

  // Misuse: null arguments, dimensions, modes, flags and formats that do not exist.
  EXPECT_EQ(hipTexRefSetAddressMode(nullptr, 0, hipAddressModeClamp), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetAddressMode(ref, 3, hipAddressModeClamp), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetAddressMode(ref, 0, static_cast<hipTextureAddressMode>(9)),
            hipErrorInvalidValue);
  hipTextureAddressMode mode;
  EXPECT_EQ(hipTexRefGetAddressMode(nullptr, ref, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefGetAddressMode(&mode, ref, -1), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetFilterMode(ref, static_cast<hipTextureFilterMode>(2)),
            hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefGetFilterMode(nullptr, ref), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetMipmapFilterMode(nullptr, hipFilterModePoint), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefGetMipmapFilterMode(&filter, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetFlags(ref, 0x100), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefGetFlags(nullptr, ref), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetFormat(ref, HIP_AD_FORMAT_FLOAT, 3), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetFormat(ref, static_cast<hipArray_Format>(5), 1), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefGetFormat(&format, nullptr, ref), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetMaxAnisotropy(nullptr, 1), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefGetMaxAnisotropy(nullptr, ref), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetBorderColor(ref, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefGetBorderColor(nullptr, ref), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetMipmapLevelBias(nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefGetMipmapLevelBias(nullptr, ref), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetMipmapLevelClamp(ref, 3.0f, 1.0f), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefGetMipmapLevelClamp(&lo, nullptr, ref), hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST(TextureReferences, BindingArgumentsAreChecked) {
  const hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  float* memory = nullptr;
  ASSERT_HIP(hipMalloc(&memory, 4096));
  textureReference* ref = linearFloatReference();
  texture<float> unregistered;  // no device variable behind it
  EXPECT_EQ(hipBindTexture(nullptr, nullptr, memory, &desc, 64), hipErrorInvalidValue);
  EXPECT_EQ(hipBindTexture(nullptr, ref, nullptr, &desc, 64), hipErrorInvalidValue);
  EXPECT_EQ(hipBindTexture(nullptr, ref, memory, nullptr, 64), hipErrorInvalidValue);
  EXPECT_EQ(hipBindTexture(nullptr, &unregistered, memory, &desc, 64), hipErrorInvalidValue);
  EXPECT_EQ(unregistered.textureObject, nullptr);
  const hipChannelFormatDesc threeChannels =
      hipCreateChannelDesc(32, 32, 32, 0, hipChannelFormatKindFloat);
  EXPECT_EQ(hipBindTexture(nullptr, ref, memory, &threeChannels, 64), hipErrorInvalidValue);
  EXPECT_EQ(hipBindTexture2D(nullptr, ref, memory, &desc, 4, 4, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipBindTexture2D(nullptr, nullptr, memory, &desc, 4, 4, 256), hipErrorInvalidValue);
  EXPECT_EQ(hipBindTexture2D(nullptr, pitchedFloatReference(), memory, &desc, 300, 4, 256),
            hipErrorInvalidValue);  // rows wider than the pitch
  EXPECT_EQ(hipBindTextureToArray(ref, nullptr, &desc), hipErrorInvalidValue);
  EXPECT_EQ(hipBindTextureToArray(nullptr, nullptr, &desc), hipErrorInvalidValue);
  EXPECT_EQ(hipBindTextureToMipmappedArray(ref, nullptr, &desc), hipErrorInvalidValue);
  EXPECT_EQ(hipBindTextureToMipmappedArray(ref, nullptr, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipUnbindTexture(nullptr), hipErrorInvalidValue);
  size_t offset = 0;
  EXPECT_EQ(hipGetTextureAlignmentOffset(nullptr, ref), hipErrorInvalidValue);
  EXPECT_EQ(hipGetTextureAlignmentOffset(&offset, nullptr), hipErrorInvalidValue);

  const textureReference* found = nullptr;
  ASSERT_HIP(hipGetTextureReference(&found, ref));  // the global is its own reference
  EXPECT_EQ(found, ref);
  EXPECT_EQ(hipGetTextureReference(nullptr, ref), hipErrorInvalidValue);
  EXPECT_EQ(hipGetTextureReference(&found, &unregistered), hipErrorInvalidValue);
  EXPECT_EQ(hipGetTextureReference(&found, memory), hipErrorInvalidValue);

  hipDeviceptr_t address = nullptr;
  hipArray_t array = nullptr;
  hipMipmappedArray_t mipmap = nullptr;
  EXPECT_EQ(hipTexRefGetAddress(nullptr, ref), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefGetAddress(&address, &unregistered), hipErrorInvalidValue);  // unbound
  EXPECT_EQ(hipTexRefGetArray(nullptr, ref), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefGetArray(&array, &unregistered), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefGetMipMappedArray(nullptr, ref), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefGetMipMappedArray(&mipmap, &unregistered), hipErrorInvalidValue);
  ASSERT_HIP(hipBindTexture(nullptr, ref, memory, &desc, 4096));
  EXPECT_EQ(hipTexRefGetArray(&array, ref), hipErrorInvalidValue);  // bound to memory
  EXPECT_EQ(hipTexRefGetMipMappedArray(&mipmap, ref), hipErrorInvalidValue);

  // The driver API's bindings.
  HIP_ARRAY_DESCRIPTOR d2 = {4, 4, HIP_AD_FORMAT_FLOAT, 1};
  EXPECT_EQ(hipTexRefSetAddress(nullptr, nullptr, memory, 64), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetAddress(nullptr, &unregistered, memory, 64), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetAddress(nullptr, ref, memory, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetAddress2D(nullptr, &d2, memory, 256), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetAddress2D(ref, nullptr, memory, 256), hipErrorInvalidValue);
  d2.NumChannels = 3;
  EXPECT_EQ(hipTexRefSetAddress2D(ref, &d2, memory, 256), hipErrorInvalidValue);
  hipArray_t real = nullptr;
  ASSERT_HIP(hipMallocArray(&real, &desc, 4, 4));
  EXPECT_EQ(hipTexRefSetArray(ref, real, 0), hipErrorInvalidValue);  // the flag is required
  EXPECT_EQ(hipTexRefSetArray(ref, nullptr, HIP_TRSA_OVERRIDE_FORMAT), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetArray(nullptr, real, HIP_TRSA_OVERRIDE_FORMAT), hipErrorInvalidValue);
  EXPECT_EQ(hipTexRefSetMipmappedArray(ref, nullptr, HIP_TRSA_OVERRIDE_FORMAT),
            hipErrorInvalidValue);
  // A failed binding leaves the previous one in place.
  hipDeviceptr_t still = nullptr;
  ASSERT_HIP(hipTexRefGetAddress(&still, ref));
  EXPECT_EQ(still, memory);
  ASSERT_HIP(hipUnbindTexture(ref));
  ASSERT_HIP(hipFreeArray(real));
  ASSERT_HIP(hipFree(memory));
  (void)hipGetLastError();
}

// ---------------------------------------------------------------------------------------------
// A module's texture references, bound through the driver API.

struct LoadedTextureModule {
  hipModule_t module = nullptr;
  hipFunction_t fetch = nullptr, sample = nullptr;
};

void loadTextureModule(LoadedTextureModule& m) {
  ASSERT_HIP(hipModuleLoad(&m.module, TEXTURE_REFERENCE_MODULE));
  ASSERT_HIP(hipModuleGetFunction(&m.fetch, m.module, "fetchModuleLinear"));
  ASSERT_HIP(hipModuleGetFunction(&m.sample, m.module, "sampleModule2D"));
}

std::vector<float> sampleModule(hipFunction_t sample, const std::vector<float2>& c, int which) {
  float2* coords = deviceCopy(c);
  float* out = nullptr;
  EXPECT_EQ(hipMalloc(&out, c.size() * sizeof(float)), hipSuccess);
  int n = static_cast<int>(c.size());
  void* params[] = {&coords, &out, &n, &which};
  EXPECT_EQ(hipModuleLaunchKernel(sample, 1, 1, 1, 64, 1, 1, 0, nullptr, params, nullptr),
            hipSuccess)
      << hipcoreGetErrorDetail();
  std::vector<float> got = hostCopy(out, c.size());
  EXPECT_EQ(hipFree(coords), hipSuccess);
  EXPECT_EQ(hipFree(out), hipSuccess);
  return got;
}

TEST(ModuleTextureReferences, DriverApiBindsLinearPitchedAndArrayMemory) {
  LoadedTextureModule m;
  ASSERT_NO_FATAL_FAILURE(loadTextureModule(m));
  textureReference* linear = nullptr;
  ASSERT_HIP(hipModuleGetTexRef(&linear, m.module, "moduleLinear"));
  textureReference* again = nullptr;
  ASSERT_HIP(hipModuleGetTexRef(&again, m.module, "moduleLinear"));
  EXPECT_EQ(again, linear);
  // The driver API's defaults: one float channel, normalized-float reads, texel coordinates.
  hipArray_Format format;
  int channels = 0;
  unsigned flags = 99;
  ASSERT_HIP(hipTexRefGetFormat(&format, &channels, linear));
  EXPECT_EQ(format, HIP_AD_FORMAT_FLOAT);
  EXPECT_EQ(channels, 1);
  ASSERT_HIP(hipTexRefGetFlags(&flags, linear));
  EXPECT_EQ(flags, 0u);

  // Linear memory: two buffers in turn.
  const int n = 300;
  std::vector<float> a(n), b(n);
  for (int i = 0; i < n; ++i) {
    a[i] = std::sqrt(float(i));
    b[i] = 1000.0f - i;
  }
  float* da = deviceCopy(a);
  float* db = deviceCopy(b);
  float* out = nullptr;
  ASSERT_HIP(hipMalloc(&out, n * sizeof(float)));
  ASSERT_HIP(hipTexRefSetFlags(linear, HIP_TRSF_READ_AS_INTEGER));
  for (const float* memory : {da, db}) {
    size_t offset = 7;
    ASSERT_HIP(hipTexRefSetAddress(&offset, linear, const_cast<float*>(memory), n * sizeof(float)));
    EXPECT_EQ(offset, 0u);
    int count = n;
    void* params[] = {&out, &count};
    ASSERT_HIP(
        hipModuleLaunchKernel(m.fetch, (n + 63) / 64, 1, 1, 64, 1, 1, 0, nullptr, params, nullptr));
    const std::vector<float> got = hostCopy(out, n);
    const std::vector<float>& want = memory == da ? a : b;
    for (int i = 0; i < n; ++i) ASSERT_EQ(got[i], want[i]) << i;
  }

  // Pitched memory: point sampling, clamped, texel coordinates.
  const int w = 11, h = 6;
  float* pitched = nullptr;
  size_t pitch = 0;
  ASSERT_HIP(hipMallocPitch(reinterpret_cast<void**>(&pitched), &pitch, w * sizeof(float), h));
  HostImage im{w, h, 1, 1, {}};
  for (int i = 0; i < w * h; ++i) im.texels.push_back(i * 2.5f - 40);
  ASSERT_HIP(hipMemcpy2D(pitched, pitch, im.texels.data(), w * sizeof(float), w * sizeof(float), h,
                         hipMemcpyHostToDevice));
  textureReference* pitchedRef = nullptr;
  ASSERT_HIP(hipModuleGetTexRef(&pitchedRef, m.module, "modulePitched"));
  ASSERT_HIP(hipTexRefSetAddressMode(pitchedRef, 0, hipAddressModeClamp));
  ASSERT_HIP(hipTexRefSetAddressMode(pitchedRef, 1, hipAddressModeClamp));
  ASSERT_HIP(hipTexRefSetFilterMode(pitchedRef, hipFilterModePoint));
  const HIP_ARRAY_DESCRIPTOR d2 = {size_t(w), size_t(h), HIP_AD_FORMAT_FLOAT, 1};
  ASSERT_HIP(hipTexRefSetAddress2D(pitchedRef, &d2, pitched, pitch));
  std::vector<float2> c = gridCoordinates(w, h, false);
  std::vector<float> got = sampleModule(m.sample, c, 0);
  for (size_t i = 0; i < c.size(); ++i) {
    const float xy[2] = {c[i].x, c[i].y};
    ASSERT_EQ(got[i], referenceSample(im, 2, hipAddressModeClamp, false, false, xy, 0)[0]) << i;
  }

  // An 8-bit array: the array's format taken over, read as normalized floats, bilinear over
  // normalized coordinates with wrapping.
  const int aw = 9, ah = 4;
  HIP_ARRAY_DESCRIPTOR arrayDesc = {size_t(aw), size_t(ah), HIP_AD_FORMAT_UNSIGNED_INT8, 1};
  hipArray_t array = nullptr;
  ASSERT_HIP(hipArrayCreate(&array, &arrayDesc));
  std::vector<std::uint8_t> bytes(aw * ah);
  HostImage bi{aw, ah, 1, 1, {}};
  for (size_t i = 0; i < bytes.size(); ++i) {
    bytes[i] = static_cast<std::uint8_t>(i * 29 + 3);
    bi.texels.push_back(bytes[i] / 255.0f);
  }
  ASSERT_HIP(hipMemcpy2DToArray(array, 0, 0, bytes.data(), aw, aw, ah, hipMemcpyHostToDevice));
  textureReference* arrayRef = nullptr;
  ASSERT_HIP(hipModuleGetTexRef(&arrayRef, m.module, "moduleArray"));
  ASSERT_HIP(hipTexRefSetFlags(arrayRef, HIP_TRSF_NORMALIZED_COORDINATES));
  ASSERT_HIP(hipTexRefSetFilterMode(arrayRef, hipFilterModeLinear));
  ASSERT_HIP(hipTexRefSetAddressMode(arrayRef, 0, hipAddressModeWrap));
  ASSERT_HIP(hipTexRefSetAddressMode(arrayRef, 1, hipAddressModeWrap));
  ASSERT_HIP(hipTexRefSetArray(arrayRef, array, HIP_TRSA_OVERRIDE_FORMAT));
  ASSERT_HIP(hipTexRefGetFormat(&format, &channels, arrayRef));
  EXPECT_EQ(format, HIP_AD_FORMAT_UNSIGNED_INT8);
  EXPECT_EQ(channels, 1);
  hipArray_t bound = nullptr;
  ASSERT_HIP(hipTexRefGetArray(&bound, arrayRef));
  EXPECT_EQ(bound, array);
  c = gridCoordinates(aw, ah, true);
  got = sampleModule(m.sample, c, 1);
  for (size_t i = 0; i < c.size(); ++i) {
    const float xy[2] = {c[i].x, c[i].y};
    ASSERT_NEAR(got[i], referenceSample(bi, 2, hipAddressModeWrap, true, true, xy, 0)[0], 1e-5f)
        << i;
  }

  // Names that are no texture reference, and handles that are no module.
  textureReference* none = nullptr;
  EXPECT_EQ(hipModuleGetTexRef(&none, m.module, "noSuchTexture"), hipErrorNotFound);
  EXPECT_EQ(hipModuleGetTexRef(&none, m.module, "notATexture"), hipErrorNotFound);
  EXPECT_EQ(hipModuleGetTexRef(&none, m.module, ""), hipErrorInvalidValue);
  EXPECT_EQ(hipModuleGetTexRef(&none, m.module, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipModuleGetTexRef(nullptr, m.module, "moduleLinear"), hipErrorInvalidValue);
  EXPECT_EQ(hipModuleGetTexRef(&none, nullptr, "moduleLinear"), hipErrorInvalidResourceHandle);
  EXPECT_EQ(none, nullptr);

  // Unloading the module takes its references and their objects along.
  ASSERT_HIP(hipModuleUnload(m.module));
  EXPECT_EQ(hipModuleGetTexRef(&none, m.module, "moduleLinear"), hipErrorInvalidResourceHandle);
  ASSERT_HIP(hipFree(da));
  ASSERT_HIP(hipFree(db));
  ASSERT_HIP(hipFree(out));
  ASSERT_HIP(hipFree(pitched));
  ASSERT_HIP(hipArrayDestroy(array));
  (void)hipGetLastError();
}

// ---------------------------------------------------------------------------------------------
// The driver API's texture objects.

TEST(DriverTextureObjects, ReadWhatTheRuntimesObjectsRead) {
  // Pitched floats, bilinear, clamped, texel coordinates.
  const int w = 9, h = 6;
  float* pitched = nullptr;
  size_t pitch = 0;
  ASSERT_HIP(hipMallocPitch(reinterpret_cast<void**>(&pitched), &pitch, w * sizeof(float), h));
  HostImage im{w, h, 1, 1, {}};
  for (int i = 0; i < w * h; ++i) im.texels.push_back(std::sin(i * 0.9f) * 20);
  ASSERT_HIP(hipMemcpy2D(pitched, pitch, im.texels.data(), w * sizeof(float), w * sizeof(float), h,
                         hipMemcpyHostToDevice));
  hipResourceDesc resource = {};
  resource.resType = hipResourceTypePitch2D;
  resource.res.pitch2D = {pitched, hipCreateChannelDesc<float>(), size_t(w), size_t(h), pitch};
  hipTextureDesc texture = {};
  texture.addressMode[0] = texture.addressMode[1] = hipAddressModeClamp;
  texture.filterMode = hipFilterModeLinear;
  texture.readMode = hipReadModeElementType;
  hipTextureObject_t runtimeObject = nullptr;
  ASSERT_HIP(hipCreateTextureObject(&runtimeObject, &resource, &texture, nullptr));

  HIP_RESOURCE_DESC driverResource = {};
  driverResource.resType = HIP_RESOURCE_TYPE_PITCH2D;
  driverResource.res.pitch2D.devPtr = pitched;
  driverResource.res.pitch2D.format = HIP_AD_FORMAT_FLOAT;
  driverResource.res.pitch2D.numChannels = 1;
  driverResource.res.pitch2D.width = w;
  driverResource.res.pitch2D.height = h;
  driverResource.res.pitch2D.pitchInBytes = pitch;
  HIP_TEXTURE_DESC driverTexture = {};
  driverTexture.addressMode[0] = driverTexture.addressMode[1] = HIP_TR_ADDRESS_MODE_CLAMP;
  driverTexture.filterMode = HIP_TR_FILTER_MODE_LINEAR;
  driverTexture.flags = HIP_TRSF_READ_AS_INTEGER;
  hipTextureObject_t driverObject = nullptr;
  ASSERT_HIP(hipTexObjectCreate(&driverObject, &driverResource, &driverTexture, nullptr));

  const std::vector<float2> c = gridCoordinates(w, h, false);
  float2* coords = deviceCopy(c);
  float* out = nullptr;
  ASSERT_HIP(hipMalloc(&out, c.size() * sizeof(float)));
  ASSERT_HIP(launchSampleObject(runtimeObject, coords, out, static_cast<int>(c.size())));
  const std::vector<float> fromRuntime = hostCopy(out, c.size());
  ASSERT_HIP(launchSampleObject(driverObject, coords, out, static_cast<int>(c.size())));
  const std::vector<float> fromDriver = hostCopy(out, c.size());
  for (size_t i = 0; i < c.size(); ++i) {
    const float xy[2] = {c[i].x, c[i].y};
    ASSERT_EQ(fromDriver[i], fromRuntime[i]) << i;
    ASSERT_NEAR(fromDriver[i], referenceSample(im, 2, hipAddressModeClamp, true, false, xy, 0)[0],
                1e-3f)
        << i;
  }

  // What the object was made from, in the driver's spelling and in the runtime's.
  HIP_RESOURCE_DESC gotResource;
  ASSERT_HIP(hipTexObjectGetResourceDesc(&gotResource, driverObject));
  EXPECT_EQ(gotResource.resType, HIP_RESOURCE_TYPE_PITCH2D);
  EXPECT_EQ(gotResource.res.pitch2D.devPtr, pitched);
  EXPECT_EQ(gotResource.res.pitch2D.format, HIP_AD_FORMAT_FLOAT);
  EXPECT_EQ(gotResource.res.pitch2D.numChannels, 1u);
  EXPECT_EQ(gotResource.res.pitch2D.width, size_t(w));
  EXPECT_EQ(gotResource.res.pitch2D.height, size_t(h));
  EXPECT_EQ(gotResource.res.pitch2D.pitchInBytes, pitch);
  ASSERT_HIP(hipTexObjectGetResourceDesc(&gotResource, runtimeObject));
  EXPECT_EQ(gotResource.res.pitch2D.format, HIP_AD_FORMAT_FLOAT);
  hipResourceDesc runtimeView;
  ASSERT_HIP(hipGetTextureObjectResourceDesc(&runtimeView, driverObject));
  EXPECT_EQ(runtimeView.res.pitch2D.desc.x, 32);
  EXPECT_EQ(runtimeView.res.pitch2D.desc.f, hipChannelFormatKindFloat);
  HIP_TEXTURE_DESC gotTexture;
  ASSERT_HIP(hipTexObjectGetTextureDesc(&gotTexture, driverObject));
  EXPECT_EQ(gotTexture.flags, unsigned(HIP_TRSF_READ_AS_INTEGER));
  EXPECT_EQ(gotTexture.filterMode, HIP_TR_FILTER_MODE_LINEAR);
  EXPECT_EQ(gotTexture.addressMode[1], HIP_TR_ADDRESS_MODE_CLAMP);
  ASSERT_HIP(hipTexObjectDestroy(driverObject));
  ASSERT_HIP(hipDestroyTextureObject(runtimeObject));

  // An 8-bit array read as normalized floats (no HIP_TRSF_READ_AS_INTEGER), normalized
  // coordinates, mirrored; with a resource view.
  const hipChannelFormatDesc u8 = hipCreateChannelDesc<unsigned char>();
  hipArray_t array = nullptr;
  ASSERT_HIP(hipMallocArray(&array, &u8, w, h));
  std::vector<std::uint8_t> bytes(w * h);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<std::uint8_t>(i * 53 + 1);
  ASSERT_HIP(hipMemcpy2DToArray(array, 0, 0, bytes.data(), w, w, h, hipMemcpyHostToDevice));
  resource = {};
  resource.resType = hipResourceTypeArray;
  resource.res.array.array = array;
  texture = {};
  texture.addressMode[0] = texture.addressMode[1] = hipAddressModeMirror;
  texture.filterMode = hipFilterModePoint;
  texture.readMode = hipReadModeNormalizedFloat;
  texture.normalizedCoords = 1;
  ASSERT_HIP(hipCreateTextureObject(&runtimeObject, &resource, &texture, nullptr));
  driverResource = {};
  driverResource.resType = HIP_RESOURCE_TYPE_ARRAY;
  driverResource.res.array.hArray = array;
  driverTexture = {};
  driverTexture.addressMode[0] = driverTexture.addressMode[1] = HIP_TR_ADDRESS_MODE_MIRROR;
  driverTexture.filterMode = HIP_TR_FILTER_MODE_POINT;
  driverTexture.flags = HIP_TRSF_NORMALIZED_COORDINATES;
  HIP_RESOURCE_VIEW_DESC view = {};
  view.format = HIP_RES_VIEW_FORMAT_UINT_1X8;
  view.width = w;
  view.height = h;
  ASSERT_HIP(hipTexObjectCreate(&driverObject, &driverResource, &driverTexture, &view));
  const std::vector<float2> n = gridCoordinates(w, h, true);
  ASSERT_HIP(hipMemcpy(coords, n.data(), n.size() * sizeof(float2), hipMemcpyHostToDevice));
  ASSERT_HIP(launchSampleObject(runtimeObject, coords, out, static_cast<int>(n.size())));
  const std::vector<float> arrayRuntime = hostCopy(out, n.size());
  ASSERT_HIP(launchSampleObject(driverObject, coords, out, static_cast<int>(n.size())));
  const std::vector<float> arrayDriver = hostCopy(out, n.size());
  HostImage bi{w, h, 1, 1, {}};
  for (std::uint8_t v : bytes) bi.texels.push_back(v / 255.0f);
  for (size_t i = 0; i < n.size(); ++i) {
    const float xy[2] = {n[i].x, n[i].y};
    ASSERT_EQ(arrayDriver[i], arrayRuntime[i]) << i;
    ASSERT_EQ(arrayDriver[i], referenceSample(bi, 2, hipAddressModeMirror, false, true, xy, 0)[0])
        << i;
  }
  HIP_RESOURCE_VIEW_DESC gotView;
  ASSERT_HIP(hipTexObjectGetResourceViewDesc(&gotView, driverObject));
  EXPECT_EQ(gotView.format, HIP_RES_VIEW_FORMAT_UINT_1X8);
  EXPECT_EQ(gotView.width, size_t(w));
  EXPECT_EQ(gotView.height, size_t(h));
  ASSERT_HIP(hipTexObjectGetResourceDesc(&gotResource, driverObject));
  EXPECT_EQ(gotResource.resType, HIP_RESOURCE_TYPE_ARRAY);
  EXPECT_EQ(gotResource.res.array.hArray, array);
  ASSERT_HIP(hipTexObjectGetTextureDesc(&gotTexture, driverObject));
  EXPECT_EQ(gotTexture.flags, unsigned(HIP_TRSF_NORMALIZED_COORDINATES));

  // Misuse.
  hipTextureObject_t bad = nullptr;
  EXPECT_EQ(hipTexObjectCreate(nullptr, &driverResource, &driverTexture, nullptr),
            hipErrorInvalidValue);
  EXPECT_EQ(hipTexObjectCreate(&bad, nullptr, &driverTexture, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipTexObjectCreate(&bad, &driverResource, nullptr, nullptr), hipErrorInvalidValue);
  HIP_RESOURCE_DESC flagged = driverResource;
  flagged.flags = 1;
  EXPECT_EQ(hipTexObjectCreate(&bad, &flagged, &driverTexture, nullptr), hipErrorInvalidValue);
  HIP_RESOURCE_DESC threeChannels = {};
  threeChannels.resType = HIP_RESOURCE_TYPE_LINEAR;
  threeChannels.res.linear.devPtr = pitched;
  threeChannels.res.linear.format = HIP_AD_FORMAT_FLOAT;
  threeChannels.res.linear.numChannels = 3;
  threeChannels.res.linear.sizeInBytes = 1200;
  EXPECT_EQ(hipTexObjectCreate(&bad, &threeChannels, &driverTexture, nullptr),
            hipErrorInvalidValue);
  HIP_TEXTURE_DESC unknownFlag = driverTexture;
  unknownFlag.flags = 0x80;
  EXPECT_EQ(hipTexObjectCreate(&bad, &driverResource, &unknownFlag, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(bad, nullptr);
  EXPECT_EQ(hipTexObjectGetResourceDesc(nullptr, driverObject), hipErrorInvalidValue);
  EXPECT_EQ(hipTexObjectGetResourceDesc(&gotResource, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipTexObjectGetResourceViewDesc(nullptr, driverObject), hipErrorInvalidValue);
  EXPECT_EQ(hipTexObjectGetTextureDesc(&gotTexture, reinterpret_cast<hipTextureObject_t>(out)),
            hipErrorInvalidValue);
  ASSERT_HIP(hipTexObjectDestroy(driverObject));
  EXPECT_EQ(hipTexObjectDestroy(driverObject), hipErrorInvalidValue);  // destroyed already
  ASSERT_HIP(hipTexObjectDestroy(nullptr));
  ASSERT_HIP(hipDestroyTextureObject(runtimeObject));
  ASSERT_HIP(hipFreeArray(array));
  ASSERT_HIP(hipFree(coords));
  ASSERT_HIP(hipFree(out));
  ASSERT_HIP(hipFree(pitched));
  (void)hipGetLastError();
}

// A layered cubemap bound to a texture<float, hipTextureTypeCubemapLayered> reference: a read
// along each axis of each cube returns that face's slice (each slice holds 10 x slice + 1).
TEST(TextureReferences, CubemapReferencesReadTheFaceOfTheirLayer) {
  const hipChannelFormatDesc f = hipCreateChannelDesc<float>();
  hipArray_t array = nullptr;
  ASSERT_HIP(
      hipMalloc3DArray(&array, &f, make_hipExtent(2, 2, 12), hipArrayCubemap | hipArrayLayered));
  std::vector<float> texels;
  for (int slice = 0; slice < 12; ++slice) texels.insert(texels.end(), 4, 10.0f * slice + 1);
  hipMemcpy3DParms p = {};
  p.srcPtr = make_hipPitchedPtr(texels.data(), 8, 2, 2);
  p.dstArray = array;
  p.extent = make_hipExtent(2, 2, 12);
  p.kind = hipMemcpyHostToDevice;
  ASSERT_HIP(hipMemcpy3D(&p));
  textureReference* ref = cubesFloatReference();
  ref->normalized = 1;
  ref->filterMode = hipFilterModePoint;
  ASSERT_HIP(hipBindTextureToArray(ref, array, &f));
  // +x, -x, +y, -y, +z, -z of cube 0, then of cube 1.
  const float axes[6][3] = {{2, 0, 0}, {-2, 0, 0}, {0, 2, 0}, {0, -2, 0}, {0, 0, 2}, {0, 0, -2}};
  std::vector<float4> directions;
  for (int cube = 0; cube < 2; ++cube)
    for (const auto& a : axes) directions.push_back(make_float4(a[0], a[1], a[2], cube));
  float4* device = deviceCopy(directions);
  float* out = nullptr;
  ASSERT_HIP(hipMalloc(&out, 2 * directions.size() * sizeof(float)));
  ASSERT_HIP(launchSampleCubes(device, out, static_cast<int>(directions.size())));
  const std::vector<float> got = hostCopy(out, 2 * directions.size());
  for (size_t i = 0; i < directions.size(); ++i) {
    EXPECT_EQ(got[2 * i], 10.0f * i + 1) << "direction " << i;
    EXPECT_EQ(got[2 * i + 1], 10.0f * i + 1) << "direction " << i << " at level 0";
  }
  ASSERT_HIP(hipUnbindTexture(ref));
  ASSERT_HIP(hipFree(device));
  ASSERT_HIP(hipFree(out));
  ASSERT_HIP(hipFreeArray(array));
}

// A file-scope surface reference is a device variable of sizeof(surfaceReference): the program
// stores a surface object in it and kernels write through it (AMD's runtime registers it the
// same way; HIP has no binding call for surfaces).
TEST(SurfaceReferences, AFileScopeSurfaceHoldsTheObjectKernelsWriteThrough) {
  const int width = 9, height = 5;
  const hipChannelFormatDesc rgba8 = hipCreateChannelDesc<uchar4>();
  hipArray_t array = nullptr;
  ASSERT_HIP(hipMallocArray(&array, &rgba8, width, height, hipArraySurfaceLoadStore));
  hipResourceDesc resource = {};
  resource.resType = hipResourceTypeArray;
  resource.res.array.array = array;
  hipSurfaceObject_t object = nullptr;
  ASSERT_HIP(hipCreateSurfaceObject(&object, &resource));
  // The symbol by its address: the C++ overloads take the variable itself.
  const void* symbol = rgba8SurfaceReference();
  size_t size = 0;
  ASSERT_HIP(hipGetSymbolSize(&size, symbol));
  EXPECT_EQ(size, sizeof(surfaceReference));
  surfaceReference reference = {};
  reference.surfaceObject = object;
  ASSERT_HIP(hipMemcpyToSymbol(symbol, &reference, sizeof reference));
  ASSERT_HIP(launchWriteThroughSurfaceReference(width, height));
  std::vector<uchar4> texels(width * height);
  ASSERT_HIP(hipMemcpy2DFromArray(texels.data(), width * 4, array, 0, 0, width * 4, height,
                                  hipMemcpyDeviceToHost));
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const uchar4 want = surfacePatternRgba8(x, y), got = texels[y * width + x];
      ASSERT_TRUE(got.x == want.x && got.y == want.y && got.z == want.z && got.w == want.w)
          << "texel (" << x << ", " << y << ")";
    }
  ASSERT_HIP(hipDestroySurfaceObject(object));
  ASSERT_HIP(hipFreeArray(array));
}

}  // namespace
