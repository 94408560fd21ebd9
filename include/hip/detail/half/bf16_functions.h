// The bfloat16 intrinsics of hip_bf16.h (HIP 6.2's list plus CUDA's rounding-mode variants):
// conversions, arithmetic, comparisons, math, shuffles (generic templates) and atomics.
#pragma once

#define HIPRT_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)
#define HIPRT_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define HIPRT_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define HIPRT_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define HIPRT_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define HIPRT_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define HIPRT_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)

// ---- Bits and lanes -------------------------------------------------------------------------
__HIPCORE_FP_FUNC unsigned short __bfloat16_as_ushort(__hip_bfloat16 h) {
  return static_cast<__hip_bfloat16_raw>(h).x;
}
__HIPCORE_FP_FUNC short __bfloat16_as_short(__hip_bfloat16 h) {
  return (short)__bfloat16_as_ushort(h);
}
__HIPCORE_FP_FUNC __hip_bfloat16 __ushort_as_bfloat16(unsigned short s) {
  return __hip_bfloat16(__hip_bfloat16_raw{s});
}
__HIPCORE_FP_FUNC __hip_bfloat16 __short_as_bfloat16(short s) {
  return __ushort_as_bfloat16((unsigned short)s);
}
__HIPCORE_FP_FUNC __hip_bfloat162 __bfloat162bfloat162(__hip_bfloat16 a) {
  return __hip_bfloat162(a, a);
}
__HIPCORE_FP_FUNC __hip_bfloat162 __halves2bfloat162(__hip_bfloat16 lo, __hip_bfloat16 hi) {
  return __hip_bfloat162(lo, hi);
}
__HIPCORE_FP_FUNC __hip_bfloat16 __low2bfloat16(__hip_bfloat162 a) {
  return a.x;
}
__HIPCORE_FP_FUNC __hip_bfloat16 __high2bfloat16(__hip_bfloat162 a) {
  return a.y;
}
__HIPCORE_FP_FUNC __hip_bfloat162 __low2bfloat162(__hip_bfloat162 a) {
  return __hip_bfloat162(a.x, a.x);
}
__HIPCORE_FP_FUNC __hip_bfloat162 __high2bfloat162(__hip_bfloat162 a) {
  return __hip_bfloat162(a.y, a.y);
}
__HIPCORE_FP_FUNC __hip_bfloat162 __lows2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hip_bfloat162(a.x, b.x);
}
__HIPCORE_FP_FUNC __hip_bfloat162 __highs2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hip_bfloat162(a.y, b.y);
}
__HIPCORE_FP_FUNC __hip_bfloat162 __lowhigh2highlow(__hip_bfloat162 a) {
  return __hip_bfloat162(a.y, a.x);
}
__HIPCORE_FP_FUNC float __low2float(__hip_bfloat162 a) {
  return float(a.x);
}
__HIPCORE_FP_FUNC float __high2float(__hip_bfloat162 a) {
  return float(a.y);
}

// ---- Conversions ----------------------------------------------------------------------------
__HIPCORE_FP_FUNC float __bfloat162float(__hip_bfloat16 a) {
  return __hipcore_bf16_to_float(__bfloat16_as_ushort(a));
}
__HIPCORE_FP_FUNC __hip_bfloat16 __float2bfloat16(float f) {
  return __ushort_as_bfloat16(__hipcore_bf16_from_float(f));
}
__HIPCORE_FP_FUNC __hip_bfloat16 __float2bfloat16_rn(float f) {
  return __float2bfloat16(f);
}
__HIPCORE_FP_FUNC __hip_bfloat16 __hipcore_bf16_round(float f, int mode) {
  return __ushort_as_bfloat16((unsigned short)__hipcore_sf_from_float(__hipcore_sf_bf16, f, mode,
                                                                      /*saturate=*/false));
}
__HIPCORE_FP_FUNC __hip_bfloat16 __float2bfloat16_rz(float f) {
  return __hipcore_bf16_round(f, __HIPCORE_ROUND_ZERO);
}
__HIPCORE_FP_FUNC __hip_bfloat16 __float2bfloat16_rd(float f) {
  return __hipcore_bf16_round(f, __HIPCORE_ROUND_DOWN);
}
__HIPCORE_FP_FUNC __hip_bfloat16 __float2bfloat16_ru(float f) {
  return __hipcore_bf16_round(f, __HIPCORE_ROUND_UP);
}
__HIPCORE_FP_FUNC __hip_bfloat16 __double2bfloat16(double d) {
  return __hip_bfloat16(d);
}
__HIPCORE_FP_FUNC __hip_bfloat162 __float2bfloat162_rn(float f) {
  return __bfloat162bfloat162(__float2bfloat16(f));
}
__HIPCORE_FP_FUNC __hip_bfloat162 __floats2bfloat162_rn(float lo, float hi) {
  return __hip_bfloat162(__float2bfloat16(lo), __float2bfloat16(hi));
}
#if defined(__HIPCORE_HAVE_VECTOR_TYPES)
__HIPCORE_FP_FUNC __hip_bfloat162 __float22bfloat162_rn(float2 f) {
  return __floats2bfloat162_rn(f.x, f.y);
}
__HIPCORE_FP_FUNC float2 __bfloat1622float2(__hip_bfloat162 a) {
  return make_float2(float(a.x), float(a.y));
}
#endif

