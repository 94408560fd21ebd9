// Builds the node, memory-bank, cache and IO-link properties of the virtual system.
#include "kfd/Topology.h"

#include <unistd.h>
#include <algorithm>

#include <string_view>
#include <thread>

namespace vgpu::kfd {

namespace {

void setName(HSAuint16 (&marketing)[HSA_PUBLIC_NAME_SIZE], std::string_view name) {
  for (std::size_t i = 0; i + 1 < HSA_PUBLIC_NAME_SIZE && i < name.size(); ++i)
    marketing[i] = HSAuint16(name[i]);
}

void setName(HSAuint8 (&amd)[HSA_PUBLIC_NAME_SIZE], std::string_view name) {
  for (std::size_t i = 0; i + 1 < HSA_PUBLIC_NAME_SIZE && i < name.size(); ++i)
    amd[i] = HSAuint8(name[i]);
}

std::uint64_t physicalMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long pageSize = sysconf(_SC_PAGE_SIZE);
  return (pages > 0 && pageSize > 0) ? std::uint64_t(pages) * std::uint64_t(pageSize) : 1ull << 32;
}

HsaIoLinkProperties pcieLink(std::uint32_t from, std::uint32_t to) {
  HsaIoLinkProperties link{};
  link.IoLinkType = HSA_IOLINKTYPE_PCIEXPRESS;
  link.VersionMajor = 4;
  link.NodeFrom = from;
  link.NodeTo = to;
  link.Weight = 20;  // the KFD's CPU<->dGPU PCIe weight
  link.MinimumBandwidth = 16000;
  link.MaximumBandwidth = 32000;
  return link;
}

HsaCacheProperties cpuCache(std::uint32_t level, std::uint32_t kib) {
  HsaCacheProperties cache{};
  cache.ProcessorIdLow = 0;  // CComputeIdLo of the CPU node
  cache.CacheLevel = level;
  cache.CacheSize = kib;
  cache.CacheLineSize = 64;
  cache.CacheLinesPerTag = 1;
  cache.CacheAssociativity = 8;
  cache.CacheType.ui32.Data = 1;
  cache.CacheType.ui32.CPU = 1;
  return cache;
}

HsaCacheProperties gpuCache(std::uint32_t processorId, std::uint32_t level, std::uint32_t kib) {
  HsaCacheProperties cache{};
  cache.ProcessorIdLow = processorId;
  cache.CacheLevel = level;
  cache.CacheSize = kib;  // the KFD reports cache sizes in KiB
  cache.CacheLineSize = 128;
  cache.CacheLinesPerTag = 1;
  cache.CacheAssociativity = 16;
  cache.CacheType.ui32.Data = 1;
  cache.CacheType.ui32.HSACU = 1;
  return cache;
}

}  // namespace

Topology::Topology(const Options& options) {
  nodes_.push_back(cpuNode(options));
  for (std::uint32_t gpu = 0; gpu < options.gpuCount; ++gpu)
    nodes_.push_back(gpuNode(options, gpu + 1));
}

Topology::Node Topology::cpuNode(const Options& options) {
  Node node;
  HsaNodeProperties& p = node.properties;
  p.NumCPUCores = std::max(1u, std::thread::hardware_concurrency());
  p.NumMemoryBanks = 1;
  p.NumCaches = 3;  // ROCR's CPU agent asserts that cache info exists
  p.NumIOLinks = options.gpuCount;
  p.MaxEngineClockMhzCCompute = 3000;
  p.DrmRenderMinor = -1;
  setName(p.MarketingName, "vgpu host CPU");
  setName(p.AMDName, "CPU");

  HsaMemoryProperties system{};
  system.HeapType = HSA_HEAPTYPE_SYSTEM;
  system.SizeInBytes =
      options.hostMemoryBytes != 0 ? options.hostMemoryBytes : physicalMemoryBytes();
  system.Width = 64;
  system.MemoryClockMax = 3200;
  node.memory.push_back(system);
  node.caches = {cpuCache(1, 32), cpuCache(2, 512), cpuCache(3, 16384)};
  for (std::uint32_t gpu = 1; gpu <= options.gpuCount; ++gpu)
    node.links.push_back(pcieLink(0, gpu));
  return node;
}

