// Cooperative groups basics: block rank, tiles with shuffles, ballot/any/all (device library test).
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

template <unsigned Size>
__device__ void tile_row(const int* in, int* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<Size> tile = cg::tiled_partition<Size>(block);
  int v = in[block.thread_rank()];
  int sum = v;
  for (unsigned offset = Size / 2; offset > 0; offset /= 2) sum += tile.shfl_xor(sum, offset);
  int first = tile.shfl(v, 0);
  int up = tile.shfl_up(v, 1);
  int down = tile.shfl_down(v, 1);
  unsigned long long ballot = tile.ballot(v % 2 == 0);
  int* row = out + block.thread_rank() * 8;
  row[0] = (int)tile.thread_rank();
  row[1] = (int)tile.meta_group_rank();
  row[2] = sum;
  row[3] = first;
  row[4] = up;
  row[5] = down;
  row[6] = (int)ballot;
  row[7] = tile.any(v == 7) * 2 + tile.all(v >= 0);
  block.sync();
}

__global__ void tiles4(const int* in, int* out) {
  tile_row<4>(in, out);
}
__global__ void tiles16(const int* in, int* out) {
  tile_row<16>(in, out);
}

// thread_rank in a 3-D block equals the linear index x + y*X + z*X*Y.
__global__ void block_rank(unsigned* out) {
  cg::thread_block block = cg::this_thread_block();
  unsigned linear = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  out[linear] = block.thread_rank() * 1000 + block.size();
}
