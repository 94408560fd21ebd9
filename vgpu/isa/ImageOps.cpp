// Image (MIMG) instructions: image_load/_mip, image_store/_mip, image_sample and its _l, _b,
// _lz, _d and _c variants, image_gather4 (RDNA2 ISA chapter 8 "image instructions", RDNA3 ISA
// chapter 8) and image_get_resinfo. Descriptors are read from SGPRs at each instruction; what
// happens between coordinates and texels lives in ImageSampling.cpp.
#include <algorithm>
#include <bit>
#include <cmath>
#include <string>

#include "isa/HandlerTable.h"
#include "isa/ImageSampling.h"
#include "isa/Lanes.h"

namespace vgpu::isa {

namespace {

using u32 = std::uint32_t;

float asFloat(u32 b) {
  return std::bit_cast<float>(b);
}

unsigned coordinateCount(ImageDim d) {
  switch (d) {
    case ImageDim::d1:
      return 1;
    case ImageDim::d3:
    case ImageDim::d2Array:
    case ImageDim::cube:
      return 3;
    default:
      return 2;
  }
}

const char* dimName(ImageDim d) {
  static const char* const kNames[] = {"1D",       "2D",       "3D",      "CUBE",
                                       "1D_ARRAY", "2D_ARRAY", "2D_MSAA", "2D_MSAA_ARRAY"};
  return kNames[static_cast<unsigned>(d)];
}

// Dims with a slice coordinate: arrays and cubes (face slices).
bool isArray(ImageDim d) {
  return d == ImageDim::d1Array || d == ImageDim::d2Array || d == ImageDim::cube;
}

// 1D and 1D_ARRAY; 2D, 2D_ARRAY and CUBE: the same texel addressing apart from the slice.
bool sameSpatialAxes(ImageDim a, ImageDim b) {
  auto plain = [](ImageDim d) {
    return d == ImageDim::d1Array                          ? ImageDim::d1
           : d == ImageDim::d2Array || d == ImageDim::cube ? ImageDim::d2
                                                           : d;
  };
  return (plain(a) == ImageDim::d1 || plain(a) == ImageDim::d2) && plain(a) == plain(b);
}

// The T# (and S#) an instruction names, decoded; a descriptor vgpu cannot honour, or one whose
// TYPE disagrees with the instruction's dim beyond the array forms, faults like a bad memory
// access (the hardware would read garbage).
bool readDescriptors(Wave& w, const MicroOp& u, bool sampled, ImageResource& image,
                     ImageSampler& sampler) {
  const GpuTarget target = w.wg->dispatch->target;
  u32 words[8];
  for (unsigned k = 0; k < 8; ++k) words[k] = w.s[u.src[1].index + k];
  std::string why;
  if (!decodeImageResource(target, words, image, why)) {
    w.fail(DispatchOutcome::Kind::memoryViolation, -1, image.base,
           "malformed image resource: " + why);
    return false;
  }
  const ImageDim dim = static_cast<ImageDim>(u.image.dim);
  // AMD's clr copies into and out of 3D images with the 2D_ARRAY form of image_store/image_load
  // (its __amd_rocclr_copyBufferToImage kernel): the same three address words, the slice one
  // addressing depth under the resource's 3D layout.
  if (!sampled && dim == ImageDim::d2Array && image.dim == ImageDim::d3) return true;
  if (dim != image.dim && sameSpatialAxes(dim, image.dim)) {
    // The instruction's DIM says which address components it supplies. A 1D or 2D image read
    // through an array or cube form (AMD's surf1DLayered/surf2DLayered*/surfCubemap* on arrays
    // made without those flags, which AMD's tests pass on hardware) is one slice; an array read
    // through the plain form reads its first slice in view.
    if (isArray(dim)) {
      if (!isArray(image.dim)) image.baseArray = image.lastArray = 0;
    } else {
      if (image.lastLevel != 0) {
        w.fail(DispatchOutcome::Kind::memoryViolation, -1, image.base,
               std::string("image instruction dim ") + dimName(dim) +
                   " reads a mipmapped array resource (TYPE " + dimName(image.dim) + ")");
        return false;
      }
      image.base += image.baseArray * image.sliceBytes();
    }
    image.dim = dim;
  }
  if (dim != image.dim) {
    w.fail(DispatchOutcome::Kind::memoryViolation, -1, image.base,
           std::string("image instruction dim ") + dimName(static_cast<ImageDim>(u.image.dim)) +
               " does not match the resource's TYPE " + dimName(image.dim));
    return false;
  }
  if (!sampled) return true;
  for (unsigned k = 0; k < 4; ++k) words[k] = w.s[u.src[2].index + k];
  if (!decodeImageSampler(target, words, sampler, why)) {
    w.fail(DispatchOutcome::Kind::memoryViolation, -1, image.base,
           "malformed image sampler: " + why);
    return false;
  }
  return true;
}

u32 addressWord(Wave& w, const MicroOp& u, unsigned k, unsigned lane) {
  return k < u.image.addrCount ? w.vreg(u.image.addr[k])[lane] : 0;
}

// Writes the dmask-selected channels of t to consecutive VGPRs from vdata.
void writeChannels(Wave& w, const MicroOp& u, unsigned lane, const Texel& t) {
  unsigned reg = u.dst[0].index;
  for (unsigned c = 0; c < 4; ++c)
    if ((u.image.dmask >> c) & 1) w.vreg(reg++)[lane] = t[c];
}

// A load/store lane's texel position: false (with the lane's warning) when it is outside the
// image, where loads return 0 and stores are dropped (RDNA2 ISA 8.2.1 "out of range").
struct Position {
  unsigned level;
  u32 x, y, z;
};

bool locateTexel(Wave& w, const MicroOp& u, const ImageResource& img, unsigned lane, bool mip,
                 Position& p, bool& inside) {
  const unsigned n = coordinateCount(img.dim);
  u32 c[3] = {0, 0, 0};
  for (unsigned k = 0; k < n; ++k) c[k] = addressWord(w, u, k, lane);
  p.level = img.baseLevel + (mip ? addressWord(w, u, n, lane) : 0);
  p.x = c[0];
  p.y = img.dim == ImageDim::d1 || img.dim == ImageDim::d1Array ? 0 : c[1];
  p.z = img.dim == ImageDim::d3 ? c[2] : 0;
  u32 layer = 0;
  if (img.arrayed()) {
    layer = img.dim == ImageDim::d1Array ? c[1] : c[2];
    p.z = img.baseArray + layer;
  }
  inside = p.level <= img.lastLevel && p.x < img.levelWidth(p.level) &&
           p.y < img.levelHeight(p.level) &&
           (img.arrayed() ? p.z <= img.lastArray : p.z < img.levelDepth(p.level));
  if (inside) return true;
  return w.warn(static_cast<int>(lane), img.base, [&] {
    return "image access outside the image (x " + std::to_string(c[0]) + ", y " +
           std::to_string(c[1]) + ", z/layer " + std::to_string(img.arrayed() ? layer : p.z) +
           ", level " + std::to_string(p.level) + "; size " + std::to_string(img.width) + "x" +
           std::to_string(img.height) + ", levels " + std::to_string(img.baseLevel) + ".." +
           std::to_string(img.lastLevel) + ")";
  });
}

template <bool Mip>
void imageLoad(Wave& w, const MicroOp& u) {
  ImageResource img;
  ImageSampler unused;
  if (!readDescriptors(w, u, /*sampled=*/false, img, unused)) return;
  for (std::uint64_t e = w.exec(); e; e &= e - 1) {
    const unsigned lane = static_cast<unsigned>(std::countr_zero(e));
    Position p;
    bool inside;
    if (!locateTexel(w, u, img, lane, Mip, p, inside)) return;
    Texel t{0, 0, 0, 0};
    if (inside) {
      if (!TexelAccess{w, img, lane}.read(p.level, p.x, p.y, p.z, t)) return;
      t = swizzle(img, t);
    }
    writeChannels(w, u, lane, t);
  }
}

template <bool Mip>
void imageStore(Wave& w, const MicroOp& u) {
  ImageResource img;
  ImageSampler unused;
  if (!readDescriptors(w, u, /*sampled=*/false, img, unused)) return;
  if (img.format.srgb) {
    // Graphics APIs never store through an sRGB view (Vulkan and D3D refuse storage images of
    // sRGB formats), so what the hardware would encode is undocumented: refused, not guessed.
    w.fail(DispatchOutcome::Kind::memoryViolation, -1, img.base,
           "image_store to an sRGB format is not modelled by vgpu");
    return;
  }
  for (std::uint64_t e = w.exec(); e; e &= e - 1) {
    const unsigned lane = static_cast<unsigned>(std::countr_zero(e));
    Position p;
    bool inside;
    if (!locateTexel(w, u, img, lane, Mip, p, inside)) return;
    if (!inside) continue;
    // The data VGPRs hold the dmask-selected channels in order; stores write memory's channel
    // order (DST_SEL applies to reads).
    Texel t{0, 0, 0, 0};
    unsigned reg = u.src[0].index;
    for (unsigned c = 0; c < 4; ++c)
      if ((u.image.dmask >> c) & 1) t[c] = w.vreg(reg++)[lane];
    if (!TexelAccess{w, img, lane}.write(p.level, p.x, p.y, p.z, t)) return;
  }
}

// How a sample instruction gets its level of detail, and its extra address words.
enum class Lod { implicit, bias, level, zero, derivatives };

// The level of detail from coordinate derivatives (texel units of the base level):
// log2 of the longer of the x and y derivative vectors.
float lodFromDerivatives(const ImageResource& img, bool unnormalized, unsigned axes,
                         const float* dx, const float* dy) {
  const float size[3] = {static_cast<float>(img.levelWidth(img.baseLevel)),
                         static_cast<float>(img.levelHeight(img.baseLevel)),
                         static_cast<float>(img.levelDepth(img.baseLevel))};
  float lx = 0, ly = 0;
  for (unsigned k = 0; k < axes; ++k) {
    const float scale = unnormalized ? 1.0f : size[k];
    lx += dx[k] * scale * dx[k] * scale;
    ly += dy[k] * scale * dy[k] * scale;
  }
  return 0.5f * std::log2(std::fmax(lx, ly));
}

// A cube sample's third coordinate is face + 8 * cube (the face id v_cubeid_f32 returns, the cube
// of a cube array in the bits above); its face slice is 6 * cube + face, clamped to the view.
// The first two coordinates are the face coordinates v_cubesc/v_cubetc_f32 divided by
// |v_cubema_f32| plus 1.5, so that [1, 2] spans the face (what the graphics compilers emit).
u32 cubeSlice(const ImageResource& img, float faceCoordinate) {
  const float rounded = std::fmax(std::nearbyint(faceCoordinate), 0.0f);
  const u32 id = rounded >= 65536.0f ? 65535u : static_cast<u32>(rounded);
  const u32 slice = (id >> 3) * 6 + std::min(id & 7u, 5u);
  return img.baseArray + std::min(slice, img.lastArray - img.baseArray);
}

template <Lod L, bool Compare, bool Gather>
void imageSample(Wave& w, const MicroOp& u) {
  ImageResource img;
  ImageSampler smp;
  if (!readDescriptors(w, u, /*sampled=*/true, img, smp)) return;
  const unsigned n = coordinateCount(img.dim);
  const unsigned axes = img.arrayed() ? n - 1 : n;
  // Cube coordinates are always face coordinates (below), whatever the unnormalized flags.
  const bool cube = img.dim == ImageDim::cube;
  const bool unnormalized = !cube && (u.image.unorm || smp.unnormalized);
  // Address words: [bias] [z-compare] [derivatives x then y] coordinates [lod].
  const unsigned biasAt = 0, refAt = L == Lod::bias ? 1 : 0, derivAt = refAt + (Compare ? 1 : 0);
  const unsigned coordAt = derivAt + (L == Lod::derivatives ? 2 * axes : 0);
  const unsigned lodAt = coordAt + n;
  // Results are written after every lane has read its addresses: the destination may overlap
  // the address VGPRs, and implicit derivatives read other lanes' coordinates.
  Texel results[64];
  for (std::uint64_t e = w.exec(); e; e &= e - 1) {
    const unsigned lane = static_cast<unsigned>(std::countr_zero(e));
    SamplePoint p;
    p.unnormalized = unnormalized;
    for (unsigned k = 0; k < axes; ++k) p.coord[k] = asFloat(addressWord(w, u, coordAt + k, lane));
    if (cube) {
      p.cubeFace = true;
      p.layer = cubeSlice(img, asFloat(addressWord(w, u, coordAt + axes, lane)));
      p.coord[0] -= 1.0f;
      p.coord[1] -= 1.0f;
    } else if (img.arrayed()) {
      // Layers round to nearest even and clamp to the view (RDNA2 ISA 8.2.1 "array index").
      const float layer = std::nearbyint(asFloat(addressWord(w, u, coordAt + axes, lane)));
      const float last = static_cast<float>(img.lastArray - img.baseArray);
      p.layer = img.baseArray + static_cast<u32>(std::fmin(std::fmax(layer, 0.0f), last));
    }
    float lod = 0;
    if constexpr (L == Lod::level) lod = asFloat(addressWord(w, u, lodAt, lane));
    if constexpr (L == Lod::derivatives) {
      float dx[3], dy[3];
      for (unsigned k = 0; k < axes; ++k) {
        dx[k] = asFloat(addressWord(w, u, derivAt + k, lane));
        dy[k] = asFloat(addressWord(w, u, derivAt + axes + k, lane));
      }
      lod = lodFromDerivatives(img, unnormalized, axes, dx, dy);
    }
    if constexpr (L == Lod::implicit || L == Lod::bias) {
      // Compute shaders take derivatives across the 2x2 quad of lanes 4i..4i+3 (RDNA2 ISA
      // 8.2.4 "derivatives": x from lane 1 - lane 0, y from lane 2 - lane 0).
      const unsigned q = lane & ~3u;
      float dx[3], dy[3];
      for (unsigned k = 0; k < axes; ++k) {
        const float c0 = asFloat(addressWord(w, u, coordAt + k, q));
        dx[k] = asFloat(addressWord(w, u, coordAt + k, q + 1)) - c0;
        dy[k] = asFloat(addressWord(w, u, coordAt + k, q + 2)) - c0;
      }
      lod = lodFromDerivatives(img, unnormalized, axes, dx, dy);
      if (L == Lod::bias) lod += asFloat(addressWord(w, u, biasAt, lane));
    }
    if constexpr (L != Lod::zero)
      lod = std::fmin(std::fmax(lod + smp.lodBias, smp.minLod), smp.maxLod);
    p.lod = std::isnan(lod) ? 0 : lod;
    if constexpr (Compare) {
      p.compare = true;
      p.reference = asFloat(addressWord(w, u, refAt, lane));
    }
    const TexelAccess access{w, img, lane};
    if constexpr (Gather) {
      // dmask selects the one channel gathered; all four VGPRs receive its footprint.
      const unsigned channel = static_cast<unsigned>(std::countr_zero(u.image.dmask | 8u));
      if (!gatherImage(access, smp, p, channel, results[lane])) return;
    } else {
      if (!sampleImage(access, smp, p, results[lane])) return;
    }
  }
  for (std::uint64_t e = w.exec(); e; e &= e - 1) {
    const unsigned lane = static_cast<unsigned>(std::countr_zero(e));
    if constexpr (Gather)
      for (unsigned r = 0; r < 4; ++r) w.vreg(u.dst[0].index + r)[lane] = results[lane][r];
    else
      writeChannels(w, u, lane, results[lane]);
  }
}

// image_get_resinfo: the level's width, height (1D arrays: layers), depth (2D arrays: layers;
// cubes: face slices) and the number of levels in view.
void imageGetResinfo(Wave& w, const MicroOp& u) {
  ImageResource img;
  ImageSampler unused;
  if (!readDescriptors(w, u, /*sampled=*/false, img, unused)) return;
  for (std::uint64_t e = w.exec(); e; e &= e - 1) {
    const unsigned lane = static_cast<unsigned>(std::countr_zero(e));
    const u32 mip = addressWord(w, u, 0, lane);
    const unsigned level = img.baseLevel + mip;
    Texel t{0, 0, 0, img.lastLevel - img.baseLevel + 1};
    if (level <= img.lastLevel) {
      t[0] = img.levelWidth(level);
      if (img.dim == ImageDim::d1Array) t[1] = img.layers();
      if (img.dim != ImageDim::d1 && img.dim != ImageDim::d1Array) t[1] = img.levelHeight(level);
      if (img.dim == ImageDim::d3) t[2] = img.levelDepth(level);
      if (img.dim == ImageDim::d2Array || img.dim == ImageDim::cube) t[2] = img.layers();
    }
    writeChannels(w, u, lane, t);
  }
}

void add(HandlerTable& t, const char* name, Handler fn, std::uint8_t numDst) {
  t.add(name, fn, numDst).image = true;
}

}  // namespace

void registerImageOps(HandlerTable& t) {
  add(t, "image_load", imageLoad<false>, 1);
  add(t, "image_load_mip", imageLoad<true>, 1);
  add(t, "image_store", imageStore<false>, 0);
  add(t, "image_store_mip", imageStore<true>, 0);
  add(t, "image_get_resinfo", imageGetResinfo, 1);
  add(t, "image_sample", imageSample<Lod::implicit, false, false>, 1);
  add(t, "image_sample_b", imageSample<Lod::bias, false, false>, 1);
  add(t, "image_sample_l", imageSample<Lod::level, false, false>, 1);
  add(t, "image_sample_lz", imageSample<Lod::zero, false, false>, 1);
  add(t, "image_sample_d", imageSample<Lod::derivatives, false, false>, 1);
  add(t, "image_sample_c", imageSample<Lod::implicit, true, false>, 1);
  add(t, "image_sample_c_b", imageSample<Lod::bias, true, false>, 1);
  add(t, "image_sample_c_l", imageSample<Lod::level, true, false>, 1);
  add(t, "image_sample_c_lz", imageSample<Lod::zero, true, false>, 1);
  add(t, "image_sample_c_d", imageSample<Lod::derivatives, true, false>, 1);
  add(t, "image_gather4", imageSample<Lod::implicit, false, true>, 1);
  add(t, "image_gather4_l", imageSample<Lod::level, false, true>, 1);
  add(t, "image_gather4_lz", imageSample<Lod::zero, false, true>, 1);
  add(t, "image_gather4_c", imageSample<Lod::implicit, true, true>, 1);
  add(t, "image_gather4_c_lz", imageSample<Lod::zero, true, true>, 1);
}

}  // namespace vgpu::isa
