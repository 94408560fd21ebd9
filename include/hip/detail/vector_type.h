// HIP_vector_type<T, n>: the template behind char1 ... double4 (the name AMD's headers give it,
// which public code names, e.g. rocPRIM's HIP_vector_type<float, 2>, and which mangled kernel
// names carry: a float4 parameter mangles as 15HIP_vector_typeIfLj4EE).
//
// Operators are element-wise and follow AMD's headers: + - * / on every element type;
// % ^ | & << >> and ~ on integer ones; unary - on signed ones; ++ and -- add or subtract one in
// every component; == is true when every component compares equal and != is its negation. A
// scalar operand of a type convertible to T is broadcast to every component first. Each
// component is computed in C++'s scalar arithmetic (operands promoted, the result converted back
// to T), which gives what the clang vector operations behind AMD's operators give wherever those
// are defined, and defined results for some they leave undefined (a char shifted by 9 is 0).
// The integer compound assignments take a vector only: `v %= 3` does not compile, as with AMD's
// headers (AMD's own tests require that). Beyond AMD's set: scalar << vector, which AMD's headers
// declare but cannot deduce. As in AMD's headers there is
// no unary + or !, and no conversion between vector types.
#pragma once

#include <hip/detail/vector_base.h>

template <class T, unsigned int rank>
struct HIP_vector_type;

