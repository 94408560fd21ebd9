// rocPRIM's device radix sort (keys, pairs, a bit range) and segmented reduce (Debian 12's
// librocprim-dev 5.3.3, DPP on as by default), checked against std::stable_sort and host sums.
#include "RocprimInclude.h"

#include "RocprimTestSupport.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

using rocprim_test::DeviceBuffer;
using rocprim_test::randomWords;
using rocprim_test::withTemporaryStorage;

namespace {

class DeviceSort : public ::testing::TestWithParam<size_t> {};

TEST_P(DeviceSort, RadixSortsUnsignedKeys) {
  const size_t n = GetParam();
  std::vector<uint32_t> keys = randomWords(n, /*seed=*/n + 10);
  std::vector<uint32_t> expected = keys;
  std::sort(expected.begin(), expected.end());
  DeviceBuffer<uint32_t> in(keys), out(n);
  ASSERT_HIP(in.status());
  ASSERT_HIP(withTemporaryStorage([&](void* storage, size_t& bytes) {
    return rocprim::radix_sort_keys(storage, bytes, in.get(), out.get(), n);
  }));
  std::vector<uint32_t> actual = out.read();
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(actual[i], expected[i]) << "element " << i;
}

TEST_P(DeviceSort, RadixSortsSignedKeysWithValuesStably) {
  // Keys from a small range so that equal keys are common: radix sort is stable, so values
  // (the original positions) must follow in input order within equal keys.
  const size_t n = GetParam();
  std::vector<uint32_t> words = randomWords(n, /*seed=*/n + 11);
  std::vector<int32_t> keys(n);
  std::vector<uint32_t> values(n);
  for (size_t i = 0; i < n; ++i) {
    keys[i] = static_cast<int32_t>(words[i] % 2001) - 1000;
    values[i] = static_cast<uint32_t>(i);
  }
  std::vector<uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return keys[a] < keys[b]; });
  DeviceBuffer<int32_t> keysIn(keys), keysOut(n);
  DeviceBuffer<uint32_t> valuesIn(values), valuesOut(n);
  ASSERT_HIP(keysIn.status());
  ASSERT_HIP(valuesIn.status());
  ASSERT_HIP(withTemporaryStorage([&](void* storage, size_t& bytes) {
    return rocprim::radix_sort_pairs(storage, bytes, keysIn.get(), keysOut.get(), valuesIn.get(),
                                     valuesOut.get(), n);
  }));
  std::vector<int32_t> sortedKeys = keysOut.read();
  std::vector<uint32_t> sortedValues = valuesOut.read();
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(sortedKeys[i], keys[order[i]]) << "element " << i;
    ASSERT_EQ(sortedValues[i], order[i]) << "element " << i;
  }
}

TEST_P(DeviceSort, RadixSortsDescendingOnABitRange) {
  // Bits [4, 20) only: keys equal there keep their input order (stability again).
  const size_t n = GetParam();
  std::vector<uint32_t> keys = randomWords(n, /*seed=*/n + 12);
  auto field = [](uint32_t k) { return (k >> 4) & 0xFFFF; };
  std::vector<uint32_t> expected = keys;
  std::stable_sort(expected.begin(), expected.end(),
                   [&](uint32_t a, uint32_t b) { return field(a) > field(b); });
  DeviceBuffer<uint32_t> in(keys), out(n);
  ASSERT_HIP(in.status());
  ASSERT_HIP(withTemporaryStorage([&](void* storage, size_t& bytes) {
    return rocprim::radix_sort_keys_desc(storage, bytes, in.get(), out.get(), n,
                                         /*begin_bit=*/4u, /*end_bit=*/20u);
  }));
  std::vector<uint32_t> actual = out.read();
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(actual[i], expected[i]) << "element " << i;
}

TEST_P(DeviceSort, SegmentedReduceSumsEachSegment) {
  // Segments of random lengths 1..299, and every seventh one empty (it yields the initial value).
  const size_t n = GetParam();
  std::vector<uint32_t> input = randomWords(n, /*seed=*/n + 13);
  std::vector<uint32_t> lengths = randomWords(n / 8 + 2, /*seed=*/n + 14);
  std::vector<uint32_t> begins, ends;
  for (size_t at = 0, s = 0; at < n; ++s) {
    size_t length =
        s % 7 == 3 ? 0 : std::min<size_t>(1 + lengths[s % lengths.size()] % 299, n - at);
    begins.push_back(static_cast<uint32_t>(at));
    ends.push_back(static_cast<uint32_t>(at + length));
    at += length;
  }
  const unsigned segments = static_cast<unsigned>(begins.size());
  std::vector<uint32_t> expected(segments);
  for (unsigned s = 0; s < segments; ++s) {
    expected[s] = 5;  // the initial value
    for (uint32_t i = begins[s]; i < ends[s]; ++i) expected[s] += input[i];
  }
  DeviceBuffer<uint32_t> in(input), out(segments), beginsDev(begins), endsDev(ends);
  ASSERT_HIP(in.status());
  ASSERT_HIP(beginsDev.status());
  ASSERT_HIP(endsDev.status());
  ASSERT_HIP(withTemporaryStorage([&](void* storage, size_t& bytes) {
    return rocprim::segmented_reduce(storage, bytes, in.get(), out.get(), segments, beginsDev.get(),
                                     endsDev.get(), rocprim::plus<uint32_t>(), 5u);
  }));
  std::vector<uint32_t> actual = out.read();
  for (unsigned s = 0; s < segments; ++s) ASSERT_EQ(actual[s], expected[s]) << "segment " << s;
}

INSTANTIATE_TEST_SUITE_P(Sizes, DeviceSort,
                         ::testing::Values(size_t{1}, size_t{1000}, size_t{65536 + 13},
                                           size_t{1} << 20));

}  // namespace
