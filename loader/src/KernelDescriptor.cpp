// Decoding the kernel descriptor's fields from its 64 bytes.
#include "hipcore/loader/KernelDescriptor.h"

namespace hipcore::loader {

Result<KernelDescriptor> KernelDescriptor::parse(Bytes bytes) {
  if (bytes.size() < kSize)
    return errorf("kernel descriptor: %zu bytes, expected %llu", bytes.size(),
                  static_cast<unsigned long long>(kSize));
  KernelDescriptor d;
  d.groupSegmentFixedSize = *loadAt<uint32_t>(bytes, 0);
  d.privateSegmentFixedSize = *loadAt<uint32_t>(bytes, 4);
  d.kernargSize = *loadAt<uint32_t>(bytes, 8);
  d.kernelCodeEntryOffset = *loadAt<int64_t>(bytes, 16);
  d.computePgmRsrc3 = *loadAt<uint32_t>(bytes, 44);
  d.computePgmRsrc1 = *loadAt<uint32_t>(bytes, 48);
  d.computePgmRsrc2 = *loadAt<uint32_t>(bytes, 52);
  d.kernelCodeProperties = *loadAt<uint16_t>(bytes, 56);
  return d;
}

}  // namespace hipcore::loader
