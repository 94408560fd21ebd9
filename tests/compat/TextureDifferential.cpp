// The differential texture program (issue 21): built by Debian's hipcc against AMD's HIP 5.2.3
// and run on vgpu twice, on AMD's clr (whose texture objects come from ROCR's image extension,
// AMD's own descriptor writer) and on hipcore as libamdhip64.so.5 (hipcore's descriptors). Both
// runs must match the host reference sampler tests/runtime/gpu/HostSampler.h implements, which
// validates vgpu's sampler against AMD's descriptors and hipcore's descriptors against both.
// Pitched memory (linear images on both runtimes): RGBA8 read as normalized floats, plain and
// sRGB-decoded, and float read as elements, under every address mode, point and bilinear
// filtering, normalized and unnormalized coordinates; tex1Dfetch from linear memory (buffer
// descriptors on both runtimes); and hipArrays, which clr lays out tiled through ROCR's address
// library (on gfx1030: 256B_D for small 2D images and layers, 4KB_D_X for larger ones, 4KB_S_X
// for 3D) and hipcore linearly: 2D RGBA8 and float arrays of both sizes, layered and 3D ones,
// sampled the same ways, and copied back out of 2D arrays. (No surface kernel: HIP 5.2.3's
// headers give hipCreateSurfaceObject C++ linkage, a mangled name hipcore does not export yet,
// and clr 5.2.3 refuses hipArraySurfaceLoadStore.)
#include <hip/hip_runtime.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
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

// tex1Dfetch of element index[i] from a linear-memory texture (a typed buffer load).
__global__ void fetchRgba8(hipTextureObject_t t, const int* index, float4* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float4>(t, index[i]);
}

__global__ void fetchFloat(hipTextureObject_t t, const int* index, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float>(t, index[i]);
}

// hipArray textures: kind 2 reads tex2D, 3 tex2DLayered (layer in c.z), 4 tex3D.
template <class T>
__global__ void sampleArray(hipTextureObject_t t, int kind, const float4* coords, T* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float4 c = coords[i];
  if (kind == 3)
    out[i] = tex2DLayered<T>(t, c.x, c.y, static_cast<int>(c.z));
  else if (kind == 4)
    out[i] = tex3D<T>(t, c.x, c.y, c.z);
  else
    out[i] = tex2D<T>(t, c.x, c.y);
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

// An sRGB-encoded byte as the linear value an sRGB texture returns (IEC 61966-2-1).
float srgbToLinear(unsigned char byte) {
  const double c = byte / 255.0;
  return static_cast<float>(c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4));
}

bool run(bool rgba8, bool srgb, hipTextureAddressMode mode, bool linear, bool normalized,
         int& mismatches) {
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
      im.texels.push_back(!rgba8          ? floats[i]
                          : srgb && c < 3 ? srgbToLinear(bytes[i * 4 + c])
                                          : bytes[i * 4 + c] / 255.0f);
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
  texture.sRGB = srgb;
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
                    rgba8 ? (srgb ? "srgba8" : "rgba8") : "float", static_cast<int>(mode),
                    linear ? "linear" : "point", normalized ? "normalized" : "texels", xy[0], xy[1],
                    c, g, want[c]);
    }
  }
  CHECK(hipDestroyTextureObject(object));
  CHECK(hipFree(deviceCoords));
  CHECK(hipFree(deviceOut));
  CHECK(hipFree(memory));
  return true;
}

