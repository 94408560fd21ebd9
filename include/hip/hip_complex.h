// HIP's single- and double-precision complex numbers: hipFloatComplex is float2 and
// hipDoubleComplex is double2 (x the real part, y the imaginary part), as in AMD's headers, with
// the hipC* functions (host and device).
//
// As on AMD's platform, including this header gives float2 and double2 complex operators in C++:
// a * b and a / b become the complex product and quotient (these non-template overloads win over
// the element-wise templates of hip_vector_types.h), and z * s scales by a scalar s in s's type.
// a += b, a -= b, a *= b and a /= b are ambiguous between the element-wise and the complex
// operator and do not compile, as with AMD's headers (write a = a * b).
#pragma once

#include <hip/hip_vector_types.h>

#if defined(__cplusplus)
#if !defined(__HIP__)
#include <math.h>
#endif

typedef float2 hipFloatComplex;
typedef double2 hipDoubleComplex;
typedef hipFloatComplex hipComplex;

// Both precisions have the same functions, the float ones with an `f` suffix. Division and the
// absolute value use the textbook formulas without rescaling, as AMD's do: |q|^2 overflows (or
// underflows) once components pass about 1e19 (float) or 1e154 (double) in magnitude.
#define __HIPCORE_COMPLEX_FUNCTIONS(C, R, sfx, sqrtFn)                  \
  __HIPCORE_HOST_DEVICE inline R hipCreal##sfx(C z) {                   \
    return z.x;                                                         \
  }                                                                     \
  __HIPCORE_HOST_DEVICE inline R hipCimag##sfx(C z) {                   \
    return z.y;                                                         \
  }                                                                     \
  __HIPCORE_HOST_DEVICE inline C hipConj##sfx(C z) {                    \
    return C(z.x, -z.y);                                                \
  }                                                                     \
  __HIPCORE_HOST_DEVICE inline R hipCsqabs##sfx(C z) {                  \
    return z.x * z.x + z.y * z.y;                                       \
  }                                                                     \
  __HIPCORE_HOST_DEVICE inline C hipCadd##sfx(C p, C q) {               \
    return C(p.x + q.x, p.y + q.y);                                     \
  }                                                                     \
  __HIPCORE_HOST_DEVICE inline C hipCsub##sfx(C p, C q) {               \
    return C(p.x - q.x, p.y - q.y);                                     \
  }                                                                     \
  __HIPCORE_HOST_DEVICE inline C hipCmul##sfx(C p, C q) {               \
    return C(p.x * q.x - p.y * q.y, p.y * q.x + p.x * q.y);             \
  }                                                                     \
  __HIPCORE_HOST_DEVICE inline C hipCdiv##sfx(C p, C q) {               \
    R d = hipCsqabs##sfx(q);                                            \
    return C((p.x * q.x + p.y * q.y) / d, (p.y * q.x - p.x * q.y) / d); \
  }                                                                     \
  __HIPCORE_HOST_DEVICE inline R hipCabs##sfx(C z) {                    \
    return sqrtFn(hipCsqabs##sfx(z));                                   \
  }                                                                     \
  /* p * q + r, each partial product added to r's part in turn. */      \
  __HIPCORE_HOST_DEVICE inline C hipCfma##sfx(C p, C q, C r) {          \
    R re = p.x * q.x + r.x;                                             \
    R im = p.y * q.x + r.y;                                             \
    return C(-(p.y * q.y) + re, p.x * q.y + im);                        \
  }

__HIPCORE_COMPLEX_FUNCTIONS(hipFloatComplex, float, f, sqrtf)
__HIPCORE_COMPLEX_FUNCTIONS(hipDoubleComplex, double, , sqrt)
#undef __HIPCORE_COMPLEX_FUNCTIONS

