// MessagePack decoding with bounds checks and a nesting limit.
#include "hipcore/loader/MsgPack.h"

#include <bit>

namespace hipcore::loader {
namespace {

constexpr int kMaxDepth = 64;
using ull = unsigned long long;

class Decoder {
 public:
  explicit Decoder(Bytes data) : data_(data) {}

  Result<MsgValue> value(int depth);
  uint64_t offset() const { return offset_; }

 private:
  // Big-endian unsigned of `size` bytes (msgpack stores multi-byte numbers big-endian).
  std::optional<uint64_t> readBE(unsigned size) {
    if (!fitsIn(offset_, size, data_.size())) return std::nullopt;
    uint64_t value = 0;
    for (unsigned i = 0; i < size; ++i) value = (value << 8) | data_[offset_ + i];
    offset_ += size;
    return value;
  }
  Error truncated(const char* what) const {
    return errorf("msgpack: %s at offset 0x%llx past end of %zu-byte note", what, ull(offset_),
                  data_.size());
  }
  Result<MsgValue> bytes(MsgValue::Kind kind, uint64_t length);
  Result<MsgValue> array(uint64_t count, int depth);
  Result<MsgValue> map(uint64_t count, int depth);
  Result<MsgValue> sized(uint8_t tag, int depth);

  Bytes data_;
  uint64_t offset_ = 0;
};

Result<MsgValue> Decoder::bytes(MsgValue::Kind kind, uint64_t length) {
  if (!fitsIn(offset_, length, data_.size())) return truncated("string");
  MsgValue v;
  v.kind = kind;
  v.text = std::string(asText(data_.subspan(offset_, length)));
  offset_ += length;
  return v;
}

Result<MsgValue> Decoder::array(uint64_t count, int depth) {
  // Every element takes at least one byte: a count beyond the rest is corrupt.
  if (count > data_.size() - offset_) return truncated("array elements");
  MsgValue v;
  v.kind = MsgValue::Kind::Array;
  v.array.reserve(count);
  for (uint64_t i = 0; i < count; ++i) {
    auto element = value(depth + 1);
    if (!element) return element.error();
    v.array.push_back(std::move(element).value());
  }
  return v;
}

Result<MsgValue> Decoder::map(uint64_t count, int depth) {
  if (count > (data_.size() - offset_) / 2) return truncated("map entries");
  MsgValue v;
  v.kind = MsgValue::Kind::Map;
  v.map.reserve(count);
  for (uint64_t i = 0; i < count; ++i) {
    auto key = value(depth + 1);
    if (!key) return key.error();
    auto mapped = value(depth + 1);
    if (!mapped) return mapped.error();
    v.map.push_back({std::move(key).value(), std::move(mapped).value()});
  }
  return v;
}

// Tags 0xc0-0xdf: nil, booleans, sized numbers, strings, binaries, arrays and maps.
Result<MsgValue> Decoder::sized(uint8_t tag, int depth) {
  MsgValue v;
  auto need = [&](unsigned size) { return readBE(size); };
  switch (tag) {
    case 0xc0:
      return v;
    case 0xc2:
    case 0xc3:
      v.kind = MsgValue::Kind::Bool;
      v.boolean = tag == 0xc3;
      return v;
    case 0xc4:
    case 0xc5:
    case 0xc6: {
      auto length = need(1u << (tag - 0xc4));
      if (!length) return truncated("binary length");
      return bytes(MsgValue::Kind::Binary, *length);
    }
    case 0xca:
    case 0xcb: {
      auto bits = need(tag == 0xca ? 4 : 8);
      if (!bits) return truncated("float");
      v.kind = MsgValue::Kind::Float;
      v.real = tag == 0xca ? double(std::bit_cast<float>(uint32_t(*bits)))
                           : std::bit_cast<double>(*bits);
      return v;
    }
    case 0xcc:
    case 0xcd:
    case 0xce:
    case 0xcf: {
      auto number = need(1u << (tag - 0xcc));
      if (!number) return truncated("unsigned integer");
      v.kind = MsgValue::Kind::UInt;
      v.unsigned_ = *number;
      return v;
    }
    case 0xd0:
    case 0xd1:
    case 0xd2:
    case 0xd3: {
      unsigned size = 1u << (tag - 0xd0);
      auto number = need(size);
      if (!number) return truncated("signed integer");
      v.kind = MsgValue::Kind::Int;
      unsigned shift = 64 - 8 * size;  // sign-extend from `size` bytes
      v.integer = static_cast<int64_t>(*number << shift) >> shift;
      return v;
    }
    case 0xd9:
    case 0xda:
    case 0xdb: {
      auto length = need(1u << (tag - 0xd9));
      if (!length) return truncated("string length");
      return bytes(MsgValue::Kind::String, *length);
    }
    case 0xdc:
    case 0xdd: {
      auto count = need(tag == 0xdc ? 2 : 4);
      if (!count) return truncated("array length");
      return array(*count, depth);
    }
    case 0xde:
    case 0xdf: {
      auto count = need(tag == 0xde ? 2 : 4);
      if (!count) return truncated("map length");
      return map(*count, depth);
    }
    default:
      return errorf("msgpack: unsupported type tag 0x%02x at offset 0x%llx", tag, ull(offset_ - 1));
  }
}

Result<MsgValue> Decoder::value(int depth) {
  if (depth > kMaxDepth)
    return errorf("msgpack: nesting deeper than %d at offset 0x%llx", kMaxDepth, ull(offset_));
  auto tag = readBE(1);
  if (!tag) return truncated("value");
  uint8_t t = static_cast<uint8_t>(*tag);
  MsgValue v;
  if (t <= 0x7f) {
    v.kind = MsgValue::Kind::UInt;
    v.unsigned_ = t;
    return v;
  }
  if (t >= 0xe0) {
    v.kind = MsgValue::Kind::Int;
    v.integer = static_cast<int8_t>(t);
    return v;
  }
  if (t <= 0x8f) return map(t & 0x0f, depth);
  if (t <= 0x9f) return array(t & 0x0f, depth);
  if (t <= 0xbf) return bytes(MsgValue::Kind::String, t & 0x1f);
  return sized(t, depth);
}

}  // namespace

const MsgValue* MsgValue::find(std::string_view key) const {
  if (kind != Kind::Map) return nullptr;
  for (const auto& [k, v] : map)
    if (k.kind == Kind::String && k.text == key) return &v;
  return nullptr;
}

std::optional<uint64_t> MsgValue::asUnsigned() const {
  if (kind == Kind::UInt) return unsigned_;
  if (kind == Kind::Int && integer >= 0) return static_cast<uint64_t>(integer);
  return std::nullopt;
}

std::optional<std::string_view> MsgValue::asString() const {
  if (kind != Kind::String) return std::nullopt;
  return text;
}

Result<MsgValue> parseMsgPack(Bytes data) {
  Decoder decoder(data);
  auto value = decoder.value(0);
  if (!value) return value;
  if (decoder.offset() != data.size())
    return errorf("msgpack: %llu trailing bytes after the value",
                  ull(data.size() - decoder.offset()));
  return value;
}

}  // namespace hipcore::loader