#define __HIPCORE_BF16_TO_INT(name, T, lo, hi)                                                  \
  __HIPCORE_FP_FUNC T __bfloat162##name##_rn(__hip_bfloat16 h) {                                \
    return __hipcore_float_to_integer<T>(__bfloat162float(h), __HIPCORE_ROUND_NEAREST, lo, hi); \
  }                                                                                             \
  __HIPCORE_FP_FUNC T __bfloat162##name##_rz(__hip_bfloat16 h) {                                \
    return __hipcore_float_to_integer<T>(__bfloat162float(h), __HIPCORE_ROUND_ZERO, lo, hi);    \
  }                                                                                             \
  __HIPCORE_FP_FUNC T __bfloat162##name##_rd(__hip_bfloat16 h) {                                \
    return __hipcore_float_to_integer<T>(__bfloat162float(h), __HIPCORE_ROUND_DOWN, lo, hi);    \
  }                                                                                             \
  __HIPCORE_FP_FUNC T __bfloat162##name##_ru(__hip_bfloat16 h) {                                \
    return __hipcore_float_to_integer<T>(__bfloat162float(h), __HIPCORE_ROUND_UP, lo, hi);      \
  }
__HIPCORE_BF16_TO_INT(int, int, (int)(-2147483647 - 1), 2147483647)
__HIPCORE_BF16_TO_INT(uint, unsigned int, 0u, 4294967295u)
__HIPCORE_BF16_TO_INT(short, short, (short)-32768, (short)32767)
__HIPCORE_BF16_TO_INT(ushort, unsigned short, (unsigned short)0, (unsigned short)65535)
__HIPCORE_BF16_TO_INT(ll, long long, (long long)(-9223372036854775807LL - 1), 9223372036854775807LL)
__HIPCORE_BF16_TO_INT(ull, unsigned long long, 0ull, 18446744073709551615ull)
#undef __HIPCORE_BF16_TO_INT

#define __HIPCORE_INT_TO_BF16(name, T, from)                                                       \
  __HIPCORE_FP_FUNC __hip_bfloat16 __##name##2bfloat16_rn(T v) {                                   \
    return __ushort_as_bfloat16(                                                                   \
        (unsigned short)from(__hipcore_sf_bf16, v, __HIPCORE_ROUND_NEAREST));                      \
  }                                                                                                \
  __HIPCORE_FP_FUNC __hip_bfloat16 __##name##2bfloat16_rz(T v) {                                   \
    return __ushort_as_bfloat16((unsigned short)from(__hipcore_sf_bf16, v, __HIPCORE_ROUND_ZERO)); \
  }                                                                                                \
  __HIPCORE_FP_FUNC __hip_bfloat16 __##name##2bfloat16_rd(T v) {                                   \
    return __ushort_as_bfloat16((unsigned short)from(__hipcore_sf_bf16, v, __HIPCORE_ROUND_DOWN)); \
  }                                                                                                \
  __HIPCORE_FP_FUNC __hip_bfloat16 __##name##2bfloat16_ru(T v) {                                   \
    return __ushort_as_bfloat16((unsigned short)from(__hipcore_sf_bf16, v, __HIPCORE_ROUND_UP));   \
  }
