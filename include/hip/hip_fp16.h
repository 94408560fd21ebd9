// Half precision for HIP (HIP 6.2's hip_fp16.h API, CUDA's cuda_fp16.h names): __half, __half2,
// their raw forms, conversions in every rounding mode, arithmetic, comparisons and math. Usable
// from device code, from the host side of a HIP compile and from plain clang++/g++ host code.
//
// Layout (AMD's ABI): __half is one _Float16 (2 bytes, align 2). Under clang __half2 is a
// two-lane _Float16 vector (4 bytes, align 4) overlaid with members x and y; g++ has no such
// vector and, as AMD's g++ header does, lays __half2 out as two __half (4 bytes, align 2).
//
// Semantics follow CUDA's documentation where AMD's header differs: __hne and the ordered
// comparisons are false when an operand is NaN (the *u forms are true), the _sat forms clamp to
// [0, 1] with NaN giving +0, and float-to-integer conversions saturate with NaN giving 0.
#pragma once

// The raw forms are plain structs, also for C.
#if defined(__clang__)
typedef _Float16 _Float16_2 __attribute__((ext_vector_type(2)));
#endif

struct __half_raw {
  union {
    _Float16 data;
    unsigned short x;
  };
};

#if defined(__clang__)
struct __half2_raw {
  union {
    struct {
      struct __half_raw x;
      struct __half_raw y;
    };
    _Float16_2 data;
  };
};
#else
struct __half2_raw {
  struct __half_raw x;
  struct __half_raw y;
};
#endif

#if defined(__cplusplus)
#include <type_traits>

#include <hip/detail/small_float.h>

#if defined(__HIP__)
#include <hip/hip_runtime.h>  // warpSize, the shuffle templates, atomics
#endif

// float2 comes from hipcore's vector-type header when the tree has it (looked up beside this
// file only, never in another HIP installation).
#if __has_include("hip_vector_types.h")
#include "hip_vector_types.h"
#define __HIPCORE_HAVE_VECTOR_TYPES 1
#endif

#if defined(__HIP__)
#define __HIPCORE_HALF_DEVICE __device__ inline __attribute__((always_inline))
#endif

struct __half {
 protected:
  union {
    _Float16 data;
    unsigned short __x;
  };

 public:
  __half() = default;
  __HIPCORE_FP_FUNC constexpr __half(const __half_raw& r) : data(r.data) {}
  __HIPCORE_FP_FUNC __half(const volatile __half_raw& r) : data(r.data) {}
#if !defined(__HIP_NO_HALF_CONVERSIONS__)
  __HIPCORE_FP_FUNC constexpr __half(_Float16 v) : data(v) {}
  // Any standard floating type (float, double, long double), rounded to nearest even once.
  template <typename T, typename std::enable_if<std::is_floating_point<T>::value, int>::type = 0>
  __HIPCORE_FP_FUNC constexpr __half(T v) : data(static_cast<_Float16>(v)) {}
  template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
  __HIPCORE_FP_FUNC constexpr __half(T v) : data(static_cast<_Float16>(v)) {}
#endif

  __half(const __half&) = default;
  __half(__half&&) = default;
  __half& operator=(const __half&) = default;
  __half& operator=(__half&&) = default;
  ~__half() = default;

  __HIPCORE_FP_FUNC __half& operator=(const __half_raw& r) {
    data = r.data;
    return *this;
  }
  __HIPCORE_FP_FUNC volatile __half& operator=(const __half_raw& r) volatile {
    data = r.data;
    return *this;
  }
  __HIPCORE_FP_FUNC volatile __half& operator=(const volatile __half_raw& r) volatile {
    data = r.data;
    return *this;
  }
#if !defined(__HIP_NO_HALF_CONVERSIONS__)
  template <typename T, typename std::enable_if<std::is_floating_point<T>::value, int>::type = 0>
  __HIPCORE_FP_FUNC __half& operator=(T v) {
    data = static_cast<_Float16>(v);
    return *this;
  }
  template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
  __HIPCORE_FP_FUNC __half& operator=(T v) {
    data = static_cast<_Float16>(v);
    return *this;
  }

