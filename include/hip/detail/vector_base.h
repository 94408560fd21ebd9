// Storage of HIP's vector types: HIP_vector_base<T, n> holds the components x, y, z, w over a
// `data` member, with the sizes and alignments of AMD's HIP headers (the layout a kernel argument
// or a buffer of float4 has on AMD's platform).
//
// Layout (measured with AMD's HIP 5.2.3 headers, g++ and clang, host and device alike):
//   n = 1, 2, 4: size n * sizeof(T), aligned to that size (a clang ext_vector_type's alignment);
//   n = 3:       size 3 * sizeof(T), aligned like T (three scalars, no padding).
// Under clang `data` is an ext_vector_type (n = 1, 2, 4), as on AMD's platform, so that a vector
// passed by value is classified as AMD's is; g++ has no ext_vector_type and gets an array.
#pragma once

#include <type_traits>

#if defined(__HIP__)
#define __HIPCORE_HOST_DEVICE __attribute__((host, device))
#else
#define __HIPCORE_HOST_DEVICE
#endif

// The headers build from C++11 up (hip_runtime.h includes them, and hiprtc accepts -std=c++11);
// functions that modify their object are constexpr from C++14.
#if __cplusplus >= 201402L
#define __HIPCORE_CONSTEXPR14 constexpr
#else
#define __HIPCORE_CONSTEXPR14
#endif

namespace __hipcore_detail {

constexpr unsigned long nextPowerOfTwo(unsigned long x, unsigned long p = 1) {
  return p >= x ? p : nextPowerOfTwo(x, p * 2);
}
template <class T, unsigned int n>
constexpr unsigned long vectorAlignment() {
  return n == 1 || n == 3 ? alignof(T) : nextPowerOfTwo(n * sizeof(T));
}

#if defined(__clang__)
template <class T, unsigned int n, bool native = std::is_arithmetic<T>::value>
struct NativeVector {
  typedef T type __attribute__((ext_vector_type(n)));
};
template <class T, unsigned int n>
struct NativeVector<T, n, false> {
  typedef T type[n];
};
#else
template <class T, unsigned int n>
struct NativeVector {
  typedef T type[n];
};
#endif

// Three components have no native vector (clang's would be padded to four): a plain array that
// indexes like one, as `v.data[i]` does for the other ranks.
template <class T>
struct Vector3Data {
  T d[3];
  __HIPCORE_HOST_DEVICE __HIPCORE_CONSTEXPR14 T& operator[](unsigned int i) noexcept {
    return d[i];
  }
  __HIPCORE_HOST_DEVICE constexpr const T& operator[](unsigned int i) const noexcept {
    return d[i];
  }
};

}  // namespace __hipcore_detail

template <class T, unsigned int n>
struct HIP_vector_base;

// The components are an anonymous struct in an anonymous union (a GNU extension both compilers
// accept; __extension__ quiets g++'s -pedantic, the pragma clang's).
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnested-anon-types"
#pragma clang diagnostic ignored "-Wgnu-anonymous-struct"
#endif

// Constructors set the components (the union's named member), so that constant expressions can
// read x, y, z and w; `data` aliases them, as union members do in GNU C++.
template <class T>
struct alignas(__hipcore_detail::vectorAlignment<T, 1>()) HIP_vector_base<T, 1> {
  typedef typename __hipcore_detail::NativeVector<T, 1>::type Native_vec_;
  union {
    Native_vec_ data;
    __extension__ struct {
      T x;
    };
  };
  using value_type = T;

  HIP_vector_base() = default;
  __HIPCORE_HOST_DEVICE explicit constexpr HIP_vector_base(T x_) noexcept : x(x_) {}
};

template <class T>
struct alignas(__hipcore_detail::vectorAlignment<T, 2>()) HIP_vector_base<T, 2> {
  typedef typename __hipcore_detail::NativeVector<T, 2>::type Native_vec_;
  union {
    Native_vec_ data;
    __extension__ struct {
      T x, y;
    };
  };
  using value_type = T;

  HIP_vector_base() = default;
  __HIPCORE_HOST_DEVICE explicit constexpr HIP_vector_base(T s) noexcept : x(s), y(s) {}
  __HIPCORE_HOST_DEVICE constexpr HIP_vector_base(T x_, T y_) noexcept : x(x_), y(y_) {}
};

template <class T>
struct alignas(__hipcore_detail::vectorAlignment<T, 3>()) HIP_vector_base<T, 3> {
  typedef __hipcore_detail::Vector3Data<T> Native_vec_;
  union {
    Native_vec_ data;
    __extension__ struct {
      T x, y, z;
    };
  };
  using value_type = T;

  HIP_vector_base() = default;
  __HIPCORE_HOST_DEVICE explicit constexpr HIP_vector_base(T s) noexcept : x(s), y(s), z(s) {}
  __HIPCORE_HOST_DEVICE constexpr HIP_vector_base(T x_, T y_, T z_) noexcept
      : x(x_), y(y_), z(z_) {}
};

template <class T>
struct alignas(__hipcore_detail::vectorAlignment<T, 4>()) HIP_vector_base<T, 4> {
  typedef typename __hipcore_detail::NativeVector<T, 4>::type Native_vec_;
  union {
    Native_vec_ data;
    __extension__ struct {
      T x, y, z, w;
    };
  };
  using value_type = T;

  HIP_vector_base() = default;
  __HIPCORE_HOST_DEVICE explicit constexpr HIP_vector_base(T s) noexcept : x(s), y(s), z(s), w(s) {}
  __HIPCORE_HOST_DEVICE constexpr HIP_vector_base(T x_, T y_, T z_, T w_) noexcept
      : x(x_), y(y_), z(z_), w(w_) {}
};

#if defined(__clang__)
#pragma clang diagnostic pop
#endif
