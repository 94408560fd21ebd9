// hipcore's public headers (hip/hip_runtime.h and what it includes), compiled into libhiprtc.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

namespace hiprtc {

struct EmbeddedHeader {
  const char* name;  // include name, e.g. "hip/hip_runtime.h"
  const unsigned char* data;
  std::size_t size;

  std::string_view text() const { return {reinterpret_cast<const char*>(data), size}; }
};

// Every header, sorted by name within its source folder (generated at build time).
std::span<const EmbeddedHeader> embeddedHeaders();
// A SHA-256 over all header names and contents: part of every cache key.
std::string_view embeddedHeadersIdentity();

}  // namespace hiprtc
