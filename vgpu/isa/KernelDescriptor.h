// The 64-byte AMDHSA kernel descriptor, decoded into the fields the interpreter needs
// (AMDGPUUsage "Kernel Descriptor"; docs/PLATFORM.md section 4).
#pragma once

#include <cstdint>
#include <cstring>

namespace vgpu::isa {

struct KernelDescriptor {
  std::uint32_t groupSegmentSize = 0;
  std::uint32_t privateSegmentSize = 0;
  std::uint32_t kernargSize = 0;
  std::int64_t entryOffset = 0;
  std::uint32_t rsrc1 = 0, rsrc2 = 0, rsrc3 = 0;
  std::uint16_t properties = 0;

  static KernelDescriptor read(const void* bytes) {
    const auto* b = static_cast<const std::uint8_t*>(bytes);
    KernelDescriptor kd;
    std::memcpy(&kd.groupSegmentSize, b + 0, 4);
    std::memcpy(&kd.privateSegmentSize, b + 4, 4);
    std::memcpy(&kd.kernargSize, b + 8, 4);
    std::memcpy(&kd.entryOffset, b + 16, 8);
    std::memcpy(&kd.rsrc3, b + 44, 4);
    std::memcpy(&kd.rsrc1, b + 48, 4);
    std::memcpy(&kd.rsrc2, b + 52, 4);
    std::memcpy(&kd.properties, b + 56, 2);
    return kd;
  }

  // kernel_code_properties: user SGPR enables, in the order hardware loads them.
  bool privateSegmentBuffer() const { return properties & (1u << 0); }
  bool dispatchPtr() const { return properties & (1u << 1); }
  bool queuePtr() const { return properties & (1u << 2); }
  bool kernargPtr() const { return properties & (1u << 3); }
  bool dispatchId() const { return properties & (1u << 4); }
  bool flatScratchInit() const { return properties & (1u << 5); }
  bool privateSegmentSizeSgpr() const { return properties & (1u << 6); }
  bool wave32() const { return properties & (1u << 10); }
  // COMPUTE_PGM_RSRC2.
  bool privateSegmentWaveOffset() const { return rsrc2 & 1u; }
  unsigned userSgprCount() const { return (rsrc2 >> 1) & 0x1f; }
  bool workgroupId(int dim) const { return rsrc2 & (1u << (7 + dim)); }
  bool workgroupInfo() const { return rsrc2 & (1u << 10); }
  unsigned workitemIdDims() const { return ((rsrc2 >> 11) & 3) + 1; }
  // COMPUTE_PGM_RSRC1 granulated VGPR count (granule 8 in wave32, 4 in wave64 on gfx10+).
  unsigned vgprs(bool wave64) const { return ((rsrc1 & 0x3f) + 1) * (wave64 ? 4 : 8); }
};

}  // namespace vgpu::isa
