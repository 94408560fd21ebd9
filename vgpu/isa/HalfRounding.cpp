// roundToF16: double -> f16 in any IEEE rounding direction, with MODE's output flushing (the
// host's _Float16 conversions always round to nearest even, whatever MXCSR says); roundToBf16:
// double -> bf16, nearest even (the host compiler has no bf16 conversions).
#include <algorithm>
#include <cmath>

#include "isa/Lanes.h"

namespace vgpu::isa {

std::uint32_t roundToF16(double x, unsigned round, bool flushOut) {
  const std::uint32_t sign = std::signbit(x) ? 0x8000u : 0u;
  if (std::isnan(x)) return bitsF16(_Float16(x)) | 0x200u;  // quiet NaN
  double a = std::fabs(x);
  if (std::isinf(a)) return sign | 0x7c00u;
  // Rounding of the magnitude: nearest even, away from zero, or toward zero.
  const bool up = (round == 1 && !sign) || (round == 2 && sign);
  const bool down = round == 3 || (round == 1 && sign) || (round == 2 && !sign);
  int e;
  std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  // The f16 quantum at a's binade: 2^(e - 11) for normals, 2^-24 below 2^-14.
  const int quantumExp = std::max(e - 11, -24);
  double q = std::ldexp(a, -quantumExp);  // exact: a power-of-two scaling
  double n;
  if (down) {
    n = std::trunc(q);
  } else if (up) {
    n = std::ceil(q);
  } else {  // nearest, ties to even (independent of the host's current direction)
    double f = std::floor(q), frac = q - f;
    n = frac > 0.5 || (frac == 0.5 && std::fmod(f, 2.0) != 0) ? f + 1 : f;
  }
  double r = std::ldexp(n, quantumExp);
  // Overflow: infinity, except when rounding toward zero from this side (max finite).
  if (r > 65504.0) return sign | (down ? 0x7bffu : 0x7c00u);
  if (flushOut && r != 0 && r < 0x1p-14) return sign;
  return sign | bitsF16(_Float16(r));  // r is an f16 value: the conversion is exact
}

std::uint32_t roundToBf16(double x) {
  const std::uint32_t sign = std::signbit(x) ? 0x8000u : 0u;
  if (std::isnan(x)) return sign | 0x7fc0u;  // quiet NaN
  const double a = std::fabs(x);
  if (std::isinf(a)) return sign | 0x7f80u;
  int e;
  std::frexp(a, &e);
  // bf16 keeps 8 significant bits and f32's exponent range: the quantum at a's binade is
  // 2^(e - 8) for normals, 2^-133 for denormals.
  const int quantumExp = std::max(e - 8, -133);
  const double q = std::ldexp(a, -quantumExp), f = std::floor(q), frac = q - f;
  const double n = frac > 0.5 || (frac == 0.5 && std::fmod(f, 2.0) != 0) ? f + 1 : f;
  const double r = std::ldexp(n, quantumExp);
  if (r > 0x1.fep127) return sign | 0x7f80u;           // beyond the largest finite bf16
  return sign | bitsF32(static_cast<float>(r)) >> 16;  // r is a bf16 value: exact in f32
}

}  // namespace vgpu::isa
