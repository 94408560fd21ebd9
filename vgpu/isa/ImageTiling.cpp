// Swizzled image layouts at vgpu's address configuration (one pipe, one packer, 256-byte
// interleave; GB_ADDR_CONFIG 0). Derived from the swizzle patterns of AMD's address library
// (addrlib's gfx10 pattern tables in their RB+ variant, as Navi2x uses, and its gfx11 tables, at
// one pipe), which reduce to a few rules over the coordinate bits above a texel's bytes:
//   - a 256-byte micro-tile first. Standard (S) on gfx10.3: the x bits that fill 16 bytes, then
//     the y bits, then the remaining x bits; display (D) and 3D-standard: the small per-size
//     orderings in kDisplayMicro and kStandard3dMicro (written from the patterns by hand, per
//     target; they have no shorter rule); render (R): display's, but standard's for 1-byte
//     texels; Z: none.
//   - then up to the block size: S and D alternate y and x, y first; R and Z take the axis with
//     fewer bits so far, x on a tie (Z from the first bit: Morton order); 3D-standard cycles y,
//     x, z.
//   - gfx10.3's R and Z (the _X modes that have a pattern of their own at one pipe) XOR each
//     address bit from bit 10 (1 KiB) up with a bit of the block's position: the highest
//     in-block x bit with the lowest block-row bit, the next x bit down with the next block-row
//     bit, and y likewise with the block-column bits. gfx11's R and Z share one pattern (the
//     display micro-tile, then R's order) whose address bits 10-13 are XORed with the
//     coordinate bits in kGfx11RenderXor, again per texel size. The other _X and _T modes equal
//     their plain mode at one pipe.
// The block in texels is what the pattern spans: 256 B is 16x16 texels of 1 byte, 16x8 of 2,
// 8x8 of 4, 8x4 of 8, 4x4 of 16, and each bigger block doubles width, height (and for thick
// blocks depth) in the order its bits are appended.
#include "isa/ImageTiling.h"

#include <array>
#include <bit>

