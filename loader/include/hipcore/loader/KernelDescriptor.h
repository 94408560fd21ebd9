// A read-only view of the 64-byte AMDHSA kernel descriptor at symbol "<kernel>.kd".
//
// Layout: AMDGPUUsage, "Kernel Descriptor" (docs/PLATFORM.md section 4).
#pragma once

#include <cstdint>

#include "hipcore/loader/Bytes.h"
#include "hipcore/loader/Result.h"

namespace hipcore::loader {

struct KernelDescriptor {
  static constexpr uint64_t kSize = 64;

  uint32_t groupSegmentFixedSize = 0;    // +0
  uint32_t privateSegmentFixedSize = 0;  // +4
  uint32_t kernargSize = 0;              // +8
  int64_t kernelCodeEntryOffset = 0;     // +16, relative to the descriptor's address
  uint32_t computePgmRsrc3 = 0;          // +44
  uint32_t computePgmRsrc1 = 0;          // +48
  uint32_t computePgmRsrc2 = 0;          // +52
  uint16_t kernelCodeProperties = 0;     // +56

  static Result<KernelDescriptor> parse(Bytes bytes);

  // COMPUTE_PGM_RSRC2.USER_SGPR_COUNT (bits 5:1).
  uint32_t userSgprCount() const { return (computePgmRsrc2 >> 1) & 0x1f; }
  // kernel_code_properties bit 10: the kernel was compiled for wave32.
  bool wave32() const { return (kernelCodeProperties >> 10) & 1; }
  bool enablesKernargSegmentPtr() const { return (kernelCodeProperties >> 3) & 1; }
  bool enablesDispatchPtr() const { return (kernelCodeProperties >> 1) & 1; }
  bool enablesQueuePtr() const { return (kernelCodeProperties >> 2) & 1; }
};

}  // namespace hipcore::loader