__HIPCORE_HOST_DEVICE inline hipFloatComplex make_hipFloatComplex(float re, float im) {
  return hipFloatComplex(re, im);
}
__HIPCORE_HOST_DEVICE inline hipDoubleComplex make_hipDoubleComplex(double re, double im) {
  return hipDoubleComplex(re, im);
}
__HIPCORE_HOST_DEVICE inline hipComplex make_hipComplex(float re, float im) {
  return hipComplex(re, im);
}
__HIPCORE_HOST_DEVICE inline hipFloatComplex hipComplexDoubleToFloat(hipDoubleComplex z) {
  return hipFloatComplex(static_cast<float>(z.x), static_cast<float>(z.y));
}
__HIPCORE_HOST_DEVICE inline hipDoubleComplex hipComplexFloatToDouble(hipFloatComplex z) {
  return hipDoubleComplex(static_cast<double>(z.x), static_cast<double>(z.y));
}

// The operators AMD's header defines on float2 and double2 (see the top of this file).
#define __HIPCORE_COMPLEX_OPERATORS(C, sfx)                              \
  __HIPCORE_HOST_DEVICE inline C operator-(const C& z) {                 \
    return C(-z.x, -z.y);                                                \
  }                                                                      \
  __HIPCORE_HOST_DEVICE inline bool operator==(const C& a, const C& b) { \
    return a.x == b.x && a.y == b.y;                                     \
  }                                                                      \
  __HIPCORE_HOST_DEVICE inline bool operator!=(const C& a, const C& b) { \
    return !(a == b);                                                    \
  }                                                                      \
  __HIPCORE_HOST_DEVICE inline C operator+(const C& a, const C& b) {     \
    return hipCadd##sfx(a, b);                                           \
  }                                                                      \
  __HIPCORE_HOST_DEVICE inline C operator-(const C& a, const C& b) {     \
    return hipCsub##sfx(a, b);                                           \
  }                                                                      \
  __HIPCORE_HOST_DEVICE inline C operator*(const C& a, const C& b) {     \
    return hipCmul##sfx(a, b);                                           \
  }                                                                      \
  __HIPCORE_HOST_DEVICE inline C operator/(const C& a, const C& b) {     \
    return hipCdiv##sfx(a, b);                                           \
  }                                                                      \
  __HIPCORE_HOST_DEVICE inline C& operator+=(C& a, const C& b) {         \
    return a = a + b;                                                    \
  }                                                                      \
  __HIPCORE_HOST_DEVICE inline C& operator-=(C& a, const C& b) {         \
    return a = a - b;                                                    \
  }                                                                      \
  __HIPCORE_HOST_DEVICE inline C& operator*=(C& a, const C& b) {         \
    return a = a * b;                                                    \
  }                                                                      \
  __HIPCORE_HOST_DEVICE inline C& operator/=(C& a, const C& b) {         \
    return a = a / b;                                                    \
  }

// z * s for each scalar type AMD's header lists, each part multiplied in the usual arithmetic
// conversions of (part, s) and the product converted back to the part's type.
#define __HIPCORE_COMPLEX_SCALE(C, S)                         \
  __HIPCORE_HOST_DEVICE inline C operator*(const C& z, S s) { \
    return C(z.x * s, z.y * s);                               \
  }
#define __HIPCORE_COMPLEX_SCALES(C)            \
  __HIPCORE_COMPLEX_SCALE(C, unsigned short)   \
  __HIPCORE_COMPLEX_SCALE(C, signed short)     \
  __HIPCORE_COMPLEX_SCALE(C, unsigned int)     \
  __HIPCORE_COMPLEX_SCALE(C, signed int)       \
  __HIPCORE_COMPLEX_SCALE(C, float)            \
  __HIPCORE_COMPLEX_SCALE(C, unsigned long)    \
  __HIPCORE_COMPLEX_SCALE(C, signed long)      \
  __HIPCORE_COMPLEX_SCALE(C, double)           \
  __HIPCORE_COMPLEX_SCALE(C, signed long long) \
  __HIPCORE_COMPLEX_SCALE(C, unsigned long long)

__HIPCORE_COMPLEX_OPERATORS(hipFloatComplex, f)
__HIPCORE_COMPLEX_OPERATORS(hipDoubleComplex, )
__HIPCORE_COMPLEX_SCALES(hipFloatComplex)
__HIPCORE_COMPLEX_SCALES(hipDoubleComplex)
#undef __HIPCORE_COMPLEX_SCALES
#undef __HIPCORE_COMPLEX_SCALE
#undef __HIPCORE_COMPLEX_OPERATORS
#endif  // __cplusplus