__HIPCORE_INT_TO_BF16(int, int, __hipcore_sf_from_int64)
__HIPCORE_INT_TO_BF16(uint, unsigned int, __hipcore_sf_from_uint64)
__HIPCORE_INT_TO_BF16(short, short, __hipcore_sf_from_int64)
__HIPCORE_INT_TO_BF16(ushort, unsigned short, __hipcore_sf_from_uint64)
__HIPCORE_INT_TO_BF16(ll, long long, __hipcore_sf_from_int64)
__HIPCORE_INT_TO_BF16(ull, unsigned long long, __hipcore_sf_from_uint64)
#undef __HIPCORE_INT_TO_BF16

// ---- Classification and comparisons ---------------------------------------------------------
__HIPCORE_FP_FUNC bool __hisnan(__hip_bfloat16 a) {
  return (__bfloat16_as_ushort(a) & 0x7fff) > 0x7f80;
}
__HIPCORE_FP_FUNC int __hisinf(__hip_bfloat16 a) {
  unsigned short b = __bfloat16_as_ushort(a);
  return (b & 0x7fff) != 0x7f80 ? 0 : (b & 0x8000 ? -1 : 1);
}
#define __HIPCORE_BF16_RELATION(rel, expr)                                              \
  __HIPCORE_FP_FUNC bool __h##rel(__hip_bfloat16 a, __hip_bfloat16 b) {                 \
    float x = __bfloat162float(a), y = __bfloat162float(b);                             \
    return expr;                                                                        \
  }                                                                                     \
  __HIPCORE_FP_FUNC __hip_bfloat162 __h##rel##2(__hip_bfloat162 a, __hip_bfloat162 b) { \
    return __hip_bfloat162(__h##rel(a.x, b.x) ? HIPRT_ONE_BF16 : HIPRT_ZERO_BF16,       \
                           __h##rel(a.y, b.y) ? HIPRT_ONE_BF16 : HIPRT_ZERO_BF16);      \
  }                                                                                     \
  __HIPCORE_FP_FUNC bool __hb##rel##2(__hip_bfloat162 a, __hip_bfloat162 b) {           \
    return __h##rel(a.x, b.x) && __h##rel(a.y, b.y);                                    \
  }
__HIPCORE_BF16_RELATION(eq, x == y)
__HIPCORE_BF16_RELATION(ne, x<y || x> y)
__HIPCORE_BF16_RELATION(lt, x < y)
__HIPCORE_BF16_RELATION(gt, x > y)
__HIPCORE_BF16_RELATION(le, x <= y)
__HIPCORE_BF16_RELATION(ge, x >= y)
__HIPCORE_BF16_RELATION(equ, !(x < y || x > y))
__HIPCORE_BF16_RELATION(neu, !(x == y))
__HIPCORE_BF16_RELATION(ltu, !(x >= y))
__HIPCORE_BF16_RELATION(gtu, !(x <= y))
__HIPCORE_BF16_RELATION(leu, !(x > y))
__HIPCORE_BF16_RELATION(geu, !(x < y))
#undef __HIPCORE_BF16_RELATION

__HIPCORE_FP_FUNC __hip_bfloat162 __hisnan2(__hip_bfloat162 a) {
  return __hip_bfloat162(__hisnan(a.x) ? HIPRT_ONE_BF16 : HIPRT_ZERO_BF16,
                         __hisnan(a.y) ? HIPRT_ONE_BF16 : HIPRT_ZERO_BF16);
}
__HIPCORE_FP_FUNC __hip_bfloat16 __hmax(__hip_bfloat16 a, __hip_bfloat16 b) {
  if (__hisnan(a)) return b;
  if (__hisnan(b)) return a;
  return __hgt(b, a) ? b : a;
}
__HIPCORE_FP_FUNC __hip_bfloat16 __hmin(__hip_bfloat16 a, __hip_bfloat16 b) {
  if (__hisnan(a)) return b;
  if (__hisnan(b)) return a;
  return __hlt(b, a) ? b : a;
}
__HIPCORE_FP_FUNC __hip_bfloat16 __hmax_nan(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hisnan(a) ? a : __hisnan(b) ? b : __hmax(a, b);
}
__HIPCORE_FP_FUNC __hip_bfloat16 __hmin_nan(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hisnan(a) ? a : __hisnan(b) ? b : __hmin(a, b);
}

// ---- Arithmetic -----------------------------------------------------------------------------
#define __HIPCORE_BF16_BINARY(name, op)                                       \
  __HIPCORE_FP_FUNC __hip_bfloat16 name(__hip_bfloat16 a, __hip_bfloat16 b) { \
    return __float2bfloat16(__bfloat162float(a) op __bfloat162float(b));      \
  }
