// Cubemap arrays, textures and surfaces on a GPU (vgpu in CI). Directions are built on the host
// from a chosen face and texel (the inverse of CUDA's cubemap convention: faces +x, -x, +y, -y,
// +z, -z as the array's slices, s and t the face's other axes divided by the major one), so
// every read says exactly which face, texel, layer and level it reached.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <cmath>
#include <vector>

#include "DeviceCopies.h"
#include "TextureKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

// The direction whose face coordinates on `face` are (u, v) in [-1, 1], scaled by `length`.
float4 directionOn(int face, float u, float v, float length) {
  float x = 0, y = 0, z = 0;
  switch (face) {
    case 0:  // +x: s = -z, t = -y
      x = 1, z = -u, y = -v;
      break;
    case 1:  // -x: s = z, t = -y
      x = -1, z = u, y = -v;
      break;
    case 2:  // +y: s = x, t = z
      y = 1, x = u, z = v;
      break;
    case 3:  // -y: s = x, t = -z
      y = -1, x = u, z = -v;
      break;
    case 4:  // +z: s = x, t = -y
      z = 1, x = u, y = -v;
      break;
    default:  // -z: s = -x, t = -y
      z = -1, x = -u, y = -v;
      break;
  }
  return make_float4(x * length, y * length, z * length, 0);
}

// Texel (i, j) of face `face` of cube `layer`: its coordinates and an id of all four.
float4 texelValue(int layer, int face, int i, int j) {
  return make_float4(static_cast<float>(face), static_cast<float>(i), static_cast<float>(j),
                     1000.0f * layer + 100.0f * face + 10.0f * j + i);
}

// A w x w cubemap array of float4 with `cubes` cubes (layered when cubes > 1) holding
// texelValue, filled with hipMemcpy3D.
hipArray_t cubeArray(int w, int cubes, unsigned extraFlags = 0) {
  const hipChannelFormatDesc f4 = hipCreateChannelDesc<float4>();
  const unsigned flags = hipArrayCubemap | (cubes > 1 ? hipArrayLayered : 0u) | extraFlags;
  hipArray_t array = nullptr;
  EXPECT_EQ(hipMalloc3DArray(&array, &f4, make_hipExtent(w, w, 6 * cubes), flags), hipSuccess)
      << hipcoreGetErrorDetail();
  std::vector<float4> texels;
  for (int slice = 0; slice < 6 * cubes; ++slice)
    for (int j = 0; j < w; ++j)
      for (int i = 0; i < w; ++i) texels.push_back(texelValue(slice / 6, slice % 6, i, j));
  hipMemcpy3DParms p = {};
  p.srcPtr = make_hipPitchedPtr(texels.data(), w * sizeof(float4), w, w);
  p.dstArray = array;
  p.extent = make_hipExtent(w, w, 6 * cubes);
  p.kind = hipMemcpyHostToDevice;
  EXPECT_EQ(hipMemcpy3D(&p), hipSuccess) << hipcoreGetErrorDetail();
  return array;
}

hipTextureObject_t textureOf(hipArray_t array, hipTextureFilterMode filter) {
  hipResourceDesc resource = {};
  resource.resType = hipResourceTypeArray;
  resource.res.array.array = array;
  hipTextureDesc texture = {};
  for (auto& m : texture.addressMode) m = hipAddressModeWrap;  // cubemaps ignore it
  texture.filterMode = filter;
  texture.normalizedCoords = 1;
  hipTextureObject_t object = nullptr;
  EXPECT_EQ(hipCreateTextureObject(&object, &resource, &texture, nullptr), hipSuccess)
      << hipcoreGetErrorDetail();
  return object;
}

std::vector<float4> read(hipTextureObject_t t, TextureRead how, const std::vector<float4>& in) {
  float4* coords = deviceCopy(in);
  float4* out = nullptr;
  EXPECT_EQ(hipMalloc(&out, in.size() * sizeof(float4)), hipSuccess);
  EXPECT_EQ(launchReadTexture(t, how, coords, out, static_cast<int>(in.size())), hipSuccess)
      << hipcoreGetErrorDetail();
  std::vector<float4> result = hostCopy(out, in.size());
  EXPECT_EQ(hipFree(coords), hipSuccess);
  EXPECT_EQ(hipFree(out), hipSuccess);
  return result;
}