// Linear memory of kElements texels read by tex1Dfetch. Only indices inside are compared: past the
// end CUDA reads 0 (hipcore's own tests check it), but the buffer descriptor AMD's runtime
// writes for a float texture lets a fetch past the end read the memory beyond, as hardware
// would (seen on vgpu: 9 of the 10 such reads returned data).
bool fetch(bool rgba8, int& mismatches) {
  constexpr int kElements = 300;
  std::vector<unsigned char> bytes(kElements * 4);
  std::vector<float> floats(kElements);
  for (int i = 0; i < kElements * 4; ++i) bytes[i] = static_cast<unsigned char>(i * 29 + 5);
  for (int i = 0; i < kElements; ++i) floats[i] = i * 0.75f - 100.0f;
  void* memory = nullptr;
  CHECK(hipMalloc(&memory, kElements * 4));
  CHECK(hipMemcpy(memory, rgba8 ? static_cast<const void*>(bytes.data()) : floats.data(),
                  kElements * 4, hipMemcpyHostToDevice));
  hipResourceDesc resource = {};
  resource.resType = hipResourceTypeLinear;
  resource.res.linear.devPtr = memory;
  resource.res.linear.desc = rgba8 ? hipCreateChannelDesc(8, 8, 8, 8, hipChannelFormatKindUnsigned)
                                   : hipCreateChannelDesc<float>();
  resource.res.linear.sizeInBytes = kElements * 4;
  hipTextureDesc texture = {};
  texture.readMode = rgba8 ? hipReadModeNormalizedFloat : hipReadModeElementType;
  hipTextureObject_t object = nullptr;
  CHECK(hipCreateTextureObject(&object, &resource, &texture, nullptr));
  std::vector<int> index;
  for (int i = 0; i < kN; ++i) index.push_back((i * 37) % kElements);
  int* deviceIndex = nullptr;
  float4* deviceOut = nullptr;
  CHECK(hipMalloc(&deviceIndex, kN * sizeof(int)));
  CHECK(hipMalloc(&deviceOut, kN * sizeof(float4)));
  CHECK(hipMemcpy(deviceIndex, index.data(), kN * sizeof(int), hipMemcpyHostToDevice));
  if (rgba8)
    fetchRgba8<<<1, kN>>>(object, deviceIndex, deviceOut, kN);
  else
    fetchFloat<<<1, kN>>>(object, deviceIndex, reinterpret_cast<float*>(deviceOut), kN);
  CHECK(hipDeviceSynchronize());
  std::vector<float4> out(kN);
  CHECK(hipMemcpy(out.data(), deviceOut, kN * sizeof(float4), hipMemcpyDeviceToHost));
  const float* got = reinterpret_cast<const float*>(out.data());
  for (int i = 0; i < kN; ++i)
    for (int c = 0; c < (rgba8 ? 4 : 1); ++c) {
      const float want = rgba8 ? bytes[index[i] * 4 + c] / 255.0f : floats[index[i]];
      const float g = rgba8 ? got[4 * i + c] : got[i];
      if (g != want && mismatches++ < 10)
        std::printf("mismatch: tex1Dfetch %s element %d channel %d: %.9g, want %.9g\n",
                    rgba8 ? "rgba8" : "float", index[i], c, g, want);
    }
  CHECK(hipDestroyTextureObject(object));
  CHECK(hipFree(deviceIndex));
  CHECK(hipFree(deviceOut));
  CHECK(hipFree(memory));
  return true;
}

// One hipArray: 2D (layers 0), layered 2D or 3D, RGBA8 or float, filled with bytes that differ
// per texel, copied in with hipMemcpy2DToArray or hipMemcpy3D and back out again to compare.
struct ArrayCase {
  const char* name;
  bool rgba8;
  int w, h, d;  // d: layers (kind 3) or depth (kind 4)
  int kind;     // 2 plain 2D, 3 layered, 4 3D
};