__HIPCORE_BF16_BINARY(__hadd, +)
__HIPCORE_BF16_BINARY(__hsub, -)
__HIPCORE_BF16_BINARY(__hmul, *)
__HIPCORE_BF16_BINARY(__hdiv, /)
__HIPCORE_BF16_BINARY(__hadd_rn, +)
__HIPCORE_BF16_BINARY(__hsub_rn, -)
__HIPCORE_BF16_BINARY(__hmul_rn, *)
#undef __HIPCORE_BF16_BINARY
__HIPCORE_FP_FUNC __hip_bfloat16 __hneg(__hip_bfloat16 a) {
  return __ushort_as_bfloat16(__bfloat16_as_ushort(a) ^ 0x8000);
}
__HIPCORE_FP_FUNC __hip_bfloat16 __habs(__hip_bfloat16 a) {
  return __ushort_as_bfloat16(__bfloat16_as_ushort(a) & 0x7fff);
}
// a*b is exact in float (8+8 bits); the sum is rounded in float and then to bfloat16, as AMD's
// header does (fmaf then round to nearest even).
__HIPCORE_FP_FUNC __hip_bfloat16 __hfma(__hip_bfloat16 a, __hip_bfloat16 b, __hip_bfloat16 c) {
  return __float2bfloat16(
      __builtin_fmaf(__bfloat162float(a), __bfloat162float(b), __bfloat162float(c)));
}
__HIPCORE_FP_FUNC __hip_bfloat16 __hipcore_bf16_sat(__hip_bfloat16 h) {
  float v = __bfloat162float(h);
  if (v > 1.0f) return HIPRT_ONE_BF16;
  if (v > 0.0f) return h;
  return HIPRT_ZERO_BF16;
}
__HIPCORE_FP_FUNC __hip_bfloat16 __hadd_sat(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hipcore_bf16_sat(__hadd(a, b));
}
__HIPCORE_FP_FUNC __hip_bfloat16 __hsub_sat(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hipcore_bf16_sat(__hsub(a, b));
}
__HIPCORE_FP_FUNC __hip_bfloat16 __hmul_sat(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hipcore_bf16_sat(__hmul(a, b));
}
__HIPCORE_FP_FUNC __hip_bfloat16 __hfma_sat(__hip_bfloat16 a, __hip_bfloat16 b, __hip_bfloat16 c) {
  return __hipcore_bf16_sat(__hfma(a, b, c));
}

#define __HIPCORE_BF162_LANEWISE(name2, name1)                                    \
  __HIPCORE_FP_FUNC __hip_bfloat162 name2(__hip_bfloat162 a, __hip_bfloat162 b) { \
    return __hip_bfloat162(name1(a.x, b.x), name1(a.y, b.y));                     \
  }
