// 8-bit floating point for HIP (HIP 6.2's hip_fp8.h): the OCP kinds E4M3 and E5M2, MI300's FNUZ
// kinds, their x2/x4 packs and the conversion functions. RDNA2/3 have no fp8 instructions, so
// every conversion is done in software (hip/detail/small_float.h): round to nearest even from
// the exact input value, then saturation. Usable from device and host code.
//
// Rules (OCP 8-bit floating point spec v1.0; CUDA's cuda_fp8.h for the saturation modes):
//  - E4M3 has no infinity; S.1111.111 is NaN, 448 the largest finite value.
//  - E5M2 is IEEE-like: S.11111.00 is infinity, S.11111.{01,10,11} NaN, 57344 the largest.
//  - FNUZ kinds: bias one larger, no infinity, no negative zero, 0x80 the only NaN
//    (max 240 for E4M3, 57344 for E5M2).
//  - A result beyond the largest finite value after rounding becomes the largest finite value
//    under __HIP_SATFINITE, else infinity (E5M2) or NaN (the others). Infinite inputs follow
//    the same rule; NaN inputs give NaN.
// AMD's own software path tests the range before rounding (so 449 would overflow in E4M3);
// this implementation rounds first, as the OCP spec and CUDA do.
#pragma once

#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>

#if defined(__cplusplus)

// Which fp8 kinds the target converts natively: none on RDNA2/3 (every path here is software),
// and both kinds are available everywhere, as AMD's header reports for such targets.
#if !defined(HIP_FP8_TYPE_OCP)
#define HIP_FP8_TYPE_OCP 1
#endif
#if !defined(HIP_FP8_TYPE_FNUZ)
#define HIP_FP8_TYPE_FNUZ 1
#endif
#if !defined(HIP_FP8_CVT_FAST_PATH)
#define HIP_FP8_CVT_FAST_PATH 0
#endif

enum __hip_fp8_interpretation_t {
  __HIP_E4M3 = 0,
  __HIP_E5M2 = 1,
  __HIP_E4M3_FNUZ = 2,
  __HIP_E5M2_FNUZ = 3,
};

enum __hip_saturation_t {
  __HIP_NOSAT = 0,
  __HIP_SATFINITE = 1,
};

typedef unsigned char __hip_fp8_storage_t;
typedef unsigned short int __hip_fp8x2_storage_t;
typedef unsigned int __hip_fp8x4_storage_t;

__HIPCORE_FP_FUNC __hipcore_sf_format __hipcore_fp8_format(__hip_fp8_interpretation_t k) {
  return k == __HIP_E4M3        ? __hipcore_sf_e4m3
         : k == __HIP_E5M2      ? __hipcore_sf_e5m2
         : k == __HIP_E4M3_FNUZ ? __hipcore_sf_e4m3_fnuz
                                : __hipcore_sf_e5m2_fnuz;
}

