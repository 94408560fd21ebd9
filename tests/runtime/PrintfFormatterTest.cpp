// Device printf messages (as the 5.2.3 device libraries send them through hostcall) formatted
// on the host, against the host's own printf of the same format and values.
#include "core/PrintfFormatter.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace hipcore::core {
namespace {

// Appends a string the way the device does: its bytes with the NUL, zero-padded to 8.
void appendString(std::vector<uint64_t>& message, const std::string& text) {
  std::string bytes = text;
  bytes.push_back('\0');
  bytes.resize((bytes.size() + 7) / 8 * 8, '\0');
  for (size_t i = 0; i < bytes.size(); i += 8) {
    uint64_t word;
    std::memcpy(&word, bytes.data() + i, 8);
    message.push_back(word);
  }
}

uint64_t bitsOf(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

// Integers arrive zero-extended from their C type (clang's printf lowering).
uint64_t fromInt(int value) {
  return static_cast<uint32_t>(value);
}

template <typename... Args>
std::string hostPrintf(const char* format, Args... args) {
  char buffer[512];
  std::snprintf(buffer, sizeof(buffer), format, args...);
  return buffer;
}

TEST(PrintfFormatter, FormatsIntegersFloatsStringsAndCharacters) {
  const char* format = "thread %d of %u: %s=%.3f [%5x|%-4c] %lld %e%%\n";
  std::vector<uint64_t> message{0};
  appendString(message, format);
  message.push_back(fromInt(-7));
  message.push_back(fromInt(64));
  appendString(message, "value");
  message.push_back(bitsOf(3.14159));
  message.push_back(fromInt(0xbeef));
  message.push_back(fromInt('z'));
  message.push_back(static_cast<uint64_t>(-1234567890123LL));
  message.push_back(bitsOf(-2.5e-7));
  PrintfOutput out = formatDevicePrintf(message);
  EXPECT_FALSE(out.toStderr);
  EXPECT_EQ(out.text,
            hostPrintf(format, -7, 64u, "value", 3.14159, 0xbeef, 'z', -1234567890123LL, -2.5e-7));
}

TEST(PrintfFormatter, StarWidthsNullStringsLongStringsAndStderr) {
  const char* format = "[%*d] [%.*f] [%s] [%s]";
  std::vector<uint64_t> message{1};  // control bit 0: stderr
  appendString(message, format);
  message.push_back(fromInt(6));
  message.push_back(fromInt(42));
  message.push_back(fromInt(2));
  message.push_back(bitsOf(0.125));
  message.push_back(0);  // a null char* arrives as one zero word: an empty string
  std::string longText(100, 'q');
  appendString(message, longText);
  PrintfOutput out = formatDevicePrintf(message);
  EXPECT_TRUE(out.toStderr);
  EXPECT_EQ(out.text, hostPrintf(format, 6, 42, 2, 0.125, "", longText.c_str()));
}

TEST(PrintfFormatter, MalformedAndShortMessagesDoNotCrash) {
  EXPECT_EQ(formatDevicePrintf({}).text, "<hipcore: malformed device printf message>\n");
  std::vector<uint64_t> unterminated{0, 0x4141414141414141ull};  // format without its NUL
  EXPECT_EQ(formatDevicePrintf(unterminated).text, "<hipcore: malformed device printf message>\n");
  std::vector<uint64_t> missingArgs{0};
  appendString(missingArgs, "a=%d b=%s end %");
  EXPECT_EQ(formatDevicePrintf(missingArgs).text, "a=0 b= end %");
}

}  // namespace
}  // namespace hipcore::core