__HIPCORE_BF162_LANEWISE(__hadd2, __hadd)
__HIPCORE_BF162_LANEWISE(__hsub2, __hsub)
__HIPCORE_BF162_LANEWISE(__hmul2, __hmul)
__HIPCORE_BF162_LANEWISE(__h2div, __hdiv)
__HIPCORE_BF162_LANEWISE(__hadd2_sat, __hadd_sat)
__HIPCORE_BF162_LANEWISE(__hsub2_sat, __hsub_sat)
__HIPCORE_BF162_LANEWISE(__hmul2_sat, __hmul_sat)
__HIPCORE_BF162_LANEWISE(__hmax2, __hmax)
__HIPCORE_BF162_LANEWISE(__hmin2, __hmin)
__HIPCORE_BF162_LANEWISE(__hmax2_nan, __hmax_nan)
__HIPCORE_BF162_LANEWISE(__hmin2_nan, __hmin_nan)
#undef __HIPCORE_BF162_LANEWISE
__HIPCORE_FP_FUNC __hip_bfloat162 __hfma2(__hip_bfloat162 a, __hip_bfloat162 b, __hip_bfloat162 c) {
  return __hip_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
__HIPCORE_FP_FUNC __hip_bfloat162 __hneg2(__hip_bfloat162 a) {
  return __hip_bfloat162(__hneg(a.x), __hneg(a.y));
}
__HIPCORE_FP_FUNC __hip_bfloat162 __habs2(__hip_bfloat162 a) {
  return __hip_bfloat162(__habs(a.x), __habs(a.y));
}

// ---- Operators ------------------------------------------------------------------------------
#define __HIPCORE_BF16_OPERATORS(T, add, sub, mul, div, one) \
  __HIPCORE_FP_FUNC T operator+(const T& a, const T& b) {    \
    return add(a, b);                                        \
  }                                                          \
  __HIPCORE_FP_FUNC T operator-(const T& a, const T& b) {    \
    return sub(a, b);                                        \
  }                                                          \
  __HIPCORE_FP_FUNC T operator*(const T& a, const T& b) {    \
    return mul(a, b);                                        \
  }                                                          \
  __HIPCORE_FP_FUNC T operator/(const T& a, const T& b) {    \
    return div(a, b);                                        \
  }                                                          \
  __HIPCORE_FP_FUNC T& operator+=(T& a, const T& b) {        \
    return a = add(a, b);                                    \
  }                                                          \
  __HIPCORE_FP_FUNC T& operator-=(T& a, const T& b) {        \
    return a = sub(a, b);                                    \
  }                                                          \
  __HIPCORE_FP_FUNC T& operator*=(T& a, const T& b) {        \
    return a = mul(a, b);                                    \
  }                                                          \
  __HIPCORE_FP_FUNC T& operator/=(T& a, const T& b) {        \
    return a = div(a, b);                                    \
  }                                                          \
  __HIPCORE_FP_FUNC T& operator++(T& a) {                    \
    return a = add(a, one);                                  \
  }                                                          \
  __HIPCORE_FP_FUNC T& operator--(T& a) {                    \
    return a = sub(a, one);                                  \
  }                                                          \
  __HIPCORE_FP_FUNC T operator++(T& a, int) {                \
    T old = a;                                               \
    a = add(a, one);                                         \
    return old;                                              \
  }                                                          \
  __HIPCORE_FP_FUNC T operator--(T& a, int) {                \
    T old = a;                                               \
    a = sub(a, one);                                         \
    return old;                                              \
  }                                                          \
  __HIPCORE_FP_FUNC T operator+(const T& a) {                \
    return a;                                                \
  }
__HIPCORE_BF16_OPERATORS(__hip_bfloat16, __hadd, __hsub, __hmul, __hdiv, HIPRT_ONE_BF16)
__HIPCORE_BF16_OPERATORS(__hip_bfloat162, __hadd2, __hsub2, __hmul2, __h2div,
                         __bfloat162bfloat162(HIPRT_ONE_BF16))
#undef __HIPCORE_BF16_OPERATORS
__HIPCORE_FP_FUNC __hip_bfloat16 operator-(const __hip_bfloat16& a) {
  return __hneg(a);
}
__HIPCORE_FP_FUNC __hip_bfloat162 operator-(const __hip_bfloat162& a) {
  return __hneg2(a);
}
__HIPCORE_FP_FUNC bool operator==(const __hip_bfloat16& a, const __hip_bfloat16& b) {
  return __heq(a, b);
}
__HIPCORE_FP_FUNC bool operator!=(const __hip_bfloat16& a, const __hip_bfloat16& b) {
  return __hneu(a, b);
}
__HIPCORE_FP_FUNC bool operator<(const __hip_bfloat16& a, const __hip_bfloat16& b) {
  return __hlt(a, b);
}
__HIPCORE_FP_FUNC bool operator>(const __hip_bfloat16& a, const __hip_bfloat16& b) {
  return __hgt(a, b);
}
__HIPCORE_FP_FUNC bool operator<=(const __hip_bfloat16& a, const __hip_bfloat16& b) {
  return __hle(a, b);
}
__HIPCORE_FP_FUNC bool operator>=(const __hip_bfloat16& a, const __hip_bfloat16& b) {
  return __hge(a, b);
}
__HIPCORE_FP_FUNC bool operator==(const __hip_bfloat162& a, const __hip_bfloat162& b) {
  return __hbeq2(a, b);
}
__HIPCORE_FP_FUNC bool operator!=(const __hip_bfloat162& a, const __hip_bfloat162& b) {
  return __hbneu2(a, b);
}
__HIPCORE_FP_FUNC bool operator<(const __hip_bfloat162& a, const __hip_bfloat162& b) {
  return __hblt2(a, b);
}
__HIPCORE_FP_FUNC bool operator>(const __hip_bfloat162& a, const __hip_bfloat162& b) {
  return __hbgt2(a, b);
}
__HIPCORE_FP_FUNC bool operator<=(const __hip_bfloat162& a, const __hip_bfloat162& b) {
  return __hble2(a, b);
}
__HIPCORE_FP_FUNC bool operator>=(const __hip_bfloat162& a, const __hip_bfloat162& b) {
  return __hbge2(a, b);
}

// ---- Device-only: math, loads, atomics ------------------------------------------------------
#if defined(__HIP__)
// Computed in float and rounded to bfloat16 (float's results are far more accurate than
// bfloat16 can show).
#define __HIPCORE_BF16_MATH(suffix, f)                                  \
  __HIPCORE_HALF_DEVICE __hip_bfloat16 h##suffix(__hip_bfloat16 a) {    \
    return __float2bfloat16(f(__bfloat162float(a)));                    \
  }                                                                     \
  __HIPCORE_HALF_DEVICE __hip_bfloat162 h2##suffix(__hip_bfloat162 a) { \
    return __hip_bfloat162(h##suffix(a.x), h##suffix(a.y));             \
  }
