// Software rounding between float/double/integers and the small floating-point formats (half,
// bfloat16, the OCP and FNUZ fp8 kinds), shared by hip_fp16.h, hip_bf16.h and hip_fp8.h. Every
// rounding mode and the saturation rules live here once; the public headers only pick a format.
//
// A value is rounded from the exact form sign * mag * 2^exp (mag an unsigned 64-bit integer), so
// float, double and 64-bit integer inputs all go through one routine without double rounding.
#pragma once

#include <stdint.h>

#if !defined(__HIPCORE_FP_FUNC)
#if defined(__HIP__)
#define __HIPCORE_FP_FUNC __host__ __device__ inline __attribute__((always_inline))
#else
#define __HIPCORE_FP_FUNC inline
#endif
#endif

// How a format spends its all-ones exponent. IEEE: infinities and NaNs (half, bfloat16, OCP
// E5M2). OCP E4M3: no infinity; only S.1111.111 is NaN, S.1111.000-110 are finite (max 448).
// FNUZ: no infinity, no negative zero; 0x80 is the only NaN and the exponent bias is one larger
// (the "fnuz" kinds of MI300; max 240 for E4M3, 57344 for E5M2).
enum __hipcore_sf_kind { __HIPCORE_SF_IEEE = 0, __HIPCORE_SF_OCP_E4M3 = 1, __HIPCORE_SF_FNUZ = 2 };

struct __hipcore_sf_format {
  int exp_bits;
  int mant_bits;
  int bias;
  int kind;
};

constexpr __hipcore_sf_format __hipcore_sf_half = {5, 10, 15, __HIPCORE_SF_IEEE};
constexpr __hipcore_sf_format __hipcore_sf_bf16 = {8, 7, 127, __HIPCORE_SF_IEEE};
constexpr __hipcore_sf_format __hipcore_sf_e4m3 = {4, 3, 7, __HIPCORE_SF_OCP_E4M3};
constexpr __hipcore_sf_format __hipcore_sf_e5m2 = {5, 2, 15, __HIPCORE_SF_IEEE};
constexpr __hipcore_sf_format __hipcore_sf_e4m3_fnuz = {4, 3, 8, __HIPCORE_SF_FNUZ};
constexpr __hipcore_sf_format __hipcore_sf_e5m2_fnuz = {5, 2, 16, __HIPCORE_SF_FNUZ};

// IEEE 754 rounding directions: to nearest (ties to even), toward zero, down (toward -inf), up.
enum __hipcore_rounding {
  __HIPCORE_ROUND_NEAREST = 0,
  __HIPCORE_ROUND_ZERO = 1,
  __HIPCORE_ROUND_DOWN = 2,
  __HIPCORE_ROUND_UP = 3
};

__HIPCORE_FP_FUNC uint32_t __hipcore_sf_sign_bit(__hipcore_sf_format f) {
  return 1u << (f.exp_bits + f.mant_bits);
}

// The largest finite magnitude's encoding (without sign).
__HIPCORE_FP_FUNC uint32_t __hipcore_sf_max_finite(__hipcore_sf_format f) {
  uint32_t all_ones_exp = (1u << f.exp_bits) - 1;
  uint32_t full_mant = (1u << f.mant_bits) - 1;
  if (f.kind == __HIPCORE_SF_IEEE) return ((all_ones_exp - 1) << f.mant_bits) | full_mant;
  if (f.kind == __HIPCORE_SF_OCP_E4M3) return (all_ones_exp << f.mant_bits) | (full_mant - 1);
  return (all_ones_exp << f.mant_bits) | full_mant;
}

__HIPCORE_FP_FUNC uint32_t __hipcore_sf_nan(__hipcore_sf_format f, uint32_t sign) {
  if (f.kind == __HIPCORE_SF_FNUZ) return __hipcore_sf_sign_bit(f);
  uint32_t all_ones = (1u << (f.exp_bits + f.mant_bits)) - 1;
  if (f.kind == __HIPCORE_SF_OCP_E4M3) return (sign ? __hipcore_sf_sign_bit(f) : 0) | all_ones;
  // IEEE: the quiet NaN with only the top mantissa bit set, as the hardware produces.
  uint32_t quiet = ((1u << f.exp_bits) - 1) << f.mant_bits | (1u << (f.mant_bits - 1));
  if (f.exp_bits + f.mant_bits == 7) quiet = all_ones;  // OCP E5M2's NaN is S.11111.11
  return (sign ? __hipcore_sf_sign_bit(f) : 0) | quiet;
}

