// Where each kernel's metadata lies in an NT_AMDGPU_METADATA note, found without decoding it.
//
// parseCodeObjectMetadata builds a document tree of every kernel (~100k instructions per
// kernel); a runtime that resolves kernels lazily only needs the names and the byte range of
// each kernel's map, then parses one map when that kernel is first used (parseKernelMetadata).
// The scan skips msgpack values by their headers: bounds-checked, no allocation per value.
#pragma once

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

// The kernels of a metadata note in amdhsa.kernels order (empty without amdhsa.kernels).
Result<std::vector<KernelMetadataEntry>> indexKernelMetadata(Bytes note);
// Parses one kernel's map as parseCodeObjectMetadata would.
Result<KernelMetadata> parseKernelMetadata(const KernelMetadataEntry& entry);

// The offset just past the msgpack value starting at `offset` (every nested value included).
Result<size_t> skipMsgPackValue(Bytes data, size_t offset);

}  // namespace hipcore::loader
