// Tiled images (the T#'s SW_MODE) at vgpu's one-pipe address configuration: vgpu's swizzle
// patterns against offsets worked out by hand and against reference equations written here as
// whole-block bit strings (read off the orderings, not built by vgpu's rules); then image loads,
// stores, samples and gathers of gfx10.3 and gfx11 images whose bytes the test lays out by the
// reference.
// Modes vgpu does not implement are memory violations naming the mode.
#include <bit>
#include <cstring>

#include "IsaTestSupport.h"
#include "isa/ImageTiling.h"

namespace isatest {
namespace {

using u32 = std::uint32_t;
using vgpu::GpuTarget;
using vgpu::isa::lookupSwizzlePattern;
using vgpu::isa::SwizzlePattern;
using vgpu::isa::tiledTexelOffset;

// A block's address bits above the texel's bytes, lowest first: each is one coordinate bit or
// the XOR of several ("X4^Y9").
struct Reference {
  unsigned mode, elemLog2;
  bool thick;
  const char* bits;
  bool gfx11 = false;
};
const Reference kReferences[] = {
    {2, 0, false, "X0 X1 X2 Y1 Y0 Y2 X3 Y3"},  // 256B_D: a 16x16 micro-tile of bytes
    {2, 2, false, "X0 X1 Y0 Y1 X2 Y2"},
    {2, 4, false, "X0 Y0 X1 Y1"},
    {22, 2, false, "X0 X1 Y0 Y1 X2 Y2 Y3 X3 Y4 X4"},  // 4KB_D_X: y, x alternate above 256 B
    {26, 2, false, "X0 X1 Y0 Y1 X2 Y2 Y3 X3 Y4 X4 Y5 X5 Y6 X6"},
    {25, 1, false, "X0 X1 X2 Y0 Y1 Y2 X3 Y3 X4 Y4 X5 Y5 X6 Y6 X7"},  // 64KB_S_X, 2D
    // 64KB_R_X: a 1 KiB square, then bits XORed with the block's column and row.
    {27, 0, false, "X0 X1 X2 X3 Y0 Y1 Y2 Y3 X4 Y4 X5^Y10 Y5^X10 X6^Y9 Y6^X9 X7^Y8 Y7^X8"},
    {27, 2, false, "X0 X1 Y0 Y1 X2 Y2 X3 Y3 X4^Y9 Y4^X9 X5^Y8 Y5^X8 X6^Y7 Y6^X7"},
    {27, 3, false, "X0 Y0 X1 X2 Y1 Y2 X3 Y3^X9 X4^Y8 Y4^X8 X5^Y7 Y5^X7 X6^Y6"},
    {27, 4, false, "X0 Y0 X1 Y1 X2 Y2 X3^Y8 Y3^X8 X4^Y7 Y4^X7 X5^Y6 Y5^X6"},
    {24, 2, false, "X0 Y0 X1 Y1 X2 Y2 X3 Y3 X4^Y9 Y4^X9 X5^Y8 Y5^X8 X6^Y7 Y6^X7"},  // 64KB_Z_X
    // 3D thick blocks: a 256-byte brick, then y, x, z in turn.
    {21, 0, true, "X0 X1 Z0 Y0 Z1 Y1 X2 Z2 Y2 X3 Z3 Y3"},  // 4KB_S_X: 16x16x16
    {21, 1, true, "X0 Z0 Y0 Z1 Y1 X1 Z2 Y2 X2 Z3 Y3"},
    {21, 2, true, "X0 Y0 Z0 Y1 X1 Z1 Y2 X2 Z2 Y3"},
    {25, 2, true, "X0 Y0 Z0 Y1 X1 Z1 Y2 X2 Z2 Y3 X3 Z3 Y4 X4"},  // 64KB_S_X: 32x32x16
    {25, 3, true, "X0 Z0 Y0 X1 Z1 Y1 X2 Z2 Y2 X3 Z3 Y3 X4"},
    // gfx11: other micro-tiles, the same orders above them.
    {2, 0, false, "X0 X1 Y0 X2 Y1 Y2 X3 Y3", true},
    {2, 2, false, "X0 Y0 X1 Y1 X2 Y2", true},
    {22, 2, false, "X0 Y0 X1 Y1 X2 Y2 Y3 X3 Y4 X4", true},
    {30, 4, false, "X0 Y0 X1 Y1 Y2 X2 Y3 X3 Y4 X4 Y5 X5 Y6 X6", true},  // 256KB_D_X
    {21, 0, true, "X0 X1 Z0 Y0 Y1 Z1 X2 Z2 Y2 X3 Z3 Y3", true},
    {21, 2, true, "X0 Y0 X1 Z0 Y1 Z1 Y2 X2 Z2 Y3", true},
    {29, 2, true, "X0 Y0 X1 Z0 Y1 Z1 Y2 X2 Z2 Y3 X3 Z3 Y4 X4 Z4 Y5", true},  // 256KB_S_X
    // gfx11's 64KB_R_X and 256KB_R_X (and their Z twins): address bits 10-13 XORed.
    {27, 2, false, "X0 Y0 X1 Y1 X2 Y2 X3 Y3 X4^Y7 Y4^X7 X5^Y6 Y5^X6 X6 Y6", true},
    {27, 4, false, "X0 Y0 X1 Y1 X2 Y2 X3^Y7 Y3^X6 X4^Y6 Y4^X5 X5 Y5", true},
    {31, 0, false, "X0 X1 Y0 X2 Y1 Y2 X3 Y3 X4 Y4 X5^Y8 Y5^X8 X6^Y7 Y6^X7 X7 Y7 X8 Y8", true},
    {31, 2, false, "X0 Y0 X1 Y1 X2 Y2 X3 Y3 X4^Y7 Y4^X7 X5^Y6 Y5^X6 X6 Y6 X7 Y7", true},
};

const Reference& reference(unsigned mode, unsigned elemLog2, bool thick, bool gfx11) {
  for (const Reference& r : kReferences)
    if (r.mode == mode && r.elemLog2 == elemLog2 && r.thick == thick && r.gfx11 == gfx11) return r;
  ADD_FAILURE() << "no reference for mode " << mode << " size " << elemLog2;
  return kReferences[0];
}

// The reference's offset of (x, y, z): the bit strings evaluated term by term, blocks laid out
// row by row over the padded pitch and rows, slices (or thick blocks' depth) after each other.
struct RefLayout {
  const Reference& ref;
  unsigned width = 0, height = 0, depth = 0;  // the block, log2
  RefLayout(const Reference& r) : ref(r) {
    for (const char* c = r.bits; *c; ++c) {
      if (*c != 'X' && *c != 'Y' && *c != 'Z') continue;
      unsigned& axis = *c == 'X' ? width : *c == 'Y' ? height : depth;
      const unsigned index = static_cast<unsigned>(std::atoi(c + 1));
      // An XORed term names a bit above the block: only the first term of a bit counts.
      if (c == r.bits || c[-1] == ' ') axis = std::max(axis, index + 1);
    }
  }
  unsigned blockLog2() const { return ref.elemLog2 + (width + height + depth); }
  std::uint64_t offset(u32 x, u32 y, u32 z, u32 pitch, u32 rows) const {
    std::uint64_t inBlock = 0;
    unsigned bit = ref.elemLog2;
    unsigned value = 0;
    for (const char* c = ref.bits;; ++c) {
      if (*c == 'X' || *c == 'Y' || *c == 'Z') {
        const u32 coordinate = *c == 'X' ? x : *c == 'Y' ? y : z;
        value ^= (coordinate >> std::atoi(c + 1)) & 1u;
      }
      if (*c == ' ' || *c == 0) {
        inBlock |= std::uint64_t{value} << bit++;
        value = 0;
      }
      if (*c == 0) break;
    }
    const std::uint64_t columns = pitch >> width, blockRows = rows >> height;
    const std::uint64_t layer = ref.thick ? z >> depth : z;
    const std::uint64_t block = (layer * blockRows + (y >> height)) * columns + (x >> width);
    return block * (std::uint64_t{1} << blockLog2()) + inBlock;
  }
};

SwizzlePattern pattern(unsigned mode, bool volume, unsigned elemLog2, bool gfx11 = false) {
  SwizzlePattern p;
  std::string why;
  EXPECT_TRUE(lookupSwizzlePattern(gfx11 ? GpuTarget::gfx1100 : GpuTarget::gfx1030, mode, volume,
                                   elemLog2, p, why))
      << why;
  return p;
}

TEST(ImageTilingPatterns, OffsetsWorkedByHand) {
  // 256B_D, 4-byte texels (8x8): x = 5 sets X0 and X2 (bits 2, 6), y = 3 sets Y0, Y1 (4, 5).
  EXPECT_EQ(tiledTexelOffset(pattern(2, false, 2), 8, 8, 5, 3, 0), 4u + 16 + 32 + 64);
  // 256B_D, bytes: x = 3 is bits 0 and 1; y = 1 is Y0, which the display order puts at bit 4.
  EXPECT_EQ(tiledTexelOffset(pattern(2, false, 0), 16, 16, 3, 1, 0), 1u + 2 + 16);
  // 64KB_R_X, 4-byte texels (128x128 blocks), pitch 256: X4 lands on bit 10.
  const SwizzlePattern r = pattern(27, false, 2);
  EXPECT_EQ(tiledTexelOffset(r, 256, 1024, 16, 0, 0), 1024u);
  // y = 512 is block row 4 (block 8 of a 2-block pitch), and Y9 flips bit 10 (X4 ^ Y9).
  EXPECT_EQ(tiledTexelOffset(r, 256, 1024, 0, 512, 0), 8u * 65536 + 1024);
  // x = 128 is block 1, and X7 (block column 0) flips bit 15 (Y6 ^ X7).
  EXPECT_EQ(tiledTexelOffset(r, 256, 1024, 128, 0, 0), 65536u + 32768);
  // Slice 2 of an array: two slices of 256 x 1024 texels of 4 bytes before it.
  EXPECT_EQ(tiledTexelOffset(r, 256, 1024, 0, 0, 2), 2u * 256 * 1024 * 4);
  // 64KB_S_X 3D, 4-byte texels (32x32x16): X0 at bit 2, Z0 at bit 4; z = 16 is the next layer
  // of blocks (one block per layer for a 32x32 pitch).
  const SwizzlePattern s3 = pattern(25, true, 2);
  EXPECT_TRUE(s3.thick);
  EXPECT_EQ(tiledTexelOffset(s3, 32, 32, 1, 0, 1), 4u + 16);
  EXPECT_EQ(tiledTexelOffset(s3, 32, 32, 0, 0, 16), 65536u);
  // 3D images read 64KB_R_X as thin slices of the 2D pattern.
  EXPECT_FALSE(pattern(27, true, 2).thick);
}

TEST(ImageTilingPatterns, BlockShapesFollowTexelSize) {
  // Thin blocks hold 2^(block - size) texels, wider than tall when the count is an odd power.
  const unsigned thin256[5][2] = {{4, 4}, {4, 3}, {3, 3}, {3, 2}, {2, 2}};
  const unsigned thin64K[5][2] = {{8, 8}, {8, 7}, {7, 7}, {7, 6}, {6, 6}};
  const unsigned thick4K[5][3] = {{4, 4, 4}, {3, 4, 4}, {3, 4, 3}, {3, 3, 3}, {2, 3, 3}};
  const unsigned thick64K[5][3] = {{6, 5, 5}, {5, 5, 5}, {5, 5, 4}, {5, 4, 4}, {4, 4, 4}};
  for (unsigned e = 0; e < 5; ++e) {
    const SwizzlePattern d = pattern(2, false, e), rx = pattern(27, false, e);
    EXPECT_EQ(d.widthLog2, thin256[e][0]) << e;
    EXPECT_EQ(d.heightLog2, thin256[e][1]) << e;
    EXPECT_EQ(rx.widthLog2, thin64K[e][0]) << e;
    EXPECT_EQ(rx.heightLog2, thin64K[e][1]) << e;
    const SwizzlePattern s4 = pattern(21, true, e), s64 = pattern(25, true, e);
    EXPECT_EQ(s4.widthLog2, thick4K[e][0]) << e;
    EXPECT_EQ(s4.heightLog2, thick4K[e][1]) << e;
    EXPECT_EQ(s4.depthLog2, thick4K[e][2]) << e;
    EXPECT_EQ(s64.widthLog2, thick64K[e][0]) << e;
    EXPECT_EQ(s64.heightLog2, thick64K[e][1]) << e;
    EXPECT_EQ(s64.depthLog2, thick64K[e][2]) << e;
  }
}

// Every texel of two blocks by two (by two layers of thick blocks) against the reference.
TEST(ImageTilingPatterns, MatchTheReferenceEquations) {
  for (const Reference& ref : kReferences) {
    const RefLayout layout(ref);
    const SwizzlePattern p = pattern(ref.mode, ref.thick, ref.elemLog2, ref.gfx11);
    ASSERT_EQ(p.blockLog2, layout.blockLog2()) << ref.bits;
    const u32 w = 2u << layout.width, h = 2u << layout.height;
    const u32 d = ref.thick ? 2u << layout.depth : 3u;
    for (u32 z = 0; z < d; ++z)
      for (u32 y = 0; y < h; ++y)
        for (u32 x = 0; x < w; ++x)
          ASSERT_EQ(tiledTexelOffset(p, w, h, x, y, z), layout.offset(x, y, z, w, h))
              << (ref.gfx11 ? "gfx11 " : "gfx10.3 ") << "mode " << ref.mode << " size "
              << ref.elemLog2 << " at " << x << "," << y << "," << z;
  }
}

TEST(ImageTilingPatterns, UnimplementedModesAreNamed) {
  SwizzlePattern p;
  std::string why;
  EXPECT_FALSE(lookupSwizzlePattern(GpuTarget::gfx1030, 3, false, 2, p, why));
  EXPECT_NE(why.find("SW_MODE 3 (256B_R (reserved))"), std::string::npos) << why;
  EXPECT_FALSE(lookupSwizzlePattern(GpuTarget::gfx1030, 26, true, 2, p, why));
  EXPECT_NE(why.find("64KB_D_X) on a 3D image"), std::string::npos) << why;
  EXPECT_FALSE(lookupSwizzlePattern(GpuTarget::gfx1030, 2, true, 2, p, why));
  EXPECT_FALSE(lookupSwizzlePattern(GpuTarget::gfx1100, 27, true, 2, p, why));
  EXPECT_NE(why.find("SW_MODE 27 (64KB_R_X) on a 3D image is not implemented"), std::string::npos)
      << why;
  EXPECT_FALSE(lookupSwizzlePattern(GpuTarget::gfx1100, 1, false, 2, p, why));
  EXPECT_NE(why.find("SW_MODE 1 (reserved) is not a tiled layout vgpu implements on gfx11"),
            std::string::npos)
      << why;
  EXPECT_FALSE(lookupSwizzlePattern(GpuTarget::gfx1100, 25, false, 2, p, why));
  EXPECT_NE(why.find("64KB_S_X) on a 1D or 2D image"), std::string::npos) << why;
}

// A tiled image in host memory, block-aligned, its bytes placed by the reference layout.
struct TiledImage {
  bool gfx11;
  unsigned mode, type;  // SW_MODE; SQ_RSRC_IMG_* TYPE (8 1D, 9 2D, 10 3D, 12 1D array, 13 2D array)
  u32 format;           // FORMAT code of the target
  unsigned elemLog2;
  u32 width, height, depth;  // depth: 3D depth or array layers
  RefLayout layout;
  u32 pitch, rows, slices;
  std::vector<std::uint8_t> storage;
  std::uint8_t* base = nullptr;

