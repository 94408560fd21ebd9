// Cooperative groups in full (device library test): compile-time tiles of every size with their
// shuffles, votes, matches, reduce and scans; run-time partitions through thread_group handles;
// coalesced groups of the lanes a data-dependent branch leaves active; thread_block's shape.
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

constexpr int kTileRow = 24;  // ints per thread written by tile_rows

// One row per block thread (by block rank) of everything a thread_block_tile<N> answers.
template <unsigned N>
__device__ void tile_row(const int* in, int* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
  const unsigned rank = tile.thread_rank();
  const int v = in[block.thread_rank()];
  int* row = out + block.thread_rank() * kTileRow;
  row[0] = (int)rank;
  row[1] = (int)tile.meta_group_rank();
  row[2] = (int)tile.meta_group_size();
  row[3] = cg::reduce(tile, v, cg::plus<int>());
  row[4] = cg::inclusive_scan(tile, v);
  row[5] = cg::exclusive_scan(tile, v, cg::plus<int>());
  row[6] = cg::reduce(tile, v, cg::less<int>());
  row[7] = cg::reduce(tile, v, cg::greater<int>());
  row[8] = tile.shfl(v, (int)((rank * 3 + 1) % N));
  row[9] = tile.shfl_up(v, 1);
  row[10] = tile.shfl_down(v, 2);
  row[11] = tile.shfl_xor(v, N / 2);
  unsigned long long even = tile.ballot(v % 2 == 0);
  row[12] = (int)(unsigned)even;
  row[13] = (int)(unsigned)(even >> 32);
  row[14] = tile.any(v == 7) * 2 + tile.all(v >= 0);
  unsigned long long same = tile.match_any(v % 3);
  row[15] = (int)(unsigned)same;
  row[16] = (int)(unsigned)(same >> 32);
  int uniform = 0, mixed = 0;
  (void)tile.match_all((int)tile.meta_group_rank(), uniform);
  unsigned long long all_same = tile.match_all(v % 3, mixed);
  row[17] = uniform + 2 * mixed;
  row[18] = (int)(unsigned)all_same;
  row[19] = (int)cg::reduce(tile, (unsigned)v, cg::bit_xor<unsigned>());
  row[20] = (int)cg::exclusive_scan(tile, (unsigned)v | 0x100u, cg::bit_and<unsigned>());
  row[21] = cg::inclusive_scan(tile, v, cg::less<int>());
  row[22] = (int)(tile.size() + 1000 * tile.num_threads());
  row[23] = (int)(cg::thread_rank(tile) + 100 * cg::group_size(tile));
  tile.sync();
}

// Discarded for tiles wider than the wave being compiled (a wave32 build has no tile of 64).
template <unsigned N>
__device__ void tile_row_if_fits(const int* in, int* out) {
  if constexpr (N <= (unsigned)warpSize) tile_row<N>(in, out);
}

__global__ void tile_rows_1(const int* in, int* out) {
  tile_row_if_fits<1>(in, out);
}
__global__ void tile_rows_2(const int* in, int* out) {
  tile_row_if_fits<2>(in, out);
}
__global__ void tile_rows_4(const int* in, int* out) {
  tile_row_if_fits<4>(in, out);
}
__global__ void tile_rows_8(const int* in, int* out) {
  tile_row_if_fits<8>(in, out);
}
__global__ void tile_rows_16(const int* in, int* out) {
  tile_row_if_fits<16>(in, out);
}
__global__ void tile_rows_32(const int* in, int* out) {
  tile_row_if_fits<32>(in, out);
}
__global__ void tile_rows_64(const int* in, int* out) {
  tile_row_if_fits<64>(in, out);
}

// Tiles of 4 inside tiles of 16: rank and meta ranks relative to the parent tile, and the
// tile converted to the parent-less type; run-time pairs of the tile of 16.
__global__ void nested_tiles(const int* in, int* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> outer = cg::tiled_partition<16>(block);
  auto inner = cg::tiled_partition<4>(outer);
  cg::thread_block_tile<4> plain = inner;
  int v = in[block.thread_rank()];
  int* row = out + block.thread_rank() * 7;
  row[0] = (int)plain.thread_rank();
  row[1] = (int)plain.meta_group_rank();
  row[2] = (int)plain.meta_group_size();
  row[3] = cg::reduce(plain, v, cg::plus<int>());
  // The run-time partition of a compile-time tile is a tiled_group (its base, as in AMD's HIP).
  cg::tiled_group pair = cg::tiled_partition(outer, 2);
  row[4] = (int)pair.thread_rank();
  row[5] = (int)pair.meta_group_rank() * 100 + (int)pair.meta_group_size();
  row[6] = (int)pair.size();
}