// What a value too large for the format becomes: IEEE formats follow the rounding direction
// (infinity unless the direction points back toward zero), saturation gives the largest finite
// value, and formats without infinity give NaN.
__HIPCORE_FP_FUNC uint32_t __hipcore_sf_overflow(__hipcore_sf_format f, uint32_t sign, int mode,
                                                 bool saturate) {
  uint32_t s = sign ? __hipcore_sf_sign_bit(f) : 0;
  bool toward_zero = mode == __HIPCORE_ROUND_ZERO || (mode == __HIPCORE_ROUND_DOWN && !sign) ||
                     (mode == __HIPCORE_ROUND_UP && sign);
  if (saturate || toward_zero) return s | __hipcore_sf_max_finite(f);
  if (f.kind == __HIPCORE_SF_IEEE) return s | (((1u << f.exp_bits) - 1) << f.mant_bits);
  return __hipcore_sf_nan(f, sign);
}

__HIPCORE_FP_FUNC uint32_t __hipcore_sf_infinity(__hipcore_sf_format f, uint32_t sign,
                                                 bool saturate) {
  if (saturate) return (sign ? __hipcore_sf_sign_bit(f) : 0) | __hipcore_sf_max_finite(f);
  if (f.kind != __HIPCORE_SF_IEEE) return __hipcore_sf_nan(f, sign);
  return (sign ? __hipcore_sf_sign_bit(f) : 0) | (((1u << f.exp_bits) - 1) << f.mant_bits);
}

__HIPCORE_FP_FUNC uint32_t __hipcore_sf_zero(__hipcore_sf_format f, uint32_t sign) {
  return (sign && f.kind != __HIPCORE_SF_FNUZ) ? __hipcore_sf_sign_bit(f) : 0;
}

// Rounds sign * mag * 2^exp (mag != 0) to the format.
__HIPCORE_FP_FUNC uint32_t __hipcore_sf_round(__hipcore_sf_format f, uint32_t sign, uint64_t mag,
                                              int exp, int mode, bool saturate) {
  int top = 63 - __builtin_clzll(mag);
  int value_exp = top + exp;  // the value lies in [2^value_exp, 2^(value_exp+1))
  int min_normal_exp = 1 - f.bias;
  // The weight of the result's last mantissa bit: fixed below the normal range (subnormals).
  int quantum = (value_exp < min_normal_exp ? min_normal_exp : value_exp) - f.mant_bits;
  int shift = quantum - exp;
  uint64_t kept = 0;
  bool inexact = false, above_half = false, at_half = false;
  if (shift <= 0) {
    kept = mag << -shift;  // exact: the value has no bits below the quantum
  } else if (shift < 64) {
    kept = mag >> shift;
    uint64_t rest = mag & ((uint64_t(1) << shift) - 1), half = uint64_t(1) << (shift - 1);
    inexact = rest != 0;
    above_half = rest > half;
    at_half = rest == half;
  } else {
    // Everything is below the quantum: mag compares with half a quantum, 2^(shift-1).
    inexact = true;
    above_half = shift == 64 && mag > (uint64_t(1) << 63);
    at_half = shift == 64 && mag == (uint64_t(1) << 63);
  }
  bool up = false;
  if (mode == __HIPCORE_ROUND_NEAREST)
    up = above_half || (at_half && (kept & 1));
  else if (mode == __HIPCORE_ROUND_UP)
    up = inexact && !sign;
  else if (mode == __HIPCORE_ROUND_DOWN)
    up = inexact && sign;
  kept += up ? 1 : 0;
  uint64_t implicit = uint64_t(1) << f.mant_bits;
  if (kept >= implicit << 1) {  // rounding carried into a new binade
    kept >>= 1;
    ++quantum;
  }
  if (kept == 0) return __hipcore_sf_zero(f, sign);
  uint32_t s = sign ? __hipcore_sf_sign_bit(f) : 0;
  if (kept < implicit) return s | uint32_t(kept);  // subnormal
  int biased = quantum + f.mant_bits + f.bias;
  uint32_t magnitude = (uint32_t(biased) << f.mant_bits) | uint32_t(kept - implicit);
  if (magnitude > __hipcore_sf_max_finite(f)) return __hipcore_sf_overflow(f, sign, mode, saturate);
  return s | magnitude;
}

__HIPCORE_FP_FUNC uint32_t __hipcore_sf_from_float(__hipcore_sf_format f, float x, int mode,
                                                   bool saturate) {
  uint32_t bits = __builtin_bit_cast(uint32_t, x);
  uint32_t sign = bits >> 31;
  uint32_t biased = (bits >> 23) & 0xff;
  uint32_t mant = bits & 0x7fffff;
  if (biased == 0xff)
    return mant ? __hipcore_sf_nan(f, sign) : __hipcore_sf_infinity(f, sign, saturate);
  if (biased == 0 && mant == 0) return __hipcore_sf_zero(f, sign);
  if (biased == 0) return __hipcore_sf_round(f, sign, mant, -149, mode, saturate);
  return __hipcore_sf_round(f, sign, mant | 0x800000u, int(biased) - 150, mode, saturate);
}