Topology::Node Topology::gpuNode(const Options& options, std::uint32_t id) {
  const bool rdna3 = options.target == GpuTarget::gfx1100;
  Node node;
  HsaNodeProperties& p = node.properties;
  constexpr std::uint32_t kSimdsPerCu = 2;  // RDNA: a WGP-less CU view with two SIMD32
  p.NumFComputeCores = options.computeUnits * kSimdsPerCu;
  p.NumSIMDPerCU = kSimdsPerCu;
  p.NumMemoryBanks = 3;
  p.NumCaches = 2;
  p.NumIOLinks = 1;
  p.FComputeIdLo = 0x80000000u + id * 0x100;
  p.Capability.ui32.DoorbellType = 2;  // 64-bit AQL doorbells (gfx9+)
  p.Capability.ui32.QueueSizePowerOfTwo = 1;
  p.Capability.ui32.QueueSize32bit = 1;
  p.MaxWavesPerSIMD = 16;
  p.LDSSizeInKB = 64;
  p.WaveFrontSize = 32;
  p.NumShaderBanks = 1;
  p.NumArrays = 2;
  p.NumCUPerArray = (options.computeUnits + 1) / 2;
  p.MaxSlotsScratchCU = 32;
  p.EngineId.ui32.uCode = 100;
  p.EngineId.ui32.Major = rdna3 ? 11 : 10;
  p.EngineId.ui32.Minor = rdna3 ? 0 : 3;
  p.EngineId.ui32.Stepping = 0;
  p.VendorId = 0x1002;
  p.DeviceId = rdna3 ? 0x744C : 0x73BF;  // Navi31 / Navi21 PCI ids
  p.LocationId = id << 8;                // bus id, one bus per virtual GPU
  p.LocalMemSize = options.memoryBytes;
  p.MaxEngineClockMhzFCompute = 2000;
  p.DrmRenderMinor = int(127 + id);
  setName(p.MarketingName, rdna3 ? "vgpu gfx1100" : "vgpu gfx1030");
  setName(p.AMDName, rdna3 ? "gfx1100" : "gfx1030");
  p.uCodeEngineVersions.uCodeSDMA = 50;
  p.NumSdmaEngines = 2;
  p.NumSdmaQueuesPerEngine = 8;
  p.NumCpQueues = 8;
  p.NumGws = 0;                           // no global wave sync: cooperative queues are unavailable
  p.UniqueID = 0x76677075000000ull + id;  // "vgpu" + node
  p.VGPRSizePerCU = 128 * 1024;
  p.SGPRSizePerCU = 20 * 1024;

  HsaMemoryProperties vram{};
  vram.HeapType = HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC;
  vram.SizeInBytes = options.memoryBytes;
  vram.Width = 256;
  vram.MemoryClockMax = 2000;
  vram.VirtualBaseAddress = 0x100000000ull;  // ignored by ROCR for discrete GPUs
  HsaMemoryProperties lds{};
  lds.HeapType = HSA_HEAPTYPE_GPU_LDS;
  lds.SizeInBytes = 64 * 1024;
  lds.VirtualBaseAddress = kLdsApertureBase;
  HsaMemoryProperties scratch{};
  scratch.HeapType = HSA_HEAPTYPE_GPU_SCRATCH;
  scratch.SizeInBytes = 4ull << 30;
  scratch.VirtualBaseAddress = kScratchApertureBase;
  node.memory = {vram, lds, scratch};

  node.caches.push_back(gpuCache(p.FComputeIdLo, 1, 16));
  node.caches.push_back(gpuCache(p.FComputeIdLo, 2, 4096));
  node.links.push_back(pcieLink(id, 0));
  return node;
}

}  // namespace vgpu::kfd
