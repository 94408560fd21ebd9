// Device intrinsics against host references: bit-field extract/insert, lowest and n-th set
// bit, mbcnt and lane masks under divergence, match (plain and _sync with two masks at once),
// __syncwarp, LDS permutes and DPP moves, safe/unsafe floating-point and scoped atomics under
// contention, __smid against the HW_ID1 fields, device memcpy/memset, __trap.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

bool bit(u64 x, unsigned i) {
  return (x >> i) & 1;
}
// The field [off, off + width) of a `bits`-wide word, bit by bit; offsets and widths keep their
// low log2(bits) bits, positions past the word's top read 0.
u64 extract(u64 x, unsigned off, unsigned width, unsigned bits) {
  off &= bits - 1;
  width &= bits - 1;
  u64 r = 0;
  for (unsigned b = 0; b < width; ++b)
    if (off + b < bits && bit(x, off + b)) r |= 1ull << b;
  return r;
}
u64 insert(u64 x, u64 y, unsigned off, unsigned width, unsigned bits) {
  off &= bits - 1;
  width &= bits - 1;
  u64 r = x;
  for (unsigned b = 0; b < width; ++b) {
    unsigned p = off + b;
    if (p >= bits) break;
    r = bit(y, b) ? r | (1ull << p) : r & ~(1ull << p);
  }
  return bits == 32 ? r & 0xffffffffull : r;
}
u32 lastbit(u64 x, unsigned bits) {
  for (unsigned i = 0; i < bits; ++i)
    if (bit(x, i)) return i;
  return ~0u;
}
// Walk from base upwards (offset > 0) or downwards (offset < 0), counting set bits.
u32 fns(u64 mask, unsigned bits, unsigned base, int offset) {
  if (offset == 0) return bit(mask, base) ? base : ~0u;
  int seen = 0;
  for (int p = int(base); p >= 0 && p < int(bits); p += offset > 0 ? 1 : -1)
    if (bit(mask, unsigned(p)) && ++seen == std::abs(offset)) return u32(p);
  return ~0u;
}

u64 waveBits(unsigned wave) {
  return wave == 64 ? ~0ull : 0xffffffffull;
}

class Intrinsics : public IsaTest {};

TEST_P(Intrinsics, BitFieldsLastBitAndFindNthSet) {
  const unsigned threads = 128;
  std::mt19937_64 rng(21);
  std::vector<u64> in(2 * threads);
  for (u64& v : in) v = rng();
  std::vector<u32> out(threads * 11, 0xdeadu);
  vgpu::isa::Launch l = launch1d(1, threads);
  l.arg(buffer(in, "in")).arg(buffer(out, "out"));
  run("intrinsics", "_Z10bit_fieldsPKyPj", l);
  for (unsigned i = 0; i < threads; ++i) {
    const u64 x = in[2 * i], y = in[2 * i + 1];
    const unsigned off = i % 37, width = (i * 7) % 35, off64 = i % 70, width64 = (i * 11) % 67;
    const u32* row = &out[i * 11];
    const u64 e = extract(x, off64, width64, 64), b = insert(x, y, off64, width64, 64);
    EXPECT_EQ(row[0], u32(extract(u32(x), off, width, 32))) << i;
    EXPECT_EQ(row[1], u32(e)) << i;
    EXPECT_EQ(row[2], u32(e >> 32)) << i;
    EXPECT_EQ(row[3], u32(insert(u32(x), u32(y), off, width, 32))) << i;
    EXPECT_EQ(row[4], u32(b)) << i;
    EXPECT_EQ(row[5], u32(b >> 32)) << i;
    EXPECT_EQ(row[6], lastbit(i % 8 == 0 ? 0 : u32(x) & (~0u << (i % 32)), 32)) << i;
    EXPECT_EQ(row[7], lastbit(i % 8 == 1 ? 0 : x & (~0ull << (i % 64)), 64)) << i;
    EXPECT_EQ(row[8], fns((x & y) & 0xffffffffull, 32, i % 32, int(i % 9) - 4)) << i;
    EXPECT_EQ(row[9], fns(x & y, 64, i % 64, int(i % 13) - 6)) << i;
    EXPECT_EQ(row[10], fns(u32(y >> 16), 32, i % 32, int(i % 5) - 2)) << i;
  }
}

