// Exact arithmetic with a chosen IEEE 754 rounding direction, in integer arithmetic: the core of
// the CUDA intrinsics with _rz/_ru/_rd suffixes (conversions and correctly rounded operations).
//
// AMD GPUs round f32 operations by the MODE register but no clang builtin sets it around a single
// operation, the device libraries have no rounded variants (__ocml_add_rtz_f32 and friends are
// gone from ocml), and f64 rounding through MODE is not something every implementation honours.
// So each operation here computes its exact result as an integer significand, an exponent and a
// sticky bit, and rounds that once with round<F>() (IEEE 754-2019 section 4.3). These paths are
// slow (tens to hundreds of instructions); the _rn forms stay native.
#pragma once

namespace __hipcore_fp {

enum class Round { Nearest, Zero, Up, Down };

template <typename F>
struct Format;
template <>
struct Format<float> {
  using Bits = unsigned int;
  static constexpr int kMantissa = 23;  // stored fraction bits
  static constexpr int kBias = 127;     // also the largest unbiased exponent
  static constexpr Bits kExpMask = 0xffu;
};
template <>
struct Format<double> {
  using Bits = unsigned long long;
  static constexpr int kMantissa = 52;
  static constexpr int kBias = 1023;
  static constexpr Bits kExpMask = 0x7ffu;
};

typedef unsigned long long u64;
typedef unsigned __int128 u128;

#define __HIPCORE_FP __device__ inline __attribute__((always_inline))

__HIPCORE_FP int leadingZeros128(u128 x) {
  u64 hi = (u64)(x >> 64);
  return hi != 0 ? __builtin_clzll(hi) : 64 + __builtin_clzll((u64)x);
}

// Does rounding the magnitude up (away from zero) apply, given the sign, the rounding direction,
// and the bits dropped (half: the first dropped bit; rest: any bit below it or the sticky bit)?
__HIPCORE_FP bool roundsAway(Round mode, bool negative, bool odd, bool half, bool rest) {
  switch (mode) {
    case Round::Nearest:
      return half && (rest || odd);
    case Round::Zero:
      return false;
    case Round::Up:
      return !negative && (half || rest);
    case Round::Down:
      return negative && (half || rest);
  }
  return false;
}

// The F nearest in direction `mode` to (-1)^negative * (sig * 2^exp + tiny), where tiny is a
// positive amount below 2^exp present exactly when sticky is set. sig must be nonzero.
template <typename F>
__HIPCORE_FP F round(bool negative, u64 sig, int exp, bool sticky, Round mode) {
  using Fmt = Format<F>;
  using Bits = typename Fmt::Bits;
  const Bits sign = negative ? (Bits)1 << (sizeof(Bits) * 8 - 1) : 0;
  const Bits infinity = Fmt::kExpMask << Fmt::kMantissa;
  int shift = __builtin_clzll(sig);
  sig <<= shift;
  exp -= shift;
  // sig now has its leading one at bit 63: the value's exponent is exp + 63.
  int biased = exp + 63 + Fmt::kBias;
  bool towardZeroOnOverflow =
      mode == Round::Zero || (mode == Round::Up && negative) || (mode == Round::Down && !negative);
  if (biased >= (int)Fmt::kExpMask)
    return __builtin_bit_cast(F, sign | (towardZeroOnOverflow ? infinity - 1 : infinity));
  // Bits below the format's precision: fixed for normal results, more for subnormal ones.
  int drop = 63 - Fmt::kMantissa + (biased < 1 ? 1 - biased : 0);
  u64 kept = 0;
  bool half = false, rest = sticky;
  if (drop < 64) {
    kept = sig >> drop;
    half = (sig >> (drop - 1)) & 1;
    rest = rest || (sig << (65 - drop)) != 0;
  } else if (drop == 64) {
    half = true;  // the leading one is the first dropped bit
    rest = rest || (sig << 1) != 0;
  } else {
    rest = true;
  }
  // A normal result's kept bits include the leading one, which carries into the exponent field;
  // a carry out of the fraction (also from the largest subnormal) steps the exponent, up to
  // infinity.
  Bits bits = biased >= 1 ? ((Bits)(biased - 1) << Fmt::kMantissa) + (Bits)kept : (Bits)kept;
  if (roundsAway(mode, negative, kept & 1, half, rest)) ++bits;
  if (bits == infinity && towardZeroOnOverflow) --bits;
  return __builtin_bit_cast(F, sign | bits);
}

// A finite nonzero F as sig * 2^exp.
template <typename F>
struct Unpacked {
  bool negative;
  u64 sig;
  int exp;
};
template <typename F>
__HIPCORE_FP Unpacked<F> unpack(F x) {
  using Fmt = Format<F>;
  using Bits = typename Fmt::Bits;
  Bits bits = __builtin_bit_cast(Bits, x);
  int field = (int)((bits >> Fmt::kMantissa) & Fmt::kExpMask);
  u64 sig = bits & (((Bits)1 << Fmt::kMantissa) - 1);
  if (field != 0) sig |= (u64)1 << Fmt::kMantissa;
  return {(bits >> (sizeof(Bits) * 8 - 1)) != 0, sig,
          (field != 0 ? field : 1) - Fmt::kBias - Fmt::kMantissa};
}

// The native operations, for operands whose result is exact (infinities, NaN, zeros).
__HIPCORE_FP float nativeFma(float x, float y, float z) {
  return __builtin_fmaf(x, y, z);
}
__HIPCORE_FP double nativeFma(double x, double y, double z) {
  return __builtin_fma(x, y, z);
}
__HIPCORE_FP float nativeSqrt(float x) {
  return __builtin_sqrtf(x);
}
__HIPCORE_FP double nativeSqrt(double x) {
  return __builtin_sqrt(x);
}

template <typename F>
__HIPCORE_FP bool isFiniteNonzero(F x) {
  return __builtin_isfinite(x) && x != 0;
}

// An exact zero sum of operands of opposite signs is +0, except -0 when rounding down
// (IEEE 754-2019 section 6.3).
template <typename F>
__HIPCORE_FP F exactZeroSum(Round mode) {
  return mode == Round::Down ? -(F)0 : (F)0;
}

// A 128-bit exact value (-1)^negative * (wide * 2^exp + tiny if sticky) rounded to F.
template <typename F>
__HIPCORE_FP F roundWide(bool negative, u128 wide, int exp, bool sticky, Round mode) {
  int lz = leadingZeros128(wide);
  if (lz >= 64) return round<F>(negative, (u64)wide, exp, sticky, mode);
  int drop = 64 - lz;
  bool lost = ((wide << (128 - drop)) != 0);
  return round<F>(negative, (u64)(wide >> drop), exp + drop, sticky || lost, mode);
}

// x * y + z rounded once. Also serves add (y = 1) and multiply (no addend).
template <typename F>
__HIPCORE_FP F fma(F x, F y, F z, bool hasAddend, Round mode) {
  if (!__builtin_isfinite(x) || !__builtin_isfinite(y) || !__builtin_isfinite(z))
    return hasAddend ? nativeFma(x, y, z) : x * y;  // infinity or NaN: exact
  if (x == 0 || y == 0) {
    F product = x * y;  // a signed zero
    if (!hasAddend) return product;
    if (z != 0) return z;
    return __builtin_signbit(product) == __builtin_signbit(z) ? z : exactZeroSum<F>(mode);
  }
  Unpacked<F> a = unpack(x), b = unpack(y);
  bool negative = a.negative != b.negative;
  u128 p = (u128)a.sig * b.sig;  // at most 106 bits, exact
  int pExp = a.exp + b.exp;
  if (!hasAddend || z == 0) return roundWide<F>(negative, p, pExp, false, mode);
  Unpacked<F> c = unpack(z);
  // Both terms with their leading one at bit 125; the smaller is shifted right with the bits
  // it loses folded into its lowest bit. The terms' low bits are zero, so that odd "sticky"
  // value sits strictly between the same rounding boundaries as the exact sum or difference.
  int pShift = leadingZeros128(p) - 2;
  u128 big = p << pShift;
  int bigExp = pExp - pShift;
  int cShift = leadingZeros128(c.sig) - 2;
  u128 small = (u128)c.sig << cShift;
  int smallExp = c.exp - cShift;
  bool bigNegative = negative, smallNegative = c.negative;
  if (smallExp > bigExp || (smallExp == bigExp && small > big)) {
    u128 t = big;
    big = small;
    small = t;
    int e = bigExp;
    bigExp = smallExp;
    smallExp = e;
    bool s = bigNegative;
    bigNegative = smallNegative;
    smallNegative = s;
  }
  int distance = bigExp - smallExp;
  if (distance >= 127)
    small = 1;
  else if (distance > 0)
    small = (small >> distance) | (u128)((small << (128 - distance)) != 0);
  u128 sum = bigNegative == smallNegative ? big + small : big - small;
  if (sum == 0) return exactZeroSum<F>(mode);
  return roundWide<F>(bigNegative, sum, bigExp, false, mode);
}

template <typename F>
__HIPCORE_FP F add(F x, F y, Round mode) {
  return fma<F>(x, (F)1, y, true, mode);
}
template <typename F>
__HIPCORE_FP F mul(F x, F y, Round mode) {
  return fma<F>(x, y, (F)0, false, mode);
}

// x / y by restoring long division: 64 quotient bits and the remainder as the sticky bit.
template <typename F>
__HIPCORE_FP F div(F x, F y, Round mode) {
  if (!isFiniteNonzero(x) || !isFiniteNonzero(y)) return x / y;  // exact: 0, inf or NaN
  Unpacked<F> a = unpack(x), b = unpack(y);
  // Both significands with their leading one at bit 62, so that a < 2b and the remainder, doubled
  // each step, stays below 2^64.
  int aShift = __builtin_clzll(a.sig) - 1, bShift = __builtin_clzll(b.sig) - 1;
  u64 num = a.sig << aShift, den = b.sig << bShift;
  u64 quotient = 0;
  for (int i = 0; i < 64; ++i) {
    bool bit = num >= den;
    if (bit) num -= den;
    quotient = (quotient << 1) | (u64)bit;
    num <<= 1;
  }
  // quotient = floor(num0 / den * 2^63)
  int exp = (a.exp - aShift) - (b.exp - bShift) - 63;
  return round<F>(a.negative != b.negative, quotient, exp, num != 0, mode);
}

// sqrt(x) by the digit-by-digit integer square root of a 126- or 127-bit radicand.
template <typename F>
__HIPCORE_FP F sqrt(F x, Round mode) {
  if (!isFiniteNonzero(x) || x < 0) return nativeSqrt(x);  // exact: +-0, inf or NaN
  Unpacked<F> a = unpack(x);
  int lz = __builtin_clzll(a.sig);
  int exp = a.exp - lz - 63;  // radicand = (sig << lz) << 63, leading one at bit 126
  int shift = lz + 63;
  if (exp & 1) {  // the exponent must be even to halve it
    --shift;
    ++exp;
  }
  u128 radicand = (u128)a.sig << shift;
  u128 remainder = 0;
  u64 root = 0;
  for (int i = 63; i >= 0; --i) {
    root <<= 1;
    remainder = (remainder << 2) | ((radicand >> (2 * i)) & 3);
    u128 trial = ((u128)root << 1) | 1;
    if (remainder >= trial) {
      remainder -= trial;
      root |= 1;
    }
  }
  return round<F>(false, root, exp / 2, remainder != 0, mode);
}

// An integer magnitude with a sign, rounded to F.
template <typename F>
__HIPCORE_FP F fromInteger(bool negative, u64 magnitude, Round mode) {
  return magnitude == 0 ? (F)0 : round<F>(negative, magnitude, 0, false, mode);
}

// A double rounded to float.
__HIPCORE_FP float narrow(double x, Round mode) {
  if (!isFiniteNonzero(x)) return (float)x;  // exact
  Unpacked<double> a = unpack(x);
  return round<float>(a.negative, a.sig, a.exp, false, mode);
}

#undef __HIPCORE_FP

}  // namespace __hipcore_fp
