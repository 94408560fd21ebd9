// The 64-byte AMDHSA kernel descriptor at symbol "<kernel>.kd", decoded: the one definition the
// loader, the runtime and vgpu's interpreter (vgpu/isa) all read descriptors through.
//
// Layout and bit fields: AMDGPUUsage, "Kernel Descriptor" (docs/PLATFORM.md section 4), taken from
// LLVM's installed llvm/Support/AMDHSAKernelDescriptor.h (llvm-19-dev, a build dependency) rather
// than written out here again. Why that header: hardware layouts come from installed headers where
// they exist, and ROCR installs none for this descriptor (hsa/amd_hsa_kernel_code.h is code
// object v2's 256-byte amd_kernel_code_t). The header is LLVM's own definition (its assembler
// writes descriptors from it), static_asserts every offset, and is self-contained (<cstddef>,
// <cstdint>, enums and one struct): the loader includes it without linking LLVM.
#pragma once

#include <llvm/Support/AMDHSAKernelDescriptor.h>

#include <cstdint>
#include <cstring>

#include "hipcore/loader/Bytes.h"
#include "hipcore/loader/Result.h"

namespace hipcore::loader {

struct KernelDescriptor {
  using Raw = llvm::amdhsa::kernel_descriptor_t;
  static constexpr uint64_t kSize = 64;
  static_assert(sizeof(Raw) == kSize, "AMDGPUUsage: the kernel descriptor is 64 bytes");

  uint32_t groupSegmentFixedSize = 0;    // +0
  uint32_t privateSegmentFixedSize = 0;  // +4
  uint32_t kernargSize = 0;              // +8
  int64_t kernelCodeEntryOffset = 0;     // +16, relative to the descriptor's address
  uint32_t computePgmRsrc3 = 0;          // +44 (GFX10+, GFX90A+)
  uint32_t computePgmRsrc1 = 0;          // +48
  uint32_t computePgmRsrc2 = 0;          // +52
  uint16_t kernelCodeProperties = 0;     // +56

  // Checked: fails if fewer than kSize bytes are given (an untrusted image).
  static Result<KernelDescriptor> parse(Bytes bytes);
  // Unchecked: `bytes` must point at kSize readable bytes (a descriptor in loaded GPU memory).
  static KernelDescriptor decode(const void* bytes) {
    Raw raw;
    std::memcpy(&raw, bytes, sizeof raw);
    KernelDescriptor d;
    d.groupSegmentFixedSize = raw.group_segment_fixed_size;
    d.privateSegmentFixedSize = raw.private_segment_fixed_size;
    d.kernargSize = raw.kernarg_size;
    d.kernelCodeEntryOffset = raw.kernel_code_entry_byte_offset;
    d.computePgmRsrc3 = raw.compute_pgm_rsrc3;
    d.computePgmRsrc1 = raw.compute_pgm_rsrc1;
    d.computePgmRsrc2 = raw.compute_pgm_rsrc2;
    d.kernelCodeProperties = raw.kernel_code_properties;
    return d;
  }

  // kernel_code_properties: the user SGPRs enabled, in the order hardware loads them.
  bool privateSegmentBuffer() const {
    return property(llvm::amdhsa::KERNEL_CODE_PROPERTY_ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER);
  }
  bool dispatchPtr() const {
    return property(llvm::amdhsa::KERNEL_CODE_PROPERTY_ENABLE_SGPR_DISPATCH_PTR);
  }
  bool queuePtr() const {
    return property(llvm::amdhsa::KERNEL_CODE_PROPERTY_ENABLE_SGPR_QUEUE_PTR);
  }
  bool kernargSegmentPtr() const {
    return property(llvm::amdhsa::KERNEL_CODE_PROPERTY_ENABLE_SGPR_KERNARG_SEGMENT_PTR);
  }
  bool dispatchId() const {
    return property(llvm::amdhsa::KERNEL_CODE_PROPERTY_ENABLE_SGPR_DISPATCH_ID);
  }
  bool flatScratchInit() const {
    return property(llvm::amdhsa::KERNEL_CODE_PROPERTY_ENABLE_SGPR_FLAT_SCRATCH_INIT);
  }
  bool privateSegmentSizeSgpr() const {
    return property(llvm::amdhsa::KERNEL_CODE_PROPERTY_ENABLE_SGPR_PRIVATE_SEGMENT_SIZE);
  }
  // The kernel was compiled for wave32 (GFX10+).
  bool wave32() const {
    return property(llvm::amdhsa::KERNEL_CODE_PROPERTY_ENABLE_WAVEFRONT_SIZE32);
  }
  // The stack size is not known at compile time (recursion, indirect calls).
  bool usesDynamicStack() const {
    return property(llvm::amdhsa::KERNEL_CODE_PROPERTY_USES_DYNAMIC_STACK);
  }