TEST_P(Intrinsics, MbcntAndLaneMasksUnderDivergence) {
  const unsigned wave = waveSize();
  std::vector<u32> out(wave * 8, 0);
  vgpu::isa::Launch l = launch1d(1, wave);
  l.arg(buffer(out, "out"));
  run("intrinsics", "_Z10lane_masksPj", l);
  u64 active = 0;
  for (unsigned lane = 0; lane < wave; ++lane)
    if (lane % 5 != 2) active |= 1ull << lane;
  for (unsigned lane = 0; lane < wave; ++lane) {
    const u32* row = &out[lane * 8];
    if (lane % 5 == 2) {
      for (int k = 0; k < 8; ++k) EXPECT_EQ(row[k], 0xdeadu) << lane;
      continue;
    }
    const unsigned belowLo = std::min(lane, 32u), belowHi = lane > 32 ? lane - 32 : 0;
    const u64 lt = active & ((1ull << lane) - 1), eq = 1ull << lane;
    const u64 gt = lane == 63 ? 0 : active & (~0ull << (lane + 1));
    EXPECT_EQ(row[0], u32(std::popcount(0xa5a5a5a5ull & ((1ull << belowLo) - 1)) + 3)) << lane;
    EXPECT_EQ(row[1], u32(std::popcount(0x0f0f0f0full & ((1ull << belowHi) - 1)) + 1)) << lane;
    EXPECT_EQ(row[2], u32(lt)) << lane;
    EXPECT_EQ(row[3], u32(lt >> 32)) << lane;
    EXPECT_EQ(row[4], u32(gt)) << lane;
    EXPECT_EQ(row[5], u32(gt >> 32)) << lane;
    EXPECT_EQ(row[6], u32(eq)) << lane;
    EXPECT_EQ(row[7], u32(eq >> 32)) << lane;
  }
}

TEST_P(Intrinsics, MatchAnyAllPlainAndSync) {
  const unsigned wave = waveSize();
  const u64 full = waveBits(wave);
  // Values differing only in their upper half must not match.
  const u64 kinds[5] = {0x100000005ull, 0x200000005ull, 5, 0x100000005ull, 9};
  std::vector<u64> in(wave);
  for (unsigned lane = 0; lane < wave; ++lane) in[lane] = kinds[(lane * 7) % 5];
  auto floatBits = [](unsigned lane) {
    float f = lane % 3 == 0 ? (lane % 2 ? -0.0f : 0.0f) : 1.5f * float(lane % 3);
    return std::bit_cast<u32>(f);
  };
  for (u64 mask : {full & u64{0x5555555555555555}, full & u64{0xf0f0000000000f01}, full}) {
    std::vector<u32> out(wave * 12, 0);
    vgpu::isa::Launch l = launch1d(1, wave);
    l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(static_cast<unsigned long long>(mask));
    run("intrinsics", "_Z7matchesPKyPjy", l);
    u64 active = 0;
    for (unsigned lane = 0; lane < wave; ++lane)
      if (lane % 7 != 4) active |= 1ull << lane;
    for (unsigned lane = 0; lane < wave; ++lane) {
      const u32* row = &out[lane * 12];
      const std::string where = "mask " + std::to_string(mask) + " lane " + std::to_string(lane);
      if (lane % 7 != 4) {
        u64 same = 0, sameFloat = 0;
        for (unsigned j = 0; j < wave; ++j) {
          if (!bit(active, j)) continue;
          if (in[j] == in[lane]) same |= 1ull << j;
          if (floatBits(j) == floatBits(lane)) sameFloat |= 1ull << j;
        }
        EXPECT_EQ(row[0], u32(same)) << where;
        EXPECT_EQ(row[1], u32(same >> 32)) << where;
        EXPECT_EQ(row[2], u32(sameFloat)) << where;
        EXPECT_EQ(row[3], u32(sameFloat >> 32)) << where;
        EXPECT_EQ(row[4], u32(active)) << where;
        EXPECT_EQ(row[5], u32(active >> 32)) << where;
        EXPECT_EQ(row[6], 1u) << where;  // uniform, and the mixed values do not all match
        EXPECT_EQ(row[7], 0u) << where;
      } else {
        for (int k = 0; k < 8; ++k) EXPECT_EQ(row[k], 0xdeadu) << where;
      }
      const u64 mine = (bit(mask, lane) ? mask : ~mask) & full;
      u64 same = 0;
      bool allSame = true;
      for (unsigned j = 0; j < wave; ++j)
        if (bit(mine, j)) {
          if (in[j] == in[lane]) same |= 1ull << j;
          allSame &= in[j] == in[lane];
        }
      EXPECT_EQ(row[8], u32(same)) << where;
      EXPECT_EQ(row[9], u32(same >> 32)) << where;
      EXPECT_EQ(row[10], u32(mine ^ (mine >> 32))) << where;
      EXPECT_EQ(row[11], 1u + 2u * allSame) << where;
    }
  }
}

TEST_P(Intrinsics, SyncwarpOrdersLdsBetweenLanes) {
  const unsigned wave = waveSize();
  std::vector<int> out(wave, -1);
  vgpu::isa::Launch l = launch1d(1, wave);
  l.arg(buffer(out, "out"));
  run("intrinsics", "_Z17syncwarp_exchangePi", l);
  for (unsigned lane = 0; lane < wave; ++lane)
    EXPECT_EQ(out[lane], int((lane + 1) % wave * 3 + 1)) << lane;
}

