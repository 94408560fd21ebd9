// Kernel metadata from a code object's NT_AMDGPU_METADATA note ("amdhsa.kernels").
//
// Field names follow AMDGPUUsage, "Code Object V3+ Metadata". Only what a runtime needs to
// launch a kernel is kept; unknown keys are ignored, missing required ones are errors.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "hipcore/loader/Bytes.h"
#include "hipcore/loader/Result.h"

namespace hipcore::loader {

// .value_kind of a kernel argument. Explicit kinds come from the source; hidden ones are
// filled by the runtime.
enum class ArgKind {
  ByValue,
  GlobalBuffer,
  DynamicSharedPointer,
  Sampler,
  Image,
  Pipe,
  Queue,
  HiddenGlobalOffsetX,
  HiddenGlobalOffsetY,
  HiddenGlobalOffsetZ,
  HiddenNone,
  HiddenPrintfBuffer,
  HiddenHostcallBuffer,
  HiddenDefaultQueue,
  HiddenCompletionAction,
  HiddenMultigridSyncArg,
  HiddenBlockCountX,
  HiddenBlockCountY,
  HiddenBlockCountZ,
  HiddenGroupSizeX,
  HiddenGroupSizeY,
  HiddenGroupSizeZ,
  HiddenRemainderX,
  HiddenRemainderY,
  HiddenRemainderZ,
  HiddenGridDims,
  HiddenHeapV1,
  HiddenDynamicLdsSize,
  HiddenPrivateBase,
  HiddenSharedBase,
  HiddenQueuePtr,
  Unknown,
};

// Parses a .value_kind string; Unknown for kinds this runtime has never seen.
ArgKind argKindFromString(std::string_view text);
std::string_view argKindName(ArgKind kind);
bool isHidden(ArgKind kind);

struct KernelArg {
  std::string name;  // .name when the compiler records it
  uint32_t offset = 0;
  uint32_t size = 0;
  ArgKind kind = ArgKind::Unknown;
  std::string valueKind;  // as written, for messages about Unknown kinds
};

struct KernelMetadata {
  std::string name;    // .name: the mangled function name
  std::string symbol;  // .symbol: the kernel descriptor symbol, "<name>.kd"
  uint32_t kernargSegmentSize = 0;
  uint32_t kernargSegmentAlign = 0;
  uint32_t groupSegmentFixedSize = 0;
  uint32_t privateSegmentFixedSize = 0;
  uint32_t wavefrontSize = 0;
  uint32_t sgprCount = 0;
  uint32_t vgprCount = 0;
  uint32_t maxFlatWorkgroupSize = 0;
  bool usesDynamicStack = false;
  std::vector<KernelArg> args;

  // The number of explicit (source-level) arguments: those before the first hidden one.
  size_t explicitArgCount() const;
};

struct CodeObjectMetadata {
  uint32_t versionMajor = 0;  // amdhsa.version: [1, 1] is code object v4, [1, 2] is v5
  uint32_t versionMinor = 0;
  std::string target;  // amdhsa.target, e.g. "amdgcn-amd-amdhsa--gfx1030"
  std::vector<KernelMetadata> kernels;

  const KernelMetadata* findKernel(std::string_view name) const;
};

// Parses the msgpack descriptor of an NT_AMDGPU_METADATA note.
Result<CodeObjectMetadata> parseCodeObjectMetadata(Bytes note);

}  // namespace hipcore::loader
