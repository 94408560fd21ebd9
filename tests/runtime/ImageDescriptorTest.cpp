// The T# and S# words hipcore's runtime writes (runtime/src/core/ImageDescriptors.cpp) read back
// by vgpu's decoder (vgpu/isa/ImageDescriptor.cpp) for gfx10.3 and gfx11: every channel layout
// and kind, every image type, extents at the fields' limits, every address mode and filter. The
// two were written separately from the ISA documents; the format codes both use are checked
// against llvm-mc's in tests/isa/ImageTest.cpp.
#include <gtest/gtest.h>

#include "core/ImageDescriptors.h"
#include "isa/ImageDescriptor.h"

namespace {

using hipcore::core::ImageGeneration;
using hipcore::core::ImageLayout;
using hipcore::core::ImageType;
using hipcore::core::TexelKind;

vgpu::GpuTarget targetOf(ImageGeneration g) {
  return g == ImageGeneration::gfx11 ? vgpu::GpuTarget::gfx1100 : vgpu::GpuTarget::gfx1030;
}

vgpu::isa::TexelFormat::Kind kindOf(TexelKind k) {
  using K = vgpu::isa::TexelFormat::Kind;
  switch (k) {
    case TexelKind::unorm:
      return K::unorm;
    case TexelKind::snorm:
      return K::snorm;
    case TexelKind::uint:
      return K::uint;
    case TexelKind::sint:
      return K::sint;
    default:
      return K::floating;
  }
}

TEST(ImageDescriptors, EveryFormatAndTypeDecodesToWhatWasWritten) {
  int checked = 0;
  for (ImageGeneration g : {ImageGeneration::gfx10_3, ImageGeneration::gfx11})
    for (int bits : {8, 16, 32})
      for (int channels : {1, 2, 4})
        for (hipChannelFormatKind kind :
             {hipChannelFormatKindSigned, hipChannelFormatKindUnsigned, hipChannelFormatKindFloat})
          for (bool normalized : {false, true})
            for (ImageType type : {ImageType::d1, ImageType::d2, ImageType::d3, ImageType::d1Array,
                                   ImageType::d2Array}) {
              const hipChannelFormatDesc desc{bits, channels > 1 ? bits : 0,
                                              channels > 2 ? bits : 0, channels > 3 ? bits : 0,
                                              kind};
              ImageLayout l;
              if (!hipcore::core::texelFormatOf(desc, normalized, l.format)) {
                EXPECT_TRUE(bits == 8 && kind == hipChannelFormatKindFloat);
                continue;
              }
              l.type = type;
              l.address = 0x7f12'3456'7800ull;
              l.width = type == ImageType::d1 ? 16384 : 13;
              l.height = type == ImageType::d2 ? 16384 : 7;
              l.depth = type == ImageType::d3 || type == ImageType::d2Array ? 8192 : 3;
              const std::uint64_t row = std::uint64_t{l.width} * l.format.bytes();
              l.rowPitch = (row + 255) / 256 * 256;
              std::uint32_t words[8];
              hipcore::core::writeImageDescriptor(g, l, words);
              vgpu::isa::ImageResource r;
              std::string why;
              ASSERT_TRUE(vgpu::isa::decodeImageResource(targetOf(g), words, r, why)) << why;
              EXPECT_EQ(r.base, l.address);
              EXPECT_EQ(r.format.channels, l.format.channels);
              EXPECT_EQ(r.format.bits, l.format.bits);
              EXPECT_EQ(r.format.kind, kindOf(l.format.kind));
              EXPECT_EQ(static_cast<int>(r.dim) + 8, static_cast<int>(type));
              EXPECT_EQ(r.width, l.width);
              EXPECT_EQ(r.levelPitch(0) * std::uint64_t{l.format.bytes()}, l.rowPitch);
              if (type == ImageType::d2) {
                EXPECT_EQ(r.height, l.height);
              }
              if (type == ImageType::d3) {
                EXPECT_EQ(r.depth, l.depth);
              }
              if (type == ImageType::d1Array || type == ImageType::d2Array) {
                EXPECT_EQ(r.layers(), l.depth);
              }
              EXPECT_FALSE(r.format.srgb);
              // Missing channels read 0 and alpha 1 (DST_SEL 0 and 1).
              for (int c = 0; c < 4; ++c)
                EXPECT_EQ(r.dstSel[c], c < channels ? 4 + c : c == 3 ? 1 : 0);
              EXPECT_EQ(r.baseLevel, 0u);
              EXPECT_EQ(r.lastLevel, 0u);
              ++checked;
            }
  EXPECT_EQ(checked, 2 * 5 * (3 * 3 * 2 * 2 + 2 * 3 * 2));  // 8-bit floats have no format
}

// sRGB textures: 8-bit unorm with one, two or four channels, each to its own code; nothing
// else has an sRGB code.
TEST(ImageDescriptors, SrgbFormatsDecodeAsSrgb) {
  for (ImageGeneration g : {ImageGeneration::gfx10_3, ImageGeneration::gfx11})
    for (int channels : {1, 2, 4}) {
      ImageLayout l;
      l.format = {static_cast<std::uint8_t>(channels), 8, TexelKind::unorm, /*srgb=*/true};
      l.address = 0x7f00'0000'0000ull;
      l.width = 5;
      l.height = 3;
      l.rowPitch = 256;
      std::uint32_t words[8];
      hipcore::core::writeImageDescriptor(g, l, words);
      vgpu::isa::ImageResource r;
      std::string why;
      ASSERT_TRUE(vgpu::isa::decodeImageResource(targetOf(g), words, r, why)) << why;
      EXPECT_TRUE(r.format.srgb);
      EXPECT_EQ(r.format.channels, channels);
      EXPECT_EQ(r.format.bits, 8);
      EXPECT_EQ(r.format.kind, vgpu::isa::TexelFormat::Kind::unorm);
      std::uint32_t code = 0;
      for (TexelKind k : {TexelKind::snorm, TexelKind::uint, TexelKind::sint})
        EXPECT_FALSE(hipcore::core::imageFormatCode(
            g, {static_cast<std::uint8_t>(channels), 8, k, /*srgb=*/true}, code));
      EXPECT_FALSE(hipcore::core::imageFormatCode(
          g, {static_cast<std::uint8_t>(channels), 16, TexelKind::unorm, /*srgb=*/true}, code));
    }
}

TEST(ImageDescriptors, SamplerStateDecodesToWhatWasWritten) {
  using Clamp = vgpu::isa::ImageSampler::Clamp;
  const struct {
    hipTextureAddressMode mode;
    Clamp clamp;
  } modes[] = {{hipAddressModeWrap, Clamp::wrap},
               {hipAddressModeMirror, Clamp::mirror},
               {hipAddressModeClamp, Clamp::clampLastTexel},
               {hipAddressModeBorder, Clamp::clampBorder}};
  for (ImageGeneration g : {ImageGeneration::gfx10_3, ImageGeneration::gfx11})
    for (const auto& m : modes)
      for (bool linear : {false, true})
        for (bool normalized : {false, true}) {
          hipcore::core::SamplerState s;
          s.addressMode[0] = m.mode;
          s.addressMode[1] = hipAddressModeClamp;
          s.addressMode[2] = hipAddressModeMirror;
          s.linear = linear;
          s.normalizedCoords = normalized;
          std::uint32_t words[4];
          hipcore::core::writeSamplerDescriptor(g, s, words);
          vgpu::isa::ImageSampler d;
          std::string why;
          ASSERT_TRUE(vgpu::isa::decodeImageSampler(targetOf(g), words, d, why)) << why;
          EXPECT_EQ(d.clamp[0], m.clamp);
          EXPECT_EQ(d.clamp[1], Clamp::clampLastTexel);
          EXPECT_EQ(d.clamp[2], Clamp::mirror);
          EXPECT_EQ(d.magLinear, linear);
          EXPECT_EQ(d.minLinear, linear);
          EXPECT_EQ(d.unnormalized, !normalized);
          EXPECT_EQ(d.borderType, 0);  // transparent black: CUDA's border
          EXPECT_EQ(d.mipFilter, 0);
          EXPECT_FLOAT_EQ(d.minLod, 0.0f);
          EXPECT_GT(d.maxLod, 15.0f);
        }
}

}  // namespace
