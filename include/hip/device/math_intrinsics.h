// CUDA math API intrinsics clang's HIP wrapper leaves out: the correctly rounded arithmetic in
// the directed rounding modes (__fadd_rz ... __fma_rd; the wrapper has only the _rn forms unless
// OCML_BASIC_ROUNDED_OPERATIONS names device-library functions that no longer exist), the
// __fmaf_ieee_* forms, and the integer averages (__hadd ... __urhadd).
#pragma once

#include <hip/device/rounding.h>

#define __HIPCORE_DEVICE __device__ inline __attribute__((always_inline))

#if !defined(OCML_BASIC_ROUNDED_OPERATIONS)
// name##_rz/_ru/_rd(params) = __hipcore_fp::op<F>(args, mode).
#define __HIPCORE_DIRECTED(F, name, op, params, args)                              \
  __HIPCORE_DEVICE F name##_rz params {                                            \
    return __hipcore_fp::op<F>(__HIPCORE_UNPAREN args, __hipcore_fp::Round::Zero); \
  }                                                                                \
  __HIPCORE_DEVICE F name##_ru params {                                            \
    return __hipcore_fp::op<F>(__HIPCORE_UNPAREN args, __hipcore_fp::Round::Up);   \
  }                                                                                \
  __HIPCORE_DEVICE F name##_rd params {                                            \
    return __hipcore_fp::op<F>(__HIPCORE_UNPAREN args, __hipcore_fp::Round::Down); \
  }
#define __HIPCORE_UNPAREN(...) __VA_ARGS__

namespace __hipcore_fp {
template <typename F>
__HIPCORE_DEVICE F sub(F x, F y, Round mode) {
  return add<F>(x, -y, mode);
}
template <typename F>
__HIPCORE_DEVICE F rcp(F x, Round mode) {
  return div<F>((F)1, x, mode);
}
template <typename F>
__HIPCORE_DEVICE F fma3(F x, F y, F z, Round mode) {
  return fma<F>(x, y, z, /*hasAddend=*/true, mode);
}
}  // namespace __hipcore_fp

__HIPCORE_DIRECTED(float, __fadd, add, (float x, float y), (x, y))
__HIPCORE_DIRECTED(float, __fsub, sub, (float x, float y), (x, y))
__HIPCORE_DIRECTED(float, __fmul, mul, (float x, float y), (x, y))
__HIPCORE_DIRECTED(float, __fdiv, div, (float x, float y), (x, y))
__HIPCORE_DIRECTED(float, __frcp, rcp, (float x), (x))
__HIPCORE_DIRECTED(float, __fsqrt, sqrt, (float x), (x))
__HIPCORE_DIRECTED(float, __fmaf, fma3, (float x, float y, float z), (x, y, z))
__HIPCORE_DIRECTED(double, __dadd, add, (double x, double y), (x, y))
__HIPCORE_DIRECTED(double, __dsub, sub, (double x, double y), (x, y))
__HIPCORE_DIRECTED(double, __dmul, mul, (double x, double y), (x, y))
__HIPCORE_DIRECTED(double, __ddiv, div, (double x, double y), (x, y))
__HIPCORE_DIRECTED(double, __drcp, rcp, (double x), (x))
__HIPCORE_DIRECTED(double, __dsqrt, sqrt, (double x), (x))
__HIPCORE_DIRECTED(double, __fma, fma3, (double x, double y, double z), (x, y, z))
#undef __HIPCORE_DIRECTED
#undef __HIPCORE_UNPAREN
#else
// With OCML_BASIC_ROUNDED_OPERATIONS, clang's wrapper defines all the forms on
// __ocml_<op>_<rte|rtz|rtp|rtn>_<f32|f64>, which today's device libraries no longer have: they
// are defined here on the same exact core.
#define __HIPCORE_OCML_MODE(op, F, suffix, mode, modeName, params, args)           \
  extern "C" __device__ inline F __ocml_##op##_##modeName##_##suffix params {      \
    return __hipcore_fp::op<F>(__HIPCORE_UNPAREN args, __hipcore_fp::Round::mode); \
  }