  TiledImage(bool g11, unsigned m, unsigned t, u32 f, unsigned e, u32 w, u32 h, u32 d)
      : gfx11(g11),
        mode(m),
        type(t),
        format(f),
        elemLog2(e),
        width(w),
        height(h),
        depth(d),
        layout(reference(m, e, t == 10 && m != 27 && m != 24, g11)) {
    pitch = (w + (1u << layout.width) - 1) >> layout.width << layout.width;
    rows = (h + (1u << layout.height) - 1) >> layout.height << layout.height;
    slices = (d + (1u << layout.depth) - 1) >> layout.depth << layout.depth;
    const std::uint64_t bytes = std::uint64_t{pitch} * rows * slices << e;
    const std::uintptr_t block = std::uintptr_t{1} << layout.blockLog2();
    storage.assign(bytes + block, 0);
    base = reinterpret_cast<std::uint8_t*>(
        (reinterpret_cast<std::uintptr_t>(storage.data()) + block - 1) & ~(block - 1));
  }
  std::uint64_t bytes() const { return std::uint64_t{pitch} * rows * slices << elemLog2; }
  std::uint8_t* texel(u32 x, u32 y, u32 z) { return base + layout.offset(x, y, z, pitch, rows); }
  // The T# as ROCR writes it: PITCH for 1D/2D, the last slice for arrays and 3D; FORMAT at
  // word1 28:20 on gfx10.3, 27:20 on gfx11.
  std::vector<u32> tsharp() const {
    const std::uint64_t a = reinterpret_cast<std::uint64_t>(base);
    std::vector<u32> w(12, 0);
    w[0] = static_cast<u32>(a >> 8);
    w[1] = static_cast<u32>((a >> 40) & 0xff) | format << 20 | ((width - 1) & 3) << 30;
    w[2] = (width - 1) >> 2 | (height - 1) << 14;
    w[3] = 4u | 5u << 3 | 6u << 6 | 7u << 9 | mode << 20 | type << 28;
    w[4] = type == 8 || type == 9 ? pitch - 1 : depth - 1;
    w[10] = width;
    return w;
  }
};

struct alignas(16) Int4 {
  int x, y, z, w;
};
struct alignas(16) Float4 {
  float v[4];
};

class TiledImages : public IsaTest {
 protected:
  template <class T>
  T& hold(T value) {
    auto p = std::make_shared<T>(std::move(value));
    alive_.push_back(p);
    return *p;
  }
  bool gfx11() const { return std::string(GetParam().arch) == "gfx1100"; }
  TiledImage& image(unsigned mode, unsigned type, u32 format, unsigned e, u32 w, u32 h, u32 d) {
    TiledImage& im = hold(TiledImage(gfx11(), mode, type, format, e, w, h, d));
    std::uint32_t s = mode * 977 + e * 131 + w;
    for (std::uint8_t& b : im.storage) {
      s = s * 1664525u + 1013904223u;
      b = static_cast<std::uint8_t>(s >> 24);
    }
    memory.add(im.base, im.bytes(), "tiled image");
    return im;
  }

