// The image resource (T#, 8 dwords) and sampler (S#, 4 dwords) descriptors textures and surfaces
// hand to image instructions, written from the layouts the RDNA2 (gfx10.3) and RDNA3 (gfx11) ISA
// documents define (section 8.2 "image resource" / "image sampler" in both). hipcore writes them
// itself rather than through ROCR's image extension: ROCR 5.2.3 lays device images out tiled
// through its address library and knows no gfx11, and hipArrays are plain linear memory that
// hipMemcpy2D/3D fill directly.
#pragma once

#include <hip/driver_types.h>
#include <hip/texture_types.h>

#include <cstdint>

namespace hipcore::core {

enum class ImageGeneration : std::uint8_t { gfx10_3, gfx11 };
// From hipDeviceProp_t::major (10 for gfx1030, 11 for gfx1100).
inline ImageGeneration imageGenerationOf(int major) {
  return major >= 11 ? ImageGeneration::gfx11 : ImageGeneration::gfx10_3;
}

// How texels are stored and what an image instruction makes of them.
enum class TexelKind : std::uint8_t { unorm, snorm, uint, sint, floating };
struct TexelFormat {
  std::uint8_t channels = 0;  // 1, 2 or 4
  std::uint8_t bits = 0;      // per channel: 8, 16 or 32
  TexelKind kind = TexelKind::uint;
  // 8-bit unorm only: colour channels stored sRGB-encoded, read as linear values (a texture's
  // sRGB flag; the hardware has 8_SRGB, 8_8_SRGB and 8_8_8_8_SRGB formats).
  bool srgb = false;
  unsigned bytes() const { return channels * bits / 8u; }
};

// The format of a channel descriptor: integers read as integers, or (normalizedRead, 8- and
// 16-bit integers only) as unorm/snorm floats. False for layouts images cannot hold (channels
// of different widths, gaps, 3 channels, widths other than 8/16/32, 8-bit floats).
bool texelFormatOf(const hipChannelFormatDesc& desc, bool normalizedRead, TexelFormat& out);

// SQ_RSRC_IMG_* resource types. A cube is laid out as a 2D array of face slices, six per cube
// (+x, -x, +y, -y, +z, -z), cube arrays one cube after the other.
enum class ImageType : std::uint8_t {
  d1 = 8,
  d2 = 9,
  d3 = 10,
  cube = 11,
  d1Array = 12,
  d2Array = 13
};

// A linear image: rows rowPitch bytes apart (a multiple of the texel size; 3D images and arrays
// use the hardware's implicit pitch, the width padded to 256 bytes, which hipcore's arrays
// always have), slices (3D depth or layers) rowPitch * height bytes apart.
struct ImageLayout {
  std::uint64_t address = 0;  // 256-byte aligned
  TexelFormat format;
  ImageType type = ImageType::d2;
  std::uint32_t width = 1, height = 1, depth = 1;  // 3D depth, layers or cube face slices
  std::uint64_t rowPitch = 0;
  // Mip levels: level l is max(1, size >> l) (layers do not shrink), its rows padded to 256
  // bytes, starting at the next 256-byte boundary after level l-1 (mipLevelOffset).
  std::uint32_t levels = 1;
};

// Byte offset of level `level` of a mipmapped image from its address, and the bytes of all
// its levels.
std::uint64_t mipLevelOffset(const ImageLayout& l, unsigned level);
// Level `level`'s own layout (a one-level image at its offset).
ImageLayout mipLevel(const ImageLayout& l, unsigned level);

// Rows of hipcore's linear images start on this boundary (pitch alignment of linear images).
constexpr std::uint64_t kImageRowAlignment = 256;
// Widths and heights the T#'s 14-bit fields hold; depths and layers (13 bits).
constexpr std::uint32_t kMaxImageExtent = 16384;
constexpr std::uint32_t kMaxImageDepth = 8192;
// Elements of a linear-memory texture: NUM_RECORDS holds 32 bits; HIP reports INT_MAX.
constexpr std::uint32_t kMaxLinearElements = 0x7fffffffu;

// The FORMAT field's code for f on generation g (the unified formats; gfx11 renumbered the
// four-channel and two-channel 32-bit ones, and the sRGB ones), or false.
bool imageFormatCode(ImageGeneration g, const TexelFormat& f, std::uint32_t& code);

// The 8 T# dwords of `layout` (DST_SEL maps missing channels to 0, and alpha to 1).
void writeImageDescriptor(ImageGeneration g, const ImageLayout& layout, std::uint32_t (&words)[8]);

// Linear-memory textures (1D over a buffer): the buffer resource (V#, RDNA2/RDNA3 ISA section
// "buffer resource") in words 0-3 that AMD's tex1Dfetch reads (ockl's image_load_1Db, a typed
// buffer load with index = element), as ROCR's image extension writes for 1D buffer images;
// words 4-7 zero. Elements are layout.format.bytes() apart, layout.width of them in range.
void writeBufferDescriptor(ImageGeneration g, const ImageLayout& layout, std::uint32_t (&words)[8]);

// The 4 dwords after the T# in a texture or surface object: the device libraries' image
// functions read the channel type and order there (hsa_ext_image.h's HSA_EXT_IMAGE_CHANNEL_TYPE_*
// and _ORDER_* values, dwords 8 and 9: AMD's surface functions turn byte offsets into texels
// with them) and the width (dword 10: ockl's point-sampling correction).
void writeImageMetadata(const ImageLayout& layout, std::uint32_t (&words)[4]);

// Words of a texture object's device block: T#, metadata, S# and 4 spare dwords (AMD's layout,
// HIP_IMAGE_OBJECT_SIZE_DWORD + HIP_SAMPLER_OBJECT_SIZE_DWORD); surfaces use the first 12.
constexpr unsigned kTextureObjectWords = 20;
constexpr unsigned kSamplerOffsetWords = 12;

// A texture's sampling state.
struct SamplerState {
  hipTextureAddressMode addressMode[3] = {hipAddressModeWrap, hipAddressModeWrap,
                                          hipAddressModeWrap};
  bool linear = false;
  bool normalizedCoords = false;
  // BORDER_COLOR_TYPE: 0 transparent black, 1 opaque black, 2 opaque white (the colours the
  // hardware has without a border colour table).
  std::uint8_t borderType = 0;
  // Mipmapped images: MIP_FILTER (0 none, 1 point, 2 linear) and the LOD range and bias.
  std::uint8_t mipFilter = 0;
  float minLod = 0, maxLod = 15.99f, lodBias = 0;
};

// The border colour type of an RGBA border colour, or false for colours other than the three.
bool borderTypeOf(const float (&color)[4], std::uint8_t& type);
void writeSamplerDescriptor(ImageGeneration g, const SamplerState& s, std::uint32_t (&words)[4]);

}  // namespace hipcore::core