  // COMPUTE_PGM_RSRC2: the system SGPRs and VGPRs the kernel expects.
  bool privateSegmentWaveOffset() const {
    return rsrc2(llvm::amdhsa::COMPUTE_PGM_RSRC2_ENABLE_PRIVATE_SEGMENT,
                 llvm::amdhsa::COMPUTE_PGM_RSRC2_ENABLE_PRIVATE_SEGMENT_SHIFT);
  }
  uint32_t userSgprCount() const {
    return rsrc2(llvm::amdhsa::COMPUTE_PGM_RSRC2_USER_SGPR_COUNT,
                 llvm::amdhsa::COMPUTE_PGM_RSRC2_USER_SGPR_COUNT_SHIFT);
  }
  bool workgroupId(int dim) const {
    return (computePgmRsrc2 >>
            (llvm::amdhsa::COMPUTE_PGM_RSRC2_ENABLE_SGPR_WORKGROUP_ID_X_SHIFT + dim)) &
           1u;
  }
  bool workgroupInfo() const {
    return rsrc2(llvm::amdhsa::COMPUTE_PGM_RSRC2_ENABLE_SGPR_WORKGROUP_INFO,
                 llvm::amdhsa::COMPUTE_PGM_RSRC2_ENABLE_SGPR_WORKGROUP_INFO_SHIFT);
  }
  // How many work-item id VGPRs are initialised (1: x, 2: x and y, 3: x, y and z).
  unsigned workitemIdDims() const {
    return rsrc2(llvm::amdhsa::COMPUTE_PGM_RSRC2_ENABLE_VGPR_WORKITEM_ID,
                 llvm::amdhsa::COMPUTE_PGM_RSRC2_ENABLE_VGPR_WORKITEM_ID_SHIFT) +
           1;
  }

  // COMPUTE_PGM_RSRC1.GRANULATED_WORKITEM_VGPR_COUNT in registers: granule 8 in wave32, 4 in
  // wave64 on GFX10+ (AMDGPUUsage, "compute_pgm_rsrc1").
  unsigned vgprs(bool wave64) const {
    return (rsrc1(llvm::amdhsa::COMPUTE_PGM_RSRC1_GRANULATED_WORKITEM_VGPR_COUNT,
                  llvm::amdhsa::COMPUTE_PGM_RSRC1_GRANULATED_WORKITEM_VGPR_COUNT_SHIFT) +
            1) *
           (wave64 ? 4 : 8);
  }
  // The initial MODE register: FLOAT_ROUND_MODE_32 [13:12], FLOAT_ROUND_MODE_16_64 [15:14],
  // FLOAT_DENORM_MODE_32 [17:16] and FLOAT_DENORM_MODE_16_64 [19:18] of COMPUTE_PGM_RSRC1 land in
  // MODE [7:0] in the same order, ENABLE_DX10_CLAMP in MODE [8], ENABLE_IEEE_MODE in MODE [9]
  // (AMDGPUUsage, "compute_pgm_rsrc1"; RDNA ISA guides, "MODE").
  uint32_t initialMode() const {
    using namespace llvm::amdhsa;
    static_assert(COMPUTE_PGM_RSRC1_FLOAT_DENORM_MODE_16_64_SHIFT +
                          COMPUTE_PGM_RSRC1_FLOAT_DENORM_MODE_16_64_WIDTH ==
                      COMPUTE_PGM_RSRC1_FLOAT_ROUND_MODE_32_SHIFT + 8,
                  "the four float mode fields are contiguous, as MODE [7:0] holds them");
    uint32_t rounding = (computePgmRsrc1 >> COMPUTE_PGM_RSRC1_FLOAT_ROUND_MODE_32_SHIFT) & 0xffu;
    return rounding |
           rsrc1(COMPUTE_PGM_RSRC1_GFX6_GFX11_ENABLE_DX10_CLAMP,
                 COMPUTE_PGM_RSRC1_GFX6_GFX11_ENABLE_DX10_CLAMP_SHIFT)
               << 8 |
           rsrc1(COMPUTE_PGM_RSRC1_GFX6_GFX11_ENABLE_IEEE_MODE,
                 COMPUTE_PGM_RSRC1_GFX6_GFX11_ENABLE_IEEE_MODE_SHIFT)
               << 9;
  }

 private:
  bool property(uint32_t mask) const { return (kernelCodeProperties & mask) != 0; }
  uint32_t rsrc1(uint32_t mask, uint32_t shift) const { return (computePgmRsrc1 & mask) >> shift; }
  uint32_t rsrc2(uint32_t mask, uint32_t shift) const { return (computePgmRsrc2 & mask) >> shift; }
};

}  // namespace hipcore::loader