__HIPCORE_FP_FUNC uint32_t __hipcore_sf_from_double(__hipcore_sf_format f, double x, int mode,
                                                    bool saturate) {
  uint64_t bits = __builtin_bit_cast(uint64_t, x);
  uint32_t sign = uint32_t(bits >> 63);
  uint32_t biased = uint32_t(bits >> 52) & 0x7ff;
  uint64_t mant = bits & ((uint64_t(1) << 52) - 1);
  if (biased == 0x7ff)
    return mant ? __hipcore_sf_nan(f, sign) : __hipcore_sf_infinity(f, sign, saturate);
  if (biased == 0 && mant == 0) return __hipcore_sf_zero(f, sign);
  if (biased == 0) return __hipcore_sf_round(f, sign, mant, -1074, mode, saturate);
  return __hipcore_sf_round(f, sign, mant | (uint64_t(1) << 52), int(biased) - 1075, mode,
                            saturate);
}

__HIPCORE_FP_FUNC uint32_t __hipcore_sf_from_uint64(__hipcore_sf_format f, uint64_t x, int mode) {
  return x == 0 ? 0u : __hipcore_sf_round(f, 0, x, 0, mode, false);
}

__HIPCORE_FP_FUNC uint32_t __hipcore_sf_from_int64(__hipcore_sf_format f, int64_t x, int mode) {
  if (x == 0) return 0u;
  uint64_t mag = x < 0 ? uint64_t(0) - uint64_t(x) : uint64_t(x);
  return __hipcore_sf_round(f, x < 0, mag, 0, mode, false);
}

// Exact decoding to float: every value of these formats is a float. NaNs keep their sign and
// become float's quiet NaN; FNUZ's 0x80 becomes a positive quiet NaN.
__HIPCORE_FP_FUNC float __hipcore_sf_to_float(__hipcore_sf_format f, uint32_t bits) {
  uint32_t sign = (bits >> (f.exp_bits + f.mant_bits)) & 1;
  uint32_t biased = (bits >> f.mant_bits) & ((1u << f.exp_bits) - 1);
  uint32_t mant = bits & ((1u << f.mant_bits) - 1);
  uint32_t out_sign = sign << 31;
  if (f.kind == __HIPCORE_SF_FNUZ && bits == __hipcore_sf_sign_bit(f))
    return __builtin_bit_cast(float, 0x7fc00000u);
  if (f.kind == __HIPCORE_SF_OCP_E4M3 && biased == 15 && mant == 7)
    return __builtin_bit_cast(float, out_sign | 0x7fc00000u);
  if (f.kind == __HIPCORE_SF_IEEE && biased == (1u << f.exp_bits) - 1)
    return __builtin_bit_cast(
        float, out_sign | 0x7f800000u | (mant << (23 - f.mant_bits)) | (mant ? 0x400000u : 0u));
  if (biased == 0) {
    if (mant == 0) return __builtin_bit_cast(float, out_sign);
    // Subnormal: normalize (all of these formats' subnormals are normal floats, except
    // bfloat16's, which are float's own subnormals and keep their bits).
    if (f.exp_bits == 8) return __builtin_bit_cast(float, out_sign | (mant << 16));
    int e = 1 - f.bias;
    while (!(mant & (1u << f.mant_bits))) {
      mant <<= 1;
      --e;
    }
    mant &= (1u << f.mant_bits) - 1;
    return __builtin_bit_cast(float,
                              out_sign | uint32_t(e + 127) << 23 | (mant << (23 - f.mant_bits)));
  }
  int e = int(biased) - f.bias;
  return __builtin_bit_cast(float,
                            out_sign | uint32_t(e + 127) << 23 | (mant << (23 - f.mant_bits)));
}

// Float to an integer type after rounding: NaN gives 0, out-of-range values clamp to the type's
// limits (CUDA's documented behaviour for __half2int_rn and friends).
template <typename T>
__HIPCORE_FP_FUNC T __hipcore_float_to_integer(float x, int mode, T lo, T hi) {
  if (x != x) return T(0);
  float r = mode == __HIPCORE_ROUND_NEAREST ? __builtin_rintf(x)
            : mode == __HIPCORE_ROUND_ZERO  ? __builtin_truncf(x)
            : mode == __HIPCORE_ROUND_DOWN  ? __builtin_floorf(x)
                                            : __builtin_ceilf(x);
  if (r <= float(lo)) return lo;
  if (r >= float(hi)) return hi;
  return T(r);
}
