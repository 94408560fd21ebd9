// rocPRIM's block-level scan and warp-level reduce used inside the test's own kernels (Debian
// 12's librocprim-dev 5.3.3, DPP on as by default), checked against host scans and sums. Warp
// reduces of logical warps narrower than the hardware wave take rocPRIM's DPP row and
// ds_swizzle paths; the block scans both of its algorithms.
#include "RocprimInclude.h"

#include "RocprimTestSupport.h"

#include <algorithm>
#include <cstdint>
#include <vector>

using rocprim_test::DeviceBuffer;
using rocprim_test::randomWords;

namespace {

constexpr unsigned kBlock = 256;
constexpr unsigned kItems = 4;  // per thread in the blocked scans

template <rocprim::block_scan_algorithm Algorithm>
__global__ __launch_bounds__(kBlock) void blockInclusiveScan(const uint32_t* in, uint32_t* out,
                                                             uint32_t* blockTotals) {
  using Scan = rocprim::block_scan<uint32_t, kBlock, Algorithm>;
  __shared__ typename Scan::storage_type storage;
  const unsigned base = (blockIdx.x * kBlock + threadIdx.x) * kItems;
  uint32_t items[kItems];
  for (unsigned i = 0; i < kItems; ++i) items[i] = in[base + i];
  uint32_t total;
  Scan().inclusive_scan(items, items, total, storage, rocprim::plus<uint32_t>());
  for (unsigned i = 0; i < kItems; ++i) out[base + i] = items[i];
  if (threadIdx.x == 0) blockTotals[blockIdx.x] = total;
}

template <rocprim::block_scan_algorithm Algorithm>
__global__ __launch_bounds__(kBlock) void blockExclusiveMaxScan(const int32_t* in, int32_t* out) {
  using Scan = rocprim::block_scan<int32_t, kBlock, Algorithm>;
  __shared__ typename Scan::storage_type storage;
  const unsigned i = blockIdx.x * kBlock + threadIdx.x;
  int32_t value;
  Scan().exclusive_scan(in[i], value, /*init=*/INT32_MIN + 1, storage, rocprim::maximum<int32_t>());
  out[i] = value;
}

// One result per logical warp of Width lanes; AllReduce also gives every lane the total.
template <unsigned Width, bool AllReduce>
__global__ __launch_bounds__(kBlock) void warpReduce(const uint32_t* in, uint32_t* out) {
  using Reduce = rocprim::warp_reduce<uint32_t, Width, AllReduce>;
  __shared__ typename Reduce::storage_type storage[kBlock / Width];
  const unsigned i = blockIdx.x * kBlock + threadIdx.x;
  uint32_t sum;
  Reduce().reduce(in[i], sum, storage[threadIdx.x / Width], rocprim::plus<uint32_t>());
  if (AllReduce) {
    out[i] = sum;
  } else if (threadIdx.x % Width == 0) {
    out[i / Width] = sum;
  }
}

template <rocprim::block_scan_algorithm Algorithm>
void checkBlockScans(unsigned blocks) {
  const size_t n = size_t{blocks} * kBlock * kItems;
  std::vector<uint32_t> input = randomWords(n, /*seed=*/blocks);
  DeviceBuffer<uint32_t> in(input), out(n), totals(blocks);
  ASSERT_HIP(in.status());
  blockInclusiveScan<Algorithm><<<blocks, kBlock>>>(in.get(), out.get(), totals.get());
  ASSERT_HIP(hipGetLastError());
  std::vector<uint32_t> actual = out.read(), actualTotals = totals.read();
  const size_t tile = size_t{kBlock} * kItems;
  for (unsigned b = 0; b < blocks; ++b) {
    uint32_t running = 0;
    for (size_t i = b * tile; i < (b + 1) * tile; ++i) {
      running += input[i];
      ASSERT_EQ(actual[i], running) << "element " << i;
    }
    ASSERT_EQ(actualTotals[b], running) << "block " << b;
  }

  const size_t m = size_t{blocks} * kBlock;
  std::vector<int32_t> signedInput(m);
  for (size_t i = 0; i < m; ++i) signedInput[i] = static_cast<int32_t>(input[i]);
  DeviceBuffer<int32_t> maxIn(signedInput), maxOut(m);
  ASSERT_HIP(maxIn.status());
  blockExclusiveMaxScan<Algorithm><<<blocks, kBlock>>>(maxIn.get(), maxOut.get());
  ASSERT_HIP(hipGetLastError());
  std::vector<int32_t> maxActual = maxOut.read();
  for (unsigned b = 0; b < blocks; ++b) {
    int32_t running = INT32_MIN + 1;
    for (size_t i = size_t{b} * kBlock; i < size_t{b + 1} * kBlock; ++i) {
      ASSERT_EQ(maxActual[i], running) << "element " << i;
      running = std::max(running, signedInput[i]);
    }
  }
}

TEST(BlockScan, UsingWarpScan) {
  checkBlockScans<rocprim::block_scan_algorithm::using_warp_scan>(/*blocks=*/64);
}

TEST(BlockScan, ReduceThenScan) {
  checkBlockScans<rocprim::block_scan_algorithm::reduce_then_scan>(/*blocks=*/64);
}

template <unsigned Width, bool AllReduce>
void checkWarpReduce(unsigned blocks) {
  const size_t n = size_t{blocks} * kBlock;
  std::vector<uint32_t> input = randomWords(n, /*seed=*/Width * 2 + AllReduce);
  DeviceBuffer<uint32_t> in(input), out(AllReduce ? n : n / Width);
  ASSERT_HIP(in.status());
  warpReduce<Width, AllReduce><<<blocks, kBlock>>>(in.get(), out.get());
  ASSERT_HIP(hipGetLastError());
  std::vector<uint32_t> actual = out.read();
  for (size_t w = 0; w < n / Width; ++w) {
    uint32_t sum = 0;
    for (size_t i = w * Width; i < (w + 1) * Width; ++i) sum += input[i];
    if (AllReduce) {
      for (size_t i = w * Width; i < (w + 1) * Width; ++i) {
        ASSERT_EQ(actual[i], sum) << "lane " << i;
      }
    } else {
      ASSERT_EQ(actual[w], sum) << "logical warp " << w;
    }
  }
}

// Widths: the whole wave32 (DPP row_bcast-free gfx10 path), then 16, 8, 4 and 2 lanes.
TEST(WarpReduce, Width32) {
  checkWarpReduce<32, false>(/*blocks=*/32);
}
TEST(WarpReduce, Width16) {
  checkWarpReduce<16, false>(/*blocks=*/32);
}
TEST(WarpReduce, Width8) {
  checkWarpReduce<8, false>(/*blocks=*/32);
}
TEST(WarpReduce, Width4) {
  checkWarpReduce<4, false>(/*blocks=*/32);
}
TEST(WarpReduce, Width2) {
  checkWarpReduce<2, false>(/*blocks=*/32);
}
TEST(WarpReduce, AllReduceWidth32) {
  checkWarpReduce<32, true>(/*blocks=*/32);
}
TEST(WarpReduce, AllReduceWidth8) {
  checkWarpReduce<8, true>(/*blocks=*/32);
}

}  // namespace
