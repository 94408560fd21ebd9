// The __half/__half2 intrinsics of hip_fp16.h (CUDA's cuda_fp16.h names): conversions,
// arithmetic, comparisons, math, loads, shuffles and atomics. Included by hip_fp16.h only.
#pragma once

// ---- Bits and lanes -------------------------------------------------------------------------
__HIPCORE_FP_FUNC __half __hipcore_half_from_bits(unsigned short bits) {
  __half_raw r;
  r.x = bits;
  return __half(r);
}
__HIPCORE_FP_FUNC unsigned short __hipcore_half_bits(__half h) {
  return static_cast<__half_raw>(h).x;
}
__HIPCORE_FP_FUNC _Float16 __hipcore_half_value(__half h) {
  return static_cast<__half_raw>(h).data;
}
__HIPCORE_FP_FUNC __half __hipcore_half_of(_Float16 v) {
  __half_raw r;
  r.data = v;
  return __half(r);
}

__HIPCORE_FP_FUNC short __half_as_short(__half h) {
  return (short)__hipcore_half_bits(h);
}
__HIPCORE_FP_FUNC unsigned short __half_as_ushort(__half h) {
  return __hipcore_half_bits(h);
}
__HIPCORE_FP_FUNC __half __short_as_half(short s) {
  return __hipcore_half_from_bits((unsigned short)s);
}
__HIPCORE_FP_FUNC __half __ushort_as_half(unsigned short s) {
  return __hipcore_half_from_bits(s);
}

__HIPCORE_FP_FUNC __half2 make_half2(__half x, __half y) {
  return __half2(x, y);
}
__HIPCORE_FP_FUNC __half __low2half(__half2 h) {
  return h.x;
}
__HIPCORE_FP_FUNC __half __high2half(__half2 h) {
  return h.y;
}
__HIPCORE_FP_FUNC __half2 __half2half2(__half h) {
  return __half2(h, h);
}
__HIPCORE_FP_FUNC __half2 __halves2half2(__half lo, __half hi) {
  return __half2(lo, hi);
}
__HIPCORE_FP_FUNC __half2 __low2half2(__half2 h) {
  return __half2(h.x, h.x);
}
__HIPCORE_FP_FUNC __half2 __high2half2(__half2 h) {
  return __half2(h.y, h.y);
}
__HIPCORE_FP_FUNC __half2 __lows2half2(__half2 a, __half2 b) {
  return __half2(a.x, b.x);
}
__HIPCORE_FP_FUNC __half2 __highs2half2(__half2 a, __half2 b) {
  return __half2(a.y, b.y);
}
__HIPCORE_FP_FUNC __half2 __lowhigh2highlow(__half2 h) {
  return __half2(h.y, h.x);
}

// ---- Conversions ----------------------------------------------------------------------------
// Round-to-nearest-even conversions use the compiler's (v_cvt_f16_f32 on the GPU); the directed
// modes round in software from the exact value.
__HIPCORE_FP_FUNC __half __hipcore_half_round(float f, int mode) {
  return __hipcore_half_from_bits(
      (unsigned short)__hipcore_sf_from_float(__hipcore_sf_half, f, mode, false));
}

__HIPCORE_FP_FUNC __half __float2half(float f) {
  return __hipcore_half_of((_Float16)f);
}
__HIPCORE_FP_FUNC __half __float2half_rn(float f) {
  return __hipcore_half_of((_Float16)f);
}
__HIPCORE_FP_FUNC __half __float2half_rz(float f) {
  return __hipcore_half_round(f, __HIPCORE_ROUND_ZERO);
}
__HIPCORE_FP_FUNC __half __float2half_rd(float f) {
  return __hipcore_half_round(f, __HIPCORE_ROUND_DOWN);
}
__HIPCORE_FP_FUNC __half __float2half_ru(float f) {
  return __hipcore_half_round(f, __HIPCORE_ROUND_UP);
}
__HIPCORE_FP_FUNC __half __double2half(double d) {
  return __hipcore_half_from_bits((unsigned short)__hipcore_sf_from_double(
      __hipcore_sf_half, d, __HIPCORE_ROUND_NEAREST, false));
}
__HIPCORE_FP_FUNC __half2 __float2half2_rn(float f) {
  __half h = __float2half_rn(f);
  return __half2(h, h);
}
__HIPCORE_FP_FUNC __half2 __floats2half2_rn(float lo, float hi) {
  return __half2(__float2half_rn(lo), __float2half_rn(hi));
}
__HIPCORE_FP_FUNC float __half2float(__half h) {
  return (float)__hipcore_half_value(h);
}
__HIPCORE_FP_FUNC float __low2float(__half2 h) {
  return __half2float(h.x);
}
__HIPCORE_FP_FUNC float __high2float(__half2 h) {
  return __half2float(h.y);
}
#if defined(__HIPCORE_HAVE_VECTOR_TYPES)
__HIPCORE_FP_FUNC __half2 __float22half2_rn(float2 f) {
  return __half2(__float2half_rn(f.x), __float2half_rn(f.y));
}
__HIPCORE_FP_FUNC float2 __half22float2(__half2 h) {
  return make_float2(__half2float(h.x), __half2float(h.y));
}
#endif

