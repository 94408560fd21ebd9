// Type conversion and reinterpretation intrinsics of the CUDA math API ("Type Casting
// Intrinsics"): float/double to and from integers and each other in a named rounding direction,
// and bit casts between floating-point and integer types.
//
// Float-to-integer conversions of values whose rounded result lies outside the destination type
// (CUDA leaves those undefined) saturate to the type's minimum or maximum, and NaN gives 0, as the
// GPU's own v_cvt_i32_f32 / v_cvt_u32_f32 do.
#pragma once

#include <hip/device/rounding.h>

#define __HIPCORE_DEVICE __device__ inline __attribute__((always_inline))

namespace __hipcore_fp {

// The range of each destination type, with its bounds as exact powers of two: a rounded value
// converts when low <= value < high.
template <typename I>
struct IntRange;
template <>
struct IntRange<int> {
  static constexpr int kMin = -__INT_MAX__ - 1, kMax = __INT_MAX__;
  static constexpr double kLow = -0x1p31, kHigh = 0x1p31;
};
template <>
struct IntRange<unsigned int> {
  static constexpr unsigned int kMin = 0, kMax = ~0u;
  static constexpr double kLow = 0, kHigh = 0x1p32;
};
template <>
struct IntRange<long long> {
  static constexpr long long kMin = -__LONG_LONG_MAX__ - 1, kMax = __LONG_LONG_MAX__;
  static constexpr double kLow = -0x1p63, kHigh = 0x1p63;
};
template <>
struct IntRange<unsigned long long> {
  static constexpr unsigned long long kMin = 0, kMax = ~0ull;
  static constexpr double kLow = 0, kHigh = 0x1p64;
};

// A value already rounded to an integer, converted with saturation (NaN to 0).
template <typename I, typename F>
__HIPCORE_DEVICE I saturate(F rounded) {
  if (rounded != rounded) return 0;
  if (rounded >= (F)IntRange<I>::kHigh) return IntRange<I>::kMax;
  if (rounded < (F)IntRange<I>::kLow) return IntRange<I>::kMin;
  return (I)rounded;
}

__HIPCORE_DEVICE float roundToIntegral(float x, Round mode) {
  switch (mode) {
    case Round::Nearest:
      return __builtin_rintf(x);
    case Round::Zero:
      return __builtin_truncf(x);
    case Round::Up:
      return __builtin_ceilf(x);
    case Round::Down:
      return __builtin_floorf(x);
  }
  return x;
}
__HIPCORE_DEVICE double roundToIntegral(double x, Round mode) {
  switch (mode) {
    case Round::Nearest:
      return __builtin_rint(x);
    case Round::Zero:
      return __builtin_trunc(x);
    case Round::Up:
      return __builtin_ceil(x);
    case Round::Down:
      return __builtin_floor(x);
  }
  return x;
}

template <typename F, typename I>
__HIPCORE_DEVICE F fromSigned(I x, Round mode) {
  unsigned long long magnitude = x < 0 ? 0ull - (unsigned long long)x : (unsigned long long)x;
  return fromInteger<F>(x < 0, magnitude, mode);
}

}  // namespace __hipcore_fp

// Floating point to integer: __<from>2<to>_<rounding>.
#define __HIPCORE_TO_INTEGER(from, F, to, I)                                                       \
  __HIPCORE_DEVICE I __##from##2##to##_rn(F x) {                                                   \
    return __hipcore_fp::saturate<I>(                                                              \
        __hipcore_fp::roundToIntegral(x, __hipcore_fp::Round::Nearest));                           \
  }                                                                                                \
  __HIPCORE_DEVICE I __##from##2##to##_rz(F x) {                                                   \
    return __hipcore_fp::saturate<I>(__hipcore_fp::roundToIntegral(x, __hipcore_fp::Round::Zero)); \
  }                                                                                                \
  __HIPCORE_DEVICE I __##from##2##to##_ru(F x) {                                                   \
    return __hipcore_fp::saturate<I>(__hipcore_fp::roundToIntegral(x, __hipcore_fp::Round::Up));   \
  }                                                                                                \
  __HIPCORE_DEVICE I __##from##2##to##_rd(F x) {                                                   \
    return __hipcore_fp::saturate<I>(__hipcore_fp::roundToIntegral(x, __hipcore_fp::Round::Down)); \
  }