  __HIPCORE_FP_FUNC operator float() const { return data; }
  template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
  __HIPCORE_FP_FUNC operator T() const {
    return static_cast<T>(data);
  }
#endif
  __HIPCORE_FP_FUNC operator __half_raw() const {
    __half_raw r;
    r.data = data;
    return r;
  }
  __HIPCORE_FP_FUNC operator __half_raw() const volatile {
    __half_raw r;
    r.data = data;
    return r;
  }

#if !defined(__HIP_NO_HALF_OPERATORS__)
  // Builds a result from its value without the (optional) converting constructors.
  static __HIPCORE_FP_FUNC __half __hipcore_of(_Float16 v) {
    __half h;
    h.data = v;
    return h;
  }
  __HIPCORE_FP_FUNC __half& operator+=(const __half& o) {
    data += o.data;
    return *this;
  }
  __HIPCORE_FP_FUNC __half& operator-=(const __half& o) {
    data -= o.data;
    return *this;
  }
  __HIPCORE_FP_FUNC __half& operator*=(const __half& o) {
    data *= o.data;
    return *this;
  }
  __HIPCORE_FP_FUNC __half& operator/=(const __half& o) {
    data /= o.data;
    return *this;
  }
  __HIPCORE_FP_FUNC __half& operator++() {
    data += _Float16(1);
    return *this;
  }
  __HIPCORE_FP_FUNC __half operator++(int) {
    __half old = *this;
    data += _Float16(1);
    return old;
  }
  __HIPCORE_FP_FUNC __half& operator--() {
    data -= _Float16(1);
    return *this;
  }
  __HIPCORE_FP_FUNC __half operator--(int) {
    __half old = *this;
    data -= _Float16(1);
    return old;
  }
  __HIPCORE_FP_FUNC __half operator+() const { return *this; }
  __HIPCORE_FP_FUNC __half operator-() const { return __hipcore_of(_Float16(-data)); }

  friend __HIPCORE_FP_FUNC __half operator+(const __half& a, const __half& b) {
    return __hipcore_of(_Float16(a.data + b.data));
  }
  friend __HIPCORE_FP_FUNC __half operator-(const __half& a, const __half& b) {
    return __hipcore_of(_Float16(a.data - b.data));
  }
  friend __HIPCORE_FP_FUNC __half operator*(const __half& a, const __half& b) {
    return __hipcore_of(_Float16(a.data * b.data));
  }
  friend __HIPCORE_FP_FUNC __half operator/(const __half& a, const __half& b) {
    return __hipcore_of(_Float16(a.data / b.data));
  }
  friend __HIPCORE_FP_FUNC bool operator==(const __half& a, const __half& b) {
    return a.data == b.data;
  }
  friend __HIPCORE_FP_FUNC bool operator!=(const __half& a, const __half& b) {
    return a.data != b.data;
  }
  friend __HIPCORE_FP_FUNC bool operator<(const __half& a, const __half& b) {
    return a.data < b.data;
  }
  friend __HIPCORE_FP_FUNC bool operator>(const __half& a, const __half& b) {
    return a.data > b.data;
  }
  friend __HIPCORE_FP_FUNC bool operator<=(const __half& a, const __half& b) {
    return a.data <= b.data;
  }
  friend __HIPCORE_FP_FUNC bool operator>=(const __half& a, const __half& b) {
    return a.data >= b.data;
  }
#endif
};

struct __half2 {
#if defined(__clang__)
  union {
    struct {
      __half x;
      __half y;
    };
    _Float16_2 data;
  };
#else
  __half x;
  __half y;
#endif