// Half to integer: round in the named direction, NaN gives 0, out of range saturates.
#define __HIPCORE_HALF_TO_INT(name, T, lo, hi)                                              \
  __HIPCORE_FP_FUNC T __half2##name##_rn(__half h) {                                        \
    return __hipcore_float_to_integer<T>(__half2float(h), __HIPCORE_ROUND_NEAREST, lo, hi); \
  }                                                                                         \
  __HIPCORE_FP_FUNC T __half2##name##_rz(__half h) {                                        \
    return __hipcore_float_to_integer<T>(__half2float(h), __HIPCORE_ROUND_ZERO, lo, hi);    \
  }                                                                                         \
  __HIPCORE_FP_FUNC T __half2##name##_rd(__half h) {                                        \
    return __hipcore_float_to_integer<T>(__half2float(h), __HIPCORE_ROUND_DOWN, lo, hi);    \
  }                                                                                         \
  __HIPCORE_FP_FUNC T __half2##name##_ru(__half h) {                                        \
    return __hipcore_float_to_integer<T>(__half2float(h), __HIPCORE_ROUND_UP, lo, hi);      \
  }
__HIPCORE_HALF_TO_INT(int, int, (int)(-2147483647 - 1), 2147483647)
__HIPCORE_HALF_TO_INT(uint, unsigned int, 0u, 4294967295u)
__HIPCORE_HALF_TO_INT(short, short, (short)-32768, (short)32767)
__HIPCORE_HALF_TO_INT(ushort, unsigned short, (unsigned short)0, (unsigned short)65535)
__HIPCORE_HALF_TO_INT(ll, long long, (long long)(-9223372036854775807LL - 1), 9223372036854775807LL)
__HIPCORE_HALF_TO_INT(ull, unsigned long long, 0ull, 18446744073709551615ull)
#undef __HIPCORE_HALF_TO_INT

__HIPCORE_FP_FUNC signed char __half2char_rz(__half h) {
  return __hipcore_float_to_integer<signed char>(__half2float(h), __HIPCORE_ROUND_ZERO,
                                                 (signed char)-128, (signed char)127);
}
__HIPCORE_FP_FUNC unsigned char __half2uchar_rz(__half h) {
  return __hipcore_float_to_integer<unsigned char>(__half2float(h), __HIPCORE_ROUND_ZERO,
                                                   (unsigned char)0, (unsigned char)255);
}

// Integer to half: exact integer rounding (no detour through float) in each direction.
#define __HIPCORE_INT_TO_HALF(name, T, from)                                  \
  __HIPCORE_FP_FUNC __half __##name##2half_rn(T v) {                          \
    return __hipcore_half_from_bits(                                          \
        (unsigned short)from(__hipcore_sf_half, v, __HIPCORE_ROUND_NEAREST)); \
  }                                                                           \
  __HIPCORE_FP_FUNC __half __##name##2half_rz(T v) {                          \
    return __hipcore_half_from_bits(                                          \
        (unsigned short)from(__hipcore_sf_half, v, __HIPCORE_ROUND_ZERO));    \
  }                                                                           \
  __HIPCORE_FP_FUNC __half __##name##2half_rd(T v) {                          \
    return __hipcore_half_from_bits(                                          \
        (unsigned short)from(__hipcore_sf_half, v, __HIPCORE_ROUND_DOWN));    \
  }                                                                           \
  __HIPCORE_FP_FUNC __half __##name##2half_ru(T v) {                          \
    return __hipcore_half_from_bits(                                          \
        (unsigned short)from(__hipcore_sf_half, v, __HIPCORE_ROUND_UP));      \
  }