#define __HIPCORE_OCML(op, F, suffix, params, args)              \
  __HIPCORE_OCML_MODE(op, F, suffix, Nearest, rte, params, args) \
  __HIPCORE_OCML_MODE(op, F, suffix, Zero, rtz, params, args)    \
  __HIPCORE_OCML_MODE(op, F, suffix, Up, rtp, params, args)      \
  __HIPCORE_OCML_MODE(op, F, suffix, Down, rtn, params, args)
#define __HIPCORE_UNPAREN(...) __VA_ARGS__
namespace __hipcore_fp {
template <typename F>
__HIPCORE_DEVICE F sub(F x, F y, Round mode) {
  return add<F>(x, -y, mode);
}
template <typename F>
__HIPCORE_DEVICE F fma3(F x, F y, F z, Round mode) {
  return fma<F>(x, y, z, /*hasAddend=*/true, mode);
}
}  // namespace __hipcore_fp
__HIPCORE_OCML(add, float, f32, (float x, float y), (x, y))
__HIPCORE_OCML(sub, float, f32, (float x, float y), (x, y))
__HIPCORE_OCML(mul, float, f32, (float x, float y), (x, y))
__HIPCORE_OCML(div, float, f32, (float x, float y), (x, y))
__HIPCORE_OCML(sqrt, float, f32, (float x), (x))
__HIPCORE_OCML(add, double, f64, (double x, double y), (x, y))
__HIPCORE_OCML(sub, double, f64, (double x, double y), (x, y))
__HIPCORE_OCML(mul, double, f64, (double x, double y), (x, y))
__HIPCORE_OCML(div, double, f64, (double x, double y), (x, y))
__HIPCORE_OCML(sqrt, double, f64, (double x), (x))
#undef __HIPCORE_OCML
#undef __HIPCORE_OCML_MODE
#define __HIPCORE_OCML_FMA(F, suffix, mode, modeName)                              \
  extern "C" __device__ inline F __ocml_fma_##modeName##_##suffix(F x, F y, F z) { \
    return __hipcore_fp::fma3<F>(x, y, z, __hipcore_fp::Round::mode);              \
  }
__HIPCORE_OCML_FMA(float, f32, Nearest, rte)
__HIPCORE_OCML_FMA(float, f32, Zero, rtz)
__HIPCORE_OCML_FMA(float, f32, Up, rtp)
__HIPCORE_OCML_FMA(float, f32, Down, rtn)
__HIPCORE_OCML_FMA(double, f64, Nearest, rte)
__HIPCORE_OCML_FMA(double, f64, Zero, rtz)
__HIPCORE_OCML_FMA(double, f64, Up, rtp)
__HIPCORE_OCML_FMA(double, f64, Down, rtn)
#undef __HIPCORE_OCML_FMA
#undef __HIPCORE_UNPAREN
#endif  // OCML_BASIC_ROUNDED_OPERATIONS

// CUDA's fmaf forms that ignore -ftz: hipcore never flushes in these, so they are the plain ones.
__HIPCORE_DEVICE float __fmaf_ieee_rn(float x, float y, float z) {
  return __builtin_fmaf(x, y, z);
}
__HIPCORE_DEVICE float __fmaf_ieee_rz(float x, float y, float z) {
  return __hipcore_fp::fma<float>(x, y, z, /*hasAddend=*/true, __hipcore_fp::Round::Zero);
}
__HIPCORE_DEVICE float __fmaf_ieee_ru(float x, float y, float z) {
  return __hipcore_fp::fma<float>(x, y, z, /*hasAddend=*/true, __hipcore_fp::Round::Up);
}
__HIPCORE_DEVICE float __fmaf_ieee_rd(float x, float y, float z) {
  return __hipcore_fp::fma<float>(x, y, z, /*hasAddend=*/true, __hipcore_fp::Round::Down);
}

// Averages without overflow: (x + y) >> 1, and (x + y + 1) >> 1 for the rounding (r) forms,
// computed in 64 bits.
__HIPCORE_DEVICE int __hadd(int x, int y) {
  return (int)(((long long)x + y) >> 1);
}
__HIPCORE_DEVICE int __rhadd(int x, int y) {
  return (int)(((long long)x + y + 1) >> 1);
}
__HIPCORE_DEVICE unsigned int __uhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x + y) >> 1);
}
__HIPCORE_DEVICE unsigned int __urhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x + y + 1) >> 1);
}

#undef __HIPCORE_DEVICE