void expectTexel(const float4& got, const float4& want, const char* what, int n) {
  EXPECT_EQ(got.x, want.x) << what << " read " << n;
  EXPECT_EQ(got.y, want.y) << what << " read " << n;
  EXPECT_EQ(got.z, want.z) << what << " read " << n;
  EXPECT_EQ(got.w, want.w) << what << " read " << n;
}

// Every texel of every face, from directions of several lengths aimed 0.3 texel off its centre
// (point sampling), and half way between two neighbours of a row (bilinear: their mean, the
// weights being exactly 1/2).
TEST(Cubemaps, ReadsPickTheFaceAndTexelOfEveryDirection) {
  constexpr int w = 4;
  hipArray_t array = cubeArray(w, 1);
  std::vector<float4> directions, want;
  for (int face = 0; face < 6; ++face)
    for (int j = 0; j < w; ++j)
      for (int i = 0; i < w; ++i) {
        const float di = (i + j) % 2 ? 0.3f : -0.3f, dj = face % 2 ? 0.3f : -0.3f;
        const float u = 2.0f * (i + 0.5f + di) / w - 1, v = 2.0f * (j + 0.5f + dj) / w - 1;
        directions.push_back(directionOn(face, u, v, 0.5f + 0.25f * ((i + face) % 4)));
        want.push_back(texelValue(0, face, i, j));
      }
  hipTextureObject_t point = textureOf(array, hipFilterModePoint);
  std::vector<float4> got = read(point, TextureRead::cube, directions);
  for (size_t n = 0; n < got.size(); ++n)
    expectTexel(got[n], want[n], "point", static_cast<int>(n));

  directions.clear();
  want.clear();
  for (int face = 0; face < 6; ++face)
    for (int j = 0; j < w; ++j)
      for (int i = 0; i + 1 < w; ++i) {
        const float u = 2.0f * (i + 1) / w - 1, v = 2.0f * (j + 0.5f) / w - 1;
        directions.push_back(directionOn(face, u, v, 2.0f));
        const float4 a = texelValue(0, face, i, j), b = texelValue(0, face, i + 1, j);
        want.push_back(
            make_float4((a.x + b.x) / 2, (a.y + b.y) / 2, (a.z + b.z) / 2, (a.w + b.w) / 2));
      }
  hipTextureObject_t linear = textureOf(array, hipFilterModeLinear);
  got = read(linear, TextureRead::cube, directions);
  for (size_t n = 0; n < got.size(); ++n)
    expectTexel(got[n], want[n], "linear", static_cast<int>(n));
  ASSERT_HIP(hipDestroyTextureObject(point));
  ASSERT_HIP(hipDestroyTextureObject(linear));
  ASSERT_HIP(hipFreeArray(array));
}

// A layered cubemap of three cubes: texCubemapLayered reads the layer's cube.
TEST(Cubemaps, LayeredReadsPickTheCube) {
  constexpr int w = 2;
  hipArray_t array = cubeArray(w, 3);
  std::vector<float4> coords, want;
  for (int layer = 0; layer < 3; ++layer)
    for (int face = 0; face < 6; ++face)
      for (int k = 0; k < w * w; ++k) {
        const int i = k % w, j = k / w;
        float4 c = directionOn(face, 2.0f * (i + 0.5f) / w - 1, 2.0f * (j + 0.5f) / w - 1, 1.5f);
        c.w = static_cast<float>(layer);
        coords.push_back(c);
        want.push_back(texelValue(layer, face, i, j));
      }
  hipTextureObject_t t = textureOf(array, hipFilterModePoint);
  std::vector<float4> got = read(t, TextureRead::cubeLayered, coords);
  for (size_t n = 0; n < got.size(); ++n)
    expectTexel(got[n], want[n], "layered", static_cast<int>(n));
  ASSERT_HIP(hipDestroyTextureObject(t));
  ASSERT_HIP(hipFreeArray(array));
}

