// Decoding a kernel descriptor from an untrusted image: the size check before decode().
#include "hipcore/loader/KernelDescriptor.h"

namespace hipcore::loader {

Result<KernelDescriptor> KernelDescriptor::parse(Bytes bytes) {
  if (bytes.size() < kSize)
    return errorf("kernel descriptor: %zu bytes, expected %llu", bytes.size(),
                  static_cast<unsigned long long>(kSize));
  return decode(bytes.data());
}

}  // namespace hipcore::loader
