// Swizzled image layouts of gfx10.3 at vgpu's address configuration (one pipe, one packer,
// 256-byte interleave; GB_ADDR_CONFIG 0). Derived from the swizzle patterns of AMD's address
// library (addrlib's gfx10 pattern tables, RB+ variant, as Navi2x uses, at one pipe), which
// reduce to a few rules over the texel's coordinate bits, above the 2^elemLog2 bytes of a texel:
//   - a 256-byte micro-tile first. Standard (S): the x bits that fill 16 bytes, then the y bits,
//     then the remaining x bits; display (D) and 3D-standard: the small per-size orderings in
//     kDisplayMicro and kStandard3dMicro below (written from the patterns by hand; they have no
//     shorter rule); render (R): display's, but standard's for 1-byte texels; Z: none.
//   - then up to the block size: S and D alternate y and x, y first; R and Z take the axis with
//     fewer bits so far, x on a tie (Z from the first bit: Morton order); 3D-standard cycles y,
//     x, z.
//   - R and Z (the _X modes that have a pattern of their own at one pipe) XOR each address bit
//     from bit 10 (1 KiB) up with a bit of the block's position: the highest in-block x bit with
//     the lowest block-row bit, the next x bit down with the next block-row bit, and y likewise
//     with the block-column bits. The other _X and _T modes equal their plain mode at one pipe.
// The block in texels is what the pattern spans: 256 B is 16x16 texels of 1 byte, 16x8 of 2,
// 8x8 of 4, 8x4 of 8, 4x4 of 16, and each bigger block doubles width, height (and for thick
// blocks depth) in the order its bits are appended.
#include "isa/ImageTiling.h"

#include <array>
#include <bit>

namespace vgpu::isa {

namespace {

enum class Order : std::uint8_t { standard, display, render, zorder, standard3d };

// Micro-tile orderings that follow no shorter rule, per texel size (1, 2, 4, 8, 16 bytes): the
// coordinate bit of each address bit above the texel's bytes, lowest first.
constexpr const char* kDisplayMicro[5] = {"X0 X1 X2 Y1 Y0 Y2 X3 Y3", "X0 X1 X2 Y0 Y1 Y2 X3",
                                          "X0 X1 Y0 Y1 X2 Y2", "X0 Y0 X1 X2 Y1", "X0 Y0 X1 Y1"};
constexpr const char* kStandard3dMicro[5] = {"X0 X1 Z0 Y0 Z1 Y1 X2 Z2", "X0 Z0 Y0 Z1 Y1 X1 Z2",
                                             "X0 Y0 Z0 Y1 X1 Z1", "X0 Z0 Y0 X1 Z1", "Z0 Y0 X0 Z1"};

// A pattern while it is built: bits are appended lowest first.
struct Builder {
  SwizzlePattern p;
  unsigned count = 0;     // address bits placed above the texel's bytes
  unsigned used[3] = {};  // bits of x, y and z placed: the block is 2^used texels on each axis
  unsigned axis[16] = {}, index[16] = {};