// Votes and matches of tiles whose lanes with in % 4 == 3 took the other side of a branch.
constexpr int kDivergentRow = 8;
template <unsigned N>
__device__ void divergent_tile_row(const int* in, int* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
  const int v = in[block.thread_rank()];
  int* row = out + block.thread_rank() * kDivergentRow;
  for (int k = 0; k < kDivergentRow; ++k) row[k] = -1;
  if (v % 4 != 3) {
    unsigned long long even = tile.ballot(v % 2 == 0);
    row[0] = (int)(unsigned)even;
    row[1] = (int)(unsigned)(even >> 32);
    row[2] = tile.any(v % 5 == 0) * 2 + tile.all(v % 4 != 3);
    unsigned long long same = tile.match_any(v % 3);
    row[3] = (int)(unsigned)same;
    row[4] = (int)(unsigned)(same >> 32);
    int pred = 0;
    unsigned long long all_same = tile.match_all(v / 1000, pred);  // in < 1000: one value
    row[5] = pred;
    row[6] = (int)(unsigned)all_same;
    row[7] = (int)(unsigned)(all_same >> 32);
  }
}
__global__ void divergent_tiles_4(const int* in, int* out) {
  divergent_tile_row<4>(in, out);
}
__global__ void divergent_tiles_32(const int* in, int* out) {
  divergent_tile_row<32>(in, out);
}

// A coalesced group made inside a branch only some lanes take (in % 4 != 3), its collectives,
// its run-time tiles of 4 and its binary partition.
constexpr int kCoalescedRow = 26;
__global__ void coalesced(const int* in, int* out) {
  const unsigned t = threadIdx.x;
  const int v = in[t];
  int* row = out + t * kCoalescedRow;
  for (int k = 0; k < kCoalescedRow; ++k) row[k] = -1;
  if (v % 4 != 3) {
    cg::coalesced_group c = cg::coalesced_threads();
    const unsigned rank = c.thread_rank();
    row[0] = (int)c.size();
    row[1] = (int)rank;
    row[2] = c.shfl(v, 0);
    row[3] = c.shfl(v, (int)c.size() - 1);
    row[4] = c.shfl(v, (int)(rank + 2));  // wraps past the last rank
    row[5] = c.shfl_up(v, 1);
    row[6] = c.shfl_down(v, 3);
    unsigned long long even = c.ballot(v % 2 == 0);
    row[7] = (int)(unsigned)even;
    row[8] = (int)(unsigned)(even >> 32);
    row[9] = c.any(v == 42) * 2 + c.all(v % 4 != 3);
    unsigned long long same = c.match_any(v % 3);
    row[10] = (int)(unsigned)same;
    row[11] = (int)(unsigned)(same >> 32);
    row[12] = cg::reduce(c, v, cg::plus<int>());
    row[13] = cg::inclusive_scan(c, v, cg::plus<int>());
    row[14] = cg::exclusive_scan(c, v);
    row[15] = cg::reduce(c, v, cg::greater<int>());
    row[16] = (int)c.meta_group_rank() + 10 * (int)c.meta_group_size();
    cg::coalesced_group quad = cg::tiled_partition(c, 4);
    row[17] = (int)quad.thread_rank();
    row[18] = (int)quad.size();
    row[19] = (int)quad.meta_group_rank();
    row[20] = (int)quad.meta_group_size();
    row[21] = cg::reduce(quad, v, cg::plus<int>());
    cg::coalesced_group high = cg::binary_partition(c, v >= 50);
    row[22] = (int)high.size();
    row[23] = (int)high.thread_rank();
    int pred = 0;
    (void)c.match_all(v, pred);
    int uniform = 0;
    unsigned long long all = c.match_all(v / 1000, uniform);
    row[24] = pred + 2 * uniform;
    row[25] = (int)(unsigned)all;
    c.sync();
  }
}

