// Cooperative groups' collective algorithms on a tile or a coalesced group (CUDA's
// cooperative_groups::reduce, inclusive_scan and exclusive_scan, which AMD's HIP provides for
// reduce): the operator functors and the algorithms, in rank order.
#pragma once

#include <limits>
#include <type_traits>

#include <hip/detail/cooperative_groups/tiles.h>

namespace cooperative_groups {

// The operators CUDA names: less and greater keep the smaller and the larger operand.
template <class T>
struct plus {
  __host__ __device__ T operator()(const T& a, const T& b) const { return a + b; }
};
template <class T>
struct less {
  __host__ __device__ T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
template <class T>
struct greater {
  __host__ __device__ T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};
template <class T>
struct bit_and {
  __host__ __device__ T operator()(const T& a, const T& b) const { return a & b; }
};
template <class T>
struct bit_or {
  __host__ __device__ T operator()(const T& a, const T& b) const { return a | b; }
};
template <class T>
struct bit_xor {
  __host__ __device__ T operator()(const T& a, const T& b) const { return a ^ b; }
};

namespace internal {

template <class Group>
struct is_wave_group : std::false_type {};
template <unsigned int N, class P>
struct is_wave_group<thread_block_tile<N, P>> : std::true_type {};
template <>
struct is_wave_group<coalesced_group> : std::true_type {};

template <class T>
using plain = std::remove_cv_t<std::remove_reference_t<T>>;

// What exclusive_scan gives rank 0: the operator's identity for the named operators, and a
// value-initialised T for any other.
template <class T, class Op>
__device__ T scan_identity() {
  using limits = std::numeric_limits<T>;
  if constexpr (std::is_same<Op, bit_and<T>>::value) {
    return (T) ~(T)0;
  } else if constexpr (std::is_same<Op, less<T>>::value) {
    if constexpr (limits::has_infinity) return limits::infinity();
    return limits::max();
  } else if constexpr (std::is_same<Op, greater<T>>::value) {
    if constexpr (limits::has_infinity) return -limits::infinity();
    return limits::lowest();
  } else {
    return T{};  // 0 for plus, bit_or and bit_xor
  }
}

template <class Group, class T, class Result>
__device__ void check_collective() {
  static_assert(is_wave_group<Group>::value,
                "cooperative_groups reduce and scans take a thread_block_tile or a "
                "coalesced_group");
  static_assert(std::is_trivially_copyable<T>::value, "the value must be trivially copyable");
  static_assert(std::is_same<plain<Result>, T>::value, "the operator must return the value's type");
}

// Members: the group's lanes (a partial tile at the end of a block has fewer than its size).
template <class Group>
__device__ unsigned int member_count(const Group& group) {
  return __builtin_popcountll(group_access::lanes(group));
}

// Hillis-Steele: after the step of distance d, each member holds the combination of the 2d
// members ending at it, lower ranks on the left, so the operator need not commute.
template <class Group, class T, class Op>
__device__ T inclusive_scan_in(const Group& group, T value, Op& op) {
  const unsigned int rank = group.thread_rank(), count = member_count(group);
  for (unsigned int distance = 1; distance < count; distance *= 2) {
    T lower = group.shfl_up(value, distance);
    if (rank >= distance) value = op(lower, value);
  }
  return value;
}

}  // namespace internal

// Every member gets op over all members' values, in rank order.
template <class TyGroup, class TyVal, class TyFn>
__device__ internal::plain<TyVal> reduce(const TyGroup& group, TyVal&& val, TyFn&& op) {
  using T = internal::plain<TyVal>;
  internal::check_collective<TyGroup, T, decltype(op(val, val))>();
  T total = internal::inclusive_scan_in(group, T(val), op);
  return group.shfl(total, (int)internal::member_count(group) - 1);
}

// Member r gets op over the values of ranks 0..r.
template <class TyGroup, class TyVal, class TyFn>
__device__ internal::plain<TyVal> inclusive_scan(const TyGroup& group, TyVal&& val, TyFn&& op) {
  using T = internal::plain<TyVal>;
  internal::check_collective<TyGroup, T, decltype(op(val, val))>();
  return internal::inclusive_scan_in(group, T(val), op);
}
template <class TyGroup, class TyVal>
__device__ internal::plain<TyVal> inclusive_scan(const TyGroup& group, TyVal&& val) {
  return inclusive_scan(group, static_cast<TyVal&&>(val), plus<internal::plain<TyVal>>());
}

// Member r gets op over the values of ranks 0..r-1; rank 0 gets the operator's identity (see
// scan_identity).
template <class TyGroup, class TyVal, class TyFn>
__device__ internal::plain<TyVal> exclusive_scan(const TyGroup& group, TyVal&& val, TyFn&& op) {
  using T = internal::plain<TyVal>;
  internal::check_collective<TyGroup, T, decltype(op(val, val))>();
  T inclusive = internal::inclusive_scan_in(group, T(val), op);
  T before = group.shfl_up(inclusive, 1);
  return group.thread_rank() == 0 ? internal::scan_identity<T, internal::plain<TyFn>>() : before;
}
template <class TyGroup, class TyVal>
__device__ internal::plain<TyVal> exclusive_scan(const TyGroup& group, TyVal&& val) {
  return exclusive_scan(group, static_cast<TyVal&&>(val), plus<internal::plain<TyVal>>());
}

}  // namespace cooperative_groups