namespace __hipcore_detail {

template <class U, class T>
using EnableIfScalar = typename std::enable_if<std::is_convertible<U, T>::value, int>::type;
template <class T>
using EnableIfIntegral = typename std::enable_if<std::is_integral<T>::value, int>::type;

// The scalar operation behind each operator, on promoted operands.
#define __HIPCORE_VECTOR_OP(Name, op)                                                              \
  struct Name {                                                                                    \
    template <class T>                                                                             \
    __HIPCORE_HOST_DEVICE constexpr auto operator()(T a, T b) const noexcept -> decltype(a op b) { \
      return a op b;                                                                               \
    }                                                                                              \
  };
__HIPCORE_VECTOR_OP(Add, +)
__HIPCORE_VECTOR_OP(Sub, -)
__HIPCORE_VECTOR_OP(Mul, *)
__HIPCORE_VECTOR_OP(Div, /)
__HIPCORE_VECTOR_OP(Rem, %)
__HIPCORE_VECTOR_OP(Xor, ^)
__HIPCORE_VECTOR_OP(Or, |)
__HIPCORE_VECTOR_OP(And, &)
__HIPCORE_VECTOR_OP(Shl, <<)
__HIPCORE_VECTOR_OP(Shr, >>)
#undef __HIPCORE_VECTOR_OP

struct Neg {
  template <class T>
  __HIPCORE_HOST_DEVICE constexpr auto operator()(T a) const noexcept -> decltype(-a) {
    return -a;
  }
};
struct Not {
  template <class T>
  __HIPCORE_HOST_DEVICE constexpr auto operator()(T a) const noexcept -> decltype(~a) {
    return ~a;
  }
};

// The type a component is computed in: T's usual promotion, except that unsigned types narrower
// than int go to unsigned int, whose arithmetic wraps (65535 * 65535 would overflow int).
template <class T>
using Arith = typename std::conditional<std::is_unsigned<T>::value && sizeof(T) < sizeof(int),
                                        unsigned int, T>::type;

// Per-rank helpers (single return statements, for C++11's constexpr): zip applies f to each pair
// of components, map to each component, allEqual compares every component.
template <unsigned int n>
struct Lanes;

#define __HIPCORE_ZIP(c) static_cast<T>(f(Arith<T>(a.c), Arith<T>(b.c)))
#define __HIPCORE_MAP(c) static_cast<T>(f(Arith<T>(a.c)))
#define __HIPCORE_LANES(n, zipped, mapped, equal)                                       \
  template <>                                                                           \
  struct Lanes<n> {                                                                     \
    template <class T, class F>                                                         \
    __HIPCORE_HOST_DEVICE static constexpr HIP_vector_type<T, n> zip(                   \
        const HIP_vector_type<T, n>& a, const HIP_vector_type<T, n>& b, F f) noexcept { \
      return HIP_vector_type<T, n>(zipped);                                             \
    }                                                                                   \
    template <class T, class F>                                                         \
    __HIPCORE_HOST_DEVICE static constexpr HIP_vector_type<T, n> map(                   \
        const HIP_vector_type<T, n>& a, F f) noexcept {                                 \
      return HIP_vector_type<T, n>(mapped);                                             \
    }                                                                                   \
    template <class T>                                                                  \
    __HIPCORE_HOST_DEVICE static constexpr bool allEqual(                               \
        const HIP_vector_type<T, n>& a, const HIP_vector_type<T, n>& b) noexcept {      \
      return equal;                                                                     \
    }                                                                                   \
  };
#define __HIPCORE_COMMA ,
__HIPCORE_LANES(1, __HIPCORE_ZIP(x), __HIPCORE_MAP(x), a.x == b.x)
__HIPCORE_LANES(2, __HIPCORE_ZIP(x) __HIPCORE_COMMA __HIPCORE_ZIP(y),
                __HIPCORE_MAP(x) __HIPCORE_COMMA __HIPCORE_MAP(y), a.x == b.x && a.y == b.y)
__HIPCORE_LANES(3,
                __HIPCORE_ZIP(x) __HIPCORE_COMMA __HIPCORE_ZIP(y) __HIPCORE_COMMA __HIPCORE_ZIP(z),
                __HIPCORE_MAP(x) __HIPCORE_COMMA __HIPCORE_MAP(y) __HIPCORE_COMMA __HIPCORE_MAP(z),
                a.x == b.x && a.y == b.y && a.z == b.z)
__HIPCORE_LANES(4,
                __HIPCORE_ZIP(x) __HIPCORE_COMMA __HIPCORE_ZIP(y) __HIPCORE_COMMA __HIPCORE_ZIP(z)
                    __HIPCORE_COMMA __HIPCORE_ZIP(w),
                __HIPCORE_MAP(x) __HIPCORE_COMMA __HIPCORE_MAP(y) __HIPCORE_COMMA __HIPCORE_MAP(z)
                    __HIPCORE_COMMA __HIPCORE_MAP(w),
                a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w)
#undef __HIPCORE_COMMA
#undef __HIPCORE_LANES
#undef __HIPCORE_MAP
#undef __HIPCORE_ZIP

template <class T, unsigned int n, class F>
__HIPCORE_HOST_DEVICE constexpr HIP_vector_type<T, n> zip(const HIP_vector_type<T, n>& a,
                                                          const HIP_vector_type<T, n>& b,
                                                          F f) noexcept {
  return Lanes<n>::zip(a, b, f);
}
template <class T, unsigned int n, class F>
__HIPCORE_HOST_DEVICE constexpr HIP_vector_type<T, n> map(const HIP_vector_type<T, n>& a,
                                                          F f) noexcept {
  return Lanes<n>::map(a, f);
}
template <class T, unsigned int n>
__HIPCORE_HOST_DEVICE constexpr bool allEqual(const HIP_vector_type<T, n>& a,
                                              const HIP_vector_type<T, n>& b) noexcept {
  return Lanes<n>::allEqual(a, b);
}

// True when every type of Us converts to T.
template <class T, class... Us>
struct AllConvertible : std::true_type {};
template <class T, class U, class... Us>
struct AllConvertible<T, U, Us...>
    : std::integral_constant<bool, std::is_convertible<U, T>::value &&
                                       AllConvertible<T, Us...>::value> {};

}  // namespace __hipcore_detail

template <class T, unsigned int rank>
struct HIP_vector_type : public HIP_vector_base<T, rank> {
  static_assert(rank >= 1 && rank <= 4, "HIP_vector_type has 1 to 4 components");
  using HIP_vector_base<T, rank>::data;
  using typename HIP_vector_base<T, rank>::Native_vec_;

  HIP_vector_type() = default;
  // Broadcast: every component set to x_ (explicit, as in AMD's headers: float4 v{1.0f}).
  template <class U, __hipcore_detail::EnableIfScalar<U, T> = 0>
  __HIPCORE_HOST_DEVICE explicit constexpr HIP_vector_type(U x_) noexcept
      : HIP_vector_base<T, rank>(static_cast<T>(x_)) {}
  // One value per component, each converted to T (float4 v = {1, 2, 3, 4}).
  template <class... Us,
            typename std::enable_if<(rank > 1) && sizeof...(Us) == rank &&
                                        __hipcore_detail::AllConvertible<T, Us...>::value,
                                    int>::type = 0>
  __HIPCORE_HOST_DEVICE constexpr HIP_vector_type(Us... xs) noexcept
      : HIP_vector_base<T, rank>(static_cast<T>(xs)...) {}