bool sampleArrayCase(const ArrayCase& k, int& mismatches, int& configurations) {
  const int channels = k.rgba8 ? 4 : 1, slices = k.kind == 2 ? 1 : k.d;
  const size_t texels = size_t(k.w) * k.h * slices, rowBytes = size_t(k.w) * 4;
  std::vector<unsigned char> bytes(texels * 4);
  std::vector<float> floats(texels);
  HostImage im{k.w, k.h, slices, channels, {}};
  for (size_t i = 0; i < texels; ++i) {
    for (int c = 0; c < 4; ++c)
      bytes[i * 4 + c] = static_cast<unsigned char>((i * 37 + c * 71 + i / 7) % 256);
    floats[i] = static_cast<float>((i * 13) % 97) * 0.5f - 20.0f;
    for (int c = 0; c < channels; ++c)
      im.texels.push_back(k.rgba8 ? bytes[i * 4 + c] / 255.0f : floats[i]);
  }
  const void* host = k.rgba8 ? static_cast<const void*>(bytes.data()) : floats.data();
  const hipChannelFormatDesc desc =
      k.rgba8 ? hipCreateChannelDesc(8, 8, 8, 8, hipChannelFormatKindUnsigned)
              : hipCreateChannelDesc<float>();
  hipArray_t array = nullptr;
  if (k.kind == 2) {
    CHECK(hipMallocArray(&array, &desc, k.w, k.h));
    CHECK(hipMemcpy2DToArray(array, 0, 0, host, rowBytes, rowBytes, k.h, hipMemcpyHostToDevice));
  } else {
    CHECK(hipMalloc3DArray(&array, &desc, make_hipExtent(k.w, k.h, k.d),
                           k.kind == 3 ? hipArrayLayered : 0));
    hipMemcpy3DParms copy = {};
    copy.srcPtr = make_hipPitchedPtr(const_cast<void*>(host), rowBytes, k.w, k.h);
    copy.dstArray = array;
    copy.extent = make_hipExtent(k.w, k.h, k.d);
    copy.kind = hipMemcpyHostToDevice;
    CHECK(hipMemcpy3D(&copy));
  }
  if (k.kind == 2) {  // the bytes come back as they went in
    std::vector<unsigned char> back(texels * 4);
    CHECK(hipMemcpy2DFromArray(back.data(), rowBytes, array, 0, 0, rowBytes, k.h,
                               hipMemcpyDeviceToHost));
    if (std::memcmp(back.data(), host, back.size()) != 0 && mismatches++ < 10)
      std::printf("mismatch: %s: hipMemcpy2DFromArray returned other bytes\n", k.name);
  }
  hipResourceDesc resource = {};
  resource.resType = hipResourceTypeArray;
  resource.res.array.array = array;
  std::vector<float4> coords(kN);
  float4* deviceCoords = nullptr;
  float4* deviceOut = nullptr;
  CHECK(hipMalloc(&deviceCoords, kN * sizeof(float4)));
  CHECK(hipMalloc(&deviceOut, kN * sizeof(float4)));
  for (hipTextureAddressMode mode :
       {hipAddressModeWrap, hipAddressModeMirror, hipAddressModeClamp, hipAddressModeBorder})
    for (bool linear : {false, true})
      for (bool normalized : {true, false}) {
        if (!normalized && (mode == hipAddressModeWrap || mode == hipAddressModeMirror)) continue;
        // Coordinates sweeping the whole image and a tenth beyond each side, so that reads cross
        // the blocks of the tiled layout.
        for (int i = 0; i < kN; ++i) {
          const float t = -0.1f + 1.2f * i / kN;
          float x = t * k.w + 0.37f, y = (1.1f - t) * k.h - 0.21f;
          float z = k.kind == 3 ? float(i % k.d) : (0.5f * t + 0.3f) * k.d + 0.13f;
          if (normalized) {
            x /= k.w;
            y /= k.h;
            if (k.kind == 4) z /= k.d;
          }
          coords[i] = make_float4(x, y, z, 0);
        }
        hipTextureDesc texture = {};
        texture.addressMode[0] = texture.addressMode[1] = texture.addressMode[2] = mode;
        texture.filterMode = linear ? hipFilterModeLinear : hipFilterModePoint;
        texture.readMode = k.rgba8 ? hipReadModeNormalizedFloat : hipReadModeElementType;
        texture.normalizedCoords = normalized;
        hipTextureObject_t object = nullptr;
        CHECK(hipCreateTextureObject(&object, &resource, &texture, nullptr));
        CHECK(hipMemcpy(deviceCoords, coords.data(), kN * sizeof(float4), hipMemcpyHostToDevice));
        if (k.rgba8)
          sampleArray<float4><<<1, kN>>>(object, k.kind, deviceCoords, deviceOut, kN);
        else
          sampleArray<float>
              <<<1, kN>>>(object, k.kind, deviceCoords, reinterpret_cast<float*>(deviceOut), kN);
        CHECK(hipDeviceSynchronize());
        std::vector<float4> out(kN);
        CHECK(hipMemcpy(out.data(), deviceOut, kN * sizeof(float4), hipMemcpyDeviceToHost));
        const float* got = reinterpret_cast<const float*>(out.data());
        for (int i = 0; i < kN; ++i) {
          const float xyz[3] = {coords[i].x, coords[i].y, coords[i].z};
          const int axes = k.kind == 4 ? 3 : 2, layer = k.kind == 3 ? int(coords[i].z) : 0;
          const std::array<float, 4> want =
              referenceSample(im, axes, mode, linear, normalized, xyz, layer);
          for (int c = 0; c < channels; ++c) {
            const float g = k.rgba8 ? got[4 * i + c] : got[i];
            const bool equal =
                linear ? std::fabs(g - want[c]) <= 1e-5f * std::fmax(1.0f, std::fabs(want[c]))
                       : g == want[c];
            if (!equal && mismatches++ < 10)
              std::printf(
                  "mismatch: %s mode %d %s %s coordinate (%g, %g, %g) channel %d: %.9g, "
                  "want %.9g\n",
                  k.name, static_cast<int>(mode), linear ? "linear" : "point",
                  normalized ? "normalized" : "texels", xyz[0], xyz[1], xyz[2], c, g, want[c]);
          }
        }
        CHECK(hipDestroyTextureObject(object));
        ++configurations;
      }
  CHECK(hipFree(deviceCoords));
  CHECK(hipFree(deviceOut));
  CHECK(hipFreeArray(array));
  return true;
}

}  // namespace

