// Cooperative launch and occupancy on a GPU (or vgpu): grid-wide synchronisation with exact
// results computed on the host, the co-residency refusal, the occupancy queries against the
// formula recomputed here from the kernel's register count, and every call's misuse cases.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "CooperativeKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

// Grids of most tests: more blocks than vgpu has worker threads (vgpu keeps up to 1024
// workgroups of a dispatch resident, vgpu/isa/README.md), fewer than occupancy allows.
constexpr unsigned kBlocks = 40;
constexpr unsigned kThreads = 64;

template <typename T>
struct DeviceBuffer {
  explicit DeviceBuffer(size_t count) : count(count) {
    EXPECT_EQ(hipMalloc(reinterpret_cast<void**>(&pointer), count * sizeof(T)), hipSuccess);
    EXPECT_EQ(hipMemset(pointer, 0, count * sizeof(T)), hipSuccess);
  }
  ~DeviceBuffer() { (void)hipFree(pointer); }
  std::vector<T> read() const {
    std::vector<T> host(count);
    EXPECT_EQ(hipMemcpy(host.data(), pointer, count * sizeof(T), hipMemcpyDeviceToHost),
              hipSuccess);
    return host;
  }
  T* pointer = nullptr;
  size_t count;
};

// What gridPhases computes, on the host.
std::vector<unsigned> gridPhasesReference(unsigned n, int rounds) {
  std::vector<unsigned> data(n), next(n), out(n);
  for (unsigned r = 0; r < n; ++r) data[r] = r;
  for (int k = 1; k <= rounds; ++k) {
    for (unsigned r = 0; r < n; ++r) next[r] = data[(r + 37u * k) % n] * 3u + k;
    data.swap(next);
  }
  for (unsigned r = 0; r < n; ++r) out[r] = data[(r + 1) % n];
  return out;
}

hipDeviceProp_t properties() {
  hipDeviceProp_t p{};
  EXPECT_EQ(hipGetDeviceProperties(&p, 0), hipSuccess);
  return p;
}

// The occupancy formula, written again from the RDNA facts (HIP's multiprocessor is a WGP of two
// CUs with 2 SIMD32 each, as AMD's runtime counts them; a SIMD's VGPR
// file holds 1024 wave32 registers, 1536 on gfx1100/gfx1101; allocation granule in wave32
// registers: 8 on gfx10.1, 24 with the large file, else 16; wave64 needs twice the registers
// and half the granule).
unsigned expectedBlocksPerCu(const hipDeviceProp_t& p, unsigned vgprs, unsigned wave,
                             unsigned block, size_t lds) {
  std::string arch(p.gcnArchName);
  arch = arch.substr(0, arch.find(':'));
  const bool large = arch == "gfx1100" || arch == "gfx1101" || arch == "gfx1151";
  const bool gfx101 = arch.rfind("gfx101", 0) == 0;
  unsigned granule = large ? 24 : gfx101 ? 8 : 16;
  unsigned file = large ? 1536 : 1024;
  if (wave == 64) {
    granule /= 2;
    file /= 2;
  }
  const unsigned wavesPerSimd =
      static_cast<unsigned>(p.maxThreadsPerMultiProcessor / p.warpSize / 4);
  const unsigned allocated = (vgprs + granule - 1) / granule * granule;
  const unsigned byRegisters = std::min(wavesPerSimd, file / allocated);
  unsigned blocks = 4 * byRegisters / ((block + wave - 1) / wave);
  if (lds != 0)
    blocks = std::min<unsigned>(blocks, static_cast<unsigned>(p.sharedMemPerMultiprocessor / lds));
  return blocks;
}

TEST(CooperativeLaunch, DeviceReportsCooperativeLaunch) {
  int value = -1;
  ASSERT_HIP(hipDeviceGetAttribute(&value, hipDeviceAttributeCooperativeLaunch, 0));
  EXPECT_EQ(value, 1);
  ASSERT_HIP(hipDeviceGetAttribute(&value, hipDeviceAttributeCooperativeMultiDeviceLaunch, 0));
  EXPECT_EQ(value, 0);
}