  __HIPCORE_HOST_DEVICE __HIPCORE_CONSTEXPR14 HIP_vector_type& operator++() noexcept {
    return *this += HIP_vector_type(T(1));
  }
  __HIPCORE_HOST_DEVICE __HIPCORE_CONSTEXPR14 HIP_vector_type operator++(int) noexcept {
    HIP_vector_type old = *this;
    ++*this;
    return old;
  }
  __HIPCORE_HOST_DEVICE __HIPCORE_CONSTEXPR14 HIP_vector_type& operator--() noexcept {
    return *this -= HIP_vector_type(T(1));
  }
  __HIPCORE_HOST_DEVICE __HIPCORE_CONSTEXPR14 HIP_vector_type operator--(int) noexcept {
    HIP_vector_type old = *this;
    --*this;
    return old;
  }

  template <class U = T, typename std::enable_if<std::is_signed<U>::value, int>::type = 0>
  __HIPCORE_HOST_DEVICE constexpr HIP_vector_type operator-() const noexcept {
    return __hipcore_detail::map(*this, __hipcore_detail::Neg{});
  }
  template <class U = T, __hipcore_detail::EnableIfIntegral<U> = 0>
  __HIPCORE_HOST_DEVICE constexpr HIP_vector_type operator~() const noexcept {
    return __hipcore_detail::map(*this, __hipcore_detail::Not{});
  }

// Compound assignment: + - * / from a vector or a broadcast scalar, the integer-only operators
// from a vector. The vector forms of + - * /
// are plain members, as in AMD's headers (so that `v += {1, 2}` works, and so that
// hip_complex.h's float2 operators overload against them as they do on AMD's platform); the
// integer-only ones are templates limited to integer element types.
#define __HIPCORE_VECTOR_COMPOUND(op, Fn)                                                       \
  __HIPCORE_HOST_DEVICE __HIPCORE_CONSTEXPR14 HIP_vector_type& operator op(                     \
      const HIP_vector_type & other) noexcept {                                                 \
    return *this = __hipcore_detail::zip(*this, other, __hipcore_detail::Fn{});                 \
  }                                                                                             \
  template <class U, __hipcore_detail::EnableIfScalar<U, T> = 0>                                \
  __HIPCORE_HOST_DEVICE __HIPCORE_CONSTEXPR14 HIP_vector_type& operator op(U scalar) noexcept { \
    return *this op HIP_vector_type(scalar);                                                    \
  }
#define __HIPCORE_VECTOR_COMPOUND_INTEGRAL(op, Fn)                              \
  template <class G = T, __hipcore_detail::EnableIfIntegral<G> = 0>             \
  __HIPCORE_HOST_DEVICE __HIPCORE_CONSTEXPR14 HIP_vector_type& operator op(     \
      const HIP_vector_type & other) noexcept {                                 \
    return *this = __hipcore_detail::zip(*this, other, __hipcore_detail::Fn{}); \
  }
  __HIPCORE_VECTOR_COMPOUND(+=, Add)
  __HIPCORE_VECTOR_COMPOUND(-=, Sub)
  __HIPCORE_VECTOR_COMPOUND(*=, Mul)
  __HIPCORE_VECTOR_COMPOUND(/=, Div)
  __HIPCORE_VECTOR_COMPOUND_INTEGRAL(%=, Rem)
  __HIPCORE_VECTOR_COMPOUND_INTEGRAL(^=, Xor)
  __HIPCORE_VECTOR_COMPOUND_INTEGRAL(|=, Or)
  __HIPCORE_VECTOR_COMPOUND_INTEGRAL(&=, And)
  __HIPCORE_VECTOR_COMPOUND_INTEGRAL(<<=, Shl)
  __HIPCORE_VECTOR_COMPOUND_INTEGRAL(>>=, Shr)
#undef __HIPCORE_VECTOR_COMPOUND
#undef __HIPCORE_VECTOR_COMPOUND_INTEGRAL
};

