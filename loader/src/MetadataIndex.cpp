// Skipping msgpack values by their headers, and the per-kernel index built with it.
#include "hipcore/loader/MetadataIndex.h"

namespace hipcore::loader {

namespace {

// A big-endian unsigned integer of `bytes` bytes at `offset`.
std::optional<uint64_t> bigEndian(Bytes data, size_t offset, unsigned bytes) {
  if (!fitsIn(offset, bytes, data.size())) return std::nullopt;
  uint64_t value = 0;
  for (unsigned i = 0; i < bytes; ++i) value = (value << 8) | data[offset + i];
  return value;
}

// One value's header at `offset`: `header` bytes of type and length, then `payload` bytes of
// data, then `children` nested values (maps count keys and values).
struct Header {
  size_t header = 1;
  uint64_t payload = 0;
  uint64_t children = 0;
};

// Plain bools, no Result: the scan runs once per msgpack value of the note.
bool readHeader(Bytes data, size_t offset, Header& h) {
  if (offset >= data.size()) return false;
  uint8_t b = data[offset];
  h = Header{};
  auto length = [&](unsigned lengthBytes, uint64_t& out) {
    std::optional<uint64_t> value = bigEndian(data, offset + 1, lengthBytes);
    if (!value) return false;
    out = *value;
    h.header = 1 + lengthBytes;
    return true;
  };
  if (b <= 0x7f || b >= 0xe0 || b == 0xc0 || b == 0xc2 || b == 0xc3)
    return true;  // fixint, nil, bool
  if (b >= 0x80 && b <= 0x8f) return h.children = uint64_t{b & 0x0fu} * 2, true;  // fixmap
  if (b >= 0x90 && b <= 0x9f) return h.children = b & 0x0fu, true;                // fixarray
  if (b >= 0xa0 && b <= 0xbf) return h.payload = b & 0x1fu, true;                 // fixstr
  switch (b) {
    case 0xc4:
    case 0xd9:
      return length(1, h.payload);  // bin8, str8
    case 0xc5:
    case 0xda:
      return length(2, h.payload);
    case 0xc6:
    case 0xdb:
      return length(4, h.payload);
    case 0xc7:
    case 0xc8:
    case 0xc9:  // ext: length, type byte, data
      if (!length(b == 0xc7 ? 1 : b == 0xc8 ? 2 : 4, h.payload)) return false;
      h.header += 1;
      return true;
    case 0xca:
      h.payload = 4;
      return true;  // float32
    case 0xcb:
      h.payload = 8;
      return true;
    case 0xcc:
    case 0xd0:
      h.payload = 1;
      return true;
    case 0xcd:
    case 0xd1:
      h.payload = 2;
      return true;
    case 0xce:
    case 0xd2:
      h.payload = 4;
      return true;
    case 0xcf:
    case 0xd3:
      h.payload = 8;
      return true;
    case 0xd4:
      h.payload = 2;
      return true;  // fixext: type + 1/2/4/8/16 bytes
    case 0xd5:
      h.payload = 3;
      return true;
    case 0xd6:
      h.payload = 5;
      return true;
    case 0xd7:
      h.payload = 9;
      return true;
    case 0xd8:
      h.payload = 17;
      return true;
    case 0xdc:
      return length(2, h.children);  // array16/32
    case 0xdd:
      return length(4, h.children);
    case 0xde:
      if (!length(2, h.children)) return false;
      h.children *= 2;
      return true;  // map16/32
    case 0xdf:
      if (!length(4, h.children)) return false;
      h.children *= 2;
      return true;
    default:
      return false;  // 0xc1 is never used
  }
}

bool isMapByte(uint8_t b) {
  return (b & 0xf0) == 0x80 || b == 0xde || b == 0xdf;
}
bool isArrayByte(uint8_t b) {
  return (b & 0xf0) == 0x90 || b == 0xdc || b == 0xdd;
}
bool isStringByte(uint8_t b) {
  return (b >= 0xa0 && b <= 0xbf) || (b >= 0xd9 && b <= 0xdb);
}

// The offset past the value at `offset`, or nothing if the data is malformed.
std::optional<size_t> skip(Bytes data, size_t offset) {
  uint64_t pending = 1;  // values still to skip: containers add their children, no recursion
  Header h;
  while (pending > 0) {
    if (offset >= data.size()) return std::nullopt;
    // The forms metadata is made of, inline: fixint, fixstr, fixmap and fixarray.
    uint8_t b = data[offset];
    if (b <= 0x7f || b >= 0xe0) {
      ++offset;
      --pending;
      continue;
    }
    if ((b & 0xe0) == 0xa0) {
      offset += 1 + (b & 0x1fu);
      if (offset > data.size()) return std::nullopt;
      --pending;
      continue;
    }
    if ((b & 0xe0) == 0x80) {  // fixmap (0x8n: n pairs) or fixarray (0x9n: n values)
      ++offset;
      pending += (b & 0x10) ? (b & 0x0fu) : 2 * (b & 0x0fu);
      --pending;
      continue;
    }
    if (!readHeader(data, offset, h) || !fitsIn(offset + h.header, h.payload, data.size()))
      return std::nullopt;
    offset += h.header + h.payload;
    // Every child takes at least one byte: more than remain is malformed (and bounds pending).
    if (h.children > data.size() - offset) return std::nullopt;
    pending += h.children - 1;
  }
  return offset;
}

// The string at `offset` (fixstr/str8/16/32), or nothing.
std::optional<std::string_view> stringAt(Bytes data, size_t offset) {
  Header h;
  if (offset >= data.size() || !isStringByte(data[offset]) || !readHeader(data, offset, h) ||
      !fitsIn(offset + h.header, h.payload, data.size()))
    return std::nullopt;
  return asText(data.subspan(offset + h.header, h.payload));
}

// The .name value of the kernel map at `at` ("" if it has none: parsing the map says why).
std::string kernelName(Bytes note, size_t at) {
  Header map;
  if (!readHeader(note, at, map)) return {};
  size_t field = at + map.header;
  for (uint64_t f = 0; f < map.children / 2; ++f) {
    std::optional<std::string_view> key = stringAt(note, field);
    std::optional<size_t> value = skip(note, field);
    if (!value) return {};
    if (key == ".name") {
      std::optional<std::string_view> name = stringAt(note, *value);
      return name ? std::string(*name) : std::string();
    }
    std::optional<size_t> next = skip(note, *value);
    if (!next) return {};
    field = *next;
  }
  return {};
}

}  // namespace

Result<size_t> skipMsgPackValue(Bytes data, size_t offset) {
  std::optional<size_t> end = skip(data, offset);
  if (!end) return errorf("msgpack: malformed value at %zu", offset);
  return *end;
}

Result<KernelMetadataCursor> KernelMetadataCursor::open(Bytes note) {
  Header top;
  if (note.empty() || !isMapByte(note[0]) || !readHeader(note, 0, top))
    return errorf("metadata note: top level is not a map");
  KernelMetadataCursor cursor(note);
  cursor.offset_ = top.header;
  cursor.keysLeft_ = top.children / 2;
  return cursor;
}

Result<std::optional<KernelMetadataEntry>> KernelMetadataCursor::next() {
  // Between kernel arrays: the next top-level key, until one is amdhsa.kernels.
  while (kernelsLeft_ == 0) {
    if (keysLeft_ == 0) return std::optional<KernelMetadataEntry>();
    --keysLeft_;
    std::optional<std::string_view> key = stringAt(note_, offset_);
    std::optional<size_t> valueAt = skip(note_, offset_);
    if (!valueAt) return errorf("metadata note: malformed key at %zu", offset_);
    if (key != "amdhsa.kernels") {
      std::optional<size_t> end = skip(note_, *valueAt);
      if (!end) return errorf("metadata note: malformed value at %zu", *valueAt);
      offset_ = *end;
      continue;
    }
    Header array;
    if (*valueAt >= note_.size() || !isArrayByte(note_[*valueAt]) ||
        !readHeader(note_, *valueAt, array))
      return errorf("metadata note: amdhsa.kernels is not an array");
    offset_ = *valueAt + array.header;
    kernelsLeft_ = array.children;
  }
  std::optional<size_t> kernelEnd = skip(note_, offset_);
  if (!kernelEnd) return errorf("metadata note: amdhsa.kernels[%zu] is malformed", kernelIndex_);
  KernelMetadataEntry entry;
  entry.map = note_.subspan(offset_, *kernelEnd - offset_);
  entry.index = kernelIndex_++;
  if (isMapByte(note_[offset_])) entry.name = kernelName(note_, offset_);
  offset_ = *kernelEnd;
  --kernelsLeft_;
  return std::optional<KernelMetadataEntry>(std::move(entry));
}

Result<std::vector<KernelMetadataEntry>> indexKernelMetadata(Bytes note) {
  auto cursor = KernelMetadataCursor::open(note);
  if (!cursor) return cursor.error();
  std::vector<KernelMetadataEntry> out;
  for (;;) {
    auto entry = cursor->next();
    if (!entry) return entry.error();
    if (!*entry) return out;
    out.push_back(std::move(**entry));
  }
}

}  // namespace hipcore::loader
