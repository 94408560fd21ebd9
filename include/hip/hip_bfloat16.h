// The legacy hip_bfloat16 struct (rocBLAS-era HIP API): a C-compatible wrapper of the 16 raw
// bits, with round-to-nearest-even or truncating conversion from float and arithmetic done in
// float. New code uses __hip_bfloat16 from hip_bf16.h.
#pragma once

#include <stdint.h>

#if !defined(__cplusplus)
typedef struct {
  uint16_t data;
} hip_bfloat16;
#else
#include <ostream>
#include <type_traits>

#include <hip/detail/small_float.h>

struct hip_bfloat16 {
  uint16_t data;

  enum truncate_t { truncate };

  hip_bfloat16() = default;
  explicit __HIPCORE_FP_FUNC hip_bfloat16(float f) : data(float_to_bfloat16(f)) {}
  explicit __HIPCORE_FP_FUNC hip_bfloat16(float f, truncate_t)
      : data(truncate_float_to_bfloat16(f)) {}

  __HIPCORE_FP_FUNC operator float() const {
    return __builtin_bit_cast(float, uint32_t(data) << 16);
  }

  static __HIPCORE_FP_FUNC hip_bfloat16 round_to_bfloat16(float f) {
    hip_bfloat16 out;
    out.data = float_to_bfloat16(f);
    return out;
  }
  static __HIPCORE_FP_FUNC hip_bfloat16 round_to_bfloat16(float f, truncate_t) {
    hip_bfloat16 out;
    out.data = truncate_float_to_bfloat16(f);
    return out;
  }

 private:
  // Round to nearest even; a NaN keeps a set mantissa bit so that it cannot become infinity.
  static __HIPCORE_FP_FUNC uint16_t float_to_bfloat16(float f) {
    uint32_t bits = __builtin_bit_cast(uint32_t, f);
    if ((bits & 0x7f800000u) != 0x7f800000u)
      return uint16_t((bits + 0x7fffu + ((bits >> 16) & 1)) >> 16);
    return uint16_t(bits >> 16) | ((bits & 0xffffu) ? 1 : 0);
  }
  // Drop the low 16 bits; again a NaN whose payload lay only there keeps its lowest bit set.
  static __HIPCORE_FP_FUNC uint16_t truncate_float_to_bfloat16(float f) {
    uint32_t bits = __builtin_bit_cast(uint32_t, f);
    bool nan_low_only = (bits & 0x7f800000u) == 0x7f800000u && (bits & 0xffffu);
    return uint16_t(bits >> 16) | (nan_low_only ? 1 : 0);
  }
};

static_assert(std::is_standard_layout<hip_bfloat16>::value && std::is_trivial<hip_bfloat16>::value,
              "hip_bfloat16 must stay a C-compatible trivial type");
static_assert(sizeof(hip_bfloat16) == 2 && alignof(hip_bfloat16) == 2, "hip_bfloat16 is 2 bytes");

inline std::ostream& operator<<(std::ostream& os, const hip_bfloat16& b) {
  return os << float(b);
}

__HIPCORE_FP_FUNC hip_bfloat16 operator+(hip_bfloat16 a) {
  return a;
}
__HIPCORE_FP_FUNC hip_bfloat16 operator-(hip_bfloat16 a) {
  a.data ^= 0x8000;
  return a;
}
__HIPCORE_FP_FUNC hip_bfloat16 operator+(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(float(a) + float(b));
}
__HIPCORE_FP_FUNC hip_bfloat16 operator-(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(float(a) - float(b));
}
__HIPCORE_FP_FUNC hip_bfloat16 operator*(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(float(a) * float(b));
}
__HIPCORE_FP_FUNC hip_bfloat16 operator/(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(float(a) / float(b));
}
__HIPCORE_FP_FUNC bool operator<(hip_bfloat16 a, hip_bfloat16 b) {
  return float(a) < float(b);
}
__HIPCORE_FP_FUNC bool operator==(hip_bfloat16 a, hip_bfloat16 b) {
  return float(a) == float(b);
}
__HIPCORE_FP_FUNC bool operator>(hip_bfloat16 a, hip_bfloat16 b) {
  return b < a;
}
__HIPCORE_FP_FUNC bool operator<=(hip_bfloat16 a, hip_bfloat16 b) {
  return !(a > b);
}
__HIPCORE_FP_FUNC bool operator!=(hip_bfloat16 a, hip_bfloat16 b) {
  return !(a == b);
}
__HIPCORE_FP_FUNC bool operator>=(hip_bfloat16 a, hip_bfloat16 b) {
  return !(a < b);
}
__HIPCORE_FP_FUNC hip_bfloat16& operator+=(hip_bfloat16& a, hip_bfloat16 b) {
  return a = a + b;
}
__HIPCORE_FP_FUNC hip_bfloat16& operator-=(hip_bfloat16& a, hip_bfloat16 b) {
  return a = a - b;
}
__HIPCORE_FP_FUNC hip_bfloat16& operator*=(hip_bfloat16& a, hip_bfloat16 b) {
  return a = a * b;
}
__HIPCORE_FP_FUNC hip_bfloat16& operator/=(hip_bfloat16& a, hip_bfloat16 b) {
  return a = a / b;
}
__HIPCORE_FP_FUNC hip_bfloat16& operator++(hip_bfloat16& a) {
  return a += hip_bfloat16(1.0f);
}
__HIPCORE_FP_FUNC hip_bfloat16& operator--(hip_bfloat16& a) {
  return a -= hip_bfloat16(1.0f);
}
__HIPCORE_FP_FUNC hip_bfloat16 operator++(hip_bfloat16& a, int) {
  hip_bfloat16 old = a;
  ++a;
  return old;
}
__HIPCORE_FP_FUNC hip_bfloat16 operator--(hip_bfloat16& a, int) {
  hip_bfloat16 old = a;
  --a;
  return old;
}

// Classification overloads in std, as the legacy header provides them.
namespace std {
constexpr __HIPCORE_FP_FUNC bool isinf(hip_bfloat16 a) {
  return (a.data & 0x7fff) == 0x7f80;
}
constexpr __HIPCORE_FP_FUNC bool isnan(hip_bfloat16 a) {
  return (a.data & 0x7fff) > 0x7f80;
}
constexpr __HIPCORE_FP_FUNC bool iszero(hip_bfloat16 a) {
  return (a.data & 0x7fff) == 0;
}
}  // namespace std
#endif
