// The differential texture program (issue 21): built by Debian's hipcc against AMD's HIP 5.2.3
// and run on vgpu twice, on AMD's clr (whose texture objects come from ROCR's image extension,
// AMD's own descriptor writer) and on hipcore as libamdhip64.so.5 (hipcore's descriptors). Both
// runs must match the host reference sampler tests/runtime/gpu/HostSampler.h implements, which
// validates vgpu's sampler against AMD's descriptors and hipcore's descriptors against both.
// Pitched memory (linear images on both runtimes; clr tiles hipArrays, which vgpu does not
// model): RGBA8 read as normalized floats and float read as elements, under every address
// mode, point and bilinear filtering, normalized and unnormalized coordinates.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "../runtime/gpu/HostSampler.h"

__global__ void sampleRgba8(hipTextureObject_t t, const float2* coords, float4* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float4>(t, coords[i].x, coords[i].y);
}

__global__ void sampleFloat(hipTextureObject_t t, const float2* coords, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float>(t, coords[i].x, coords[i].y);
}

namespace {

constexpr int kW = 13, kH = 7, kN = 96;

#define CHECK(call)                                                                   \
  do {                                                                                \
    hipError_t e = (call);                                                            \
    if (e != hipSuccess) {                                                            \
      std::printf("FAILED: %s: %s (line %d)\n", #call, hipGetErrorName(e), __LINE__); \
      return false;                                                                   \
    }                                                                                 \
  } while (0)

// Coordinates sweeping well outside the image both ways.
std::vector<float2> coordinates(bool normalized) {
  std::vector<float2> c;
  for (int i = 0; i < kN; ++i) {
    const float x = -4.3f + 0.2377f * i, y = 9.1f - 0.1613f * i;
    c.push_back(normalized ? make_float2(x / kW, y / kH) : make_float2(x, y));
  }
  return c;
}

bool run(bool rgba8, hipTextureAddressMode mode, bool linear, bool normalized, int& mismatches) {
  const int channels = rgba8 ? 4 : 1;
  const size_t texelBytes = 4;  // uchar4 or float
  HostImage im{kW, kH, 1, channels, {}};
  std::vector<unsigned char> bytes(kW * kH * 4);
  std::vector<float> floats(kW * kH);
  for (int i = 0; i < kW * kH; ++i) {
    for (int c = 0; c < 4; ++c)
      bytes[i * 4 + c] = static_cast<unsigned char>((i * 37 + c * 71) % 256);
    floats[i] = static_cast<float>(i % 17) * 1.25f - 9.5f;
  }
  for (int i = 0; i < kW * kH; ++i)
    for (int c = 0; c < channels; ++c)
      im.texels.push_back(rgba8 ? bytes[i * 4 + c] / 255.0f : floats[i]);
  void* memory = nullptr;
  size_t pitch = 0;
  CHECK(hipMallocPitch(&memory, &pitch, kW * texelBytes, kH));
  CHECK(hipMemcpy2D(memory, pitch, rgba8 ? static_cast<const void*>(bytes.data()) : floats.data(),
                    kW * texelBytes, kW * texelBytes, kH, hipMemcpyHostToDevice));
  // Spelled out: HIP 5.2.3's hipCreateChannelDesc<uchar4>() says hipChannelFormatKindSigned
  // (its amd_channel_descriptor.h), and both runtimes then read the bytes as snorm.
  hipResourceDesc resource = {};
  resource.resType = hipResourceTypePitch2D;
  resource.res.pitch2D.devPtr = memory;
  resource.res.pitch2D.desc = rgba8 ? hipCreateChannelDesc(8, 8, 8, 8, hipChannelFormatKindUnsigned)
                                    : hipCreateChannelDesc<float>();
  resource.res.pitch2D.width = kW;
  resource.res.pitch2D.height = kH;
  resource.res.pitch2D.pitchInBytes = pitch;
  hipTextureDesc texture = {};
  texture.addressMode[0] = texture.addressMode[1] = mode;
  texture.filterMode = linear ? hipFilterModeLinear : hipFilterModePoint;
  texture.readMode = rgba8 ? hipReadModeNormalizedFloat : hipReadModeElementType;
  texture.normalizedCoords = normalized;
  hipTextureObject_t object = nullptr;
  CHECK(hipCreateTextureObject(&object, &resource, &texture, nullptr));
  const std::vector<float2> coords = coordinates(normalized);
  float2* deviceCoords = nullptr;
  float4* deviceOut = nullptr;
  CHECK(hipMalloc(&deviceCoords, kN * sizeof(float2)));
  CHECK(hipMalloc(&deviceOut, kN * sizeof(float4)));
  CHECK(hipMemcpy(deviceCoords, coords.data(), kN * sizeof(float2), hipMemcpyHostToDevice));
  if (rgba8)
    sampleRgba8<<<1, kN>>>(object, deviceCoords, deviceOut, kN);
  else
    sampleFloat<<<1, kN>>>(object, deviceCoords, reinterpret_cast<float*>(deviceOut), kN);
  CHECK(hipDeviceSynchronize());
  std::vector<float4> out(kN);
  CHECK(hipMemcpy(out.data(), deviceOut, kN * sizeof(float4), hipMemcpyDeviceToHost));
  const float* got = reinterpret_cast<const float*>(out.data());
  for (int i = 0; i < kN; ++i) {
    const float xy[2] = {coords[i].x, coords[i].y};
    const std::array<float, 4> want = referenceSample(im, 2, mode, linear, normalized, xy, 0);
    for (int c = 0; c < channels; ++c) {
      const float g = rgba8 ? got[4 * i + c] : got[i];
      const bool equal = linear
                             ? std::fabs(g - want[c]) <= 1e-5f * std::fmax(1.0f, std::fabs(want[c]))
                             : g == want[c];
      if (!equal && mismatches++ < 10)
        std::printf("mismatch: %s mode %d %s %s coordinate (%g, %g) channel %d: %.9g, want %.9g\n",
                    rgba8 ? "rgba8" : "float", static_cast<int>(mode), linear ? "linear" : "point",
                    normalized ? "normalized" : "texels", xy[0], xy[1], c, g, want[c]);
    }
  }
  CHECK(hipDestroyTextureObject(object));
  CHECK(hipFree(deviceCoords));
  CHECK(hipFree(deviceOut));
  CHECK(hipFree(memory));
  return true;
}

}  // namespace

int main() {
  int mismatches = 0, configurations = 0;
  for (bool rgba8 : {true, false})
    for (hipTextureAddressMode mode :
         {hipAddressModeWrap, hipAddressModeMirror, hipAddressModeClamp, hipAddressModeBorder})
      for (bool linear : {false, true})
        for (bool normalized : {true, false}) {
          // CUDA's rule: wrap and mirror need normalized coordinates.
          if (!normalized && (mode == hipAddressModeWrap || mode == hipAddressModeMirror)) continue;
          if (!run(rgba8, mode, linear, normalized, mismatches)) return 1;
          ++configurations;
        }
  if (mismatches != 0) {
    std::printf("FAILED: %d reads differ from the reference sampler\n", mismatches);
    return 1;
  }
  std::printf("PASSED: %d configurations of %d reads each match the reference sampler\n",
              configurations, kN);
  return 0;
}
