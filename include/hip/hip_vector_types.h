// HIP's vector types (char1 ... double4) and their make_<type> functions, for host C++ (g++ and
// clang, C++11 and later: hip_runtime.h includes it, and hiprtc accepts -std=c++11) and HIP device
// code, with the layout of AMD's HIP headers.
#pragma once

#if defined(__cplusplus)
#include <hip/detail/vector_type.h>

#define __HIPCORE_VECTOR_TYPES(name, T)  \
  typedef HIP_vector_type<T, 1> name##1; \
  typedef HIP_vector_type<T, 2> name##2; \
  typedef HIP_vector_type<T, 3> name##3; \
  typedef HIP_vector_type<T, 4> name##4;

// make_<name>N takes its components as `C`, which AMD's headers spell `signed char` for char and
// `signed short` (etc.) for the signed types.
#define __HIPCORE_MAKE_VECTOR(name, C)                                                         \
  __HIPCORE_HOST_DEVICE inline constexpr name##1 make_##name##1(C x) noexcept {                \
    return name##1(x);                                                                         \
  }                                                                                            \
  __HIPCORE_HOST_DEVICE inline constexpr name##2 make_##name##2(C x, C y) noexcept {           \
    return name##2(x, y);                                                                      \
  }                                                                                            \
  __HIPCORE_HOST_DEVICE inline constexpr name##3 make_##name##3(C x, C y, C z) noexcept {      \
    return name##3(x, y, z);                                                                   \
  }                                                                                            \
  __HIPCORE_HOST_DEVICE inline constexpr name##4 make_##name##4(C x, C y, C z, C w) noexcept { \
    return name##4(x, y, z, w);                                                                \
  }

#define __HIPCORE_VECTOR_FAMILY(name, T, C) \
  __HIPCORE_VECTOR_TYPES(name, T)           \
  __HIPCORE_MAKE_VECTOR(name, C)

__HIPCORE_VECTOR_FAMILY(char, char, signed char)
__HIPCORE_VECTOR_FAMILY(uchar, unsigned char, unsigned char)
__HIPCORE_VECTOR_FAMILY(short, short, signed short)
__HIPCORE_VECTOR_FAMILY(ushort, unsigned short, unsigned short)
__HIPCORE_VECTOR_FAMILY(int, int, signed int)
__HIPCORE_VECTOR_FAMILY(uint, unsigned int, unsigned int)
__HIPCORE_VECTOR_FAMILY(long, long, signed long)
__HIPCORE_VECTOR_FAMILY(ulong, unsigned long, unsigned long)
__HIPCORE_VECTOR_FAMILY(longlong, long long, signed long long)
__HIPCORE_VECTOR_FAMILY(ulonglong, unsigned long long, unsigned long long)
__HIPCORE_VECTOR_FAMILY(float, float, float)
__HIPCORE_VECTOR_FAMILY(double, double, double)

#undef __HIPCORE_VECTOR_FAMILY
#undef __HIPCORE_MAKE_VECTOR
#undef __HIPCORE_VECTOR_TYPES
#endif  // __cplusplus
