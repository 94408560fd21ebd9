// HIP 6.3-7.2 memory calls: batched copies (hipMemcpyBatchAsync, hipMemcpy3DBatchAsync), 3D
// copies between devices, hipExtMallocWithFlags, hipExtHostAlloc, the managed-memory _v2 forms
// and batched prefetches; and the lookups hipGetDriverEntryPoint and
// hipExtGetLinkTypeAndHopCount. Data is checked byte for byte against host patterns.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <utility>
#include <vector>

#include "GpuKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

std::vector<uint8_t> pattern(size_t bytes, uint8_t seed) {
  std::vector<uint8_t> v(bytes);
  for (size_t i = 0; i < bytes; ++i) v[i] = static_cast<uint8_t>(seed + i * 7 + i / 251);
  return v;
}

hipMemcpyAttributes streamOrder() {
  hipMemcpyAttributes a{};
  a.srcAccessOrder = hipMemcpySrcAccessOrderStream;
  return a;
}

TEST(BatchCopy, CopiesEachRangeInStreamOrder) {
  constexpr size_t kCopies = 4;
  const size_t sizes[kCopies] = {1, 4096, 777, 65536};
  std::vector<std::vector<uint8_t>> sources, results;
  std::vector<void*> devices(kCopies), hostSources(kCopies), hostResults(kCopies);
  for (size_t i = 0; i < kCopies; ++i) {
    sources.push_back(pattern(sizes[i], static_cast<uint8_t>(i * 31)));
    results.emplace_back(sizes[i], 0);
    ASSERT_HIP(hipMalloc(&devices[i], sizes[i]));
    hostSources[i] = sources[i].data();
    hostResults[i] = results[i].data();
  }
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  // Two attributes: the first for copies 0-1, the second from copy 2 on.
  hipMemcpyAttributes attrs[2] = {streamOrder(), streamOrder()};
  attrs[1].srcAccessOrder = hipMemcpySrcAccessOrderAny;
  size_t attrsIdxs[2] = {0, 2};
  size_t sizeList[kCopies];
  std::copy(sizes, sizes + kCopies, sizeList);
  size_t failIdx = 99;
  ASSERT_HIP(hipMemcpyBatchAsync(devices.data(), hostSources.data(), sizeList, kCopies, attrs,
                                 attrsIdxs, 2, &failIdx, stream));
  ASSERT_HIP(hipMemcpyBatchAsync(hostResults.data(), devices.data(), sizeList, kCopies, attrs,
                                 attrsIdxs, 1, &failIdx, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  for (size_t i = 0; i < kCopies; ++i) EXPECT_EQ(results[i], sources[i]) << "copy " << i;

  // A null pointer names its copy; a malformed batch names none; nothing of either is queued.
  void* saved = devices[2];
  devices[2] = nullptr;
  EXPECT_EQ(hipMemcpyBatchAsync(devices.data(), hostSources.data(), sizeList, kCopies, attrs,
                                attrsIdxs, 2, &failIdx, stream),
            hipErrorInvalidValue);
  EXPECT_EQ(failIdx, 2u);
  devices[2] = saved;
  size_t badIdxs[2] = {1, 2};
  EXPECT_EQ(hipMemcpyBatchAsync(devices.data(), hostSources.data(), sizeList, kCopies, attrs,
                                badIdxs, 2, &failIdx, stream),
            hipErrorInvalidValue);
  EXPECT_EQ(failIdx, SIZE_MAX);
  attrs[0].srcAccessOrder = hipMemcpySrcAccessOrderInvalid;
  EXPECT_EQ(hipMemcpyBatchAsync(devices.data(), hostSources.data(), sizeList, kCopies, attrs,
                                attrsIdxs, 2, &failIdx, stream),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpyBatchAsync(devices.data(), hostSources.data(), sizeList, 0, attrs, attrsIdxs,
                                1, &failIdx, stream),
            hipErrorInvalidValue);
  for (void* d : devices) ASSERT_HIP(hipFree(d));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(BatchCopy, ThreeDimensionalCopiesBetweenPitchedMemoryAndArrays) {
  // A 5x3x2 box of floats out of a 8x4x3 host volume (rows of 8 elements, layers of 4 rows),
  // into device memory with rows of 6 and layers of 3, then from there into an array, then
  // from the array back to tight host memory.
  constexpr size_t W = 5, H = 3, D = 2;
  std::vector<float> volume(8 * 4 * 3);
  std::iota(volume.begin(), volume.end(), 1.0f);
  float* device = nullptr;
  ASSERT_HIP(hipMalloc(&device, 6 * 3 * D * sizeof(float)));
  hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  hipArray_t array = nullptr;
  ASSERT_HIP(hipMalloc3DArray(&array, &desc, make_hipExtent(W, H, D), 0));
  std::vector<float> back(W * H * D, -1.0f);

  hipMemcpy3DBatchOp ops[3]{};
  // Pointer to pointer: extents in bytes (no array involved).
  ops[0].src.type = hipMemcpyOperandTypePointer;
  ops[0].src.op.ptr = {volume.data(), 8 * sizeof(float), 4, {}};
  ops[0].dst.type = hipMemcpyOperandTypePointer;
  ops[0].dst.op.ptr = {device, 6 * sizeof(float), 3, {}};
  ops[0].extent = make_hipExtent(W * sizeof(float), H, D);
  // Pointer to array and array to pointer: extents and rows in elements.
  ops[1].src.type = hipMemcpyOperandTypePointer;
  ops[1].src.op.ptr = {device, 6, 3, {}};
  ops[1].dst.type = hipMemcpyOperandTypeArray;
  ops[1].dst.op.array = {array, {0, 0, 0}};
  ops[1].extent = make_hipExtent(W, H, D);
  ops[2].src.type = hipMemcpyOperandTypeArray;
  ops[2].src.op.array = {array, {0, 0, 0}};
  ops[2].dst.type = hipMemcpyOperandTypePointer;
  ops[2].dst.op.ptr = {back.data(), 0, 0, {}};  // 0: rows and layers as long as the extent
  ops[2].extent = make_hipExtent(W, H, D);
  for (auto& op : ops) op.srcAccessOrder = hipMemcpySrcAccessOrderStream;
  size_t failIdx = 99;
  ASSERT_HIP(hipMemcpy3DBatchAsync(3, ops, &failIdx, 0, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  for (size_t z = 0; z < D; ++z)
    for (size_t y = 0; y < H; ++y)
      for (size_t x = 0; x < W; ++x)
        ASSERT_EQ(back[(z * H + y) * W + x], volume[(z * 4 + y) * 8 + x])
            << x << "," << y << "," << z;

  // The second operation's rows are too short: it is named, and nothing is queued.
  ops[1].src.op.ptr.rowLength = 4;
  EXPECT_EQ(hipMemcpy3DBatchAsync(3, ops, &failIdx, 0, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(failIdx, 1u);
  EXPECT_EQ(hipMemcpy3DBatchAsync(3, ops, &failIdx, 1, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(failIdx, SIZE_MAX);
  ASSERT_HIP(hipFreeArray(array));
  ASSERT_HIP(hipFree(device));
}

TEST(BatchCopy, PeerCopyOfAThreeDimensionalBox) {
  constexpr size_t W = 16, H = 4, D = 3;
  std::vector<uint8_t> host = pattern(W * H * D, 5), back(W * H * D, 0);
  hipPitchedPtr source{}, destination{};
  ASSERT_HIP(hipMalloc3D(&source, make_hipExtent(W, H, D)));
  ASSERT_HIP(hipMalloc3D(&destination, make_hipExtent(W, H, D)));
  hipMemcpy3DParms up{};
  up.srcPtr = make_hipPitchedPtr(host.data(), W, W, H);
  up.dstPtr = source;
  up.extent = make_hipExtent(W, H, D);
  up.kind = hipMemcpyHostToDevice;
  ASSERT_HIP(hipMemcpy3D(&up));
  hipMemcpy3DPeerParms peer{};
  peer.srcPtr = source;
  peer.dstPtr = destination;
  peer.srcDevice = 0;
  peer.dstDevice = 0;
  peer.extent = make_hipExtent(W, H, D);
  ASSERT_HIP(hipMemcpy3DPeer(&peer));
  hipMemcpy3DParms down{};
  down.srcPtr = destination;
  down.dstPtr = make_hipPitchedPtr(back.data(), W, W, H);
  down.extent = make_hipExtent(W, H, D);
  down.kind = hipMemcpyDeviceToHost;
  ASSERT_HIP(hipMemcpy3D(&down));
  EXPECT_EQ(back, host);
  std::fill(back.begin(), back.end(), 0);
  peer.srcPtr = destination;
  peer.dstPtr = make_hipPitchedPtr(back.data(), W, W, H);
  ASSERT_HIP(hipMemcpy3DPeerAsync(&peer, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  EXPECT_EQ(back, host);
  int count = 0;
  ASSERT_HIP(hipGetDeviceCount(&count));
  peer.dstDevice = count;
  EXPECT_EQ(hipMemcpy3DPeer(&peer), hipErrorInvalidDevice);
  EXPECT_EQ(hipMemcpy3DPeer(nullptr), hipErrorInvalidValue);
  ASSERT_HIP(hipFree(source.ptr));
  ASSERT_HIP(hipFree(destination.ptr));
}

TEST(ExtAllocation, EveryDeviceFlavourHoldsAKernelsStores) {
  (void)hipGetLastError();  // launchCopyInt reports hipGetLastError: clear earlier tests' errors
  for (unsigned flags : {hipDeviceMallocDefault, hipDeviceMallocFinegrained,
                         hipDeviceMallocUncached, hipDeviceMallocContiguous}) {
    int* memory = nullptr;
    ASSERT_HIP(hipExtMallocWithFlags(reinterpret_cast<void**>(&memory), sizeof(int), flags));
    const int source = 0x1234 + static_cast<int>(flags);
    int* input = nullptr;
    ASSERT_HIP(hipMalloc(&input, sizeof(int)));
    ASSERT_HIP(hipMemcpy(input, &source, sizeof(int), hipMemcpyHostToDevice));
    ASSERT_HIP(launchCopyInt(memory, input, nullptr));
    int result = 0;
    ASSERT_HIP(hipMemcpy(&result, memory, sizeof(int), hipMemcpyDeviceToHost));
    EXPECT_EQ(result, source) << "flags " << flags;
    hipPointerAttribute_t attributes{};
    ASSERT_HIP(hipPointerGetAttributes(&attributes, memory));
    EXPECT_EQ(attributes.type, hipMemoryTypeDevice);
    ASSERT_HIP(hipFree(memory));
    ASSERT_HIP(hipFree(input));
  }
  void* signal = nullptr;
  ASSERT_HIP(hipExtMallocWithFlags(&signal, 8, hipMallocSignalMemory));
  ASSERT_HIP(hipFree(signal));
  EXPECT_EQ(hipExtMallocWithFlags(&signal, 16, hipMallocSignalMemory), hipErrorInvalidValue);
  EXPECT_EQ(hipExtMallocWithFlags(&signal, 16, 7), hipErrorInvalidValue);
  EXPECT_EQ(hipExtMallocWithFlags(nullptr, 16, 0), hipErrorInvalidValue);

  int* host = nullptr;
  ASSERT_HIP(hipExtHostAlloc(reinterpret_cast<void**>(&host), 64, hipHostMallocMapped));
  unsigned hostFlags = 0;
  ASSERT_HIP(hipHostGetFlags(&hostFlags, host));
  EXPECT_NE(hostFlags & hipHostMallocMapped, 0u);
  host[15] = 42;
  EXPECT_EQ(host[15], 42);
  ASSERT_HIP(hipHostFree(host));
  EXPECT_EQ(hipExtHostAlloc(reinterpret_cast<void**>(&host), 64, 0x100), hipErrorInvalidValue);
}

int rangeInt(hipMemRangeAttribute attribute, const void* address, size_t bytes) {
  int value = 12345;
  EXPECT_EQ(hipMemRangeGetAttribute(&value, sizeof value, attribute, address, bytes), hipSuccess);
  return value;
}

TEST(ManagedLocations, VersionTwoFormsNameDevicesAndTheHost) {
  constexpr size_t kPage = 4096;
  char* managed = nullptr;
  ASSERT_HIP(hipMallocManaged(&managed, 4 * kPage));
  hipMemLocation device{hipMemLocationTypeDevice, 0};
  hipMemLocation host{hipMemLocationTypeHost, 0};
  ASSERT_HIP(hipMemAdvise_v2(managed, kPage, hipMemAdviseSetPreferredLocation, device));
  ASSERT_HIP(hipMemAdvise_v2(managed + kPage, kPage, hipMemAdviseSetPreferredLocation, host));
  EXPECT_EQ(rangeInt(hipMemRangeAttributePreferredLocation, managed, kPage), 0);
  EXPECT_EQ(rangeInt(hipMemRangeAttributePreferredLocation, managed + kPage, kPage),
            hipCpuDeviceId);
  ASSERT_HIP(hipMemPrefetchAsync_v2(managed, 2 * kPage, host, 0, nullptr));
  EXPECT_EQ(rangeInt(hipMemRangeAttributeLastPrefetchLocation, managed, 2 * kPage), hipCpuDeviceId);
  // Four ranges, two locations: the device for ranges 0-2, the host for range 3.
  void* ranges[4] = {managed, managed + kPage, managed + 2 * kPage, managed + 3 * kPage};
  size_t sizes[4] = {kPage, kPage, kPage, kPage};
  hipMemLocation locations[2] = {device, host};
  size_t firsts[2] = {0, 3};
  ASSERT_HIP(hipMemPrefetchBatchAsync(ranges, sizes, 4, locations, firsts, 2, 0, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  EXPECT_EQ(rangeInt(hipMemRangeAttributeLastPrefetchLocation, managed, 3 * kPage), 0);
  EXPECT_EQ(rangeInt(hipMemRangeAttributeLastPrefetchLocation, managed + 3 * kPage, kPage),
            hipCpuDeviceId);

  hipMemLocation invalid{hipMemLocationTypeInvalid, 0};
  EXPECT_EQ(hipMemAdvise_v2(managed, kPage, hipMemAdviseSetReadMostly, invalid),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemPrefetchAsync_v2(managed, kPage, device, 1, nullptr), hipErrorInvalidValue);
  hipMemLocation absent{hipMemLocationTypeDevice, 64};
  EXPECT_EQ(hipMemPrefetchAsync_v2(managed, kPage, absent, 0, nullptr), hipErrorInvalidDevice);
  size_t badFirsts[2] = {0, 0};
  EXPECT_EQ(hipMemPrefetchBatchAsync(ranges, sizes, 4, locations, badFirsts, 2, 0, nullptr),
            hipErrorInvalidValue);
  // Nothing of a refused batch happened: range 3 still reads the host.
  EXPECT_EQ(rangeInt(hipMemRangeAttributeLastPrefetchLocation, managed + 3 * kPage, kPage),
            hipCpuDeviceId);
  ASSERT_HIP(hipFree(managed));
}

TEST(DriverEntryPoint, ResolvesExportsUnderEveryFlag) {
  for (unsigned long long flags :
       {hipEnableDefault, hipEnableLegacyStream, hipEnablePerThreadDefaultStream}) {
    void* function = nullptr;
    hipDriverEntryPointQueryResult status = hipDriverEntryPointSymbolNotFound;
    ASSERT_HIP(hipGetDriverEntryPoint("hipGetDeviceCount", &function, flags, &status));
    EXPECT_EQ(status, hipDriverEntryPointSuccess);
    int viaPointer = -1, direct = -2;
    ASSERT_HIP(reinterpret_cast<hipError_t (*)(int*)>(function)(&viaPointer));
    ASSERT_HIP(hipGetDeviceCount(&direct));
    EXPECT_EQ(viaPointer, direct);
  }
  // HIP 7.1's own functions are found (the lookup is not bound to the headers' version).
  void* function = nullptr;
  ASSERT_HIP(hipGetDriverEntryPoint("hipStreamGetId", &function, hipEnableDefault, nullptr));
  EXPECT_EQ(function, reinterpret_cast<void*>(&hipStreamGetId));
  // The _spt form defaults to the per-thread stream's entry points.
  ASSERT_HIP(
      hipGetDriverEntryPoint_spt("hipStreamSynchronize", &function, hipEnableDefault, nullptr));
  EXPECT_EQ(function, reinterpret_cast<void*>(&hipStreamSynchronize_spt));
  ASSERT_HIP(hipGetDriverEntryPoint("hipStreamSynchronize", &function, hipEnableDefault, nullptr));
  EXPECT_EQ(function, reinterpret_cast<void*>(&hipStreamSynchronize));

  hipDriverEntryPointQueryResult status = hipDriverEntryPointSuccess;
  EXPECT_EQ(hipGetDriverEntryPoint("", &function, hipEnableDefault, &status), hipErrorInvalidValue);
  EXPECT_EQ(status, hipDriverEntryPointSymbolNotFound);
  EXPECT_EQ(hipGetDriverEntryPoint("hipGetDeviceCount", nullptr, hipEnableDefault, &status),
            hipErrorInvalidValue);
  EXPECT_EQ(hipGetDriverEntryPoint("hipGetDeviceCount", &function, ~0ull, &status),
            hipErrorInvalidValue);
  EXPECT_EQ(hipGetDriverEntryPoint("hipNoSuchFunction", &function, hipEnableDefault, &status),
            hipErrorInvalidValue);
  EXPECT_EQ(status, hipDriverEntryPointSymbolNotFound);
}

TEST(LinkTypeAndHopCount, ArgumentsAreChecked) {
  uint32_t type = 0, hops = 0;
  int count = 0;
  ASSERT_HIP(hipGetDeviceCount(&count));
  EXPECT_EQ(hipExtGetLinkTypeAndHopCount(0, 0, &type, &hops), hipErrorInvalidValue);
  EXPECT_EQ(hipExtGetLinkTypeAndHopCount(-1, 0, &type, &hops), hipErrorInvalidValue);
  EXPECT_EQ(hipExtGetLinkTypeAndHopCount(0, count, &type, &hops), hipErrorInvalidDevice);
  EXPECT_EQ(hipExtGetLinkTypeAndHopCount(0, 1, nullptr, &hops), hipErrorInvalidValue);
}

// Two virtual GPUs: vgpu's topology links each GPU to the CPU only (hipcore offers no peer
// access), so ROCR reports no hops between them and the answer is AMD's for no link: a type of
// all ones and 0 hops.
TEST(LinkTypeAndHopCount, TwoGpusWithoutPeerLinksHaveNoPath) {
  int count = 0;
  ASSERT_HIP(hipGetDeviceCount(&count));
  ASSERT_GE(count, 2) << "run with VGPU_GPUS=2 (ctest's .two_gpus test)";
  for (auto [from, to] : {std::pair{0, 1}, std::pair{1, 0}}) {
    uint32_t type = 99, hops = 99;
    ASSERT_HIP(hipExtGetLinkTypeAndHopCount(from, to, &type, &hops));
    EXPECT_EQ(type, UINT32_MAX);
    EXPECT_EQ(hops, 0u);
  }
}

}  // namespace
