// Where each kernel's metadata lies in an NT_AMDGPU_METADATA note, found without decoding it.
//
// parseCodeObjectMetadata builds a document tree of every kernel (~100k instructions per
// kernel); a runtime that resolves kernels lazily only needs the names and the byte range of
// each kernel's map, then parses one map when that kernel is first used (parseKernelMetadata).
// The scan skips msgpack values by their headers: bounds-checked, no allocation per value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hipcore/loader/Bytes.h"
#include "hipcore/loader/KernelMetadata.h"
#include "hipcore/loader/Result.h"

namespace hipcore::loader {

struct KernelMetadataEntry {
  std::string name;  // .name
  Bytes map;         // the kernel's msgpack map inside the note
  size_t index = 0;  // its position in amdhsa.kernels (for messages)
};

// Walks amdhsa.kernels one kernel at a time, so a runtime looking for one kernel stops there:
// the kernels after it are never read (a note holds ~1 KiB of msgpack per kernel, ~5k
// instructions to skip each). The note must outlive the cursor and the entries it returns.
class KernelMetadataCursor {
 public:
  // Checks that the note is a map; reads nothing else yet.
  static Result<KernelMetadataCursor> open(Bytes note);
  // The next kernel in amdhsa.kernels order, or nothing after the last (or without
  // amdhsa.kernels); an error if the note is malformed there.
  Result<std::optional<KernelMetadataEntry>> next();

 private:
  explicit KernelMetadataCursor(Bytes note) : note_(note) {}
  Bytes note_;
  size_t offset_ = 0;         // the next top-level key, or the next kernel map
  uint64_t keysLeft_ = 0;     // top-level keys not yet visited
  uint64_t kernelsLeft_ = 0;  // maps left in the amdhsa.kernels array being walked
  size_t kernelIndex_ = 0;
};

// The kernels of a metadata note in amdhsa.kernels order (empty without amdhsa.kernels).
Result<std::vector<KernelMetadataEntry>> indexKernelMetadata(Bytes note);
// Parses one kernel's map as parseCodeObjectMetadata would.
Result<KernelMetadata> parseKernelMetadata(const KernelMetadataEntry& entry);

// The offset just past the msgpack value starting at `offset` (every nested value included).
Result<size_t> skipMsgPackValue(Bytes data, size_t offset);

}  // namespace hipcore::loader