__HIPCORE_INT_TO_HALF(int, int, __hipcore_sf_from_int64)
__HIPCORE_INT_TO_HALF(uint, unsigned int, __hipcore_sf_from_uint64)
__HIPCORE_INT_TO_HALF(short, short, __hipcore_sf_from_int64)
__HIPCORE_INT_TO_HALF(ushort, unsigned short, __hipcore_sf_from_uint64)
__HIPCORE_INT_TO_HALF(ll, long long, __hipcore_sf_from_int64)
__HIPCORE_INT_TO_HALF(ull, unsigned long long, __hipcore_sf_from_uint64)
#undef __HIPCORE_INT_TO_HALF

// ---- Classification and comparisons ---------------------------------------------------------
__HIPCORE_FP_FUNC bool __hisnan(__half h) {
  return (__hipcore_half_bits(h) & 0x7fff) > 0x7c00;
}
__HIPCORE_FP_FUNC int __hisinf(__half h) {
  unsigned short b = __hipcore_half_bits(h);
  return (b & 0x7fff) != 0x7c00 ? 0 : (b & 0x8000 ? -1 : 1);
}

// Ordered relations are false when either side is NaN; the *u ("unordered") forms are true.
__HIPCORE_FP_FUNC bool __heq(__half a, __half b) {
  return __hipcore_half_value(a) == __hipcore_half_value(b);
}
__HIPCORE_FP_FUNC bool __hlt(__half a, __half b) {
  return __hipcore_half_value(a) < __hipcore_half_value(b);
}
__HIPCORE_FP_FUNC bool __hgt(__half a, __half b) {
  return __hipcore_half_value(a) > __hipcore_half_value(b);
}
__HIPCORE_FP_FUNC bool __hle(__half a, __half b) {
  return __hipcore_half_value(a) <= __hipcore_half_value(b);
}
__HIPCORE_FP_FUNC bool __hge(__half a, __half b) {
  return __hipcore_half_value(a) >= __hipcore_half_value(b);
}
__HIPCORE_FP_FUNC bool __hne(__half a, __half b) {
  return __hlt(a, b) || __hgt(a, b);
}
__HIPCORE_FP_FUNC bool __hequ(__half a, __half b) {
  return !__hne(a, b);
}
__HIPCORE_FP_FUNC bool __hneu(__half a, __half b) {
  return !__heq(a, b);
}
__HIPCORE_FP_FUNC bool __hltu(__half a, __half b) {
  return !__hge(a, b);
}
__HIPCORE_FP_FUNC bool __hgtu(__half a, __half b) {
  return !__hle(a, b);
}
__HIPCORE_FP_FUNC bool __hleu(__half a, __half b) {
  return !__hgt(a, b);
}
__HIPCORE_FP_FUNC bool __hgeu(__half a, __half b) {
  return !__hlt(a, b);
}