  constexpr unsigned room() const { return p.blockLog2 - p.elemLog2 - count; }
  constexpr void put(unsigned a, unsigned i) {
    axis[count] = a;
    index[count] = i;
    if (i + 1 > used[a]) used[a] = i + 1;
    ++count;
  }
  constexpr void next(unsigned a) { put(a, used[a]); }
  constexpr void micro(const char* text) {
    for (const char* c = text; *c; ++c)
      if (*c == 'X' || *c == 'Y' || *c == 'Z')
        put(static_cast<unsigned>(*c == 'X'   ? 0
                                  : *c == 'Y' ? 1
                                              : 2),
            static_cast<unsigned>(c[1] - '0'));
  }
};

constexpr SwizzlePattern build(Order order, unsigned blockLog2, unsigned elemLog2) {
  Builder b;
  b.p.blockLog2 = static_cast<std::uint8_t>(blockLog2);
  b.p.elemLog2 = static_cast<std::uint8_t>(elemLog2);
  const unsigned microBits = 8 - elemLog2;
  const unsigned microHeight = microBits / 2, microWidth = microBits - microHeight;
  switch (order) {
    case Order::standard:
      for (unsigned i = 0; i + elemLog2 < 4; ++i) b.next(0);
      while (b.used[1] < microHeight) b.next(1);
      while (b.used[0] < microWidth) b.next(0);
      break;
    case Order::display:
      b.micro(kDisplayMicro[elemLog2]);
      break;
    case Order::render:
      if (elemLog2 == 0) {
        for (unsigned i = 0; i < 4; ++i) b.next(0);
        for (unsigned i = 0; i < 4; ++i) b.next(1);
      } else {
        b.micro(kDisplayMicro[elemLog2]);
      }
      break;
    case Order::zorder:
      break;
    case Order::standard3d:
      b.micro(kStandard3dMicro[elemLog2]);
      b.p.thick = true;
      break;
  }
  for (unsigned k = 0; b.room() > 0; ++k) {
    switch (order) {
      case Order::standard:
      case Order::display:
        b.next(k % 2 == 0 ? 1 : 0);
        break;
      case Order::render:
      case Order::zorder:
        b.next(b.used[1] < b.used[0] ? 1 : 0);
        break;
      case Order::standard3d:
        b.next(k % 3 == 0 ? 1 : k % 3 == 1 ? 0 : 2);
        break;
    }
  }
  b.p.widthLog2 = static_cast<std::uint8_t>(b.used[0]);
  b.p.heightLog2 = static_cast<std::uint8_t>(b.used[1]);
  b.p.depthLog2 = static_cast<std::uint8_t>(b.used[2]);
  const bool blockXor = order == Order::render || order == Order::zorder;
  for (unsigned i = 0; i < b.count; ++i) {
    std::uint16_t* mask[3] = {&b.p.bit[i].x, &b.p.bit[i].y, &b.p.bit[i].z};
    *mask[b.axis[i]] = static_cast<std::uint16_t>(1u << b.index[i]);
    if (!blockXor || i + elemLog2 < 10) continue;
    // x bit k pairs with block-row bit (width - 1 - k), y bit k with block-column bit.
    const unsigned a = b.axis[i], other = 1 - a;
    const unsigned partner = b.used[other] + (b.used[a] - 1 - b.index[i]);
    *mask[other] = static_cast<std::uint16_t>(*mask[other] | 1u << partner);
  }
  return b.p;
}

// Every pattern vgpu implements, built at compile time: [order][block][texel size].
constexpr unsigned kBlocks[4] = {8, 12, 14, 16};
constexpr auto kPatterns = [] {
  std::array<std::array<std::array<SwizzlePattern, 5>, 4>, 5> t{};
  for (unsigned o = 0; o < 5; ++o)
    for (unsigned b = 0; b < 4; ++b)
      for (unsigned e = 0; e < 5; ++e) t[o][b][e] = build(static_cast<Order>(o), kBlocks[b], e);
  return t;
}();

struct ModeRule {
  const char* name;
  Order thin;          // 1D/2D images (and 3D ones where `volume` is thinToo)
  Order volume;        // 3D images
  std::uint8_t block;  // index into kBlocks; 0xff: not implemented
  bool thinVolume;     // 3D images are thin slices of the 2D pattern
  bool volumeOk;       // valid for 3D images at all
};

constexpr std::uint8_t kNone = 0xff;
constexpr ModeRule kModes[32] = {
    {"LINEAR", Order::standard, Order::standard, kNone, false, false},
    {"256B_S", Order::standard, Order::standard, 0, false, false},
    {"256B_D", Order::display, Order::display, 0, false, false},
    {"256B_R (reserved)", Order::standard, Order::standard, kNone, false, false},
    {"4KB_Z (reserved)", Order::standard, Order::standard, kNone, false, false},
    {"4KB_S", Order::standard, Order::standard3d, 1, false, true},
    {"4KB_D", Order::display, Order::display, 1, false, false},
    {"4KB_R (reserved)", Order::standard, Order::standard, kNone, false, false},
    {"64KB_Z (reserved)", Order::standard, Order::standard, kNone, false, false},
    {"64KB_S", Order::standard, Order::standard3d, 3, false, true},
    {"64KB_D", Order::display, Order::display, 3, false, false},
    {"64KB_R (reserved)", Order::standard, Order::standard, kNone, false, false},
    {"reserved", Order::standard, Order::standard, kNone, false, false},
    {"reserved", Order::standard, Order::standard, kNone, false, false},
    {"reserved", Order::standard, Order::standard, kNone, false, false},
    {"reserved", Order::standard, Order::standard, kNone, false, false},
    {"64KB_Z_T (reserved)", Order::standard, Order::standard, kNone, false, false},
    {"64KB_S_T", Order::standard, Order::standard3d, 3, false, true},
    {"64KB_D_T", Order::display, Order::display, 3, false, false},
    {"64KB_R_T (reserved)", Order::standard, Order::standard, kNone, false, false},
    {"4KB_Z_X (reserved)", Order::standard, Order::standard, kNone, false, false},
    {"4KB_S_X", Order::standard, Order::standard3d, 1, false, true},
    {"4KB_D_X", Order::display, Order::display, 1, false, false},
    {"4KB_R_X", Order::standard, Order::standard, kNone, false, false},
    {"64KB_Z_X", Order::zorder, Order::zorder, 3, true, true},
    {"64KB_S_X", Order::standard, Order::standard3d, 3, false, true},
    {"64KB_D_X", Order::display, Order::display, 3, false, false},
    {"64KB_R_X", Order::render, Order::render, 3, true, true},
    {"VAR_Z_X", Order::zorder, Order::zorder, 2, true, true},
    {"reserved", Order::standard, Order::standard, kNone, false, false},
    {"reserved", Order::standard, Order::standard, kNone, false, false},
    {"VAR_R_X", Order::render, Order::render, 2, true, true},
};

}  // namespace

std::uint32_t SwizzlePattern::offset(std::uint32_t x, std::uint32_t y, std::uint32_t z) const {
  std::uint32_t out = 0;
  for (unsigned i = 0; i + elemLog2 < blockLog2; ++i) {
    const unsigned v =
        std::popcount(x & bit[i].x) ^ std::popcount(y & bit[i].y) ^ std::popcount(z & bit[i].z);
    out |= (v & 1u) << (i + elemLog2);
  }
  return out;
}

const char* swizzleModeName(unsigned mode) {
  return mode < 32 ? kModes[mode].name : "out of range";
}

bool lookupSwizzlePattern(GpuTarget target, unsigned mode, bool volume, unsigned elemLog2,
                          SwizzlePattern& out, std::string& why) {
  const std::string name = "SW_MODE " + std::to_string(mode) + " (" + swizzleModeName(mode) + ")";
  if (target != GpuTarget::gfx1030) {
    why = name + ": tiled layouts are implemented for gfx10.3 only";
    return false;
  }
  if (mode >= 32 || kModes[mode].block == kNone) {
    why = name + " is not a tiled layout vgpu implements";
    return false;
  }
  const ModeRule& m = kModes[mode];
  if (volume && !m.volumeOk) {
    why = name + " on a 3D image is not implemented";
    return false;
  }
  if (elemLog2 > 4) {
    why = name + " with texels of other than 1, 2, 4, 8 or 16 bytes";
    return false;
  }
  const Order order = volume && !m.thinVolume ? m.volume : m.thin;
  out = kPatterns[static_cast<unsigned>(order)][m.block][elemLog2];
  return true;
}

std::uint64_t tiledTexelOffset(const SwizzlePattern& p, std::uint32_t pitch, std::uint32_t rows,
                               std::uint32_t x, std::uint32_t y, std::uint32_t z) {
  const std::uint64_t blocksPerRow = pitch >> p.widthLog2;
  const std::uint64_t blocksPerSlice = blocksPerRow * (rows >> p.heightLog2);
  const std::uint64_t block = std::uint64_t{z >> p.depthLog2} * blocksPerSlice +
                              std::uint64_t{y >> p.heightLog2} * blocksPerRow + (x >> p.widthLog2);
  return (block << p.blockLog2) + p.offset(x, y, p.thick ? z : 0);
}

}  // namespace vgpu::isa
