// libFuzzer target: the CCOB (compressed offload bundle) header reader and decompressor.
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "hipcore/loader/CompressedBundle.h"
#include "hipcore/loader/OffloadBundle.h"

using namespace hipcore::loader;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Bytes input(data, size);
  auto header = parseCompressedBundleHeader(input);
  if (!header) return 0;
  auto plain = decompressBundle(input);
  if (plain) {
    if (plain->size() != header->uncompressedSize) std::abort();
    // What was read back must survive a round trip through the writer, for every version.
    for (uint16_t version : {1, 2, 3}) {
      auto again = compressBundle(*plain, header->method, version);
      if (!again) continue;
      auto back = decompressBundle(*again);
      if (!back || *back != *plain) std::abort();
    }
  }
  auto bundle = OffloadBundle::parse(input);
  // A bundle that parses and records its size (v2, v3) reports that size as its extent.
  if (bundle && header->version >= 2 && size >= 32) {
    auto extent = OffloadBundle::extent(data);
    if (!extent || *extent != header->totalSize || *extent > size) std::abort();
  }
  return 0;
}