// Lane-wise relations give 1.0 or 0.0 per lane; the __hb*2 forms are true when both lanes are.
#define __HIPCORE_HALF2_RELATIONS(rel)                                                    \
  __HIPCORE_FP_FUNC __half2 __h##rel##2(__half2 a, __half2 b) {                           \
    return __half2(__hipcore_half_of(__h##rel(a.x, b.x) ? (_Float16)1 : (_Float16)0),     \
                   __hipcore_half_of(__h##rel(a.y, b.y) ? (_Float16)1 : (_Float16)0));    \
  }                                                                                       \
  __HIPCORE_FP_FUNC bool __hb##rel##2(__half2 a, __half2 b) {                             \
    return __h##rel(a.x, b.x) && __h##rel(a.y, b.y);                                      \
  }                                                                                       \
  __HIPCORE_FP_FUNC unsigned __h##rel##2_mask(__half2 a, __half2 b) {                     \
    return (__h##rel(a.x, b.x) ? 0xffffu : 0u) | (__h##rel(a.y, b.y) ? 0xffff0000u : 0u); \
  }
__HIPCORE_HALF2_RELATIONS(eq)
__HIPCORE_HALF2_RELATIONS(ne)
__HIPCORE_HALF2_RELATIONS(lt)
__HIPCORE_HALF2_RELATIONS(gt)
__HIPCORE_HALF2_RELATIONS(le)
__HIPCORE_HALF2_RELATIONS(ge)
__HIPCORE_HALF2_RELATIONS(equ)
__HIPCORE_HALF2_RELATIONS(neu)
__HIPCORE_HALF2_RELATIONS(ltu)
__HIPCORE_HALF2_RELATIONS(gtu)
__HIPCORE_HALF2_RELATIONS(leu)
__HIPCORE_HALF2_RELATIONS(geu)
#undef __HIPCORE_HALF2_RELATIONS

__HIPCORE_FP_FUNC __half2 __hisinf2(__half2 h) {
  return __half2(__hipcore_half_of(__hisinf(h.x) ? (_Float16)1 : (_Float16)0),
                 __hipcore_half_of(__hisinf(h.y) ? (_Float16)1 : (_Float16)0));
}
__HIPCORE_FP_FUNC __half2 __hisnan2(__half2 h) {
  return __half2(__hipcore_half_of(__hisnan(h.x) ? (_Float16)1 : (_Float16)0),
                 __hipcore_half_of(__hisnan(h.y) ? (_Float16)1 : (_Float16)0));
}

// Maximum/minimum: a NaN operand is ignored (IEEE maxNum); the _nan forms return it instead.
__HIPCORE_FP_FUNC __half __hmax(__half a, __half b) {
  if (__hisnan(a)) return b;
  if (__hisnan(b)) return a;
  return __hgt(b, a) ? b : a;
}
__HIPCORE_FP_FUNC __half __hmin(__half a, __half b) {
  if (__hisnan(a)) return b;
  if (__hisnan(b)) return a;
  return __hlt(b, a) ? b : a;
}
__HIPCORE_FP_FUNC __half __hmax_nan(__half a, __half b) {
  if (__hisnan(a)) return a;
  if (__hisnan(b)) return b;
  return __hmax(a, b);
}
__HIPCORE_FP_FUNC __half __hmin_nan(__half a, __half b) {
  if (__hisnan(a)) return a;
  if (__hisnan(b)) return b;
  return __hmin(a, b);
}
__HIPCORE_FP_FUNC __half2 __hmax2(__half2 a, __half2 b) {
  return __half2(__hmax(a.x, b.x), __hmax(a.y, b.y));
}
__HIPCORE_FP_FUNC __half2 __hmin2(__half2 a, __half2 b) {
  return __half2(__hmin(a.x, b.x), __hmin(a.y, b.y));
}
__HIPCORE_FP_FUNC __half2 __hmax2_nan(__half2 a, __half2 b) {
  return __half2(__hmax_nan(a.x, b.x), __hmax_nan(a.y, b.y));
}
__HIPCORE_FP_FUNC __half2 __hmin2_nan(__half2 a, __half2 b) {
  return __half2(__hmin_nan(a.x, b.x), __hmin_nan(a.y, b.y));
}

// ---- Arithmetic -----------------------------------------------------------------------------
__HIPCORE_FP_FUNC __half __hadd(__half a, __half b) {
  return __hipcore_half_of(__hipcore_half_value(a) + __hipcore_half_value(b));
}
__HIPCORE_FP_FUNC __half __hsub(__half a, __half b) {
  return __hipcore_half_of(__hipcore_half_value(a) - __hipcore_half_value(b));
}
__HIPCORE_FP_FUNC __half __hmul(__half a, __half b) {
  return __hipcore_half_of(__hipcore_half_value(a) * __hipcore_half_value(b));
}
__HIPCORE_FP_FUNC __half __hdiv(__half a, __half b) {
  return __hipcore_half_of(__hipcore_half_value(a) / __hipcore_half_value(b));
}
// The _rn forms are never contracted into an fma with a neighbouring operation (HIP compiles
// with -ffp-contract=fast, which may fuse the plain forms, as CUDA allows).
#if defined(__clang__)
#define __HIPCORE_NO_CONTRACT _Pragma("clang fp contract(off)")
#else
#define __HIPCORE_NO_CONTRACT
#endif
__HIPCORE_FP_FUNC __half __hadd_rn(__half a, __half b) {
  __HIPCORE_NO_CONTRACT
  return __hipcore_half_of(__hipcore_half_value(a) + __hipcore_half_value(b));
}
__HIPCORE_FP_FUNC __half __hsub_rn(__half a, __half b) {
  __HIPCORE_NO_CONTRACT
  return __hipcore_half_of(__hipcore_half_value(a) - __hipcore_half_value(b));
}
__HIPCORE_FP_FUNC __half __hmul_rn(__half a, __half b) {
  __HIPCORE_NO_CONTRACT
  return __hipcore_half_of(__hipcore_half_value(a) * __hipcore_half_value(b));
}
#undef __HIPCORE_NO_CONTRACT
__HIPCORE_FP_FUNC __half __hneg(__half a) {
  return __hipcore_half_from_bits(__hipcore_half_bits(a) ^ 0x8000);
}
__HIPCORE_FP_FUNC __half __habs(__half a) {
  return __hipcore_half_from_bits(__hipcore_half_bits(a) & 0x7fff);
}
// One rounding: on the GPU v_fma_f16. On the host the product of two halves is exact in
// double; the sum with c is made exact as s + t (Knuth's two-sum) and s rounded to odd when t is
// not zero, so the one rounding to half that follows is correct (53 >= 11 + 2 bits).
__HIPCORE_FP_FUNC __half __hfma(__half a, __half b, __half c) {
#if defined(__HIP_DEVICE_COMPILE__)
  return __hipcore_half_of(
      __builtin_fmaf16(__hipcore_half_value(a), __hipcore_half_value(b), __hipcore_half_value(c)));
#else
  volatile double p = (double)__half2float(a) * (double)__half2float(b);
  volatile double q = (double)__half2float(c);
  volatile double s = p + q;
  volatile double bv = s - p;
  double t = (p - (s - bv)) + (q - bv);
  double sum = s;
  if (t != 0 && sum - sum == 0) {
    uint64_t bits = __builtin_bit_cast(uint64_t, sum);
    if (!(bits & 1)) bits += ((t > 0) == (sum > 0)) ? 1 : uint64_t(0) - 1;
    sum = __builtin_bit_cast(double, bits);
  }
  return __double2half(sum);
#endif
}

// Clamp to [0, 1]; NaN becomes +0 (CUDA's _sat rule).
__HIPCORE_FP_FUNC __half __hipcore_half_sat(__half h) {
  _Float16 v = __hipcore_half_value(h);
  if (v > (_Float16)1) return __hipcore_half_of((_Float16)1);
  if (v > (_Float16)0) return h;
  return __hipcore_half_from_bits(0);
}
__HIPCORE_FP_FUNC __half __clamp_01(__half h) {
  return __hipcore_half_sat(h);
}
__HIPCORE_FP_FUNC __half __hadd_sat(__half a, __half b) {
  return __hipcore_half_sat(__hadd(a, b));
}
__HIPCORE_FP_FUNC __half __hsub_sat(__half a, __half b) {
  return __hipcore_half_sat(__hsub(a, b));
}
__HIPCORE_FP_FUNC __half __hmul_sat(__half a, __half b) {
  return __hipcore_half_sat(__hmul(a, b));
}
__HIPCORE_FP_FUNC __half __hfma_sat(__half a, __half b, __half c) {
  return __hipcore_half_sat(__hfma(a, b, c));
}
__HIPCORE_FP_FUNC __half __hfma_relu(__half a, __half b, __half c) {
  __half r = __hfma(a, b, c);
  if (__hisnan(r)) return r;
  return __hlt(r, __hipcore_half_from_bits(0)) ? __hipcore_half_from_bits(0) : r;
}

#define __HIPCORE_HALF2_LANEWISE2(name2, name1)           \
  __HIPCORE_FP_FUNC __half2 name2(__half2 a, __half2 b) { \
    return __half2(name1(a.x, b.x), name1(a.y, b.y));     \
  }
__HIPCORE_HALF2_LANEWISE2(__hadd2, __hadd)
__HIPCORE_HALF2_LANEWISE2(__hsub2, __hsub)
__HIPCORE_HALF2_LANEWISE2(__hmul2, __hmul)
__HIPCORE_HALF2_LANEWISE2(__h2div, __hdiv)
__HIPCORE_HALF2_LANEWISE2(__hadd2_rn, __hadd_rn)
__HIPCORE_HALF2_LANEWISE2(__hsub2_rn, __hsub_rn)
__HIPCORE_HALF2_LANEWISE2(__hmul2_rn, __hmul_rn)
__HIPCORE_HALF2_LANEWISE2(__hadd2_sat, __hadd_sat)
__HIPCORE_HALF2_LANEWISE2(__hsub2_sat, __hsub_sat)
__HIPCORE_HALF2_LANEWISE2(__hmul2_sat, __hmul_sat)
#undef __HIPCORE_HALF2_LANEWISE2
__HIPCORE_FP_FUNC __half2 __hfma2(__half2 a, __half2 b, __half2 c) {
  return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
__HIPCORE_FP_FUNC __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c) {
  return __half2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));
}
__HIPCORE_FP_FUNC __half2 __hfma2_relu(__half2 a, __half2 b, __half2 c) {
  return __half2(__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y));
}
__HIPCORE_FP_FUNC __half2 __hneg2(__half2 a) {
  return __half2(__hneg(a.x), __hneg(a.y));
}
__HIPCORE_FP_FUNC __half2 __habs2(__half2 a) {
  return __half2(__habs(a.x), __habs(a.y));
}
// Complex multiply-add: (a.x + i a.y) * (b.x + i b.y) + (c.x + i c.y), each part rounded once
// per fma as CUDA's __hcmadd.
__HIPCORE_FP_FUNC __half2 __hcmadd(__half2 a, __half2 b, __half2 c) {
  __half re = __hfma(a.x, b.x, c.x);
  __half im = __hfma(a.x, b.y, c.y);
  return __half2(__hfma(__hneg(a.y), b.y, re), __hfma(a.y, b.x, im));
}