// Mipmapped cubemaps (and a layered one's second cube): each level of each face holds its own
// constant; texCubemapLod asks for a level, texCubemapGrad for the level of a gradient, which on
// the +z face at (0, 0, 1) is g / 2 per unit of the face's [0, 1] coordinates, so log2(4 g) texels
// at 8 texels.
TEST(Cubemaps, LodAndGradFormsPickTheirLevels) {
  constexpr unsigned kLevels = 3;
  const hipChannelFormatDesc f = hipCreateChannelDesc<float>();
  auto value = [](unsigned level, int slice) { return 100.0f * level + slice + 1; };
  for (int cubes : {1, 2}) {
    hipMipmappedArray_t mipmap = nullptr;
    const unsigned flags = hipArrayCubemap | (cubes > 1 ? hipArrayLayered : 0u);
    ASSERT_HIP(
        hipMallocMipmappedArray(&mipmap, &f, make_hipExtent(8, 8, 6 * cubes), kLevels, flags));
    for (unsigned l = 0; l < kLevels; ++l) {
      hipArray_t level = nullptr;
      ASSERT_HIP(hipGetMipmappedArrayLevel(&level, mipmap, l));
      const size_t side = 8u >> l;
      std::vector<float> texels;
      for (int slice = 0; slice < 6 * cubes; ++slice)
        texels.insert(texels.end(), side * side, value(l, slice));
      hipMemcpy3DParms p = {};
      p.srcPtr = make_hipPitchedPtr(texels.data(), side * 4, side, side);
      p.dstArray = level;
      p.extent = make_hipExtent(side, side, 6 * cubes);
      p.kind = hipMemcpyHostToDevice;
      ASSERT_HIP(hipMemcpy3D(&p));
    }
    hipResourceDesc resource = {};
    resource.resType = hipResourceTypeMipmappedArray;
    resource.res.mipmap.mipmap = mipmap;
    hipTextureDesc texture = {};
    texture.normalizedCoords = 1;
    texture.mipmapFilterMode = hipFilterModePoint;
    texture.maxMipmapLevelClamp = kLevels - 1;
    hipTextureObject_t t = nullptr;
    ASSERT_HIP(hipCreateTextureObject(&t, &resource, &texture, nullptr));
    const bool layered = cubes > 1;
    const int slice = layered ? 6 + 4 : 4;  // the +z face, of the second cube when layered
    const float levels[] = {0, 1, 2, 5};
    std::vector<float4> lod, grad;
    for (float l : levels) {
      lod.push_back(make_float4(0, 0, 1, l));
      grad.push_back(make_float4(0, 0, 1, std::exp2(l) / 4));
    }
    const std::vector<float4> byLod =
        read(t, layered ? TextureRead::cubeLayeredLod : TextureRead::cubeLod, lod);
    const std::vector<float4> byGrad =
        read(t, layered ? TextureRead::cubeLayeredGrad : TextureRead::cubeGrad, grad);
    for (size_t n = 0; n < lod.size(); ++n) {
      const unsigned want = std::min(static_cast<unsigned>(levels[n]), kLevels - 1);
      EXPECT_EQ(byLod[n].x, value(want, slice)) << "cubes " << cubes << " level " << levels[n];
      EXPECT_EQ(byGrad[n].x, value(want, slice)) << "cubes " << cubes << " level " << levels[n];
    }
    ASSERT_HIP(hipDestroyTextureObject(t));
    ASSERT_HIP(hipFreeMipmappedArray(mipmap));
  }
}

