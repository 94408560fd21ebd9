// A MessagePack reader producing a small document tree, for the NT_AMDGPU_METADATA note.
//
// Format: https://github.com/msgpack/msgpack/blob/master/spec.md. Every length is checked
// against the input, nesting is limited, and the first problem is reported with its offset.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hipcore/loader/Bytes.h"
#include "hipcore/loader/Result.h"

namespace hipcore::loader {

struct MsgMapEntry;

class MsgValue {
 public:
  enum class Kind { Nil, Bool, Int, UInt, Float, String, Binary, Array, Map };

  Kind kind = Kind::Nil;
  bool boolean = false;
  int64_t integer = 0;     // Int
  uint64_t unsigned_ = 0;  // UInt
  double real = 0;
  std::string text;  // String and Binary
  std::vector<MsgValue> array;
  // A named struct, not std::pair: pair's constraints need MsgValue complete, which it is not
  // yet here (clang with libstdc++ rejects the pair; vector itself accepts incomplete types).
  std::vector<MsgMapEntry> map;

  // The value of a string key in a map, or null.
  const MsgValue* find(std::string_view key) const;
  // An integer value (signed or unsigned, non-negative) as u64, if it is one.
  std::optional<uint64_t> asUnsigned() const;
  std::optional<std::string_view> asString() const;
  bool isMap() const { return kind == Kind::Map; }
  bool isArray() const { return kind == Kind::Array; }
};

struct MsgMapEntry {
  MsgValue key;
  MsgValue value;
};

// Parses exactly one value occupying all of `data`.
Result<MsgValue> parseMsgPack(Bytes data);

}  // namespace hipcore::loader
