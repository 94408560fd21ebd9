// sRGB textures on a GPU (vgpu in CI): a texture whose sRGB flag is set returns the colour
// channels of 8-bit unsigned texels as linear values (IEC 61966-2-1's decoding curve, computed
// here in double), alpha as plain unorm, and filters the decoded values; formats the hardware
// cannot decode are refused.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "DeviceCopies.h"
#include "HostSampler.h"
#include "TextureKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

float srgbToLinear(std::uint8_t byte) {
  const double c = byte / 255.0;
  return static_cast<float>(c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4));
}

hipTextureDesc srgbTexture(bool linear) {
  hipTextureDesc texture = {};
  for (auto& m : texture.addressMode) m = hipAddressModeClamp;
  texture.filterMode = linear ? hipFilterModeLinear : hipFilterModePoint;
  texture.readMode = hipReadModeNormalizedFloat;
  texture.normalizedCoords = 1;
  texture.sRGB = 1;
  return texture;
}

// Every byte value in every channel of uchar4, uchar2 and uchar1 arrays (a 256 x 2 image,
// channel c of texel x holding x + 85c), point-sampled at texel centres and bilinearly between
// them: colour channels decode, alpha does not, and filtering blends decoded values.
TEST(SrgbTextures, ColourChannelsDecodeBeforeFiltering) {
  const int w = 256, h = 2;
  for (int channels : {4, 2, 1}) {
    const hipChannelFormatDesc desc =
        hipCreateChannelDesc(8, channels > 1 ? 8 : 0, channels > 2 ? 8 : 0, channels > 2 ? 8 : 0,
                             hipChannelFormatKindUnsigned);
    hipArray_t array = nullptr;
    ASSERT_HIP(hipMallocArray(&array, &desc, w, h));
    std::vector<std::uint8_t> bytes;
    HostImage im{w, h, 1, channels, {}};
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        for (int c = 0; c < channels; ++c) {
          const auto b = static_cast<std::uint8_t>(x + 85 * c + 40 * y);
          bytes.push_back(b);
          im.texels.push_back(c == 3 ? b / 255.0f : srgbToLinear(b));
        }
    ASSERT_HIP(hipMemcpy2DToArray(array, 0, 0, bytes.data(), w * channels, w * channels, h,
                                  hipMemcpyHostToDevice));
    hipResourceDesc resource = {};
    resource.resType = hipResourceTypeArray;
    resource.res.array.array = array;
    std::vector<float4> coords;
    for (int i = 0; i < w * h; ++i)  // centres, then points between texels
      coords.push_back(make_float4((i % w + (i < w ? 0.5f : 0.73f)) / w, 0.5f / h, 0, 0));
    float4* deviceCoords = deviceCopy(coords);
    float4* deviceOut = nullptr;
    ASSERT_HIP(hipMalloc(&deviceOut, coords.size() * sizeof(float4)));
    for (bool linear : {false, true}) {
      const hipTextureDesc texture = srgbTexture(linear);
      hipTextureObject_t t = nullptr;
      ASSERT_HIP(hipCreateTextureObject(&t, &resource, &texture, nullptr));
      ASSERT_HIP(launchReadTexture(t, TextureRead::sample2D, deviceCoords, deviceOut,
                                   static_cast<int>(coords.size())));
      const std::vector<float4> out = hostCopy(deviceOut, coords.size());
      for (size_t i = 0; i < coords.size(); ++i) {
        const float c[2] = {coords[i].x, coords[i].y};
        const std::array<float, 4> want =
            referenceSample(im, 2, hipAddressModeClamp, linear, true, c, 0);
        const float got[4] = {out[i].x, out[i].y, out[i].z, out[i].w};
        for (int ch = 0; ch < 4; ++ch) {
          if (linear)
            ASSERT_NEAR(got[ch], want[ch], 1e-5f) << channels << " channels, read " << i;
          else
            ASSERT_EQ(got[ch], want[ch]) << channels << " channels, read " << i << " ch " << ch;
        }
      }
      hipResourceDesc resourceBack = {};
      hipTextureDesc textureBack = {};
      ASSERT_HIP(hipGetTextureObjectResourceDesc(&resourceBack, t));
      ASSERT_HIP(hipGetTextureObjectTextureDesc(&textureBack, t));
      EXPECT_EQ(textureBack.sRGB, 1);
      ASSERT_HIP(hipDestroyTextureObject(t));
    }
    ASSERT_HIP(hipFree(deviceCoords));
    ASSERT_HIP(hipFree(deviceOut));
    ASSERT_HIP(hipFreeArray(array));
  }
}

// The hardware decodes sRGB for 8-bit unsigned channels read as normalized floats only, and
// typed buffers (linear memory) have no sRGB format: everything else is refused, nothing made.
TEST(SrgbTextures, FormatsWithoutAnSrgbEncodingAreRefused) {
  struct Case {
    hipChannelFormatDesc desc;
    hipTextureReadMode read;
    const char* what;
  };
  for (const Case& k :
       {Case{hipCreateChannelDesc<uchar4>(), hipReadModeElementType, "uchar4 elements"},
        Case{hipCreateChannelDesc<ushort4>(), hipReadModeNormalizedFloat, "ushort4"},
        Case{hipCreateChannelDesc<char4>(), hipReadModeNormalizedFloat, "char4"},
        Case{hipCreateChannelDesc<float4>(), hipReadModeElementType, "float4"}}) {
    hipArray_t array = nullptr;
    ASSERT_HIP(hipMallocArray(&array, &k.desc, 4, 4));
    hipResourceDesc resource = {};
    resource.resType = hipResourceTypeArray;
    resource.res.array.array = array;
    hipTextureDesc texture = srgbTexture(false);
    texture.readMode = k.read;
    hipTextureObject_t t = reinterpret_cast<hipTextureObject_t>(0x1);
    EXPECT_EQ(hipCreateTextureObject(&t, &resource, &texture, nullptr), hipErrorInvalidValue)
        << k.what;
    EXPECT_EQ(t, nullptr) << k.what;
    ASSERT_HIP(hipFreeArray(array));
  }
  void* memory = nullptr;
  ASSERT_HIP(hipMalloc(&memory, 1024));
  hipResourceDesc resource = {};
  resource.resType = hipResourceTypeLinear;
  resource.res.linear.devPtr = memory;
  resource.res.linear.desc = hipCreateChannelDesc<uchar4>();
  resource.res.linear.sizeInBytes = 1024;
  const hipTextureDesc texture = srgbTexture(false);
  hipTextureObject_t t = nullptr;
  EXPECT_EQ(hipCreateTextureObject(&t, &resource, &texture, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(t, nullptr);
  ASSERT_HIP(hipFree(memory));
}

}  // namespace
