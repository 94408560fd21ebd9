// Offload bundles: the "fat binary" clang embeds in a HIP program, one entry per target.
//
// Plain layout (clang/lib/Driver/OffloadBundler.cpp, BinaryFileHandler): the 24-byte magic
// "__CLANG_OFFLOAD_BUNDLE__", u64 entry count, then per entry u64 offset, u64 size, u64 id
// length and the id ("hipv4-amdgcn-amd-amdhsa--gfx1030", "host-x86_64-unknown-linux--"),
// offsets counted from the start of the bundle. A compressed bundle (CCOB) wraps one of these.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "hipcore/loader/Bytes.h"
#include "hipcore/loader/Result.h"

namespace hipcore::loader {

inline constexpr std::string_view kOffloadBundleMagic = "__CLANG_OFFLOAD_BUNDLE__";

struct BundleEntry {
  std::string id;  // as stored, e.g. "hipv4-amdgcn-amd-amdhsa--gfx1030:xnack+"
  Bytes image;     // points into the bundle (or into its decompressed copy)
};

class OffloadBundle {
 public:
  // Parses a plain or compressed bundle occupying (at most) `data`.
  static Result<OffloadBundle> parse(Bytes data);

  // The number of bytes a bundle starting at `start` occupies, read from its header alone:
  // __hipRegisterFatBinary hands over a pointer without a size. Fails on implausible headers.
  static Result<uint64_t> extent(const uint8_t* start);

  const std::vector<BundleEntry>& entries() const { return entries_; }
  bool wasCompressed() const { return storage_ != nullptr; }

 private:
  std::vector<BundleEntry> entries_;
  // Owns the decompressed image the entries point into; shared so that copies stay valid.
  std::shared_ptr<const std::vector<uint8_t>> storage_;
};

bool isPlainBundle(Bytes data);

}  // namespace hipcore::loader