// Binary operators: vector op vector, vector op scalar, scalar op vector.
#define __HIPCORE_VECTOR_BINARY(op, Fn, Guard)                                            \
  template <class T, unsigned int n, Guard = 0>                                           \
  __HIPCORE_HOST_DEVICE constexpr HIP_vector_type<T, n> operator op(                      \
      const HIP_vector_type<T, n>& a, const HIP_vector_type<T, n>& b) noexcept {          \
    return __hipcore_detail::zip(a, b, __hipcore_detail::Fn{});                           \
  }                                                                                       \
  template <class T, unsigned int n, class U, __hipcore_detail::EnableIfScalar<U, T> = 0, \
            Guard = 0>                                                                    \
  __HIPCORE_HOST_DEVICE constexpr HIP_vector_type<T, n> operator op(                      \
      const HIP_vector_type<T, n>& a, U b) noexcept {                                     \
    return __hipcore_detail::zip(a, HIP_vector_type<T, n>(b), __hipcore_detail::Fn{});    \
  }                                                                                       \
  template <class T, unsigned int n, class U, __hipcore_detail::EnableIfScalar<U, T> = 0, \
            Guard = 0>                                                                    \
  __HIPCORE_HOST_DEVICE constexpr HIP_vector_type<T, n> operator op(                      \
      U a, const HIP_vector_type<T, n>& b) noexcept {                                     \
    return __hipcore_detail::zip(HIP_vector_type<T, n>(a), b, __hipcore_detail::Fn{});    \
  }
#define __HIPCORE_ANY_T typename std::enable_if<true, int>::type
#define __HIPCORE_INTEGRAL_T __hipcore_detail::EnableIfIntegral<T>
__HIPCORE_VECTOR_BINARY(+, Add, __HIPCORE_ANY_T)
__HIPCORE_VECTOR_BINARY(-, Sub, __HIPCORE_ANY_T)
__HIPCORE_VECTOR_BINARY(*, Mul, __HIPCORE_ANY_T)
__HIPCORE_VECTOR_BINARY(/, Div, __HIPCORE_ANY_T)
__HIPCORE_VECTOR_BINARY(%, Rem, __HIPCORE_INTEGRAL_T)
__HIPCORE_VECTOR_BINARY(^, Xor, __HIPCORE_INTEGRAL_T)
__HIPCORE_VECTOR_BINARY(|, Or, __HIPCORE_INTEGRAL_T)
__HIPCORE_VECTOR_BINARY(&, And, __HIPCORE_INTEGRAL_T)
__HIPCORE_VECTOR_BINARY(<<, Shl, __HIPCORE_INTEGRAL_T)
__HIPCORE_VECTOR_BINARY(>>, Shr, __HIPCORE_INTEGRAL_T)
#undef __HIPCORE_ANY_T
#undef __HIPCORE_INTEGRAL_T
#undef __HIPCORE_VECTOR_BINARY

template <class T, unsigned int n>
__HIPCORE_HOST_DEVICE constexpr bool operator==(const HIP_vector_type<T, n>& a,
                                                const HIP_vector_type<T, n>& b) noexcept {
  return __hipcore_detail::allEqual(a, b);
}
template <class T, unsigned int n, class U, __hipcore_detail::EnableIfScalar<U, T> = 0>
__HIPCORE_HOST_DEVICE constexpr bool operator==(const HIP_vector_type<T, n>& a, U b) noexcept {
  return __hipcore_detail::allEqual(a, HIP_vector_type<T, n>(b));
}
template <class T, unsigned int n, class U, __hipcore_detail::EnableIfScalar<U, T> = 0>
__HIPCORE_HOST_DEVICE constexpr bool operator==(U a, const HIP_vector_type<T, n>& b) noexcept {
  return __hipcore_detail::allEqual(HIP_vector_type<T, n>(a), b);
}
template <class T, unsigned int n>
__HIPCORE_HOST_DEVICE constexpr bool operator!=(const HIP_vector_type<T, n>& a,
                                                const HIP_vector_type<T, n>& b) noexcept {
  return !__hipcore_detail::allEqual(a, b);
}
template <class T, unsigned int n, class U, __hipcore_detail::EnableIfScalar<U, T> = 0>
__HIPCORE_HOST_DEVICE constexpr bool operator!=(const HIP_vector_type<T, n>& a, U b) noexcept {
  return !__hipcore_detail::allEqual(a, HIP_vector_type<T, n>(b));
}
template <class T, unsigned int n, class U, __hipcore_detail::EnableIfScalar<U, T> = 0>
__HIPCORE_HOST_DEVICE constexpr bool operator!=(U a, const HIP_vector_type<T, n>& b) noexcept {
  return !__hipcore_detail::allEqual(HIP_vector_type<T, n>(a), b);
}
