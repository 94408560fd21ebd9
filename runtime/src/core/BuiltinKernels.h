// The built-in kernels (kernels/builtin): the fills and copies hipMemset* and hipMemcpy* dispatch
// on a stream's own queue. Their offload bundle is embedded in libhipcore and loaded on a device
// through the normal loader path the first time one is needed there (never at start-up).
#pragma once

#include <cstdint>
#include <memory>

#include "Registry.h"
#include "Status.h"
#include "hipcore/loader/Bytes.h"
#include "hsa/Hsa.h"

namespace hipcore::core {

class Module;

// The embedded offload bundle: one code object per target hipcore was built for.
loader::Bytes builtinFatBinary();

struct BuiltinKernels {
  // The workgroup size every built-in kernel is compiled for (kBlock in BuiltinKernels.hip).
  static constexpr uint32_t kBlock = 256;
  // Bytes each work-item handles per step (one 16-byte chunk).
  static constexpr uint64_t kChunk = 16;

  const DeviceKernel* fill = nullptr;  // (base, width, pitch, slicePitch, word, items)
  // Copies (dst, src, width, dstPitch, srcPitch, dstSlice, srcSlice, items) by how the two sides
  // align with each other: same offset from 16 bytes, from 4 bytes, or any.
  const DeviceKernel* copyAligned = nullptr;
  const DeviceKernel* copyDwords = nullptr;
  const DeviceKernel* copyBytes = nullptr;
  const DeviceKernel* writeValue = nullptr;  // (address, value, bytes): one work-item

  // Loads the bundle's code object for `agent` into `module` and finds the kernels.
  static Status load(const hsa::GpuAgent& agent, std::unique_ptr<Module>& module,
                     BuiltinKernels& out);
};

}  // namespace hipcore::core