// ---- Conversion functions -------------------------------------------------------------------
__HIPCORE_FP_FUNC __hip_fp8_storage_t __hip_cvt_float_to_fp8(
    const float f, const __hip_saturation_t sat, const __hip_fp8_interpretation_t interp) {
  return (__hip_fp8_storage_t)__hipcore_sf_from_float(
      __hipcore_fp8_format(interp), f, __HIPCORE_ROUND_NEAREST, sat == __HIP_SATFINITE);
}
__HIPCORE_FP_FUNC __hip_fp8_storage_t __hip_cvt_double_to_fp8(
    const double d, const __hip_saturation_t sat, const __hip_fp8_interpretation_t interp) {
  return (__hip_fp8_storage_t)__hipcore_sf_from_double(
      __hipcore_fp8_format(interp), d, __HIPCORE_ROUND_NEAREST, sat == __HIP_SATFINITE);
}
__HIPCORE_FP_FUNC float __hipcore_fp8_to_float(__hip_fp8_storage_t x,
                                               __hip_fp8_interpretation_t interp) {
  return __hipcore_sf_to_float(__hipcore_fp8_format(interp), x);
}
// Every fp8 value is exactly a half, so the half result is exact.
__HIPCORE_FP_FUNC __half_raw __hip_cvt_fp8_to_halfraw(const __hip_fp8_storage_t x,
                                                      const __hip_fp8_interpretation_t interp) {
  return static_cast<__half_raw>(__float2half(__hipcore_fp8_to_float(x, interp)));
}
__HIPCORE_FP_FUNC __half2_raw __hip_cvt_fp8x2_to_halfraw2(const __hip_fp8x2_storage_t x,
                                                          const __hip_fp8_interpretation_t interp) {
  __half2_raw r;
  r.x = __hip_cvt_fp8_to_halfraw((__hip_fp8_storage_t)(x & 0xff), interp);
  r.y = __hip_cvt_fp8_to_halfraw((__hip_fp8_storage_t)(x >> 8), interp);
  return r;
}
__HIPCORE_FP_FUNC __hip_fp8_storage_t __hip_cvt_halfraw_to_fp8(
    const __half_raw x, const __hip_saturation_t sat, const __hip_fp8_interpretation_t interp) {
  return __hip_cvt_float_to_fp8(__half2float(__half(x)), sat, interp);
}
__HIPCORE_FP_FUNC __hip_fp8x2_storage_t __hip_cvt_halfraw2_to_fp8x2(
    const __half2_raw x, const __hip_saturation_t sat, const __hip_fp8_interpretation_t interp) {
  return (__hip_fp8x2_storage_t)(__hip_cvt_halfraw_to_fp8(x.x, sat, interp) |
                                 __hip_cvt_halfraw_to_fp8(x.y, sat, interp) << 8);
}
__HIPCORE_FP_FUNC __hip_fp8_storage_t
__hip_cvt_bfloat16raw_to_fp8(const __hip_bfloat16_raw x, const __hip_saturation_t sat,
                             const __hip_fp8_interpretation_t interp) {
  return __hip_cvt_float_to_fp8(__bfloat162float(__hip_bfloat16(x)), sat, interp);
}
__HIPCORE_FP_FUNC __hip_fp8x2_storage_t
__hip_cvt_bfloat16raw2_to_fp8x2(const __hip_bfloat162_raw x, const __hip_saturation_t sat,
                                const __hip_fp8_interpretation_t interp) {
  return (
      __hip_fp8x2_storage_t)(__hip_cvt_bfloat16raw_to_fp8(__hip_bfloat16_raw{x.x}, sat, interp) |
                             __hip_cvt_bfloat16raw_to_fp8(__hip_bfloat16_raw{x.y}, sat, interp)
                                 << 8);
}
#if defined(__HIPCORE_HAVE_VECTOR_TYPES)
__HIPCORE_FP_FUNC __hip_fp8x2_storage_t __hip_cvt_float2_to_fp8x2(
    const float2 f, const __hip_saturation_t sat, const __hip_fp8_interpretation_t interp) {
  return (__hip_fp8x2_storage_t)(__hip_cvt_float_to_fp8(f.x, sat, interp) |
                                 __hip_cvt_float_to_fp8(f.y, sat, interp) << 8);
}
__HIPCORE_FP_FUNC __hip_fp8x2_storage_t __hip_cvt_double2_to_fp8x2(
    const double2 d, const __hip_saturation_t sat, const __hip_fp8_interpretation_t interp) {
  return (__hip_fp8x2_storage_t)(__hip_cvt_double_to_fp8(d.x, sat, interp) |
                                 __hip_cvt_double_to_fp8(d.y, sat, interp) << 8);
}
#endif

// Integer results of an fp8 value: truncation toward zero, NaN gives 0, clamped to the range.
template <typename T>
__HIPCORE_FP_FUNC T __hipcore_fp8_to_integer(__hip_fp8_storage_t x,
                                             __hip_fp8_interpretation_t interp, T lo, T hi) {
  return __hipcore_float_to_integer<T>(__hipcore_fp8_to_float(x, interp), __HIPCORE_ROUND_ZERO, lo,
                                       hi);
}

// ---- Types ----------------------------------------------------------------------------------
// One macro per shape keeps the six kinds identical apart from their interpretation.
#define __HIPCORE_FP8_INT_CONVERSION(T, lo, hi)                                     \
  __HIPCORE_FP_FUNC operator T() const {                                            \
    return __hipcore_fp8_to_integer<T>(__x, __default_interpret, (T)(lo), (T)(hi)); \
  }