TEST(CooperativeLaunch, GridSyncSeparatesPhases) {
  const unsigned n = kBlocks * kThreads;
  const int rounds = 5;
  DeviceBuffer<unsigned> data(n), out(n);
  int roundsArg = rounds;
  void* args[] = {&data.pointer, &out.pointer, &roundsArg};
  ASSERT_HIP(hipLaunchCooperativeKernel(gridPhasesKernel(), dim3(kBlocks), dim3(kThreads), args, 0,
                                        nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  EXPECT_EQ(out.read(), gridPhasesReference(n, rounds));
}

TEST(CooperativeLaunch, WritesBeforeSyncAreVisibleToEveryBlockAfterIt) {
  const unsigned n = kBlocks * kThreads;
  DeviceBuffer<unsigned> counter(1), seen(n);
  void* args[] = {&counter.pointer, &seen.pointer};
  ASSERT_HIP(hipLaunchCooperativeKernel(gridCountKernel(), dim3(kBlocks), dim3(kThreads), args, 0,
                                        nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  EXPECT_EQ(seen.read(), std::vector<unsigned>(n, kBlocks));
}

TEST(CooperativeLaunch, TheLargestCoResidentGridSynchronises) {
  hipDeviceProp_t p = properties();
  int perCu = 0;
  ASSERT_HIP(hipOccupancyMaxActiveBlocksPerMultiprocessor(&perCu, gridCountKernel(), kThreads, 0));
  unsigned blocks = static_cast<unsigned>(perCu * p.multiProcessorCount);
  if (std::string(p.name).rfind("vgpu", 0) == 0)
    blocks = std::min(blocks, 1024u);  // vgpu's guarantee
  const unsigned n = blocks * kThreads;
  DeviceBuffer<unsigned> counter(1), seen(n);
  void* args[] = {&counter.pointer, &seen.pointer};
  ASSERT_HIP(hipLaunchCooperativeKernel(gridCountKernel(), dim3(blocks), dim3(kThreads), args, 0,
                                        nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  EXPECT_EQ(seen.read(), std::vector<unsigned>(n, blocks)) << blocks << " blocks";
}

TEST(CooperativeLaunch, BackToBackLaunchesOnStreamsReuseTheirBarriers) {
  // The barrier of a queue is left ready by each launch: many launches on two streams.
  hipStream_t streams[2];
  for (hipStream_t& s : streams) ASSERT_HIP(hipStreamCreate(&s));
  const unsigned n = kBlocks * kThreads;
  DeviceBuffer<unsigned> data0(n), out0(n), data1(n), out1(n);
  for (int rounds = 1; rounds <= 4; ++rounds) {
    int roundsArg = rounds;
    void* args0[] = {&data0.pointer, &out0.pointer, &roundsArg};
    void* args1[] = {&data1.pointer, &out1.pointer, &roundsArg};
    ASSERT_HIP(hipLaunchCooperativeKernel(gridPhasesKernel(), dim3(kBlocks), dim3(kThreads), args0,
                                          0, streams[0]));
    ASSERT_HIP(hipLaunchCooperativeKernel(gridPhasesKernel(), dim3(kBlocks), dim3(kThreads), args1,
                                          0, streams[1]));
    ASSERT_HIP(hipDeviceSynchronize());
    EXPECT_EQ(out0.read(), gridPhasesReference(n, rounds)) << rounds;
    EXPECT_EQ(out1.read(), gridPhasesReference(n, rounds)) << rounds;
  }
  for (hipStream_t s : streams) ASSERT_HIP(hipStreamDestroy(s));
}

TEST(CooperativeLaunch, GridGroupIdentity) {
  const dim3 grid(kBlocks, 1, 1), block(kThreads / 2, 2, 1);
  const unsigned n = kBlocks * kThreads;
  DeviceBuffer<unsigned long long> cooperative(4 * n), plain(4 * n);
  void* args[] = {&cooperative.pointer};
  ASSERT_HIP(hipLaunchCooperativeKernel(gridIdentityKernel(), grid, block, args, 0, nullptr));
  ASSERT_HIP(launchGridIdentityPlainly(kBlocks, kThreads, plain.pointer));
  ASSERT_HIP(hipDeviceSynchronize());
  std::vector<unsigned long long> c = cooperative.read(), p = plain.read();
  for (unsigned r = 0; r < n; ++r) {
    EXPECT_EQ(c[4 * r + 0], n);
    EXPECT_EQ(c[4 * r + 1], r);  // every rank written once, by the thread of that rank
    EXPECT_EQ(c[4 * r + 2], kBlocks);
    EXPECT_EQ(c[4 * r + 3], 1u) << "cooperative launch: is_valid()";
    EXPECT_EQ(p[4 * r + 3], 0u) << "plain launch: is_valid()";
  }
}

// The multi-grid of a one-device launch, a thread_group handle of the grid and sync(grid) all
// separate the phases as grid.sync() does.
TEST(CooperativeLaunch, SyncThroughMultiGridHandleAndFreeFunction) {
  const unsigned n = kBlocks * kThreads;
  const int rounds = 3;
  for (int which = 0; which < 3; ++which) {
    DeviceBuffer<unsigned> data(n), out(n);
    int roundsArg = rounds, whichArg = which;
    void* args[] = {&data.pointer, &out.pointer, &roundsArg, &whichArg};
    ASSERT_HIP(hipLaunchCooperativeKernel(groupPhasesKernel(), dim3(kBlocks), dim3(kThreads), args,
                                          0, nullptr));
    ASSERT_HIP(hipDeviceSynchronize());
    EXPECT_EQ(out.read(), gridPhasesReference(n, rounds)) << "which " << which;
  }
}

TEST(CooperativeLaunch, MultiGridAndGridShape) {
  const dim3 grid(5, 4, 1), block(kThreads / 4, 2, 2);
  const unsigned blocks = 20, n = blocks * kThreads;
  DeviceBuffer<unsigned long long> out(8 * n);
  void* args[] = {&out.pointer};
  ASSERT_HIP(hipLaunchCooperativeKernel(groupShapeKernel(), grid, block, args, 0, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  std::vector<unsigned long long> o = out.read();
  for (unsigned r = 0; r < n; ++r) {
    const unsigned b = r / kThreads, bx = b % 5, by = b / 5;
    const unsigned long long* row = &o[8 * r];
    EXPECT_EQ(row[0], 10u) << r;  // one grid, of rank 0
    EXPECT_EQ(row[1], r) << r;
    EXPECT_EQ(row[2], 3u) << r;             // both valid under a cooperative launch
    EXPECT_EQ(row[3], r * 10ull + 2) << r;  // cg_grid
    EXPECT_EQ(row[4], bx * 1000ull + by) << r;
    EXPECT_EQ(row[5], 5004u) << r;
    EXPECT_EQ(row[6], b) << r;
    EXPECT_EQ(row[7], (kThreads / 4) * 10000ull + 202) << r;
  }
}

TEST(CooperativeLaunch, MultiDeviceWithOneDevice) {
  const unsigned n = kBlocks * kThreads;
  DeviceBuffer<unsigned> data(n), out(n);
  int rounds = 3;
  void* args[] = {&data.pointer, &out.pointer, &rounds};
  hipLaunchParams params{};
  params.func = const_cast<void*>(gridPhasesKernel());
  params.gridDim = dim3(kBlocks);
  params.blockDim = dim3(kThreads);
  params.args = args;
  params.sharedMem = 0;
  params.stream = nullptr;
  ASSERT_HIP(hipLaunchCooperativeKernelMultiDevice(&params, 1, 0));
  ASSERT_HIP(hipDeviceSynchronize());
  EXPECT_EQ(out.read(), gridPhasesReference(n, rounds));
  EXPECT_EQ(hipLaunchCooperativeKernelMultiDevice(nullptr, 1, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipLaunchCooperativeKernelMultiDevice(&params, 0, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipLaunchCooperativeKernelMultiDevice(&params, 1, 0x80), hipErrorInvalidValue);
  hipLaunchParams two[2] = {params, params};
  EXPECT_EQ(hipLaunchCooperativeKernelMultiDevice(two, 2, 0), hipErrorNotSupported);
}

TEST(CooperativeLaunch, RefusesGridsThatCannotBeCoResident) {
  hipDeviceProp_t p = properties();
  int perCu = 0;
  ASSERT_HIP(hipOccupancyMaxActiveBlocksPerMultiprocessor(&perCu, gridPhasesKernel(), kThreads, 0));
  ASSERT_GT(perCu, 0);
  const unsigned tooMany = static_cast<unsigned>(perCu * p.multiProcessorCount + 1);
  DeviceBuffer<unsigned> data(1), out(1);
  int rounds = 1;
  void* args[] = {&data.pointer, &out.pointer, &rounds};
  EXPECT_EQ(hipLaunchCooperativeKernel(gridPhasesKernel(), dim3(tooMany), dim3(kThreads), args, 0,
                                       nullptr),
            hipErrorCooperativeLaunchTooLarge);
  EXPECT_EQ(hipGetLastError(), hipErrorCooperativeLaunchTooLarge);
  // Spread over y and z it is the same grid.
  EXPECT_EQ(hipLaunchCooperativeKernel(gridPhasesKernel(), dim3(1, tooMany, 1), dim3(kThreads),
                                       args, 0, nullptr),
            hipErrorCooperativeLaunchTooLarge);
  // Dynamic shared memory lowers the bound: a block needing all of a CU's LDS runs alone.
  const unsigned cus = static_cast<unsigned>(p.multiProcessorCount);
  EXPECT_EQ(
      hipLaunchCooperativeKernel(gridPhasesKernel(), dim3(cus + 1), dim3(kThreads), args,
                                 static_cast<unsigned>(p.sharedMemPerMultiprocessor), nullptr),
      hipErrorCooperativeLaunchTooLarge);
  // The runtime is still usable.
  ASSERT_HIP(hipLaunchCooperativeKernel(gridPhasesKernel(), dim3(1), dim3(1), args, 0, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
}

TEST(CooperativeLaunch, Misuse) {
  DeviceBuffer<unsigned> data(1), out(1);
  int rounds = 1;
  void* args[] = {&data.pointer, &out.pointer, &rounds};
  EXPECT_EQ(hipLaunchCooperativeKernel(static_cast<const void*>(nullptr), dim3(1), dim3(1), args, 0,
                                       nullptr),
            hipErrorInvalidDeviceFunction);
  static int notAKernel;
  EXPECT_EQ(hipLaunchCooperativeKernel(static_cast<const void*>(&notAKernel), dim3(1), dim3(1),
                                       args, 0, nullptr),
            hipErrorInvalidDeviceFunction);
  EXPECT_EQ(hipLaunchCooperativeKernel(gridPhasesKernel(), dim3(0), dim3(1), args, 0, nullptr),
            hipErrorInvalidConfiguration);
  EXPECT_EQ(hipLaunchCooperativeKernel(gridPhasesKernel(), dim3(1), dim3(2048), args, 0, nullptr),
            hipErrorInvalidConfiguration);
  EXPECT_EQ(hipLaunchCooperativeKernel(gridPhasesKernel(), dim3(1), dim3(1), nullptr, 0, nullptr),
            hipErrorInvalidValue);
  hipStream_t destroyed = nullptr;
  ASSERT_HIP(hipStreamCreate(&destroyed));
  ASSERT_HIP(hipStreamDestroy(destroyed));
  EXPECT_NE(hipLaunchCooperativeKernel(gridPhasesKernel(), dim3(1), dim3(1), args, 0, destroyed),
            hipSuccess);
  ASSERT_HIP(hipLaunchCooperativeKernel(gridPhasesKernel(), dim3(1), dim3(1), args, 0, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
}

TEST(Occupancy, NumRegsComesFromTheKernel) {
  hipFuncAttributes light{}, heavy{};
  ASSERT_HIP(hipFuncGetAttributes(&light, gridIdentityKernel()));
  ASSERT_HIP(hipFuncGetAttributes(&heavy, heavyRegistersKernel()));
  EXPECT_GT(light.numRegs, 0);
  EXPECT_GT(heavy.numRegs, light.numRegs);
  EXPECT_GE(heavy.numRegs, 48);  // 48 floats live across the loop
}

TEST(Occupancy, ActiveBlocksFollowRegistersAndLds) {
  hipDeviceProp_t p = properties();
  for (const void* kernel : {gridPhasesKernel(), heavyRegistersKernel(), staticLdsKernel()}) {
    hipFuncAttributes a{};
    ASSERT_HIP(hipFuncGetAttributes(&a, kernel));
    for (int block : {32, 64, 100, 256, 512, 1024}) {
      for (size_t dynamic : {size_t{0}, size_t{4096}, size_t{20000}}) {
        int blocks = -1;
        ASSERT_HIP(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, block, dynamic));
        const size_t lds = a.sharedSizeBytes + dynamic;
        EXPECT_EQ(static_cast<unsigned>(blocks),
                  expectedBlocksPerCu(p, static_cast<unsigned>(a.numRegs),
                                      static_cast<unsigned>(p.warpSize),
                                      static_cast<unsigned>(block), lds))
            << "block " << block << " dynamic " << dynamic << " numRegs " << a.numRegs;
        int withFlags = -1;
        ASSERT_HIP(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            &withFlags, kernel, block, dynamic, hipOccupancyDisableCachingOverride));
        EXPECT_EQ(withFlags, blocks);
      }
    }
  }
  // 32 KiB of static LDS: two blocks share a CU's 64 KiB, and 40 KiB more leave room for none.
  int blocks = -1;
  ASSERT_HIP(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, staticLdsKernel(), 32, 0));
  EXPECT_EQ(blocks, static_cast<int>(p.sharedMemPerMultiprocessor / 32768));
  ASSERT_HIP(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, staticLdsKernel(), 32, 40960));
  EXPECT_EQ(blocks, 0);
}

TEST(Occupancy, PotentialBlockSizeMaximisesResidentThreads) {
  hipDeviceProp_t p = properties();
  for (const void* kernel : {gridPhasesKernel(), heavyRegistersKernel(), staticLdsKernel()}) {
    for (int limit : {0, 200, 1024}) {
      int grid = -1, block = -1;
      ASSERT_HIP(hipOccupancyMaxPotentialBlockSize(&grid, &block, kernel, 0, limit));
      ASSERT_GT(block, 0);
      EXPECT_EQ(block % p.warpSize, 0);
      if (limit != 0) {
        EXPECT_LE(block, limit);
      }
      int perCu = 0;
      ASSERT_HIP(hipOccupancyMaxActiveBlocksPerMultiprocessor(&perCu, kernel, block, 0));
      EXPECT_EQ(grid, perCu * p.multiProcessorCount);
      // No other whole-wave block size within the limit keeps more threads resident, and none
      // larger keeps as many.
      const int top = limit != 0 ? limit : 1024;
      for (int other = p.warpSize; other <= top; other += p.warpSize) {
        int otherPerCu = 0;
        ASSERT_HIP(hipOccupancyMaxActiveBlocksPerMultiprocessor(&otherPerCu, kernel, other, 0));
        EXPECT_LE(otherPerCu * other, perCu * block) << other;
        if (other > block) {
          EXPECT_LT(otherPerCu * other, perCu * block) << other;
        }
      }
    }
  }
}

TEST(Occupancy, ModuleFunctions) {
  hipDeviceProp_t p = properties();
  hipModule_t module = nullptr;
  ASSERT_HIP(hipModuleLoad(&module, OCCUPANCY_MODULE));
  hipFunction_t function = nullptr;
  ASSERT_HIP(hipModuleGetFunction(&function, module, "moduleLds"));
  int numRegs = 0, shared = 0, maxThreads = 0, dynamic = 0;
  ASSERT_HIP(hipFuncGetAttribute(&numRegs, HIP_FUNC_ATTRIBUTE_NUM_REGS, function));
  ASSERT_HIP(hipFuncGetAttribute(&shared, HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, function));
  ASSERT_HIP(hipFuncGetAttribute(&maxThreads, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, function));
  ASSERT_HIP(
      hipFuncGetAttribute(&dynamic, HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, function));
  EXPECT_GT(numRegs, 0);
  EXPECT_EQ(shared, 16384);
  EXPECT_EQ(maxThreads, 1024);
  EXPECT_EQ(static_cast<size_t>(dynamic), p.sharedMemPerBlock - 16384);
  for (int block : {32, 128, 256, 1024}) {
    for (size_t extra : {size_t{0}, size_t{16384}}) {
      int blocks = -1, withFlags = -1;
      ASSERT_HIP(
          hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, function, block, extra));
      ASSERT_HIP(hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
          &withFlags, function, block, extra, hipOccupancyDefault));
      EXPECT_EQ(
          static_cast<unsigned>(blocks),
          expectedBlocksPerCu(p, static_cast<unsigned>(numRegs), static_cast<unsigned>(p.warpSize),
                              static_cast<unsigned>(block), 16384 + extra))
          << block << " " << extra;
      EXPECT_EQ(withFlags, blocks);
    }
  }
  // 16 KiB of LDS per block: at most 4 per CU, and the best block size keeps the most threads.
  int grid = 0, block = 0, perCu = 0;
  ASSERT_HIP(hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, function, 0, 0));
  ASSERT_HIP(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&perCu, function, block, 0));
  EXPECT_LE(perCu, static_cast<int>(p.sharedMemPerMultiprocessor / 16384));
  EXPECT_EQ(grid, perCu * p.multiProcessorCount);
  int grid2 = 0, block2 = 0;
  ASSERT_HIP(hipModuleOccupancyMaxPotentialBlockSizeWithFlags(&grid2, &block2, function, 0, 0,
                                                              hipOccupancyDefault));
  EXPECT_EQ(grid2, grid);
  EXPECT_EQ(block2, block);
  // Misuse.
  EXPECT_EQ(hipFuncGetAttribute(nullptr, HIP_FUNC_ATTRIBUTE_NUM_REGS, function),
            hipErrorInvalidValue);
  EXPECT_EQ(hipFuncGetAttribute(&numRegs, HIP_FUNC_ATTRIBUTE_MAX, function), hipErrorInvalidValue);
  EXPECT_EQ(hipFuncGetAttribute(&numRegs, HIP_FUNC_ATTRIBUTE_NUM_REGS, nullptr),
            hipErrorInvalidResourceHandle);
  EXPECT_EQ(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&perCu, function, 0, 0),
            hipErrorInvalidValue);
  ASSERT_HIP(hipModuleUnload(module));
}

TEST(Occupancy, Misuse) {
  int blocks = 0, grid = 0, block = 0;
  EXPECT_EQ(hipOccupancyMaxActiveBlocksPerMultiprocessor(nullptr, gridPhasesKernel(), 64, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, static_cast<const void*>(nullptr),
                                                         64, 0),
            hipErrorInvalidDeviceFunction);
  static int notAKernel;
  EXPECT_EQ(hipOccupancyMaxActiveBlocksPerMultiprocessor(
                &blocks, static_cast<const void*>(&notAKernel), 64, 0),
            hipErrorInvalidDeviceFunction);
  EXPECT_EQ(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, gridPhasesKernel(), 0, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, gridPhasesKernel(), -5, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, gridPhasesKernel(), 64,
                                                                  0, 0x10),
            hipErrorInvalidValue);
  // Larger than any block: zero resident, not an error (CUDA's behaviour).
  ASSERT_HIP(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, gridPhasesKernel(), 2048, 0));
  EXPECT_EQ(blocks, 0);
  EXPECT_EQ(hipOccupancyMaxPotentialBlockSize(nullptr, &block, gridPhasesKernel(), 0, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipOccupancyMaxPotentialBlockSize(&grid, nullptr, gridPhasesKernel(), 0, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipOccupancyMaxPotentialBlockSize(&grid, &block, gridPhasesKernel(), 0, -1),
            hipErrorInvalidValue);
  EXPECT_EQ(
      hipOccupancyMaxPotentialBlockSize(&grid, &block, static_cast<const void*>(nullptr), 0, 0),
      hipErrorInvalidDeviceFunction);
  // More dynamic shared memory than a CU has: no block size works.
  EXPECT_EQ(
      hipOccupancyMaxPotentialBlockSize(&grid, &block, gridPhasesKernel(), size_t{1} << 20, 0),
      hipErrorInvalidValue);
  EXPECT_EQ(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, nullptr, 64, 0),
            hipErrorInvalidResourceHandle);
  EXPECT_EQ(hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, nullptr, 0, 0),
            hipErrorInvalidResourceHandle);
}

}  // namespace
