// Host references in a chosen rounding direction: the host's own IEEE arithmetic run under
// fesetround. Files using this are compiled with -frounding-math so that nothing is folded; the
// operation itself runs in a function the optimizer may neither inline nor analyse, because GCC
// otherwise moves floating-point operations across the fesetround calls (GCC bug 34678).
#pragma once

#include <cfenv>
#include <cstdint>
#include <cstring>

namespace isatest {

// The order of the CUDA suffixes in the kernels' rows: _rn, _rz, _ru, _rd.
inline constexpr int kHostModes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
inline constexpr const char* kModeSuffix[4] = {"_rn", "_rz", "_ru", "_rd"};

#if defined(__clang__)
#define ISATEST_OPAQUE __attribute__((noinline))
#else
#define ISATEST_OPAQUE __attribute__((noinline, noipa))
#endif
template <typename Fn>
ISATEST_OPAQUE auto callOpaque(Fn& fn) {
  asm volatile("" ::: "memory");
  return fn();
}

template <typename Fn>
auto inMode(int mode, Fn fn) {
  int old = std::fegetround();
  std::fesetround(mode);
  auto result = callOpaque(fn);
  std::fesetround(old);
  return result;
}

inline std::uint32_t bitsOf(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline std::uint64_t bitsOf(double d) {
  std::uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}
inline float floatFrom(std::uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline double doubleFrom(std::uint64_t u) {
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}

}  // namespace isatest