TEST_P(Intrinsics, PermutesAndDppMoves) {
  const unsigned wave = waveSize();
  std::vector<int> in(wave), out(wave * 5, -1);
  for (unsigned lane = 0; lane < wave; ++lane) in[lane] = int(lane * 11 + 100);
  vgpu::isa::Launch l = launch1d(1, wave);
  l.arg(buffer(in, "in")).arg(buffer(out, "out"));
  run("intrinsics", "_Z8permutesPKiPi", l);
  for (unsigned lane = 0; lane < wave; ++lane) {
    const int* row = &out[lane * 5];
    unsigned writer = 0;
    while ((writer * 3 + 1) % wave != lane) ++writer;
    EXPECT_EQ(row[0], in[(lane * 5 + 3) % wave]) << lane;
    EXPECT_EQ(row[1], std::bit_cast<int>(0.5f * float(in[(lane + 7) % wave]))) << lane;
    EXPECT_EQ(row[2], in[writer]) << lane;
    EXPECT_EQ(row[3], in[lane ^ 1]) << lane;
    EXPECT_EQ(row[4], lane % 16 == 0 ? 0 : in[lane - 1]) << lane;
  }
}

struct FloatAtomics {
  float unsafe_add, safe_add, unsafe_max, safe_max, unsafe_min, safe_min, no_ret;
  double unsafe_add_d, safe_add_d, unsafe_max_d, safe_max_d, unsafe_min_d, safe_min_d;
};
struct ScopedAtomics {
  unsigned long add_ul, add_system_ul, max_ul, min_ul, and_ul, or_ul, xor_ul, sub_ul, cas_ul;
  int min_system_i;
  unsigned or_system_u, dec_system_u;
  long long max_system_ll;
};
struct BlockAtomics {
  unsigned long exch_ul;
  unsigned max_u, and_u, xor_u, inc_u;
  float sub_f;
};

TEST_P(Intrinsics, SafeUnsafeAndScopedAtomicsUnderContention) {
  const unsigned blocks = 4, threads = 64, n = blocks * threads;
  std::vector<FloatAtomics> f(1);
  f[0] = {0, 0, -1000, -1000, 1000, 1000, 0, 0, 0, -1000, -1000, 1000, 1000};
  std::vector<ScopedAtomics> s(1);
  s[0] = {0, 0, 0, ~0ul, ~0ul, 0, 0, 10000, 0, 1 << 20, 0, 0, -(1ll << 40)};
  std::vector<BlockAtomics> b(blocks, BlockAtomics{0, 0, ~0u, 0, 0, 100.0f});
  std::vector<unsigned> seen(blocks * (threads + 1), 0);
  vgpu::isa::Launch l = launch1d(blocks, threads);
  l.arg(buffer(f, "f")).arg(buffer(s, "s")).arg(buffer(b, "blocks")).arg(buffer(seen, "seen"));
  run("intrinsics", "_Z10contend_fpP12FloatAtomicsP13ScopedAtomicsP12BlockAtomicsPj", l);
  const FloatAtomics& F = f[0];
  EXPECT_EQ(F.unsafe_add, 0.5f * n);
  EXPECT_EQ(F.safe_add, 0.25f * n);
  EXPECT_EQ(F.unsafe_max, 0.5f * (n - 1));
  EXPECT_EQ(F.safe_max, -2.0f + 0.25f * (n - 1));
  EXPECT_EQ(F.unsafe_min, 100.0f - float(n - 1));
  EXPECT_EQ(F.safe_min, 3.0f);
  EXPECT_EQ(F.no_ret, float(n));
  EXPECT_EQ(F.unsafe_add_d, 0.125 * n);
  EXPECT_EQ(F.safe_add_d, 1.5 * n);
  EXPECT_EQ(F.unsafe_max_d, 2.0 * (n - 1));
  EXPECT_EQ(F.safe_max_d, 0.0);
  EXPECT_EQ(F.unsafe_min_d, 7.0 - double(n - 1));
  EXPECT_EQ(F.safe_min_d, 1.0);

  unsigned long xr = 0, orBits = 0;
  unsigned orSystem = 0, dec = 0;
  for (unsigned t = 0; t < n; ++t) {
    xr ^= (unsigned long)t * 0x10001ul;
    orBits |= 1ul << (t % 61);
    orSystem |= 1u << (t % 23);
    dec = (dec == 0 || dec > 30u) ? 30u : dec - 1;
  }
  const ScopedAtomics& S = s[0];
  EXPECT_EQ(S.add_ul, 3ul * n);
  EXPECT_EQ(S.add_system_ul, (unsigned long)n << 40);
  EXPECT_EQ(S.max_ul, (unsigned long)(n - 1) << 33);
  EXPECT_EQ(S.min_ul, 5000ul - (n - 1));
  EXPECT_EQ(S.and_ul, 0ul);  // every bit cleared by some thread (n >= 64)
  EXPECT_EQ(S.or_ul, orBits);
  EXPECT_EQ(S.xor_ul, xr);
  EXPECT_EQ(S.sub_ul, 10000ul - 2ul * n);
  EXPECT_EQ(S.cas_ul, 5ul * n);
  EXPECT_EQ(S.min_system_i, 10 - int(n - 1));
  EXPECT_EQ(S.or_system_u, orSystem);
  EXPECT_EQ(S.dec_system_u, dec);
  EXPECT_EQ(S.max_system_ll, (long long)(n - 1) - 1000);

  unsigned inc = 0, andBits = ~0u, xorLocal = 0;
  for (unsigned t = 0; t < threads; ++t) {
    inc = inc >= 40u ? 0 : inc + 1;
    andBits &= ~(1u << (t % 32));
    xorLocal ^= t;
  }
  for (unsigned k = 0; k < blocks; ++k) {
    const BlockAtomics& B = b[k];
    EXPECT_EQ(B.max_u, (threads - 1) * 7u) << k;
    EXPECT_EQ(B.and_u, andBits) << k;
    EXPECT_EQ(B.xor_u, xorLocal) << k;
    EXPECT_EQ(B.inc_u, inc) << k;
    EXPECT_EQ(B.sub_f, 100.0f - 0.5f * threads) << k;
    // Each stored value is seen once as a previous value, except the last one stored.
    const unsigned* seenHere = &seen[k * (threads + 1)];
    ASSERT_GE(B.exch_ul, 1ul);
    ASSERT_LE(B.exch_ul, (unsigned long)threads);
    for (unsigned v = 0; v <= threads; ++v)
      EXPECT_EQ(seenHere[v], v == B.exch_ul ? 0u : 1u) << "block " << k << " value " << v;
  }
}

