// HIP vector types (hip_vector_types.h): the layout of all 48 types against AMD's, every operator
// family on edge and random inputs in kernels and on g++'s side of the header, and vectors passed
// by value as kernel arguments. Expected values come from scalar arithmetic on raw components.
#include <hip/hip_vector_types.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "IsaTestSupport.h"
#include "kernels/vector_ops.h"

namespace isatest {
namespace {

// Layout measured with AMD's HIP 5.2.3 headers (g++ and clang, host and HIP): with e the element
// size, rank 1, 2 and 4 are n * e bytes aligned to n * e; rank 3 is 3 * e bytes aligned to e.
#define VT_LAYOUT_RANK(name, T, e, n, align)                                  \
  static_assert(sizeof(name##n) == (n) * (e) && alignof(name##n) == (align)); \
  static_assert(std::is_same<name##n, HIP_vector_type<T, n>>::value);         \
  static_assert(std::is_same<name##n::value_type, T>::value);                 \
  static_assert(std::is_trivially_copyable<name##n>::value);                  \
  static_assert(std::is_standard_layout<name##n>::value);                     \
  static_assert(std::is_trivially_default_constructible<name##n>::value);     \
  static_assert(offsetof(name##n, x) == 0);
#define VT_LAYOUT(name, T, e)                                                \
  VT_LAYOUT_RANK(name, T, e, 1, e)                                           \
  VT_LAYOUT_RANK(name, T, e, 2, 2 * e)                                       \
  VT_LAYOUT_RANK(name, T, e, 3, e)                                           \
  VT_LAYOUT_RANK(name, T, e, 4, 4 * e)                                       \
  static_assert(offsetof(name##2, y) == e && offsetof(name##3, y) == e);     \
  static_assert(offsetof(name##3, z) == 2 * e && offsetof(name##4, y) == e); \
  static_assert(offsetof(name##4, z) == 2 * e && offsetof(name##4, w) == 3 * e);
VT_LAYOUT(char, char, 1)
VT_LAYOUT(uchar, unsigned char, 1)
VT_LAYOUT(short, short, 2)
VT_LAYOUT(ushort, unsigned short, 2)
VT_LAYOUT(int, int, 4)
VT_LAYOUT(uint, unsigned int, 4)
VT_LAYOUT(long, long, 8)
VT_LAYOUT(ulong, unsigned long, 8)
VT_LAYOUT(longlong, long long, 8)
VT_LAYOUT(ulonglong, unsigned long long, 8)
VT_LAYOUT(float, float, 4)
VT_LAYOUT(double, double, 8)
#undef VT_LAYOUT
#undef VT_LAYOUT_RANK
static_assert(sizeof(double4) == 32 && alignof(double4) == 32 && alignof(float3) == 4);

// A component read or written through the raw bytes at its offset, not through the header.
template <class T, class V>
T comp(const V& v, int k) {
  T t;
  std::memcpy(&t, reinterpret_cast<const unsigned char*>(&v) + k * sizeof(T), sizeof(T));
  return t;
}
template <class T, class V>
void setComp(V& v, int k, T t) {
  std::memcpy(reinterpret_cast<unsigned char*>(&v) + k * sizeof(T), &t, sizeof(T));
}

// Scalar reference arithmetic. Integers go through 64-bit unsigned (wrapping) or signed values
// and are converted back to T, which is what promoted C++ arithmetic stored into T gives.
template <class T>
constexpr bool kInt = std::is_integral<T>::value;
template <class T>
T add(T a, T b) {
  if constexpr (kInt<T>)
    return T(std::uint64_t(a) + std::uint64_t(b));
  else
    return a + b;
}
template <class T>
T sub(T a, T b) {
  if constexpr (kInt<T>)
    return T(std::uint64_t(a) - std::uint64_t(b));
  else
    return a - b;
}
template <class T>
T mul(T a, T b) {
  if constexpr (kInt<T>)
    return T(std::uint64_t(a) * std::uint64_t(b));
  else
    return a * b;
}
template <class T>
T div(T a, T b) {
  if constexpr (kInt<T> && std::is_signed<T>::value)
    return T(std::int64_t(a) / std::int64_t(b));
  else if constexpr (kInt<T>)
    return T(std::uint64_t(a) / std::uint64_t(b));
  else
    return a / b;
}
template <class T>
T rem(T a, T b) {
  if constexpr (std::is_signed<T>::value)
    return T(std::int64_t(a) % std::int64_t(b));
  else
    return T(std::uint64_t(a) % std::uint64_t(b));
}
template <class T>
T neg(T a) {
  if constexpr (kInt<T>)
    return T(0 - std::uint64_t(a));
  else
    return -a;
}
template <class T>
T shl(T a, T s) {
  return T(std::uint64_t(a) << std::uint64_t(s));
}
template <class T>
T shr(T a, T s) {
  if constexpr (std::is_signed<T>::value)
    return T(std::int64_t(a) >> std::int64_t(s));
  else
    return T(std::uint64_t(a) >> std::uint64_t(s));
}
template <class T>
T bitAnd(T a, T b) {
  return T(std::uint64_t(a) & std::uint64_t(b));
}
template <class T>
T bitOr(T a, T b) {
  return T(std::uint64_t(a) | std::uint64_t(b));
}
template <class T>
T bitXor(T a, T b) {
  return T(std::uint64_t(a) ^ std::uint64_t(b));
}

// Expected component k of each row, or false when the row does not apply to T.
template <class T, int n>
bool expected(int row, const T* a, const T* b, const T* sh, int k, T& out) {
  const T s = b[0];
  const bool isInt = kInt<T>;
  switch (row) {
    case vt::kAdd:
      out = add(a[k], b[k]);
      return true;
    case vt::kSub:
      out = sub(a[k], b[k]);
      return true;
    case vt::kMul:
      out = mul(a[k], b[k]);
      return true;
    case vt::kDiv:
      out = div(a[k], b[k]);
      return true;
    case vt::kAddScalar:
      out = add(a[k], s);
      return true;
    case vt::kScalarSub:
      out = sub(s, a[k]);
      return true;
    case vt::kMulLiteral:
      out = mul(a[k], T(2));
      return true;
    case vt::kDivScalar:
      out = div(a[k], s);
      return true;
    case vt::kCompoundChain:
      out = div(mul(sub(add(a[k], b[k]), s), T(3)), s);
      return true;
    case vt::kPreInc:
      out = add(a[k], T(1));
      return true;
    case vt::kPostIncResult:
      out = a[k];
      return true;
    case vt::kPostIncAfter:
      out = add(a[k], T(1));
      return true;
    case vt::kPreDec:
      out = sub(a[k], T(1));
      return true;
    case vt::kPostDecAfter:
      out = sub(a[k], T(1));
      return true;
    case vt::kBroadcast:
      out = s;
      return true;
    case vt::kReversed:
      out = a[n - 1 - k];
      return true;
    case vt::kMake:
      out = k % 2 == 0 ? a[k] : b[k];
      return true;
    case vt::kComponentWrites: {
      const T w[4] = {b[0], a[0], n > 2 ? add(a[2], b[2]) : T(0), n > 3 ? mul(a[3], T(2)) : T(0)};
      out = w[k];
      return true;
    }
    case vt::kNeg:
      out = neg(a[k]);
      return std::is_signed<T>::value;
    default:
      break;
  }
  if (!isInt) return false;
  if constexpr (kInt<T>) {
    switch (row) {
      case vt::kRem:
        out = rem(a[k], b[k]);
        return true;
      case vt::kAnd:
        out = bitAnd(a[k], b[k]);
        return true;
      case vt::kOr:
        out = bitOr(a[k], b[k]);
        return true;
      case vt::kXor:
        out = bitXor(a[k], b[k]);
        return true;
      case vt::kShl:
        out = shl(a[k], sh[k]);
        return true;
      case vt::kShr:
        out = shr(a[k], sh[k]);
        return true;
      case vt::kNot:
        out = T(~std::uint64_t(a[k]));
        return true;
      case vt::kRemLiteral:
        out = rem(a[k], T(7));
        return true;
      case vt::kScalarXor:
        out = bitXor(T(0x5a), a[k]);
        return true;
      case vt::kShlLiteral:
        out = shl(a[k], T(1));
        return true;
      case vt::kIntegerChain:
        out = rem(shr(bitAnd(bitOr(bitXor(a[k], b[k]), sh[k]), a[k]), sh[k]), b[k]);
        return true;
      default:
        break;
    }
  }
  return false;
}

// Inputs: random components in a range whose arithmetic stays defined (signed int and wider
// kept small enough that the chain's products do not overflow), divisors never zero, plus
// elements where b equals a, where b differs from a in one component, where every component of a
// equals b.x, and (for types that wrap) extreme values.
template <class T, int n>
struct Inputs {
  typedef HIP_vector_type<T, n> V;
  std::vector<V> a, b, sh;
};

template <class T>
T randomValue(std::mt19937_64& rng) {
  if constexpr (std::is_floating_point<T>::value) {
    return T(std::uniform_real_distribution<double>(-1000.0, 1000.0)(rng));
  } else if constexpr (std::is_signed<T>::value && sizeof(T) >= 4) {
    const std::int64_t limit = sizeof(T) == 4 ? (1 << 14) : (std::int64_t(1) << 30);
    return T(std::uniform_int_distribution<std::int64_t>(-limit, limit)(rng));
  } else {
    return T(rng());
  }
}
template <class T>
T nonZero(std::mt19937_64& rng) {
  for (;;) {
    T v = randomValue<T>(rng);
    if (std::is_floating_point<T>::value ? (v > T(0.5) || v < T(-0.5)) : v != T(0)) return v;
  }
}

template <class T, int n>
Inputs<T, n> makeInputs(int count, unsigned seed) {
  std::mt19937_64 rng(seed);
  Inputs<T, n> in;
  in.a.resize(count);
  in.b.resize(count);
  in.sh.resize(count);
  const bool wraps = std::is_integral<T>::value && (std::is_unsigned<T>::value || sizeof(T) < 4);
  for (int i = 0; i < count; ++i) {
    for (int k = 0; k < n; ++k) {
      setComp<T>(in.a[i], k, randomValue<T>(rng));
      setComp<T>(in.b[i], k, nonZero<T>(rng));
      setComp<T>(in.sh[i], k, T(rng() % (8 * sizeof(T))));
    }
    switch (i % 8) {
      case 0:  // b == a
        for (int k = 0; k < n; ++k) setComp<T>(in.a[i], k, comp<T>(in.b[i], k));
        break;
      case 1: {  // b == a but for one component
        for (int k = 0; k < n; ++k) setComp<T>(in.a[i], k, comp<T>(in.b[i], k));
        int k = (i / 8) % n;
        setComp<T>(in.a[i], k, add(comp<T>(in.b[i], k), T(1)));
        break;
      }
      case 2:  // every component of a equals the scalar b.x
        for (int k = 0; k < n; ++k) setComp<T>(in.a[i], k, comp<T>(in.b[i], 0));
        break;
      case 3:
        if (wraps)
          for (int k = 0; k < n; ++k)
            setComp<T>(in.a[i], k,
                       k % 2 ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max());
        break;
      default:
        break;
    }
  }
  return in;
}

template <class T>
bool sameValue(T got, T want) {
  if constexpr (std::is_floating_point<T>::value)
    return std::memcmp(&got, &want, sizeof(T)) == 0;
  else
    return got == want;
}

template <class T, int n>
void checkRows(const Inputs<T, n>& in, const std::vector<HIP_vector_type<T, n>>& rows,
               const std::vector<int>& flags, const std::string& what) {
  for (std::size_t i = 0; i < in.a.size(); ++i) {
    T a[4], b[4], sh[4];
    for (int k = 0; k < n; ++k) {
      a[k] = comp<T>(in.a[i], k);
      b[k] = comp<T>(in.b[i], k);
      sh[k] = comp<T>(in.sh[i], k);
    }
    for (int row = 0; row < vt::kRows; ++row)
      for (int k = 0; k < n; ++k) {
        T want;
        if (!expected<T, n>(row, a, b, sh, k, want)) continue;
        T got = comp<T>(rows[i * vt::kRows + row], k);
        ASSERT_TRUE(sameValue(got, want))
            << what << " element " << i << " row " << row << " component " << k << ": got " << +got
            << ", want " << +want << " (a=" << +a[k] << ", b=" << +b[k] << ")";
      }
    bool equal = true, allScalar = true;
    for (int k = 0; k < n; ++k) {
      equal = equal && a[k] == b[k];
      allScalar = allScalar && a[k] == b[0];
    }
    const int want[vt::kFlags] = {equal, !equal, 1, allScalar, !allScalar};
    for (int f = 0; f < vt::kFlags; ++f)
      ASSERT_EQ(flags[i * vt::kFlags + f], want[f]) << what << " element " << i << " flag " << f;
  }
}

constexpr int kCount = 64;

// Runs vector_ops_<type> on one variant and on the host (g++'s side of the header). Every buffer
// a test registers stays allocated until the test ends: the bounds checker keeps its ranges, and
// a later buffer at a freed one's address would be judged against the stale range.
class VectorTypes : public IsaTest {
 protected:
  template <class V>
  std::vector<V>& keep(std::vector<V> v) {
    auto held = std::make_shared<std::vector<V>>(std::move(v));
    alive_.push_back(held);
    return *held;
  }

  template <class T, int n>
  void check(const std::string& name) {
    typedef HIP_vector_type<T, n> V;
    const std::string type = name + std::to_string(n);
    auto in = std::make_shared<Inputs<T, n>>(
        makeInputs<T, n>(kCount, 1000 * sizeof(T) + 10 * n + std::is_signed<T>()));
    alive_.push_back(in);
    std::vector<V>& rows = keep(std::vector<V>(kCount * vt::kRows));
    for (V& r : rows) std::memset(&r, 0xa5, sizeof(V));
    std::vector<int>& flags = keep(std::vector<int>(kCount * vt::kFlags, -1));
    vgpu::isa::Launch l = launch1d(1, kCount);
    l.arg(buffer(in->a, "a")).arg(buffer(in->b, "b")).arg(buffer(in->sh, "sh"));
    l.arg(buffer(rows, "rows")).arg(buffer(flags, "flags")).arg(kCount);
    run("vector_types", "vector_ops_" + type, l);
    checkRows<T, n>(*in, rows, flags, type + " (device)");
    if (HasFatalFailure()) return;

    std::vector<V> hostRows(kCount * vt::kRows);
    std::vector<int> hostFlags(kCount * vt::kFlags, -1);
    for (int i = 0; i < kCount; ++i)
      vt::computeRow(in->a[i], in->b[i], in->sh[i], hostRows.data() + i * vt::kRows,
                     hostFlags.data() + i * vt::kFlags);
    checkRows<T, n>(*in, hostRows, hostFlags, type + " (host)");
  }
  template <class T>
  void checkRanks(const std::string& name) {
    check<T, 1>(name);
    if (!HasFatalFailure()) check<T, 2>(name);
    if (!HasFatalFailure()) check<T, 3>(name);
    if (!HasFatalFailure()) check<T, 4>(name);
  }

 private:
  std::vector<std::shared_ptr<void>> alive_;
};

TEST_P(VectorTypes, Char) {
  checkRanks<char>("char");
}
TEST_P(VectorTypes, UnsignedChar) {
  checkRanks<unsigned char>("uchar");
}
TEST_P(VectorTypes, Short) {
  checkRanks<short>("short");
}
TEST_P(VectorTypes, UnsignedShort) {
  checkRanks<unsigned short>("ushort");
}
TEST_P(VectorTypes, Int) {
  checkRanks<int>("int");
}
TEST_P(VectorTypes, UnsignedInt) {
  checkRanks<unsigned int>("uint");
}
TEST_P(VectorTypes, Long) {
  checkRanks<long>("long");
}
TEST_P(VectorTypes, UnsignedLong) {
  checkRanks<unsigned long>("ulong");
}
TEST_P(VectorTypes, LongLong) {
  checkRanks<long long>("longlong");
}
TEST_P(VectorTypes, UnsignedLongLong) {
  checkRanks<unsigned long long>("ulonglong");
}
TEST_P(VectorTypes, Float) {
  checkRanks<float>("float");
}
TEST_P(VectorTypes, Double) {
  checkRanks<double>("double");
}

// Kernel arguments laid out by the host's sizes and alignments (Launch::arg packs each at its
// alignof); the kernel's mangled name is the one AMD's headers give it.
TEST_P(VectorTypes, PassedByValueWithAmdLayoutAndMangling) {
  char3 c;
  float4 f;
  short3 s;
  double2 d;
  uchar1 u;
  long3 lv;
  const double want[16] = {-5, 7,     100,   1.5,  -2.25, 3e9,   -0.125, -30000,
                           2,  31000, 1e300, -7.5, 250,   -4e15, 9,      -1};
  const char cs[3] = {-5, 7, 100};
  const float fs[4] = {1.5f, -2.25f, 3e9f, -0.125f};
  const short ss[3] = {-30000, 2, 31000};
  const double ds[2] = {1e300, -7.5};
  const long ls[3] = {-4000000000000000l, 9, -1};
  for (int k = 0; k < 3; ++k) setComp<char>(c, k, cs[k]);
  for (int k = 0; k < 4; ++k) setComp<float>(f, k, fs[k]);
  for (int k = 0; k < 3; ++k) setComp<short>(s, k, ss[k]);
  for (int k = 0; k < 2; ++k) setComp<double>(d, k, ds[k]);
  setComp<unsigned char>(u, 0, 250);
  for (int k = 0; k < 3; ++k) setComp<long>(lv, k, ls[k]);
  std::vector<double> out(16, -99);
  vgpu::isa::Launch l = launch1d(1, 1);
  l.arg(c).arg(f).arg(s).arg(d).arg(u).arg(lv).arg(buffer(out, "out"));
  run("vector_types",
      "_Z8by_value15HIP_vector_typeIcLj3EES_IfLj4EES_IsLj3EES_IdLj2EES_IhLj1EES_IlLj3EEPd", l);
  for (int k = 0; k < 16; ++k) EXPECT_EQ(out[k], want[k]) << "value " << k;
}

INSTANTIATE_TEST_SUITE_P(Variants, VectorTypes, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