__HIPCORE_BF16_MATH(sqrt, __builtin_sqrtf)
__HIPCORE_BF16_MATH(rsqrt, __ocml_rsqrt_f32)
__HIPCORE_BF16_MATH(rcp, 1.0f /)
__HIPCORE_BF16_MATH(exp, __ocml_exp_f32)
__HIPCORE_BF16_MATH(exp2, __ocml_exp2_f32)
__HIPCORE_BF16_MATH(exp10, __ocml_exp10_f32)
__HIPCORE_BF16_MATH(log, __ocml_log_f32)
__HIPCORE_BF16_MATH(log2, __ocml_log2_f32)
__HIPCORE_BF16_MATH(log10, __ocml_log10_f32)
__HIPCORE_BF16_MATH(sin, __ocml_sin_f32)
__HIPCORE_BF16_MATH(cos, __ocml_cos_f32)
__HIPCORE_BF16_MATH(ceil, __builtin_ceilf)
__HIPCORE_BF16_MATH(floor, __builtin_floorf)
__HIPCORE_BF16_MATH(trunc, __builtin_truncf)
__HIPCORE_BF16_MATH(rint, __builtin_rintf)
#undef __HIPCORE_BF16_MATH

__HIPCORE_HALF_DEVICE __hip_bfloat16 __ldg(const __hip_bfloat16* p) {
  return *p;
}
__HIPCORE_HALF_DEVICE __hip_bfloat162 __ldg(const __hip_bfloat162* p) {
  return *p;
}

// Compare-and-swap loops on the aligned 32-bit word (no bf16 atomics on RDNA2/3).
__HIPCORE_HALF_DEVICE __hip_bfloat162 atomicAdd(__hip_bfloat162* address, __hip_bfloat162 value) {
  unsigned int* word = reinterpret_cast<unsigned int*>(address);
  unsigned int old = __hip_atomic_load(word, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  while (true) {
    __hip_bfloat162 sum = __hadd2(__builtin_bit_cast(__hip_bfloat162, old), value);
    if (__hip_atomic_compare_exchange_weak(word, &old, __builtin_bit_cast(unsigned int, sum),
                                           __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                           __HIP_MEMORY_SCOPE_AGENT))
      return __builtin_bit_cast(__hip_bfloat162, old);
  }
}
__HIPCORE_HALF_DEVICE __hip_bfloat162 unsafeAtomicAdd(__hip_bfloat162* address,
                                                      __hip_bfloat162 value) {
  return atomicAdd(address, value);
}
__HIPCORE_HALF_DEVICE __hip_bfloat16 atomicAdd(__hip_bfloat16* address, __hip_bfloat16 value) {
  uintptr_t addr = reinterpret_cast<uintptr_t>(address);
  unsigned int* word = reinterpret_cast<unsigned int*>(addr & ~uintptr_t(3));
  unsigned int shift = (addr & 2) ? 16u : 0u;
  unsigned int old = __hip_atomic_load(word, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  while (true) {
    __hip_bfloat16 current = __ushort_as_bfloat16((unsigned short)(old >> shift));
    unsigned int sum = __bfloat16_as_ushort(__hadd(current, value));
    unsigned int desired = (old & ~(0xffffu << shift)) | (sum << shift);
    if (__hip_atomic_compare_exchange_weak(word, &old, desired, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                           __HIP_MEMORY_SCOPE_AGENT))
      return current;
  }
}
#endif  // defined(__HIP__)
