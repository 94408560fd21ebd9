// VOPC: v_cmp_* (mask to VCC or an SGPR), v_cmpx_* (mask to EXEC) and v_cmp_class_*
// (RDNA2 ISA section 6.4). Lanes outside EXEC get 0 in the result mask.
#include <cmath>
#include <string>
#include <type_traits>

#include "isa/HandlerTable.h"
#include "isa/Lanes.h"

namespace vgpu::isa {

void writeCompare(Wave& w, const MicroOp& u, std::uint64_t result) {
  std::uint64_t r = result & w.exec();
  if (u.numDst == 0)
    w.setExec(r);  // v_cmpx: gfx10+ writes only EXEC
  else
    writeMask(w, u.dst[0], r);
}

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

template <class T>
T as(u64 bits);
template <>
u32 as<u32>(u64 b) {
  return static_cast<u32>(b);
}
template <>
std::int32_t as<std::int32_t>(u64 b) {
  return static_cast<std::int32_t>(b);
}
template <>
u64 as<u64>(u64 b) {
  return b;
}
template <>
std::int64_t as<std::int64_t>(u64 b) {
  return static_cast<std::int64_t>(b);
}
template <>
float as<float>(u64 b) {
  return asF32(static_cast<u32>(b));
}
template <>
double as<double>(u64 b) {
  return asF64(b);
}
template <>
_Float16 as<_Float16>(u64 b) {
  return asF16(static_cast<u32>(b));
}
template <>
std::int16_t as<std::int16_t>(u64 b) {
  return static_cast<std::int16_t>(b);
}
template <>
std::uint16_t as<std::uint16_t>(u64 b) {
  return static_cast<std::uint16_t>(b);
}

template <class T, class P>
Handler compare(P) {
  return [](Wave& w, const MicroOp& u) {
    u64 result = 0;
    // MODE's denormal input flushing applies to float compares (RDNA2 ISA 3.8): f32 by its
    // own bit, f64 and f16 by the shared one.
    constexpr bool isFloat = std::is_floating_point_v<T> || std::is_same_v<T, _Float16>;
    const bool flush =
        isFloat && !(w.mode & (sizeof(T) == 4 ? kModeDenormF32In : kModeDenormF64In));
    if constexpr (sizeof(T) == 4) {
      if (u.plain32 && !flush) [[likely]] {
        Sources32Plain s;
        fetch32Plain<2>(w, u, s);
        alignas(16) Lanes32 flags;
        for (unsigned l = 0; l < kWave32; ++l) flags[l] = P{}(as<T>(s.p[0][l]), as<T>(s.p[1][l]));
        writeCompare(w, u, packMask(flags, kWave32));
        return;
      }
    }
    if constexpr (sizeof(T) == 8) {
      Lanes64 a, b;
      src64(w, u, 0, a);
      src64(w, u, 1, b);
      if (flush) [[unlikely]]
        for (unsigned l = 0; l < w.lanes; ++l) {
          a[l] = flushF64(a[l]);
          b[l] = flushF64(b[l]);
        }
      Lanes32 flags;
      for (unsigned l = 0; l < w.lanes; ++l) flags[l] = P{}(as<T>(a[l]), as<T>(b[l]));
      result = packMask(flags, w.lanes);
    } else {
      Sources32 s;
      fetch32(w, u, 2, s);
      // Results as 0/1 lanes packed once at the end: the common case's loop vectorises.
      Lanes32 flags;
      const unsigned n = w.lanes;
      const u32* pa = s.p[0];
      const u32* pb = s.p[1];
      if (sizeof(T) == 4 && !flush) [[likely]] {
        for (unsigned l = 0; l < n; ++l) flags[l] = P{}(as<T>(pa[l]), as<T>(pb[l]));
      } else {
        for (unsigned l = 0; l < n; ++l) {
          u32 a = pa[l], b = pb[l];
          if constexpr (sizeof(T) == 2) {
            a >>= (u.opSel & 1) ? 16 : 0;
            b >>= (u.opSel & 2) ? 16 : 0;
            if (flush) {
              a = flushF16(a);
              b = flushF16(b);
            }
          } else if (flush) {
            a = flushF32(a);
            b = flushF32(b);
          }
          flags[l] = P{}(as<T>(a), as<T>(b));
        }
      }
      result = packMask(flags, n);
    }
    writeCompare(w, u, result);
  };
}

// v_cmp_class: bit i of the mask tests class i (0 sNaN, 1 qNaN, 2 -inf, 3 -normal,
// 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf).
template <class F>
bool inClassWide(F x, u32 mask);

template <class F>
bool inClass(F x, u32 mask) {
  if constexpr (sizeof(F) != 2) {
    return inClassWide(x, mask);
  } else {
    // f16 classes from the bits: the host's fpclassify has no _Float16 overload.
    u32 b = bitsF16(x), e = (b >> 10) & 0x1f, m = b & 0x3ff;
    bool neg = b & 0x8000;
    int c = e == 0x1f ? (m ? ((m >> 9) ? 1 : 0) : (neg ? 2 : 9))
            : e       ? (neg ? 3 : 8)
            : m       ? (neg ? 4 : 7)
                      : (neg ? 5 : 6);
    return (mask >> c) & 1;
  }
}

// f32 classes from the bits, as fpclassify and signbit give them.
inline u32 classBitF32(u32 b, u32 mask) {
  const u32 e = (b >> 23) & 0xff, m = b & 0x7fffff;
  const bool neg = b >> 31;
  const u32 c = e == 0xff ? (m ? ((m >> 22) & 1) : (neg ? 2 : 9))
                : e       ? (neg ? 3 : 8)
                : m       ? (neg ? 4 : 7)
                          : (neg ? 5 : 6);
  return (mask >> c) & 1;
}

template <class F>
bool inClassWide(F x, u32 mask) {
  int c;
  bool neg = std::signbit(x);
  switch (std::fpclassify(x)) {
    case FP_NAN: {
      bool quiet;
      if constexpr (sizeof(F) == 8)
        quiet = (bitsF64(x) >> 51) & 1;
      else
        quiet = (bitsF32(x) >> 22) & 1;
      c = quiet ? 1 : 0;
      break;
    }
    case FP_INFINITE:
      c = neg ? 2 : 9;
      break;
    case FP_NORMAL:
      c = neg ? 3 : 8;
      break;
    case FP_SUBNORMAL:
      c = neg ? 4 : 7;
      break;
    default:
      c = neg ? 5 : 6;
      break;
  }
  return (mask >> c) & 1;
}

template <class F>
void compareClass(Wave& w, const MicroOp& u) {
  u64 result = 0;
  Sources32 s;
  if constexpr (sizeof(F) == 8) {
    Lanes64 a;
    src64(w, u, 0, a);
    const u32* m = src32(w, u, 1, s.tmp[1]);
    for (unsigned l = 0; l < w.lanes; ++l) result |= u64(inClass(asF64(a[l]), m[l])) << l;
  } else if constexpr (sizeof(F) == 4) {
    // Flags per lane packed once (the shift chain into `result` kept the loop serial).
    fetch32(w, u, 2, s);
    Lanes32 flags;
    for (unsigned l = 0; l < w.lanes; ++l) flags[l] = classBitF32(s.p[0][l], s.p[1][l]);
    result = packMask(flags, w.lanes);
  } else {
    fetch32(w, u, 2, s);
    for (unsigned l = 0; l < w.lanes; ++l) result |= u64(inClass(as<F>(s.p[0][l]), s.p[1][l])) << l;
  }
  writeCompare(w, u, result);
}

// Registers v_cmp_<op>_<type> and v_cmpx_<op>_<type>.
template <class T, class P>
void both(P p, HandlerTable& t, const std::string& op, const char* type) {
  t.add("v_cmp_" + op + "_" + type, compare<T>(p), 1);
  t.add("v_cmpx_" + op + "_" + type, compare<T>(p), 0);
}

template <class T>
void integerCompares(HandlerTable& t, const char* type) {
  both<T>([](T a, T b) { return a == b; }, t, "eq", type);
  both<T>([](T a, T b) { return a != b; }, t, "ne", type);
  both<T>([](T a, T b) { return a < b; }, t, "lt", type);
  both<T>([](T a, T b) { return a <= b; }, t, "le", type);
  both<T>([](T a, T b) { return (a > b); }, t, "gt", type);
  both<T>([](T a, T b) { return (a >= b); }, t, "ge", type);
  both<T>([](T, T) { return false; }, t, "f", type);
  both<T>([](T, T) { return true; }, t, "t", type);
}

template <class T>
void floatCompares(HandlerTable& t, const char* type) {
  both<T>([](T a, T b) { return a == b; }, t, "eq", type);
  both<T>([](T a, T b) { return a < b; }, t, "lt", type);
  both<T>([](T a, T b) { return a <= b; }, t, "le", type);
  both<T>([](T a, T b) { return (a > b); }, t, "gt", type);
  both<T>([](T a, T b) { return (a >= b); }, t, "ge", type);
  both<T>([](T a, T b) { return (a < b || a > b); }, t, "lg", type);
  both<T>([](T a, T b) { return a == a && b == b; }, t, "o", type);
  both<T>([](T a, T b) { return a != a || b != b; }, t, "u", type);
  both<T>([](T a, T b) { return !(a == b); }, t, "neq", type);
  both<T>([](T a, T b) { return !(a < b); }, t, "nlt", type);
  both<T>([](T a, T b) { return !(a <= b); }, t, "nle", type);
  both<T>([](T a, T b) { return !(a > b); }, t, "ngt", type);
  both<T>([](T a, T b) { return !(a >= b); }, t, "nge", type);
  both<T>([](T a, T b) { return !(a < b || a > b); }, t, "nlg", type);
  both<T>([](T, T) { return false; }, t, "f", type);
  both<T>([](T, T) { return true; }, t, "tru", type);
}

}  // namespace

void registerVectorCompareOps(HandlerTable& t) {
  integerCompares<std::int32_t>(t, "i32");
  integerCompares<u32>(t, "u32");
  integerCompares<std::int64_t>(t, "i64");
  integerCompares<u64>(t, "u64");
  integerCompares<std::int16_t>(t, "i16");
  integerCompares<std::uint16_t>(t, "u16");
  floatCompares<float>(t, "f32");
  floatCompares<double>(t, "f64");
  floatCompares<_Float16>(t, "f16");
  t.add("v_cmp_class_f32", compareClass<float>, 1);
  t.add("v_cmpx_class_f32", compareClass<float>, 0);
  t.add("v_cmp_class_f64", compareClass<double>, 1).mixedSource = 1;
  t.add("v_cmpx_class_f64", compareClass<double>, 0).mixedSource = 1;
  t.add("v_cmp_class_f16", compareClass<_Float16>, 1);
  t.add("v_cmpx_class_f16", compareClass<_Float16>, 0);
}

}  // namespace vgpu::isa