// surfCubemapwrite / surfCubemapLayeredwrite store face slices the array copy reads back in
// order, and surfCubemap*read return them.
TEST(Cubemaps, SurfacesWriteAndReadFaceSlices) {
  constexpr int w = 5;
  const hipChannelFormatDesc f = hipCreateChannelDesc<float>();
  for (int cubes : {1, 2}) {
    const bool layered = cubes > 1;
    const int slices = 6 * cubes;
    hipArray_t array = nullptr;
    ASSERT_HIP(hipMalloc3DArray(
        &array, &f, make_hipExtent(w, w, slices),
        hipArrayCubemap | hipArraySurfaceLoadStore | (layered ? hipArrayLayered : 0u)));
    hipResourceDesc resource = {};
    resource.resType = hipResourceTypeArray;
    resource.res.array.array = array;
    hipSurfaceObject_t s = nullptr;
    ASSERT_HIP(hipCreateSurfaceObject(&s, &resource));
    ASSERT_HIP(launchWriteSurfaceCube(s, w, slices, layered));
    std::vector<float> copied(w * w * slices, -1.0f);
    hipMemcpy3DParms p = {};
    p.srcArray = array;
    p.dstPtr = make_hipPitchedPtr(copied.data(), w * 4, w, w);
    p.extent = make_hipExtent(w, w, slices);
    p.kind = hipMemcpyDeviceToHost;
    ASSERT_HIP(hipMemcpy3D(&p));
    float* device = nullptr;
    ASSERT_HIP(hipMalloc(&device, copied.size() * sizeof(float)));
    ASSERT_HIP(launchReadSurfaceCube(s, w, slices, layered, device));
    const std::vector<float> readBack = hostCopy(device, copied.size());
    for (int z = 0; z < slices; ++z)
      for (int y = 0; y < w; ++y)
        for (int x = 0; x < w; ++x) {
          const size_t at = (static_cast<size_t>(z) * w + y) * w + x;
          ASSERT_EQ(copied[at], surfacePattern3D(x, y, z)) << "slice " << z << " " << x << "," << y;
          ASSERT_EQ(readBack[at], surfacePattern3D(x, y, z)) << "slice " << z;
        }
    ASSERT_HIP(hipFree(device));
    ASSERT_HIP(hipDestroySurfaceObject(s));
    ASSERT_HIP(hipFreeArray(array));
  }
}

// CUDA's cubemap rules: square faces, six slices, or a multiple of six when layered.
TEST(Cubemaps, ArrayShapesAreChecked) {
  const hipChannelFormatDesc f = hipCreateChannelDesc<float>();
  hipArray_t array = nullptr;
  EXPECT_EQ(hipMalloc3DArray(&array, &f, make_hipExtent(4, 8, 6), hipArrayCubemap),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMalloc3DArray(&array, &f, make_hipExtent(4, 4, 12), hipArrayCubemap),
            hipErrorInvalidValue);
  EXPECT_EQ(
      hipMalloc3DArray(&array, &f, make_hipExtent(4, 4, 13), hipArrayCubemap | hipArrayLayered),
      hipErrorInvalidValue);
  EXPECT_EQ(hipMalloc3DArray(&array, &f, make_hipExtent(4, 0, 6), hipArrayCubemap),
            hipErrorInvalidValue);
  ASSERT_HIP(
      hipMalloc3DArray(&array, &f, make_hipExtent(4, 4, 12), hipArrayCubemap | hipArrayLayered));
  HIP_ARRAY3D_DESCRIPTOR d;
  ASSERT_HIP(hipArray3DGetDescriptor(&d, array));
  EXPECT_EQ(d.Depth, 12u);
  EXPECT_EQ(d.Flags & (hipArrayCubemap | hipArrayLayered), hipArrayCubemap | hipArrayLayered);
  ASSERT_HIP(hipFreeArray(array));
  int limit = 0;
  ASSERT_HIP(hipDeviceGetAttribute(&limit, hipDeviceAttributeMaxTextureCubemap, 0));
  EXPECT_EQ(limit, 16384);
  ASSERT_HIP(hipDeviceGetAttribute(&limit, hipDeviceAttributeImageSupport, 0));
  EXPECT_EQ(limit, 1);
}

}  // namespace
