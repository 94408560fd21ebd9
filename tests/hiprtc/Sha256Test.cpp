// SHA-256 against the coreutils implementation (sha256sum), on lengths around block boundaries.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "Sha256.h"

namespace hiprtc {
namespace {

// sha256sum's digest of `data` (an implementation independent of ours).
std::string coreutilsDigest(const std::string& data) {
  std::string path = "/tmp/hiprtc-sha-" + std::to_string(::getpid());
  std::ofstream(path, std::ios::binary).write(data.data(), std::streamsize(data.size()));
  std::string command = "sha256sum " + path;
  FILE* pipe = ::popen(command.c_str(), "r");
  char digest[65] = {};
  if (pipe) {
    if (std::fread(digest, 1, 64, pipe) != 64) digest[0] = 0;
    ::pclose(pipe);
  }
  std::remove(path.c_str());
  return digest;
}

TEST(Sha256Test, MatchesCoreutilsAcrossBlockBoundaries) {
  for (size_t length : {0, 1, 3, 55, 56, 63, 64, 65, 119, 120, 128, 1000, 100000}) {
    std::string data(length, '\0');
    for (size_t i = 0; i < length; ++i) data[i] = char((i * 131 + length) & 0xff);
    EXPECT_EQ(Sha256().update(data).hexDigest(), coreutilsDigest(data)) << "length " << length;
  }
}

TEST(Sha256Test, PiecewiseUpdatesEqualOneUpdate) {
  std::string data(777, 'q');
  for (size_t i = 0; i < data.size(); ++i) data[i] = char(i * 7);
  Sha256 pieces;
  for (size_t at = 0; at < data.size(); at += 37)
    pieces.update(std::string_view(data).substr(at, 37));
  EXPECT_EQ(pieces.hexDigest(), Sha256().update(data).hexDigest());
}

TEST(Sha256Test, FieldsAreLengthPrefixed) {
  EXPECT_NE(Sha256().field("ab").field("c").hexDigest(),
            Sha256().field("a").field("bc").hexDigest());
}

}  // namespace
}  // namespace hiprtc
