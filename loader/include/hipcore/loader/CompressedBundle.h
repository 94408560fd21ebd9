// Compressed offload bundles ("CCOB"), as clang's --offload-compress writes them.
//
// Layout (clang/lib/Driver/OffloadBundler.cpp, CompressedOffloadBundle): magic "CCOB",
// u16 version, u16 method (0 = zlib, 1 = zstd), then by version
//   v1: u32 uncompressed size, u64 hash                    (20-byte header)
//   v2: u32 total size, u32 uncompressed size, u64 hash    (24-byte header)
//   v3: u64 total size, u64 uncompressed size, u64 hash    (32-byte header)
// followed by one compressed stream holding a plain __CLANG_OFFLOAD_BUNDLE__ image. The hash
// is the low half of the MD5 of the uncompressed data; it identifies a bundle, and the
// compressed formats carry their own checksums, so it is recorded but not recomputed.
#pragma once

#include <cstdint>
#include <vector>

#include "hipcore/loader/Bytes.h"
#include "hipcore/loader/Result.h"

namespace hipcore::loader {

inline constexpr std::string_view kCompressedBundleMagic = "CCOB";

enum class CompressionMethod : uint16_t { Zlib = 0, Zstd = 1 };

struct CompressedBundleHeader {
  uint16_t version = 0;
  CompressionMethod method = CompressionMethod::Zstd;
  uint64_t headerSize = 0;
  uint64_t totalSize = 0;  // 0 for v1, which does not record it
  uint64_t uncompressedSize = 0;
  uint64_t hash = 0;
};

bool isCompressedBundle(Bytes data);

// Parses the header; `data` may extend past the bundle (its end is then taken from the header).
Result<CompressedBundleHeader> parseCompressedBundleHeader(Bytes data);

// The plain bundle image inside a compressed one.
Result<std::vector<uint8_t>> decompressBundle(Bytes data);

// Writes a compressed bundle around a plain image (used by tests and tools to produce every
// version/method combination; clang-19 itself writes v2 with zstd).
Result<std::vector<uint8_t>> compressBundle(Bytes plain, CompressionMethod method,
                                            uint16_t version);

}  // namespace hipcore::loader
