// Device printf on the host: turns the message a kernel's printf sends through hostcall into
// text (format string and arguments as clang lowers them for the 5.2.3 device libraries).
//
// Message layout (docs/PLATFORM.md section 5): one u64 control word (bit 0: print to stderr), the
// format string's bytes with its NUL, zero-padded to 8 bytes, then one u64 per conversion
// (integers as their bits, floating point as double bits) or, for %s, the string's bytes with
// its NUL padded to 8 (a single zero u64 for a null pointer).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hipcore::core {

struct PrintfOutput {
  std::string text;
  bool toStderr = false;
};

// Formats a whole message; malformed input produces a message saying so instead of a crash.
PrintfOutput formatDevicePrintf(const std::vector<uint64_t>& message);

}  // namespace hipcore::core
