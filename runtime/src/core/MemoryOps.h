// The shapes the runtime's fills and copies work on: boxes of rows in pitched memory.
#pragma once

#include <cstddef>
#include <cstdint>

namespace hipcore::core {

// `width` bytes per row, `height` rows per slice, `depth` slices (a 1D range is one row).
struct Extent {
  size_t width = 0;
  size_t height = 1;
  size_t depth = 1;
  bool empty() const { return width == 0 || height == 0 || depth == 0; }
};

// Where a box lives: its first byte, the distance between rows and between slices.
template <class Pointer>
struct Pitched {
  Pointer base = nullptr;
  size_t pitch = 0;
  size_t slicePitch = 0;

  // One past the last byte a box of `extent` touches (the end of its last row).
  size_t span(const Extent& extent) const {
    return (extent.depth - 1) * slicePitch + (extent.height - 1) * pitch + extent.width;
  }
};

// A 1D range as a box.
template <class Pointer>
inline Pitched<Pointer> linear(Pointer base, size_t bytes) {
  return {base, bytes, bytes};
}

// The 32-bit word the fill kernel stores: byte (a % 4) of it lands at address a. `pattern` is
// `width` (1, 2 or 4) bytes repeated from `start`, so the word is the pattern rotated to line up
// with 4-byte boundaries.
inline uint32_t fillWord(uint32_t pattern, unsigned width, uintptr_t start) {
  uint32_t word = 0;
  for (unsigned r = 0; r < 4; ++r) {
    unsigned byte = static_cast<unsigned>((r + width - start % width) % width);
    word |= ((pattern >> (8 * byte)) & 0xffu) << (8 * r);
  }
  return word;
}

}  // namespace hipcore::core