// Run-time tiles of size n through thread_group handles: of the block, of a tile, of the block
// seen as a handle, and of a coalesced group seen as one.
constexpr int kRuntimeRow = 12;
__global__ void runtime_tiles(int* out, unsigned n) {
  cg::thread_block block = cg::this_thread_block();
  int* row = out + block.thread_rank() * kRuntimeRow;
  cg::thread_group tile = cg::tiled_partition(block, n);
  row[0] = (int)tile.size();
  row[1] = (int)tile.thread_rank();
  row[2] = tile.is_valid() + 2 * cg::is_valid(tile);
  row[3] = (int)tile.cg_type();
  cg::thread_group half = cg::tiled_partition(tile, n / 2 ? n / 2 : 1);
  row[4] = (int)half.size();
  row[5] = (int)half.thread_rank();
  const cg::thread_group& as_handle = block;
  cg::thread_group again = cg::tiled_partition(as_handle, n);
  row[6] = (int)(again.size() * 100 + again.thread_rank());
  row[7] = (int)as_handle.thread_rank() + 1000 * (int)as_handle.size();
  dim3 shape = as_handle.group_dim();
  row[8] = (int)(shape.x + 10 * shape.y + 100 * shape.z);
  row[9] = -1;
  row[10] = -1;
  row[11] = -1;
  if (block.thread_rank() % 3 != 0) {
    cg::thread_group active = cg::coalesced_threads();
    cg::thread_group pair = cg::tiled_partition(active, 2);
    row[9] = (int)active.thread_rank() + 100 * (int)active.size();
    row[10] = (int)pair.thread_rank() + 100 * (int)pair.size();
    row[11] = (int)pair.cg_type();
    pair.sync();
  }
  tile.sync();
}

// thread_block's shape queries in a 3-D block of a 2-D grid.
__global__ void block_shape(unsigned* out) {
  cg::thread_block block = cg::this_thread_block();
  unsigned blockLinear = blockIdx.y * gridDim.x + blockIdx.x;
  unsigned* row = out + (blockLinear * block.size() + block.thread_rank()) * 12;
  dim3 g = block.group_index(), t = block.thread_index(), d = block.group_dim(),
       e = block.dim_threads();
  row[0] = g.x;
  row[1] = g.y;
  row[2] = g.z;
  row[3] = t.x;
  row[4] = t.y;
  row[5] = t.z;
  row[6] = d.x * 10000 + d.y * 100 + d.z;
  row[7] = e.x * 10000 + e.y * 100 + e.z;
  row[8] = block.num_threads();
  row[9] = cg::thread_block::thread_rank();
  row[10] = cg::this_thread().size() * 10 + cg::this_thread().thread_rank();
  row[11] = cg::this_thread_block().is_valid();
  cg::sync(block);
}

// Digits read left to right: (v, len) pairs joined as decimal strings. Associative but not
// commutative, so a result is only right if the collectives combine in rank order.
struct Digits {
  unsigned long long value;
  unsigned length;
};
struct Concatenate {
  __device__ Digits operator()(const Digits& left, const Digits& right) const {
    unsigned long long scale = 1;
    for (unsigned i = 0; i < right.length; ++i) scale *= 10;
    return {left.value * scale + right.value, left.length + right.length};
  }
};
static_assert(cg::thread_block_tile<8>::size() == 8, "tile sizes are compile-time constants");

// Per thread: the tile of 8's reduce and inclusive scan, and the reduce of an 8-member run-time
// tile of the coalesced group of lanes with in % 4 != 3 (all ~0 for the others).
__global__ void ordered_reduce(const int* in, unsigned long long* out) {
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<8>(block);
  const int v = in[block.thread_rank()];
  const Digits digit{(unsigned long long)(v % 10), 1};
  unsigned long long* row = out + block.thread_rank() * 3;
  row[0] = cg::reduce(tile, digit, Concatenate()).value;
  row[1] = cg::inclusive_scan(tile, digit, Concatenate()).value;
  row[2] = ~0ull;
  if (v % 4 != 3) {
    cg::coalesced_group eight = cg::tiled_partition(cg::coalesced_threads(), 8);
    row[2] = cg::reduce(eight, digit, Concatenate()).value;
  }
}

// Shuffles of values that are not 4 or 8 bytes wide, or are structs: a 12-byte struct through a
// tile, a signed char and a double through the plain shuffles.
struct Mixed {
  int a;
  float b;
  short c, d;
};
__global__ void odd_shuffles(const int* in, int* out) {
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<16>(block);
  const int v = in[block.thread_rank()];
  const Mixed mine{v, 0.5f * v, (short)v, (short)-v};
  const Mixed other = tile.shfl_xor(mine, 1);
  int* row = out + block.thread_rank() * 6;
  row[0] = other.a;
  row[1] = __builtin_bit_cast(int, other.b);
  row[2] = other.c;
  row[3] = other.d;
  row[4] = __shfl((signed char)(v - 50), 2, 8);
  row[5] = (int)(4.0 * __shfl_down(0.25 * v, 1, 16));
}
