// bfloat16 for HIP (HIP 6.2's hip_bf16.h API, CUDA's cuda_bf16.h names): __hip_bfloat16,
// __hip_bfloat162, their raw forms, conversions, arithmetic, comparisons and math, usable from
// device and host code (clang and g++).
//
// Layout (AMD's ABI): __hip_bfloat16 is one unsigned short (2 bytes, align 2); __hip_bfloat162
// is two of them (4 bytes, align 4). Arithmetic is done in float and rounded to nearest even,
// which for +, -, *, / is the correctly rounded bfloat16 result (float keeps 24 >= 2*8+2 bits).
#pragma once

// The raw forms are plain structs, also for C.
typedef struct __attribute__((aligned(2))) __hip_bfloat16_raw {
  unsigned short x;
} __hip_bfloat16_raw;
typedef struct __attribute__((aligned(4))) __hip_bfloat162_raw {
  unsigned short x;
  unsigned short y;
} __hip_bfloat162_raw;

#if defined(__cplusplus)
#include <type_traits>

#include <hip/detail/small_float.h>

#if defined(__HIP__)
#include <hip/hip_runtime.h>
#endif
#if __has_include("hip_vector_types.h")
#include "hip_vector_types.h"
#define __HIPCORE_HAVE_VECTOR_TYPES 1
#endif

#if defined(__HIP__) && !defined(__HIPCORE_HALF_DEVICE)
#define __HIPCORE_HALF_DEVICE __device__ inline __attribute__((always_inline))
#endif

// Float to bfloat16, round to nearest even; NaNs stay NaNs (quiet, sign kept).
__HIPCORE_FP_FUNC unsigned short __hipcore_bf16_from_float(float f) {
  uint32_t bits = __builtin_bit_cast(uint32_t, f);
  if ((bits & 0x7fffffffu) > 0x7f800000u) return (unsigned short)((bits >> 16) | 0x40);
  uint32_t lsb = (bits >> 16) & 1;
  return (unsigned short)((bits + 0x7fffu + lsb) >> 16);
}
__HIPCORE_FP_FUNC float __hipcore_bf16_to_float(unsigned short b) {
  return __builtin_bit_cast(float, uint32_t(b) << 16);
}

struct __attribute__((aligned(2))) __hip_bfloat16 {
 protected:
  unsigned short __x;

 public:
  __hip_bfloat16() = default;
  __HIPCORE_FP_FUNC __hip_bfloat16(const __hip_bfloat16_raw& r) : __x(r.x) {}
  __HIPCORE_FP_FUNC __hip_bfloat16(float f) : __x(__hipcore_bf16_from_float(f)) {}
  __HIPCORE_FP_FUNC __hip_bfloat16(double d)
      : __x((unsigned short)__hipcore_sf_from_double(__hipcore_sf_bf16, d, __HIPCORE_ROUND_NEAREST,
                                                     false)) {}
  template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
  __HIPCORE_FP_FUNC __hip_bfloat16(T v)
      : __x((unsigned short)(std::is_signed<T>::value
                                 ? __hipcore_sf_from_int64(__hipcore_sf_bf16, (int64_t)v,
                                                           __HIPCORE_ROUND_NEAREST)
                                 : __hipcore_sf_from_uint64(__hipcore_sf_bf16, (uint64_t)v,
                                                            __HIPCORE_ROUND_NEAREST))) {}

  __HIPCORE_FP_FUNC operator __hip_bfloat16_raw() const { return __hip_bfloat16_raw{__x}; }
  __HIPCORE_FP_FUNC operator __hip_bfloat16_raw() const volatile { return __hip_bfloat16_raw{__x}; }
  __HIPCORE_FP_FUNC operator float() const { return __hipcore_bf16_to_float(__x); }
  __HIPCORE_FP_FUNC explicit operator bool() const { return (__x & 0x7fff) != 0; }
  template <typename T,
            typename std::enable_if<std::is_integral<T>::value && !std::is_same<T, bool>::value,
                                    int>::type = 0>
  __HIPCORE_FP_FUNC operator T() const {
    return static_cast<T>(__hipcore_bf16_to_float(__x));
  }

  __HIPCORE_FP_FUNC __hip_bfloat16& operator=(const __hip_bfloat16_raw& r) {
    __x = r.x;
    return *this;
  }
  __HIPCORE_FP_FUNC volatile __hip_bfloat16& operator=(const __hip_bfloat16_raw& r) volatile {
    __x = r.x;
    return *this;
  }
  __HIPCORE_FP_FUNC __hip_bfloat16& operator=(float f) {
    __x = __hipcore_bf16_from_float(f);
    return *this;
  }
  __HIPCORE_FP_FUNC __hip_bfloat16& operator=(double d) { return *this = __hip_bfloat16(d); }
};

struct __attribute__((aligned(4))) __hip_bfloat162 {
  __hip_bfloat16 x;
  __hip_bfloat16 y;

  __hip_bfloat162() = default;
  __HIPCORE_FP_FUNC __hip_bfloat162(const __hip_bfloat16& a, const __hip_bfloat16& b)
      : x(a), y(b) {}
  __HIPCORE_FP_FUNC __hip_bfloat162(const __hip_bfloat162_raw& r)
      : x(__hip_bfloat16_raw{r.x}), y(__hip_bfloat16_raw{r.y}) {}
  __HIPCORE_FP_FUNC operator __hip_bfloat162_raw() const {
    return __hip_bfloat162_raw{static_cast<__hip_bfloat16_raw>(x).x,
                               static_cast<__hip_bfloat16_raw>(y).x};
  }
  __HIPCORE_FP_FUNC __hip_bfloat162& operator=(const __hip_bfloat162_raw& r) {
    x = __hip_bfloat16_raw{r.x};
    y = __hip_bfloat16_raw{r.y};
    return *this;
  }
#if defined(__HIPCORE_HAVE_VECTOR_TYPES)
  __HIPCORE_FP_FUNC operator float2() const { return make_float2(float(x), float(y)); }
#endif
};

static_assert(sizeof(__hip_bfloat16) == 2 && alignof(__hip_bfloat16) == 2, "bfloat16: 2 bytes");
static_assert(sizeof(__hip_bfloat162) == 4 && alignof(__hip_bfloat162) == 4, "bfloat162: 4");
static_assert(sizeof(__hip_bfloat16_raw) == 2 && sizeof(__hip_bfloat162_raw) == 4, "raw sizes");

#include <hip/detail/half/bf16_functions.h>

#endif  // defined(__cplusplus)