  __half2() = default;
  __half2(const __half2&) = default;
  __half2(__half2&&) = default;
  __half2& operator=(const __half2&) = default;
  __half2& operator=(__half2&&) = default;
  ~__half2() = default;
  __HIPCORE_FP_FUNC __half2(const __half& a, const __half& b) : x(a), y(b) {}
  __HIPCORE_FP_FUNC __half2(const __half2_raw& r) : x(r.x), y(r.y) {}
#if defined(__clang__)
  __HIPCORE_FP_FUNC __half2(_Float16_2 v) : data(v) {}
  __HIPCORE_FP_FUNC operator _Float16_2() const { return data; }
#endif
  __HIPCORE_FP_FUNC __half2& operator=(const __half2_raw& r) {
    x = r.x;
    y = r.y;
    return *this;
  }
  __HIPCORE_FP_FUNC operator __half2_raw() const {
    __half2_raw r;
    r.x = x;
    r.y = y;
    return r;
  }

#if !defined(__HIP_NO_HALF_OPERATORS__)
  __HIPCORE_FP_FUNC __half2& operator+=(const __half2& o) {
    x += o.x;
    y += o.y;
    return *this;
  }
  __HIPCORE_FP_FUNC __half2& operator-=(const __half2& o) {
    x -= o.x;
    y -= o.y;
    return *this;
  }
  __HIPCORE_FP_FUNC __half2& operator*=(const __half2& o) {
    x *= o.x;
    y *= o.y;
    return *this;
  }
  __HIPCORE_FP_FUNC __half2& operator/=(const __half2& o) {
    x /= o.x;
    y /= o.y;
    return *this;
  }
  __HIPCORE_FP_FUNC __half2& operator++() {
    ++x;
    ++y;
    return *this;
  }
  __HIPCORE_FP_FUNC __half2 operator++(int) {
    __half2 old = *this;
    ++*this;
    return old;
  }
  __HIPCORE_FP_FUNC __half2& operator--() {
    --x;
    --y;
    return *this;
  }
  __HIPCORE_FP_FUNC __half2 operator--(int) {
    __half2 old = *this;
    --*this;
    return old;
  }
  __HIPCORE_FP_FUNC __half2 operator+() const { return *this; }
  __HIPCORE_FP_FUNC __half2 operator-() const { return __half2(-x, -y); }

  friend __HIPCORE_FP_FUNC __half2 operator+(const __half2& a, const __half2& b) {
    return __half2(a.x + b.x, a.y + b.y);
  }
  friend __HIPCORE_FP_FUNC __half2 operator-(const __half2& a, const __half2& b) {
    return __half2(a.x - b.x, a.y - b.y);
  }
  friend __HIPCORE_FP_FUNC __half2 operator*(const __half2& a, const __half2& b) {
    return __half2(a.x * b.x, a.y * b.y);
  }
  friend __HIPCORE_FP_FUNC __half2 operator/(const __half2& a, const __half2& b) {
    return __half2(a.x / b.x, a.y / b.y);
  }
  // Both lanes must satisfy the relation (as CUDA's operators on __half2 and __hbeq2 ...).
  friend __HIPCORE_FP_FUNC bool operator==(const __half2& a, const __half2& b) {
    return a.x == b.x && a.y == b.y;
  }
  friend __HIPCORE_FP_FUNC bool operator!=(const __half2& a, const __half2& b) {
    return a.x != b.x && a.y != b.y;
  }
  friend __HIPCORE_FP_FUNC bool operator<(const __half2& a, const __half2& b) {
    return a.x < b.x && a.y < b.y;
  }
  friend __HIPCORE_FP_FUNC bool operator>(const __half2& a, const __half2& b) {
    return a.x > b.x && a.y > b.y;
  }
  friend __HIPCORE_FP_FUNC bool operator<=(const __half2& a, const __half2& b) {
    return a.x <= b.x && a.y <= b.y;
  }
  friend __HIPCORE_FP_FUNC bool operator>=(const __half2& a, const __half2& b) {
    return a.x >= b.x && a.y >= b.y;
  }
#endif
};

static_assert(sizeof(__half_raw) == 2 && alignof(__half_raw) == 2, "__half_raw is 2 bytes");
static_assert(sizeof(__half) == 2 && alignof(__half) == 2, "__half is 2 bytes");
static_assert(sizeof(__half2_raw) == 4 && sizeof(__half2) == 4, "__half2 is 4 bytes");
#if defined(__clang__)
static_assert(alignof(__half2) == 4 && alignof(__half2_raw) == 4, "clang: __half2 aligns to 4");
#endif

#if !defined(HIP_NO_HALF)
typedef __half half;
typedef __half2 half2;
#endif

#include <hip/detail/half/half_functions.h>

#endif  // defined(__cplusplus)