TEST_P(Intrinsics, SmidDecodesHwId1) {
  const unsigned threads = 2 * waveSize();
  std::vector<u32> out(threads * 2, 0xdeadu);
  vgpu::isa::Launch l = launch1d(1, threads);
  l.arg(buffer(out, "out"));
  run("intrinsics", "_Z10where_am_iPj", l);
  const bool gfx11 = std::string(GetParam().arch) == "gfx1100";
  for (unsigned t = 0; t < threads; ++t) {
    const u32 raw = out[2 * t + 1];
    const u32 se = (raw >> 18) & (gfx11 ? 7u : 3u), sa = (raw >> 16) & 1u, wgp = (raw >> 10) & 15u;
    EXPECT_EQ(out[2 * t], (((se << 1) | sa) << 4) | wgp) << t << " raw " << raw;
  }
}

TEST_P(Intrinsics, DeviceMemcpyAndMemset) {
  const unsigned threads = 40;
  std::vector<unsigned char> src(128), dst(threads * 64, 0xee);
  for (unsigned i = 0; i < src.size(); ++i) src[i] = (unsigned char)(i * 37 + 5);
  std::vector<unsigned char> want = dst;
  for (unsigned t = 0; t < threads; ++t) {
    std::memcpy(&want[t * 64 + t % 3], &src[(t * 17) % 50], (t * 7) % 40);
    std::memset(&want[t * 64 + 45], int(t + 1), t % 19);
  }
  vgpu::isa::Launch l = launch1d(1, threads);
  l.arg(buffer(src, "src")).arg(buffer(dst, "dst"));
  run("intrinsics", "_Z13device_memoryPKhPh", l);
  for (unsigned i = 0; i < dst.size(); ++i)
    EXPECT_EQ(int(dst[i]), int(want[i])) << "slot " << i / 64 << " byte " << i % 64;
}

TEST_P(Intrinsics, TrapEndsTheDispatch) {
  std::vector<int> flag = {1};
  vgpu::isa::Launch l = launch1d(1, 1);
  l.arg(buffer(flag, "flag"));
  vgpu::DispatchOutcome o = tryRun("intrinsics", "_Z9trap_whenPi", l);
  EXPECT_EQ(o.kind, vgpu::DispatchOutcome::Kind::trap) << o.report;
  EXPECT_EQ(flag[0], 1);
  flag[0] = 0;
  vgpu::isa::Launch again = launch1d(1, 1);
  again.arg(buffer(flag, "flag"));
  run("intrinsics", "_Z9trap_whenPi", again);
  EXPECT_EQ(flag[0], 5);
}

INSTANTIATE_TEST_SUITE_P(Variants, Intrinsics, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