__HIPCORE_TO_INTEGER(float, float, int, int)
__HIPCORE_TO_INTEGER(float, float, uint, unsigned int)
__HIPCORE_TO_INTEGER(float, float, ll, long long)
__HIPCORE_TO_INTEGER(float, float, ull, unsigned long long)
__HIPCORE_TO_INTEGER(double, double, int, int)
__HIPCORE_TO_INTEGER(double, double, uint, unsigned int)
__HIPCORE_TO_INTEGER(double, double, ll, long long)
__HIPCORE_TO_INTEGER(double, double, ull, unsigned long long)
#undef __HIPCORE_TO_INTEGER

// Integer to floating point: the _rn form is the language's conversion (round to nearest even);
// the directed forms round the exact integer once.
#define __HIPCORE_FROM_INTEGER(from, I, to, F, make)            \
  __HIPCORE_DEVICE F __##from##2##to##_rn(I x) {                \
    return (F)x;                                                \
  }                                                             \
  __HIPCORE_DEVICE F __##from##2##to##_rz(I x) {                \
    return __hipcore_fp::make<F>(x, __hipcore_fp::Round::Zero); \
  }                                                             \
  __HIPCORE_DEVICE F __##from##2##to##_ru(I x) {                \
    return __hipcore_fp::make<F>(x, __hipcore_fp::Round::Up);   \
  }                                                             \
  __HIPCORE_DEVICE F __##from##2##to##_rd(I x) {                \
    return __hipcore_fp::make<F>(x, __hipcore_fp::Round::Down); \
  }
namespace __hipcore_fp {
template <typename F>
__HIPCORE_DEVICE F fromUnsigned(unsigned long long x, Round mode) {
  return fromInteger<F>(false, x, mode);
}
}  // namespace __hipcore_fp
__HIPCORE_FROM_INTEGER(int, int, float, float, fromSigned)
__HIPCORE_FROM_INTEGER(uint, unsigned int, float, float, fromUnsigned)
__HIPCORE_FROM_INTEGER(ll, long long, float, float, fromSigned)
__HIPCORE_FROM_INTEGER(ull, unsigned long long, float, float, fromUnsigned)
__HIPCORE_FROM_INTEGER(ll, long long, double, double, fromSigned)
__HIPCORE_FROM_INTEGER(ull, unsigned long long, double, double, fromUnsigned)
#undef __HIPCORE_FROM_INTEGER

// 32-bit integers fit a double exactly: one rounding-free form each.
__HIPCORE_DEVICE double __int2double_rn(int x) {
  return (double)x;
}
__HIPCORE_DEVICE double __uint2double_rn(unsigned int x) {
  return (double)x;
}

__HIPCORE_DEVICE float __double2float_rn(double x) {
  return (float)x;
}
__HIPCORE_DEVICE float __double2float_rz(double x) {
  return __hipcore_fp::narrow(x, __hipcore_fp::Round::Zero);
}
__HIPCORE_DEVICE float __double2float_ru(double x) {
  return __hipcore_fp::narrow(x, __hipcore_fp::Round::Up);
}
__HIPCORE_DEVICE float __double2float_rd(double x) {
  return __hipcore_fp::narrow(x, __hipcore_fp::Round::Down);
}

// Reinterpretations: the same bits seen as another type.
__HIPCORE_DEVICE int __float_as_int(float x) {
  return __builtin_bit_cast(int, x);
}
__HIPCORE_DEVICE unsigned int __float_as_uint(float x) {
  return __builtin_bit_cast(unsigned int, x);
}
__HIPCORE_DEVICE float __int_as_float(int x) {
  return __builtin_bit_cast(float, x);
}
__HIPCORE_DEVICE float __uint_as_float(unsigned int x) {
  return __builtin_bit_cast(float, x);
}
__HIPCORE_DEVICE long long __double_as_longlong(double x) {
  return __builtin_bit_cast(long long, x);
}
__HIPCORE_DEVICE double __longlong_as_double(long long x) {
  return __builtin_bit_cast(double, x);
}
__HIPCORE_DEVICE int __double2hiint(double x) {
  return (int)(__builtin_bit_cast(unsigned long long, x) >> 32);
}
__HIPCORE_DEVICE int __double2loint(double x) {
  return (int)(unsigned int)__builtin_bit_cast(unsigned long long, x);
}
__HIPCORE_DEVICE double __hiloint2double(int hi, int lo) {
  return __builtin_bit_cast(double,
                            ((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo);
}

#undef __HIPCORE_DEVICE