int main() {
  int mismatches = 0, configurations = 0;
  for (int format = 0; format < 3; ++format)  // rgba8, sRGB rgba8, float
    for (hipTextureAddressMode mode :
         {hipAddressModeWrap, hipAddressModeMirror, hipAddressModeClamp, hipAddressModeBorder})
      for (bool linear : {false, true})
        for (bool normalized : {true, false}) {
          // CUDA's rule: wrap and mirror need normalized coordinates.
          if (!normalized && (mode == hipAddressModeWrap || mode == hipAddressModeMirror)) continue;
          if (!run(format < 2, format == 1, mode, linear, normalized, mismatches)) return 1;
          ++configurations;
        }
  for (bool rgba8 : {true, false}) {
    if (!fetch(rgba8, mismatches)) return 1;
    ++configurations;
  }
  // Sizes chosen for the layouts ROCR 5.2.3 picks on gfx1030 (256B_D up to about 32x32 texels
  // of 4 bytes, 4KB_D_X above; 3D always 4KB_S_X; the program also runs on Debian 13's clr for
  // gfx1100, where large 2D arrays are 256KB_R_X).
  const ArrayCase arrays[] = {
      {"rgba8 array 13x7", true, 13, 7, 1, 2},
      {"rgba8 array 100x60", true, 100, 60, 1, 2},
      {"float array 13x7", false, 13, 7, 1, 2},
      {"float array 100x60", false, 100, 60, 1, 2},
      {"float array 300x260", false, 300, 260, 1, 2},
      {"float layered 16x16x4", false, 16, 16, 4, 3},
      {"rgba8 layered 70x40x3", true, 70, 40, 3, 3},
      {"float 3D 20x12x6", false, 20, 12, 6, 4},
      {"rgba8 3D 40x33x18", true, 40, 33, 18, 4},
  };
  for (const ArrayCase& k : arrays)
    if (!sampleArrayCase(k, mismatches, configurations)) return 1;
  if (mismatches != 0) {
    std::printf("FAILED: %d reads differ from the reference sampler\n", mismatches);
    return 1;
  }
  std::printf("PASSED: %d configurations of up to %d reads each match the host reference\n",
              configurations, kN);
  return 0;
}
