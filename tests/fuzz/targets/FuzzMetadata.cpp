// libFuzzer target: the msgpack reader and the NT_AMDGPU_METADATA document on top of it, down
// to packing a kernarg segment from each kernel's argument list.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "hipcore/loader/KernargLayout.h"
#include "hipcore/loader/KernelMetadata.h"
#include "hipcore/loader/MsgPack.h"

using namespace hipcore::loader;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Bytes input(data, size);
  (void)parseMsgPack(input);
  auto metadata = parseCodeObjectMetadata(input);
  if (!metadata) return 0;
  for (const KernelMetadata& kernel : metadata->kernels) {
    if (metadata->findKernel(kernel.name) == nullptr) std::abort();
    if (kernel.explicitArgCount() > kernel.args.size()) std::abort();
    for (const KernelArg& arg : kernel.args)
      if (uint64_t{arg.offset} + arg.size > kernel.kernargSegmentSize) std::abort();
    if (kernel.kernargSegmentSize > (1u << 20)) continue;
    KernargLayout layout(kernel);
    std::vector<uint8_t> argBytes(1u << 16);
    bool fits = true;
    for (size_t i = 0; i < layout.explicitCount(); ++i)
      fits &= kernel.args[i].size <= argBytes.size();
    if (!fits) continue;
    std::vector<void*> args(layout.explicitCount(), argBytes.data());
    std::vector<uint8_t> segment(layout.segmentSize());
    layout.pack(args.data(), LaunchGeometry{}, HiddenArgValues{}, segment.data());
  }
  return 0;
}
