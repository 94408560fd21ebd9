// The virtual system's HSA topology: node 0 is the host CPU, nodes 1..N are virtual GPUs.
//
// The values are what ROCR 5.2.3 needs to build agents and what rocminfo prints: ROCR derives
// the ISA from EngineId, the CU count from NumFComputeCores / NumSIMDPerCU, the doorbell
// protocol from Capability.DoorbellType, group/private apertures from the LDS and scratch
// banks, and the cache list from the caches with HSACU set.
#pragma once

#include <hsakmt.h>

#include <cstdint>
#include <vector>

#include "options/Options.h"

namespace vgpu::kfd {

// Flat-address apertures of a GFX9+ GPU VM (the KFD's 64-bit layout): LDS and scratch are
// windows in the upper address space, never backed by host memory at these addresses.
inline constexpr std::uint64_t kLdsApertureBase = 0x1000000000000ull;
inline constexpr std::uint64_t kScratchApertureBase = 0x2000000000000ull;

class Topology {
 public:
  explicit Topology(const Options& options);

  std::uint32_t nodeCount() const { return std::uint32_t(nodes_.size()); }
  bool isGpu(std::uint32_t node) const { return node >= 1 && node < nodeCount(); }
  const HsaNodeProperties& node(std::uint32_t id) const { return nodes_[id].properties; }
  const std::vector<HsaMemoryProperties>& memory(std::uint32_t id) const {
    return nodes_[id].memory;
  }
  const std::vector<HsaCacheProperties>& caches(std::uint32_t id) const {
    return nodes_[id].caches;
  }
  const std::vector<HsaIoLinkProperties>& links(std::uint32_t id) const { return nodes_[id].links; }

 private:
  struct Node {
    HsaNodeProperties properties{};
    std::vector<HsaMemoryProperties> memory;
    std::vector<HsaCacheProperties> caches;
    std::vector<HsaIoLinkProperties> links;
  };
  static Node cpuNode(const Options& options);
  static Node gpuNode(const Options& options, std::uint32_t id);

  std::vector<Node> nodes_;
};

}  // namespace vgpu::kfd
