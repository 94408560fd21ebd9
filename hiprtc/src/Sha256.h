// SHA-256 (FIPS 180-4): the content hash behind the compile cache's keys.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace hiprtc {

class Sha256 {
 public:
  Sha256();
  // Appends bytes to the message.
  Sha256& update(std::string_view data);
  // Appends a length-prefixed field, so that ("ab","c") and ("a","bc") hash differently.
  Sha256& field(std::string_view data);
  // Finishes the message; the object must not be updated afterwards.
  std::array<std::uint8_t, 32> digest();
  std::string hexDigest();

 private:
  void compress(const std::uint8_t* block);

  std::array<std::uint32_t, 8> state_;
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t totalBytes_ = 0;
};

}  // namespace hiprtc
