// Host reference for the half/bfloat16/fp8 tests, written apart from hip/detail/small_float.h:
// a format is described by its table of finite values (decoded with ldexp from the bit fields),
// and a conversion finds the two table entries bracketing the exact input and picks one by the
// rounding rule, so it shares no code or method with the header's bit-level rounding.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace isatest {

enum class Mode { Nearest, Zero, Down, Up };

struct SmallFormat {
  int expBits, mantBits, bias;
  bool hasInf;           // IEEE-style all-ones exponent: infinities and NaNs
  bool e4m3Nan;          // OCP E4M3: only S.1111.111 is NaN
  bool fnuz;             // 0x80 is the only NaN, no -0, no infinity
  std::uint32_t nanOut;  // the NaN the conversions produce (positive form)

  int bits() const { return 1 + expBits + mantBits; }
  std::uint32_t signBit() const { return 1u << (expBits + mantBits); }

  bool isNan(std::uint32_t v) const {
    std::uint32_t mag = v & (signBit() - 1);
    std::uint32_t expAll = ((1u << expBits) - 1) << mantBits;
    if (fnuz) return v == signBit();
    if (e4m3Nan) return mag == (expAll | ((1u << mantBits) - 1));
    return (mag & expAll) == expAll && (mag & ((1u << mantBits) - 1)) != 0;
  }
  bool isInf(std::uint32_t v) const {
    std::uint32_t expAll = ((1u << expBits) - 1) << mantBits;
    return hasInf && (v & (signBit() - 1)) == expAll;
  }
  // Exact value of a non-NaN pattern (infinities as HUGE_VAL).
  double decode(std::uint32_t v) const {
    bool neg = (v & signBit()) != 0;
    std::uint32_t e = (v >> mantBits) & ((1u << expBits) - 1);
    std::uint32_t m = v & ((1u << mantBits) - 1);
    double mag;
    if (isInf(v))
      mag = HUGE_VAL;
    else if (e == 0)
      mag = std::ldexp(double(m), 1 - bias - mantBits);
    else
      mag = std::ldexp(double(m + (1u << mantBits)), int(e) - bias - mantBits);
    return neg ? -mag : mag;
  }
};

inline const SmallFormat kHalf{5, 10, 15, true, false, false, 0x7e00};
inline const SmallFormat kBf16{8, 7, 127, true, false, false, 0x7fc0};
inline const SmallFormat kE4M3{4, 3, 7, false, true, false, 0x7f};
inline const SmallFormat kE5M2{5, 2, 15, true, false, false, 0x7f};
inline const SmallFormat kE4M3Fnuz{4, 3, 8, false, false, true, 0x80};
inline const SmallFormat kE5M2Fnuz{5, 2, 16, false, false, true, 0x80};

// The non-negative finite values in increasing order with their encodings.
struct ValueTable {
  std::vector<double> values;
  std::vector<std::uint32_t> codes;
  explicit ValueTable(const SmallFormat& f) {
    for (std::uint32_t v = 0; v < f.signBit(); ++v) {
      if (f.isNan(v) || f.isInf(v)) continue;
      values.push_back(f.decode(v));
      codes.push_back(v);
    }
  }
};

// Rounds the exact value x (a double) to the format. Magnitudes beyond the largest finite value
// round as IEEE with an unbounded exponent would, then overflow per mode and saturation.
inline std::uint32_t referenceRound(const SmallFormat& f, const ValueTable& t, double x, Mode mode,
                                    bool saturate) {
  if (std::isnan(x)) return f.nanOut;
  bool neg = std::signbit(x);
  std::uint32_t sign = neg ? f.signBit() : 0;
  double a = std::fabs(x);
  auto signedZero = [&] { return f.fnuz ? 0u : sign; };
  auto overflow = [&]() -> std::uint32_t {
    bool towardZero =
        mode == Mode::Zero || (mode == Mode::Down && !neg) || (mode == Mode::Up && neg);
    if (saturate || towardZero) return sign | t.codes.back();
    if (f.hasInf) return sign | (((1u << f.expBits) - 1) << f.mantBits);
    return f.fnuz ? f.nanOut : (sign | f.nanOut);
  };
  double maxv = t.values.back();
  if (std::isinf(a)) {  // infinity is exact where the format has it; never an overflow
    if (saturate) return sign | t.codes.back();
    if (f.hasInf) return sign | (((1u << f.expBits) - 1) << f.mantBits);
    return f.fnuz ? f.nanOut : (sign | f.nanOut);
  }
  if (a > maxv) {
    if (mode != Mode::Nearest) return overflow();
    // The next value past max in an unbounded format is max + one ulp of max's binade.
    double ulp = maxv - t.values[t.values.size() - 2];
    double mid = maxv + ulp / 2;
    bool maxEven = (t.codes.back() & 1) == 0;
    if (a < mid || (a == mid && maxEven)) return sign | t.codes.back();
    return overflow();
  }
  auto hiIt = std::lower_bound(t.values.begin(), t.values.end(), a);
  size_t hi = size_t(hiIt - t.values.begin());
  if (t.values[hi] == a) return t.codes[hi] == 0 ? signedZero() : (sign | t.codes[hi]);
  size_t lo = hi - 1;
  size_t pick;
  switch (mode) {
    case Mode::Zero:
      pick = lo;
      break;
    case Mode::Up:
      pick = neg ? lo : hi;
      break;
    case Mode::Down:
      pick = neg ? hi : lo;
      break;
    default: {
      double twice = 2 * a, sum = t.values[lo] + t.values[hi];
      if (twice < sum)
        pick = lo;
      else if (twice > sum)
        pick = hi;
      else
        pick = (t.codes[lo] & 1) ? hi : lo;
    }
  }
  return t.codes[pick] == 0 ? signedZero() : (sign | t.codes[pick]);
}

// The test side of a 16-bit format (half, bfloat16): rounding a double into it by the table,
// decoding, bitwise comparison (any NaN matches any NaN) and distance in representable values
// (across zero, +0 and -0 counting as one).
struct Format16 {
  const SmallFormat& format;
  const ValueTable& table;
  std::uint16_t round(double x, Mode m = Mode::Nearest) const {
    return std::uint16_t(referenceRound(format, table, x, m, false));
  }
  double decode(std::uint16_t h) const { return format.isNan(h) ? NAN : format.decode(h); }
  bool same(std::uint16_t got, std::uint16_t want) const {
    return format.isNan(want) ? format.isNan(got) : got == want;
  }
  static int ulps(std::uint16_t a, std::uint16_t b) {
    auto ordered = [](std::uint16_t h) { return (h & 0x8000) ? -int(h & 0x7fff) : int(h); };
    return std::abs(ordered(a) - ordered(b));
  }
};

inline float bitsToFloat(std::uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
inline std::uint32_t floatBits(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

}  // namespace isatest