 private:
  std::vector<std::shared_ptr<void>> alive_;
};

// Coordinates that cross block edges and reach the XOR bits: every texel of small images, a
// stride through big ones, the last texel always.
std::vector<Int4> coordinates(const TiledImage& im, unsigned limit) {
  std::vector<Int4> at;
  const std::uint64_t n = std::uint64_t{im.width} * im.height * im.depth;
  const std::uint64_t step = n <= limit ? 1 : n / limit + 1;
  for (std::uint64_t i = 0; i < n; i += step)
    at.push_back(
        {int(i % im.width), int(i / im.width % im.height), int(i / im.width / im.height), 0});
  at.push_back({int(im.width - 1), int(im.height - 1), int(im.depth - 1), 0});
  return at;
}

// Loads read the texel at the reference's address: each channel's raw bits (integer formats).
TEST_P(TiledImages, LoadsReadTheSwizzledTexel) {
  struct Case {
    unsigned mode, type;
    u32 format;
    unsigned e, channels;
    u32 w, h, d;
    int dims;
  };
  // FORMAT codes, gfx10.3: 5 8_UINT, 11 16_UINT, 60 8_8_8_8_UINT, 62 32_32_UINT,
  // 76 32_32_32_32_SINT; gfx11: 46 8_8_8_8_UINT, 62 32_32_32_32_SINT.
  const std::vector<Case> gfx10Cases = {
      {2, 9, 60, 2, 4, 13, 7, 1, 2},      // 256B_D, 2D
      {2, 9, 5, 0, 1, 37, 21, 1, 2},      // 256B_D, 1-byte texels
      {22, 9, 60, 2, 4, 70, 40, 1, 2},    // 4KB_D_X
      {27, 9, 76, 4, 4, 70, 90, 1, 2},    // 64KB_R_X, 16-byte texels
      {27, 9, 60, 2, 4, 300, 260, 1, 2},  // 64KB_R_X, three blocks by three
      {27, 13, 60, 2, 4, 130, 5, 3, 12},  // 64KB_R_X 2D array
      {27, 8, 60, 2, 4, 700, 1, 1, 1},    // 64KB_R_X 1D
      {21, 10, 5, 0, 1, 20, 18, 17, 3},   // 4KB_S_X 3D
      {21, 10, 11, 1, 1, 9, 17, 20, 3},   // 4KB_S_X 3D, 2-byte texels
      {25, 10, 60, 2, 4, 40, 33, 20, 3},  // 64KB_S_X 3D
      {25, 10, 62, 3, 2, 33, 17, 18, 3},  // 64KB_S_X 3D, 8-byte texels
      {27, 10, 60, 2, 4, 130, 3, 2, 3},   // 64KB_R_X 3D: thin slices
      {21, 10, 60, 2, 4, 20, 9, 7, 12},   // 3D through the 2D_ARRAY form, as clr's copies
  };
  const std::vector<Case> gfx11Cases = {
      {2, 9, 46, 2, 4, 13, 7, 1, 2},      // 256B_D, 2D
      {2, 9, 5, 0, 1, 37, 21, 1, 2},      // 256B_D, 1-byte texels
      {22, 13, 46, 2, 4, 70, 40, 3, 12},  // 4KB_D_X 2D array
      {30, 9, 62, 4, 4, 70, 90, 1, 2},    // 256KB_D_X, 16-byte texels
      {21, 10, 5, 0, 1, 20, 18, 17, 3},   // 4KB_S_X 3D
      {21, 10, 46, 2, 4, 20, 9, 7, 12},   // 3D through the 2D_ARRAY form
      {29, 10, 46, 2, 4, 70, 40, 20, 3},  // 256KB_S_X 3D
      {27, 9, 62, 4, 4, 70, 90, 1, 2},    // 64KB_R_X, 16-byte texels
      {31, 9, 46, 2, 4, 300, 260, 1, 2},  // 256KB_R_X, two blocks by two
  };
  for (const Case& k : gfx11() ? gfx11Cases : gfx10Cases) {
    TiledImage& im = image(k.mode, k.type, k.format, k.e, k.w, k.h, k.d);
    auto& t = hold(im.tsharp());
    auto& at = hold(coordinates(im, 1000));
    std::vector<Int4> issued = at;
    for (Int4& c : issued)
      if (k.type == 12) c = {c.x, c.z, 0, 0};  // 1D array: (x, layer)
    auto& coords = hold(std::move(issued));
    auto& out = hold(std::vector<Float4>(at.size()));
    vgpu::isa::Launch l = launch1d(1, static_cast<u32>(at.size()));
    l.arg(buffer(t, "T#")).arg(k.dims).arg(buffer(coords, "coords")).arg(buffer(out, "out"));
    run("image", "load_image", l);
    const unsigned bytes = (1u << k.e) / k.channels;
    for (std::size_t i = 0; i < at.size(); ++i) {
      const std::uint8_t* p = im.texel(at[i].x, at[i].y, at[i].z);
      for (unsigned c = 0; c < k.channels; ++c) {
        u32 want = 0;
        std::memcpy(&want, p + c * bytes, bytes);
        ASSERT_EQ(std::bit_cast<u32>(out[i].v[c]), want)
            << "mode " << k.mode << " type " << k.type << " at " << at[i].x << "," << at[i].y << ","
            << at[i].z << " channel " << c;
      }
    }
  }
}

// Stores land at the reference's address and nowhere else.
TEST_P(TiledImages, StoresWriteTheSwizzledTexel) {
  struct Case {
    unsigned mode, type;
    u32 w, h, d;
    int dims;
  };
  const std::vector<Case> gfx10Cases = {{2, 9, 9, 10, 1, 2},
                                        {27, 9, 200, 140, 1, 2},
                                        {27, 13, 150, 3, 2, 12},
                                        {25, 10, 33, 17, 17, 3}};
  const std::vector<Case> gfx11Cases = {{2, 9, 9, 10, 1, 2},
                                        {22, 13, 150, 3, 2, 12},
                                        {21, 10, 33, 17, 9, 3},
                                        {29, 10, 40, 70, 3, 3},
                                        {31, 9, 300, 260, 1, 2}};
  for (const Case& k : gfx11() ? gfx11Cases : gfx10Cases) {
    // R32 float (FORMAT 22): stores of floats are exact.
    TiledImage& im = image(k.mode, k.type, 22, 2, k.w, k.h, k.d);
    std::vector<std::uint8_t> before(im.base, im.base + im.bytes());
    auto& t = hold(im.tsharp());
    auto& at = hold(coordinates(im, 700));
    auto& values = hold(std::vector<Float4>(at.size()));
    for (std::size_t i = 0; i < at.size(); ++i) values[i] = {{float(i) + 0.25f, 0, 0, 0}};
    vgpu::isa::Launch l = launch1d(1, static_cast<u32>(at.size()));
    l.arg(buffer(t, "T#")).arg(k.dims).arg(buffer(at, "coords")).arg(buffer(values, "values"));
    run("image", "store_image", l);
    std::vector<std::uint8_t> want = before;
    for (std::size_t i = 0; i < at.size(); ++i) {
      const float v = values[i].v[0];
      std::memcpy(want.data() + im.layout.offset(at[i].x, at[i].y, at[i].z, im.pitch, im.rows), &v,
                  4);
    }
    ASSERT_EQ(std::memcmp(want.data(), im.base, want.size()), 0) << "mode " << k.mode;
  }
}

// Samples (point, unnormalized coordinates) and gathers read through the same addresses.
TEST_P(TiledImages, SamplesAndGathersReadSwizzledTexels) {
  // R32 float in 64KB_R_X (gfx10.3) or 256KB_R_X (gfx11): the render order and its XOR.
  TiledImage& im = image(gfx11() ? 31 : 27, 9, 22, 2, 260, 200, 1);
  for (u32 y = 0; y < im.height; ++y)
    for (u32 x = 0; x < im.width; ++x) {
      const float v = float(y * 1000 + x);
      std::memcpy(im.texel(x, y, 0), &v, 4);
    }
  auto& t = hold(im.tsharp());
  // S#: clamp to the last texel, point filter, unnormalized coordinates.
  auto& s = hold(std::vector<u32>{2u | 2u << 3 | 2u << 6 | 1u << 15, 0, 0, 0});
  auto& coords = hold(std::vector<Float4>());
  for (u32 i = 0; i < 64; ++i) coords.push_back({{float(i * 4 + 1), float(i * 3 + 1), 0, 0}});
  auto& derivatives = hold(std::vector<Float4>(coords.size()));
  for (int mode : {2, 4}) {  // image_sample_lz, image_gather4 of R
    auto& out = hold(std::vector<Float4>(coords.size()));
    vgpu::isa::Launch l = launch1d(1, static_cast<u32>(coords.size()));
    l.arg(buffer(t, "T#")).arg(buffer(s, "S#")).arg(2).arg(mode);
    l.arg(buffer(coords, "coords")).arg(buffer(derivatives, "d")).arg(buffer(out, "out"));
    run("image", "sample_image", l);
    for (std::size_t i = 0; i < coords.size(); ++i) {
      const u32 x = static_cast<u32>(i) * 4 + 1, y = static_cast<u32>(i) * 3 + 1;
      if (mode == 2) {
        ASSERT_EQ(out[i].v[0], float(y * 1000 + x)) << "sample " << i;
        continue;
      }
      // The bilinear footprint of (x, y) is texels x-1..x, y-1..y, returned in the order
      // (x-1, y), (x, y), (x, y-1), (x-1, y-1).
      const float want[4] = {float(y * 1000 + x - 1), float(y * 1000 + x),
                             float((y - 1) * 1000 + x), float((y - 1) * 1000 + x - 1)};
      for (int c = 0; c < 4; ++c) ASSERT_EQ(out[i].v[c], want[c]) << "gather " << i << " " << c;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, TiledImages, ::testing::ValuesIn(kAllVariants), variantName);

// Tiled descriptors vgpu cannot honour as the hardware would are memory violations naming the
// mode: modes without a 3D form (gfx11's R on 3D images), and on gfx10.3 reserved modes, mip
// levels, a pipe/bank XOR in the address, and a pitch off the block grid.
class TiledDescriptorFaults : public TiledImages {};

TEST_P(TiledDescriptorFaults, AreNamedMemoryViolations) {
  const bool gfx11 = std::string(GetParam().arch) == "gfx1100";
  // gfx10.3: 64KB_R_X, pitch 128; gfx11: 4KB_D_X (8_8_8_8_UINT is 46 there), made a 3D
  // 64KB_R_X one.
  TiledImage& im = gfx11 ? image(22, 9, 46, 2, 64, 64, 1) : image(27, 9, 60, 2, 64, 64, 1);
  struct Case {
    int word;
    u32 clear, set;
    const char* message;
  };
  std::vector<Case> cases;
  if (gfx11) {
    cases.push_back({3, 0xf1f00000u, 10u << 28 | 27u << 20,
                     "SW_MODE 27 (64KB_R_X) on a 3D image is not implemented"});
  } else {
    cases = {{3, 0x01f00000u, 3u << 20, "SW_MODE 3 (256B_R (reserved))"},
             {3, 0xf1f00000u, 10u << 28 | 26u << 20, "64KB_D_X) on a 3D image"},
             {5, 0xf0u, 2u << 4, "with 3 mip levels is not implemented"},
             {0, 0, 1, "base address 0x"},
             {4, 0x3fffu, 191, "pitch 192 is not a multiple of the block width 128"}};
  }
  for (const Case& k : cases) {
    auto& t = hold(im.tsharp());
    t[k.word] = (t[k.word] & ~k.clear) | k.set;
    auto& at = hold(std::vector<Int4>(4, Int4{1, 1, 0, 0}));
    auto& out = hold(std::vector<Float4>(4));
    vgpu::isa::Launch l = launch1d(1, 4);
    l.arg(buffer(t, "T#")).arg(k.word == 3 && k.set >> 28 == 10 ? 3 : 2);
    l.arg(buffer(at, "coords")).arg(buffer(out, "out"));
    vgpu::DispatchOutcome o = tryRun("image", "load_image", l);
    EXPECT_EQ(o.kind, vgpu::DispatchOutcome::Kind::memoryViolation) << o.report;
    EXPECT_NE(o.report.find(k.message), std::string::npos) << o.report;
  }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, TiledDescriptorFaults, ::testing::ValuesIn(kAllVariants),
                         variantName);

}  // namespace
}  // namespace isatest
