// Bounds-checked little-endian reads from untrusted byte images.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string_view>

namespace hipcore::loader {

using Bytes = std::span<const uint8_t>;

static_assert(std::endian::native == std::endian::little,
              "the loader reads little-endian AMDGPU images by memcpy");

// True when [offset, offset + size) lies inside an image of `total` bytes, without overflow.
constexpr bool fitsIn(uint64_t offset, uint64_t size, uint64_t total) {
  return offset <= total && size <= total - offset;
}

// The T stored at `offset`, or nothing if it would read past the end.
template <typename T>
std::optional<T> loadAt(Bytes data, uint64_t offset) {
  if (!fitsIn(offset, sizeof(T), data.size())) return std::nullopt;
  T value;
  std::memcpy(&value, data.data() + offset, sizeof(T));
  return value;
}

inline std::string_view asText(Bytes data) {
  return {reinterpret_cast<const char*>(data.data()), data.size()};
}

inline Bytes asBytes(std::string_view text) {
  return {reinterpret_cast<const uint8_t*>(text.data()), text.size()};
}

}  // namespace hipcore::loader