namespace vgpu::isa {

namespace {

enum class Order : std::uint8_t { standard, display, render, zorder, standard3d, none };

// Micro-tile orderings that follow no shorter rule, per target (gfx10.3, gfx11) and texel size
// (1, 2, 4, 8, 16 bytes): the coordinate bit of each address bit above the texel's bytes, lowest
// first.
constexpr const char* kDisplayMicro[2][5] = {
    {"X0 X1 X2 Y1 Y0 Y2 X3 Y3", "X0 X1 X2 Y0 Y1 Y2 X3", "X0 X1 Y0 Y1 X2 Y2", "X0 Y0 X1 X2 Y1",
     "X0 Y0 X1 Y1"},
    {"X0 X1 Y0 X2 Y1 Y2 X3 Y3", "X0 Y0 X1 Y1 X2 Y2 X3", "X0 Y0 X1 Y1 X2 Y2", "X0 Y0 X1 X2 Y1",
     "X0 Y0 X1 Y1"}};
constexpr const char* kStandard3dMicro[2][5] = {
    {"X0 X1 Z0 Y0 Z1 Y1 X2 Z2", "X0 Z0 Y0 Z1 Y1 X1 Z2", "X0 Y0 Z0 Y1 X1 Z1", "X0 Z0 Y0 X1 Z1",
     "Z0 Y0 X0 Z1"},
    {"X0 X1 Z0 Y0 Y1 Z1 X2 Z2", "X0 Z0 Y0 X1 Z1 Y1 Z2", "X0 Y0 X1 Z0 Y1 Z1", "X0 Y0 Z0 X1 Z1",
     "X0 Z0 Y0 Z1"}};

// gfx11's R and Z: the coordinate bit XORed into address bits 10, 11, 12 and 13, per texel size.
constexpr const char* kGfx11RenderXor[5] = {"Y8 X8 Y7 X7", "X8 Y7 X7 Y6", "Y7 X7 Y6 X6",
                                            "X7 Y7 X6 Y6", "Y7 X6 Y6 X5"};

// A pattern while it is built: bits are appended lowest first.
struct Builder {
  SwizzlePattern p;
  unsigned count = 0;     // address bits placed above the texel's bytes
  unsigned used[3] = {};  // bits of x, y and z placed: the block is 2^used texels on each axis
  unsigned axis[18] = {}, index[18] = {};

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

constexpr SwizzlePattern build(unsigned target, Order order, unsigned blockLog2,
                               unsigned elemLog2) {
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
      b.micro(kDisplayMicro[target][elemLog2]);
      break;
    case Order::render:
      if (elemLog2 == 0 && target == 0) {
        for (unsigned i = 0; i < 4; ++i) b.next(0);
        for (unsigned i = 0; i < 4; ++i) b.next(1);
      } else {
        b.micro(kDisplayMicro[target][elemLog2]);
      }
      break;
    case Order::standard3d:
      b.micro(kStandard3dMicro[target][elemLog2]);
      b.p.thick = true;
      break;
    default:
      break;
  }
  for (unsigned k = 0; b.room() > 0; ++k) {
    switch (order) {
      case Order::render:
      case Order::zorder:
        b.next(b.used[1] < b.used[0] ? 1 : 0);
        break;
      case Order::standard3d:
        b.next(k % 3 == 0 ? 1 : k % 3 == 1 ? 0 : 2);
        break;
      default:
        b.next(k % 2 == 0 ? 1 : 0);
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
    if (target == 1) {
      const unsigned k = i + elemLog2 - 10;  // address bits 10..13
      if (k >= 4) continue;
      const char* term = kGfx11RenderXor[elemLog2] + 3 * k;
      std::uint16_t* partner = mask[term[0] == 'X' ? 0 : 1];
      *partner = static_cast<std::uint16_t>(*partner | 1u << (term[1] - '0'));
      continue;
    }
    // x bit k pairs with block-row bit (width - 1 - k), y bit k with block-column bit.
    const unsigned a = b.axis[i], other = 1 - a;
    const unsigned partner = b.used[other] + (b.used[a] - 1 - b.index[i]);
    *mask[other] = static_cast<std::uint16_t>(*mask[other] | 1u << partner);
  }
  return b.p;
}

// Every pattern vgpu implements, built at compile time: [target][order][block][texel size].
constexpr unsigned kBlocks[5] = {8, 12, 14, 16, 18};
constexpr auto kPatterns = [] {
  std::array<std::array<std::array<std::array<SwizzlePattern, 5>, 5>, 5>, 2> t{};
  for (unsigned g = 0; g < 2; ++g)
    for (unsigned o = 0; o < 5; ++o)
      for (unsigned b = 0; b < 5; ++b)
        for (unsigned e = 0; e < 5; ++e)
          t[g][o][b][e] = build(g, static_cast<Order>(o), kBlocks[b], e);
  return t;
}();

// What a SW_MODE is on one target: its pattern for 1D/2D images and arrays (thin) and for 3D
// images (thick, or thin slices), Order::none where the mode has none vgpu models.
struct ModeRule {
  const char* name;
  Order thin, volume;
  std::uint8_t block;  // index into kBlocks
};

constexpr Order N = Order::none, S = Order::standard, D = Order::display, R = Order::render,
                Z = Order::zorder, S3 = Order::standard3d;
constexpr ModeRule kReserved = {"reserved", N, N, 0};
constexpr ModeRule kModes[2][32] = {
    // gfx10.3 (AMD's gfx10 AddrSwizzleMode numbering; VAR is 16 KiB at one pipe).
    {{"LINEAR", N, N, 0},
     {"256B_S", S, N, 0},
     {"256B_D", D, N, 0},
     {"256B_R (reserved)", N, N, 0},
     {"4KB_Z (reserved)", N, N, 0},
     {"4KB_S", S, S3, 1},
     {"4KB_D", D, N, 1},
     {"4KB_R (reserved)", N, N, 1},
     {"64KB_Z (reserved)", N, N, 3},
     {"64KB_S", S, S3, 3},
     {"64KB_D", D, N, 3},
     {"64KB_R (reserved)", N, N, 3},
     kReserved,
     kReserved,
     kReserved,
     kReserved,
     {"64KB_Z_T (reserved)", N, N, 3},
     {"64KB_S_T", S, S3, 3},
     {"64KB_D_T", D, N, 3},
     {"64KB_R_T (reserved)", N, N, 3},
     {"4KB_Z_X (reserved)", N, N, 1},
     {"4KB_S_X", S, S3, 1},
     {"4KB_D_X", D, N, 1},
     {"4KB_R_X", N, N, 1},
     {"64KB_Z_X", Z, Z, 3},
     {"64KB_S_X", S, S3, 3},
     {"64KB_D_X", D, N, 3},
     {"64KB_R_X", R, R, 3},
     {"VAR_Z_X", Z, Z, 2},
     kReserved,
     kReserved,
     {"VAR_R_X", R, R, 2}},
    // gfx11: the S modes are 3D only; Z and R share a pattern (on 3D images: not modelled).
    {{"LINEAR", N, N, 0},
     kReserved,
     {"256B_D", D, N, 0},
     kReserved,
     kReserved,
     {"4KB_S", N, S3, 1},
     {"4KB_D", D, N, 1},
     kReserved,
     kReserved,
     {"64KB_S", N, S3, 3},
     {"64KB_D", D, N, 3},
     kReserved,
     kReserved,
     kReserved,
     kReserved,
     kReserved,
     kReserved,
     {"64KB_S_T", N, S3, 3},
     {"64KB_D_T", D, N, 3},
     kReserved,
     kReserved,
     {"4KB_S_X", N, S3, 1},
     {"4KB_D_X", D, N, 1},
     kReserved,
     {"64KB_Z_X", R, N, 3},
     {"64KB_S_X", N, S3, 3},
     {"64KB_D_X", D, N, 3},
     {"64KB_R_X", R, N, 3},
     {"256KB_Z_X", R, N, 4},
     {"256KB_S_X", N, S3, 4},
     {"256KB_D_X", D, N, 4},
     {"256KB_R_X", R, N, 4}}};

unsigned targetIndex(GpuTarget target) {
  return target == GpuTarget::gfx1100 ? 1 : 0;
}

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

const char* swizzleModeName(GpuTarget target, unsigned mode) {
  return mode < 32 ? kModes[targetIndex(target)][mode].name : "out of range";
}

bool lookupSwizzlePattern(GpuTarget target, unsigned mode, bool volume, unsigned elemLog2,
                          SwizzlePattern& out, std::string& why) {
  const std::string name =
      "SW_MODE " + std::to_string(mode) + " (" + swizzleModeName(target, mode) + ")";
  const ModeRule* m = mode < 32 ? &kModes[targetIndex(target)][mode] : nullptr;
  if (m == nullptr || (m->thin == Order::none && m->volume == Order::none)) {
    why = name + " is not a tiled layout vgpu implements on " +
          (target == GpuTarget::gfx1100 ? "gfx11" : "gfx10.3");
    return false;
  }
  const Order order = volume ? m->volume : m->thin;
  if (order == Order::none) {
    why = name + (volume ? " on a 3D image" : " on a 1D or 2D image") + " is not implemented";
    return false;
  }
  if (elemLog2 > 4) {
    why = name + " with texels of other than 1, 2, 4, 8 or 16 bytes";
    return false;
  }
  out = kPatterns[targetIndex(target)][static_cast<unsigned>(order)][m->block][elemLog2];
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