// ---- Device-only: math, loads, shuffles, atomics ---------------------------------------------
#if defined(__HIP__)
#define __HIPCORE_HALF_MATH(function, ocml)                        \
  __HIPCORE_HALF_DEVICE __half function(__half h) {                \
    return __hipcore_half_of(ocml##_f16(__hipcore_half_value(h))); \
  }
__HIPCORE_HALF_MATH(hsqrt, __ocml_sqrt)
__HIPCORE_HALF_MATH(hrsqrt, __ocml_rsqrt)
__HIPCORE_HALF_MATH(hexp, __ocml_exp)
__HIPCORE_HALF_MATH(hexp2, __ocml_exp2)
__HIPCORE_HALF_MATH(hexp10, __ocml_exp10)
__HIPCORE_HALF_MATH(hlog, __ocml_log)
__HIPCORE_HALF_MATH(hlog2, __ocml_log2)
__HIPCORE_HALF_MATH(hlog10, __ocml_log10)
__HIPCORE_HALF_MATH(hceil, __ocml_ceil)
__HIPCORE_HALF_MATH(hfloor, __ocml_floor)
__HIPCORE_HALF_MATH(htrunc, __ocml_trunc)
__HIPCORE_HALF_MATH(hrint, __ocml_rint)
#undef __HIPCORE_HALF_MATH
// sin and cos are evaluated in float and rounded once: the f16 routines of the installed ocml
// bitcode (Debian's ROCm 5 device libraries), linked by clang 19, select NaN for every finite
// input (the linked IR reads "fcmp one |x|, inf" then picks NaN), and float's result rounded to
// half is at least as accurate.
__HIPCORE_HALF_DEVICE __half hsin(__half h) {
  return __float2half(__ocml_sin_f32(__half2float(h)));
}
__HIPCORE_HALF_DEVICE __half hcos(__half h) {
  return __float2half(__ocml_cos_f32(__half2float(h)));
}
__HIPCORE_HALF_DEVICE __half hrcp(__half h) {
  return __hipcore_half_of(__builtin_amdgcn_rcph(__hipcore_half_value(h)));
}

// h2* forms: one per lane.
#define __HIPCORE_HALF2_MATH(function)                    \
  __HIPCORE_HALF_DEVICE __half2 h2##function(__half2 h) { \
    return __half2(h##function(h.x), h##function(h.y));   \
  }
__HIPCORE_HALF2_MATH(sqrt)
__HIPCORE_HALF2_MATH(rsqrt)
__HIPCORE_HALF2_MATH(rcp)
__HIPCORE_HALF2_MATH(exp)
__HIPCORE_HALF2_MATH(exp2)
__HIPCORE_HALF2_MATH(exp10)
__HIPCORE_HALF2_MATH(log)
__HIPCORE_HALF2_MATH(log2)
__HIPCORE_HALF2_MATH(log10)
__HIPCORE_HALF2_MATH(sin)
__HIPCORE_HALF2_MATH(cos)
__HIPCORE_HALF2_MATH(ceil)
__HIPCORE_HALF2_MATH(floor)
__HIPCORE_HALF2_MATH(trunc)
__HIPCORE_HALF2_MATH(rint)
#undef __HIPCORE_HALF2_MATH

// AMD's mixed-precision dot product: c + a.x*b.x + a.y*b.y in float, clamped to [0, 1] when
// saturate is set (the clamp bit of v_dot2_f32_f16).
__HIPCORE_HALF_DEVICE float amd_mixed_dot(__half2 a, __half2 b, float c, bool saturate) {
  float r = __builtin_fmaf(__half2float(a.y), __half2float(b.y),
                           __builtin_fmaf(__half2float(a.x), __half2float(b.x), c));
  if (saturate) r = r > 1.0f ? 1.0f : (r > 0.0f ? r : 0.0f);
  return r;
}

// Non-caching loads: on AMD GPUs these are ordinary loads (AMD's header does the same).
__HIPCORE_HALF_DEVICE __half __ldg(const __half* p) {
  return *p;
}
__HIPCORE_HALF_DEVICE __half __ldcg(const __half* p) {
  return *p;
}
__HIPCORE_HALF_DEVICE __half __ldca(const __half* p) {
  return *p;
}
__HIPCORE_HALF_DEVICE __half __ldcs(const __half* p) {
  return *p;
}
__HIPCORE_HALF_DEVICE __half __ldlu(const __half* p) {
  return *p;
}
__HIPCORE_HALF_DEVICE __half __ldcv(const __half* p) {
  return *p;
}
__HIPCORE_HALF_DEVICE __half2 __ldg(const __half2* p) {
  return *p;
}
__HIPCORE_HALF_DEVICE __half2 __ldcg(const __half2* p) {
  return *p;
}
__HIPCORE_HALF_DEVICE __half2 __ldca(const __half2* p) {
  return *p;
}
__HIPCORE_HALF_DEVICE __half2 __ldcs(const __half2* p) {
  return *p;
}
__HIPCORE_HALF_DEVICE __half2 __ldlu(const __half2* p) {
  return *p;
}
__HIPCORE_HALF_DEVICE __half2 __ldcv(const __half2* p) {
  return *p;
}

// Shuffles on __half and __half2 are the generic __shfl* templates of hip/device/warp.h, which
// move any 2- or 4-byte trivially copyable value.

// Atomic add on a 32-bit word holding halves: a compare-and-swap loop (RDNA2/3 have no packed
// f16 atomic add). Returns the old value, relaxed at device scope like the other atomics.
__HIPCORE_HALF_DEVICE __half2 atomicAdd(__half2* address, __half2 value) {
  unsigned int* word = reinterpret_cast<unsigned int*>(address);
  unsigned int old = __hip_atomic_load(word, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  while (true) {
    __half2 sum = __hadd2(__builtin_bit_cast(__half2, old), value);
    unsigned int desired = __builtin_bit_cast(unsigned int, sum);
    if (__hip_atomic_compare_exchange_weak(word, &old, desired, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                           __HIP_MEMORY_SCOPE_AGENT))
      return __builtin_bit_cast(__half2, old);
  }
}
__HIPCORE_HALF_DEVICE __half2 unsafeAtomicAdd(__half2* address, __half2 value) {
  return atomicAdd(address, value);
}
// A lone __half is updated through the aligned word that contains it.
__HIPCORE_HALF_DEVICE __half atomicAdd(__half* address, __half value) {
  uintptr_t addr = reinterpret_cast<uintptr_t>(address);
  unsigned int* word = reinterpret_cast<unsigned int*>(addr & ~uintptr_t(3));
  unsigned int shift = (addr & 2) ? 16u : 0u;
  unsigned int old = __hip_atomic_load(word, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  while (true) {
    __half current = __ushort_as_half((unsigned short)(old >> shift));
    unsigned int sum = __half_as_ushort(__hadd(current, value));
    unsigned int desired = (old & ~(0xffffu << shift)) | (sum << shift);
    if (__hip_atomic_compare_exchange_weak(word, &old, desired, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                           __HIP_MEMORY_SCOPE_AGENT))
      return current;
  }
}
#endif  // defined(__HIP__)
