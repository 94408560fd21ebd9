// rocPRIM's device-wide reduce, inclusive and exclusive scan (Debian 12's librocprim-dev 5.3.3,
// DPP on as by default) on inputs of 1 to 2^20 elements, checked against the host. The scans
// use decoupled look-back across workgroups (flags polled in global memory), the reductions
// DPP and ds_swizzle inside waves.
#include "RocprimInclude.h"

#include "RocprimTestSupport.h"

#include <algorithm>
#include <cstdint>
#include <vector>

using rocprim_test::DeviceBuffer;
using rocprim_test::randomWords;
using rocprim_test::withTemporaryStorage;

namespace {

// Sizes around the algorithms' boundaries: one item, a partial wave, a partial block, several
// blocks with a partial tile, and the 2^20 of the issue's acceptance.
class DeviceScan : public ::testing::TestWithParam<size_t> {};

TEST_P(DeviceScan, ReduceSumsUnsignedWords) {
  const size_t n = GetParam();
  std::vector<uint32_t> input = randomWords(n, /*seed=*/n);
  uint32_t expected = 7;                   // the initial value
  for (uint32_t v : input) expected += v;  // wraps like the device's 32-bit adds
  DeviceBuffer<uint32_t> in(input), out(1);
  ASSERT_HIP(in.status());
  ASSERT_HIP(withTemporaryStorage([&](void* storage, size_t& bytes) {
    return rocprim::reduce(storage, bytes, in.get(), out.get(), 7u, n, rocprim::plus<uint32_t>());
  }));
  EXPECT_EQ(out.read()[0], expected);
}

TEST_P(DeviceScan, ReduceFindsTheMaximumFloat) {
  const size_t n = GetParam();
  std::vector<uint32_t> words = randomWords(n, /*seed=*/n + 1);
  std::vector<float> input(n);
  for (size_t i = 0; i < n; ++i) input[i] = static_cast<int32_t>(words[i]) * 0x1p-20f;
  float expected = -1e30f;
  for (float v : input) expected = std::max(expected, v);
  DeviceBuffer<float> in(input), out(1);
  ASSERT_HIP(in.status());
  ASSERT_HIP(withTemporaryStorage([&](void* storage, size_t& bytes) {
    return rocprim::reduce(storage, bytes, in.get(), out.get(), -1e30f, n,
                           rocprim::maximum<float>());
  }));
  EXPECT_EQ(out.read()[0], expected);
}

TEST_P(DeviceScan, InclusiveScanOfUnsignedWords) {
  const size_t n = GetParam();
  std::vector<uint32_t> input = randomWords(n, /*seed=*/n + 2);
  std::vector<uint32_t> expected(n);
  uint32_t running = 0;
  for (size_t i = 0; i < n; ++i) expected[i] = running += input[i];
  DeviceBuffer<uint32_t> in(input), out(n);
  ASSERT_HIP(in.status());
  ASSERT_HIP(withTemporaryStorage([&](void* storage, size_t& bytes) {
    return rocprim::inclusive_scan(storage, bytes, in.get(), out.get(), n,
                                   rocprim::plus<uint32_t>());
  }));
  std::vector<uint32_t> actual = out.read();
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(actual[i], expected[i]) << "element " << i;
}

TEST_P(DeviceScan, ExclusiveScanOf64BitSums) {
  // 64-bit values: the look-back carries 64-bit prefixes (its flag and value packed in 128 bits
  // or kept in separate arrays), and DPP moves both halves of each value.
  const size_t n = GetParam();
  std::vector<uint32_t> words = randomWords(n, /*seed=*/n + 3);
  std::vector<uint64_t> input(n), expected(n);
  uint64_t running = 1ull << 40;  // the initial value
  for (size_t i = 0; i < n; ++i) {
    input[i] = (uint64_t{words[i]} << 8) | (i & 0xFF);
    expected[i] = running;
    running += input[i];
  }
  DeviceBuffer<uint64_t> in(input), out(n);
  ASSERT_HIP(in.status());
  ASSERT_HIP(withTemporaryStorage([&](void* storage, size_t& bytes) {
    return rocprim::exclusive_scan(storage, bytes, in.get(), out.get(), uint64_t{1} << 40, n,
                                   rocprim::plus<uint64_t>());
  }));
  std::vector<uint64_t> actual = out.read();
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(actual[i], expected[i]) << "element " << i;
}

TEST_P(DeviceScan, InclusiveScanWithMinimum) {
  // A non-commutative-looking order check: a running minimum must see every earlier element.
  const size_t n = GetParam();
  std::vector<uint32_t> words = randomWords(n, /*seed=*/n + 4);
  std::vector<int32_t> input(n), expected(n);
  int32_t running = INT32_MAX;
  for (size_t i = 0; i < n; ++i) {
    input[i] = static_cast<int32_t>(words[i]);
    expected[i] = running = std::min(running, input[i]);
  }
  DeviceBuffer<int32_t> in(input), out(n);
  ASSERT_HIP(in.status());
  ASSERT_HIP(withTemporaryStorage([&](void* storage, size_t& bytes) {
    return rocprim::inclusive_scan(storage, bytes, in.get(), out.get(), n,
                                   rocprim::minimum<int32_t>());
  }));
  std::vector<int32_t> actual = out.read();
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(actual[i], expected[i]) << "element " << i;
}

INSTANTIATE_TEST_SUITE_P(Sizes, DeviceScan,
                         ::testing::Values(size_t{1}, size_t{31}, size_t{1000}, size_t{65536 + 13},
                                           size_t{1} << 20));

}  // namespace
