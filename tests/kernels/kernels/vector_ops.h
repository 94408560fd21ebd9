// The vector-type expressions under test, shared by the device kernels (vector_types.hip) and the
// host test that runs them on g++'s side of the header: one row of results per input element.
#pragma once

#include <hip/hip_vector_types.h>

#include <type_traits>

#if defined(__HIP__)
#define VT_HOST_DEVICE __host__ __device__
#else
#define VT_HOST_DEVICE
#endif

namespace vt {

// Result rows per element (vectors) and flags (ints), by index.
enum Row {
  kAdd,
  kSub,
  kMul,
  kDiv,
  kAddScalar,
  kScalarSub,
  kMulLiteral,
  kDivScalar,
  kCompoundChain,
  kPreInc,
  kPostIncResult,
  kPostIncAfter,
  kPreDec,
  kPostDecAfter,
  kBroadcast,
  kReversed,
  kMake,
  kComponentWrites,
  kNeg,
  kRem,
  kAnd,
  kOr,
  kXor,
  kShl,
  kShr,
  kNot,
  kRemLiteral,
  kScalarXor,
  kShlLiteral,
  kIntegerChain,
  kRows
};
enum Flag { kEq, kNe, kEqSelf, kEqScalar, kScalarNe, kFlags };

template <class T, unsigned int n>
VT_HOST_DEVICE HIP_vector_type<T, n> reversed(const HIP_vector_type<T, n>& a) {
  if constexpr (n == 1)
    return HIP_vector_type<T, n>(a.x);
  else if constexpr (n == 2)
    return HIP_vector_type<T, n>{a.y, a.x};
  else if constexpr (n == 3)
    return HIP_vector_type<T, n>{a.z, a.y, a.x};
  else
    return HIP_vector_type<T, n>{a.w, a.z, a.y, a.x};
}

// make_<type> for each vector type, looked up by the type.
template <class V>
struct Maker;
#define VT_MAKER(type)                        \
  template <>                                 \
  struct Maker<type> {                        \
    template <class... C>                     \
    VT_HOST_DEVICE static type make(C... c) { \
      return make_##type(c...);               \
    }                                         \
  };
#define VT_MAKERS(name) VT_MAKER(name##1) VT_MAKER(name##2) VT_MAKER(name##3) VT_MAKER(name##4)
VT_MAKERS(char)
VT_MAKERS(uchar)
VT_MAKERS(short)
VT_MAKERS(ushort)
VT_MAKERS(int)
VT_MAKERS(uint)
VT_MAKERS(long)
VT_MAKERS(ulong)
VT_MAKERS(longlong)
VT_MAKERS(ulonglong)
VT_MAKERS(float)
VT_MAKERS(double)
#undef VT_MAKERS
#undef VT_MAKER

// Components alternating between a (even k) and b (odd k), through the make_<type> function.
template <class T, unsigned int n>
VT_HOST_DEVICE HIP_vector_type<T, n> alternate(const HIP_vector_type<T, n>& a,
                                               const HIP_vector_type<T, n>& b) {
  typedef Maker<HIP_vector_type<T, n>> M;
  if constexpr (n == 1)
    return M::make(a.x);
  else if constexpr (n == 2)
    return M::make(a.x, b.y);
  else if constexpr (n == 3)
    return M::make(a.x, b.y, a.z);
  else
    return M::make(a.x, b.y, a.z, b.w);
}

template <class T, unsigned int n>
VT_HOST_DEVICE void computeRow(const HIP_vector_type<T, n>& a, const HIP_vector_type<T, n>& b,
                               const HIP_vector_type<T, n>& sh, HIP_vector_type<T, n>* out,
                               int* flags) {
  typedef HIP_vector_type<T, n> V;
  const T s = b.x;
  out[kAdd] = a + b;
  out[kSub] = a - b;
  out[kMul] = a * b;
  out[kDiv] = a / b;
  out[kAddScalar] = a + s;
  out[kScalarSub] = s - a;
  out[kMulLiteral] = a * 2;
  out[kDivScalar] = a / s;
  V r = a;
  r += b;
  r -= s;
  r *= V(T(3));
  r /= s;
  out[kCompoundChain] = r;
  r = a;
  out[kPreInc] = ++r;
  r = a;
  out[kPostIncResult] = r++;
  out[kPostIncAfter] = r;
  r = a;
  out[kPreDec] = --r;
  r = a;
  r--;
  out[kPostDecAfter] = r;
  out[kBroadcast] = V(s);
  out[kReversed] = reversed(a);
  out[kMake] = alternate(a, b);
  r = a;
  r.x = b.x;
  if constexpr (n >= 2) r.y = a.x;
  if constexpr (n >= 3) r.z += b.z;
  if constexpr (n >= 4) r.w = r.w * T(2);
  out[kComponentWrites] = r;
  if constexpr (std::is_signed<T>::value) out[kNeg] = -a;
  if constexpr (std::is_integral<T>::value) {
    out[kRem] = a % b;
    out[kAnd] = a & b;
    out[kOr] = a | b;
    out[kXor] = a ^ b;
    out[kShl] = a << sh;
    out[kShr] = a >> sh;
    out[kNot] = ~a;
    out[kRemLiteral] = a % 7;
    out[kScalarXor] = 0x5a ^ a;
    out[kShlLiteral] = a << 1;
    r = a;
    r ^= b;
    r |= sh;
    r &= a;
    r >>= sh;
    r %= b;
    out[kIntegerChain] = r;
  }
  flags[kEq] = a == b;
  flags[kNe] = a != b;
  V copy = a;
  flags[kEqSelf] = a == copy;
  flags[kEqScalar] = a == s;
  flags[kScalarNe] = s != a;
}

}  // namespace vt