#define __HIPCORE_FP8_SCALAR(Name, interp, we, wm)                                              \
  struct Name {                                                                                 \
    __hip_fp8_storage_t __x;                                                                    \
    static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;                 \
    static constexpr __hip_fp8_interpretation_t __default_interpret = interp;                   \
    static constexpr unsigned int __we = we;                                                    \
    static constexpr unsigned int __wm = wm;                                                    \
                                                                                                \
    Name() = default;                                                                           \
    __HIPCORE_FP_FUNC Name(const double f)                                                      \
        : __x(__hip_cvt_double_to_fp8(f, __default_saturation, __default_interpret)) {}         \
    __HIPCORE_FP_FUNC Name(const float f)                                                       \
        : __x(__hip_cvt_float_to_fp8(f, __default_saturation, __default_interpret)) {}          \
    __HIPCORE_FP_FUNC Name(const long int v) : Name((double)v) {}                               \
    __HIPCORE_FP_FUNC Name(const int v) : Name((double)v) {}                                    \
    __HIPCORE_FP_FUNC Name(const short int v) : Name((float)v) {}                               \
    __HIPCORE_FP_FUNC Name(const unsigned long int v) : Name((double)v) {}                      \
    __HIPCORE_FP_FUNC Name(const unsigned int v) : Name((double)v) {}                           \
    __HIPCORE_FP_FUNC Name(const unsigned short int v) : Name((float)v) {}                      \
    __HIPCORE_FP_FUNC Name(const __hip_bfloat16 f)                                              \
        : __x(__hip_cvt_bfloat16raw_to_fp8(f, __default_saturation, __default_interpret)) {}    \
    __HIPCORE_FP_FUNC Name(const __half f)                                                      \
        : __x(__hip_cvt_halfraw_to_fp8(f, __default_saturation, __default_interpret)) {}        \
                                                                                                \
    __HIPCORE_FP_FUNC operator float() const {                                                  \
      return __hipcore_fp8_to_float(__x, __default_interpret);                                  \
    }                                                                                           \
    __HIPCORE_FP_FUNC operator double() const {                                                 \
      return (double)float(*this);                                                              \
    }                                                                                           \
    __HIPCORE_FP_FUNC operator __half() const {                                                 \
      return __half(__hip_cvt_fp8_to_halfraw(__x, __default_interpret));                        \
    }                                                                                           \
    __HIPCORE_FP_FUNC operator __hip_bfloat16() const {                                         \
      return __hip_bfloat16(float(*this));                                                      \
    }                                                                                           \
    __HIPCORE_FP_FUNC operator bool() const {                                                   \
      return (__x & 0x7f) != 0 ||                                                               \
             (interp == __HIP_E4M3_FNUZ || interp == __HIP_E5M2_FNUZ ? __x == 0x80 : false);    \
    }                                                                                           \
    __HIPCORE_FP8_INT_CONVERSION(char, (-__SCHAR_MAX__ - 1) * ((char)-1 < 0),                   \
                                 (char)-1 < 0 ? __SCHAR_MAX__ : 255)                            \
    __HIPCORE_FP8_INT_CONVERSION(signed char, -__SCHAR_MAX__ - 1, __SCHAR_MAX__)                \
    __HIPCORE_FP8_INT_CONVERSION(unsigned char, 0, 255)                                         \
    __HIPCORE_FP8_INT_CONVERSION(short int, -__SHRT_MAX__ - 1, __SHRT_MAX__)                    \
    __HIPCORE_FP8_INT_CONVERSION(unsigned short int, 0, 65535)                                  \
    __HIPCORE_FP8_INT_CONVERSION(int, -__INT_MAX__ - 1, __INT_MAX__)                            \
    __HIPCORE_FP8_INT_CONVERSION(unsigned int, 0u, 4294967295u)                                 \
    __HIPCORE_FP8_INT_CONVERSION(long int, -__LONG_MAX__ - 1L, __LONG_MAX__)                    \
    __HIPCORE_FP8_INT_CONVERSION(unsigned long int, 0ul, 2ul * __LONG_MAX__ + 1ul)              \
    __HIPCORE_FP8_INT_CONVERSION(long long int, -__LONG_LONG_MAX__ - 1LL, __LONG_LONG_MAX__)    \
    __HIPCORE_FP8_INT_CONVERSION(unsigned long long int, 0ull, 2ull * __LONG_LONG_MAX__ + 1ull) \
  };                                                                                            \
  static_assert(sizeof(Name) == 1 && alignof(Name) == 1, #Name " is one byte");

#define __HIPCORE_FP8_PAIR(Name, interp, we, wm)                                                \
  struct Name {                                                                                 \
    __hip_fp8x2_storage_t __x;                                                                  \
    static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;                 \
    static constexpr __hip_fp8_interpretation_t __default_interpret = interp;                   \
    static constexpr unsigned int __we = we;                                                    \
    static constexpr unsigned int __wm = wm;                                                    \
                                                                                                \
    Name() = default;                                                                           \
    __HIPCORE_FP_FUNC Name(const __hip_bfloat162 v)                                             \
        : __x(__hip_cvt_bfloat16raw2_to_fp8x2(v, __default_saturation, __default_interpret)) {} \
    __HIPCORE_FP_FUNC Name(const __half2 v)                                                     \
        : __x(__hip_cvt_halfraw2_to_fp8x2(v, __default_saturation, __default_interpret)) {}     \
    __HIPCORE_FP_FUNC operator __half2() const {                                                \
      return __half2(__hip_cvt_fp8x2_to_halfraw2(__x, __default_interpret));                    \
    }                                                                                           \
    __HIPCORE_FP8_PAIR_VECTORS(Name)                                                            \
  };                                                                                            \
  static_assert(sizeof(Name) == 2 && alignof(Name) == 2, #Name " is two bytes");

#define __HIPCORE_FP8_QUAD(Name, interp, we, wm)                                                 \
  struct Name {                                                                                  \
    __hip_fp8x4_storage_t __x;                                                                   \
    static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;                  \
    static constexpr __hip_fp8_interpretation_t __default_interpret = interp;                    \
    static constexpr unsigned int __we = we;                                                     \
    static constexpr unsigned int __wm = wm;                                                     \
                                                                                                 \
    Name() = default;                                                                            \
    __HIPCORE_FP_FUNC Name(const __hip_bfloat162 low, const __hip_bfloat162 high)                \
        : __x(__hip_cvt_bfloat16raw2_to_fp8x2(low, __default_saturation, __default_interpret) |  \
              (__hip_fp8x4_storage_t)__hip_cvt_bfloat16raw2_to_fp8x2(high, __default_saturation, \
                                                                     __default_interpret)        \
                  << 16) {}                                                                      \
    __HIPCORE_FP_FUNC Name(const __half2 low, const __half2 high)                                \
        : __x(__hip_cvt_halfraw2_to_fp8x2(low, __default_saturation, __default_interpret) |      \
              (__hip_fp8x4_storage_t)__hip_cvt_halfraw2_to_fp8x2(high, __default_saturation,     \
                                                                 __default_interpret)            \
                  << 16) {}                                                                      \
    __HIPCORE_FP8_QUAD_VECTORS(Name)                                                             \
  };                                                                                             \
  static_assert(sizeof(Name) == 4 && alignof(Name) == 4, #Name " is four bytes");

#if defined(__HIPCORE_HAVE_VECTOR_TYPES)
#define __HIPCORE_FP8_LANE(i) \
  __hipcore_fp8_to_float((__hip_fp8_storage_t)(__x >> (8 * i)), __default_interpret)
#define __HIPCORE_FP8_TO(cvt, v, i) \
  ((__hip_fp8x4_storage_t)cvt(v, __default_saturation, __default_interpret) << (8 * i))
#define __HIPCORE_FP8_PAIR_VECTORS(Name)                                                   \
  __HIPCORE_FP_FUNC Name(const float2 v)                                                   \
      : __x((__hip_fp8x2_storage_t)(__HIPCORE_FP8_TO(__hip_cvt_float_to_fp8, v.x, 0) |     \
                                    __HIPCORE_FP8_TO(__hip_cvt_float_to_fp8, v.y, 1))) {}  \
  __HIPCORE_FP_FUNC Name(const double2 v)                                                  \
      : __x((__hip_fp8x2_storage_t)(__HIPCORE_FP8_TO(__hip_cvt_double_to_fp8, v.x, 0) |    \
                                    __HIPCORE_FP8_TO(__hip_cvt_double_to_fp8, v.y, 1))) {} \
  __HIPCORE_FP_FUNC operator float2() const {                                              \
    return make_float2(__HIPCORE_FP8_LANE(0), __HIPCORE_FP8_LANE(1));                      \
  }
#define __HIPCORE_FP8_QUAD_VECTORS(Name)                                                    \
  __HIPCORE_FP_FUNC Name(const float4 v)                                                    \
      : __x(__HIPCORE_FP8_TO(__hip_cvt_float_to_fp8, v.x, 0) |                              \
            __HIPCORE_FP8_TO(__hip_cvt_float_to_fp8, v.y, 1) |                              \
            __HIPCORE_FP8_TO(__hip_cvt_float_to_fp8, v.z, 2) |                              \
            __HIPCORE_FP8_TO(__hip_cvt_float_to_fp8, v.w, 3)) {}                            \
  __HIPCORE_FP_FUNC Name(const double4 v)                                                   \
      : __x(__HIPCORE_FP8_TO(__hip_cvt_double_to_fp8, v.x, 0) |                             \
            __HIPCORE_FP8_TO(__hip_cvt_double_to_fp8, v.y, 1) |                             \
            __HIPCORE_FP8_TO(__hip_cvt_double_to_fp8, v.z, 2) |                             \
            __HIPCORE_FP8_TO(__hip_cvt_double_to_fp8, v.w, 3)) {}                           \
  __HIPCORE_FP_FUNC operator float4() const {                                               \
    return make_float4(__HIPCORE_FP8_LANE(0), __HIPCORE_FP8_LANE(1), __HIPCORE_FP8_LANE(2), \
                       __HIPCORE_FP8_LANE(3));                                              \
  }
#else
#define __HIPCORE_FP8_PAIR_VECTORS(Name)
#define __HIPCORE_FP8_QUAD_VECTORS(Name)
#endif

__HIPCORE_FP8_SCALAR(__hip_fp8_e4m3, __HIP_E4M3, 4, 3)
__HIPCORE_FP8_SCALAR(__hip_fp8_e5m2, __HIP_E5M2, 5, 2)
__HIPCORE_FP8_SCALAR(__hip_fp8_e4m3_fnuz, __HIP_E4M3_FNUZ, 4, 3)
__HIPCORE_FP8_SCALAR(__hip_fp8_e5m2_fnuz, __HIP_E5M2_FNUZ, 5, 2)
__HIPCORE_FP8_PAIR(__hip_fp8x2_e4m3, __HIP_E4M3, 4, 3)
__HIPCORE_FP8_PAIR(__hip_fp8x2_e5m2, __HIP_E5M2, 5, 2)
__HIPCORE_FP8_PAIR(__hip_fp8x2_e4m3_fnuz, __HIP_E4M3_FNUZ, 4, 3)
__HIPCORE_FP8_PAIR(__hip_fp8x2_e5m2_fnuz, __HIP_E5M2_FNUZ, 5, 2)
__HIPCORE_FP8_QUAD(__hip_fp8x4_e4m3, __HIP_E4M3, 4, 3)
__HIPCORE_FP8_QUAD(__hip_fp8x4_e5m2, __HIP_E5M2, 5, 2)
__HIPCORE_FP8_QUAD(__hip_fp8x4_e4m3_fnuz, __HIP_E4M3_FNUZ, 4, 3)
__HIPCORE_FP8_QUAD(__hip_fp8x4_e5m2_fnuz, __HIP_E5M2_FNUZ, 5, 2)

#undef __HIPCORE_FP8_SCALAR
#undef __HIPCORE_FP8_PAIR
#undef __HIPCORE_FP8_QUAD
#undef __HIPCORE_FP8_INT_CONVERSION
#undef __HIPCORE_FP8_PAIR_VECTORS
#undef __HIPCORE_FP8_QUAD_VECTORS
#undef __HIPCORE_FP8_LANE
#undef __HIPCORE_FP8_TO

#endif  // defined(__cplusplus)
