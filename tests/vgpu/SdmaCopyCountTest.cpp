// The SDMA COPY_LINEAR byte count as vgpu's decoder reads it (vgpu/cp/SdmaPacket.h): SDMA 5.2
// and 6 count in dword 1 bits 29:0 (ROCR 6.1 puts copies past 4 MiB in one packet); bits 31:30
// are not part of the count. Packets are written here by hand: op 1 (COPY) in header bits 7:0,
// sub_op 0 (LINEAR) in bits 15:8, then count, parameter, source and destination.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#include "cp/SdmaPacket.h"

namespace {

vgpu::cp::SdmaDecodeResult copyOf(std::uint32_t countField) {
  const std::uint32_t packet[7] = {0x00000001u, countField, 0, 0x1000u, 0, 0x2000u, 0};
  std::uint8_t bytes[sizeof(packet)];
  std::memcpy(bytes, packet, sizeof(packet));
  return vgpu::cp::decodeSdmaPacket(bytes, sizeof(bytes));
}

TEST(SdmaCopyCount, SixteenMebibytesInOnePacket) {
  auto r = copyOf((16u << 20) - 1);
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(r.packet.kind, vgpu::cp::SdmaPacket::Kind::copyLinear);
  EXPECT_EQ(r.packet.bytes, 16ull << 20);
  EXPECT_EQ(r.packet.src, 0x1000u);
  EXPECT_EQ(r.packet.dst, 0x2000u);
}

TEST(SdmaCopyCount, TheLargestCountIsOneGibibyteAndBits31To30AreNotCounted) {
  auto r = copyOf(0xFFFFFFFFu);
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(r.packet.bytes, 1ull << 30);
  auto small = copyOf(0xC0000003u);
  ASSERT_TRUE(small.ok) << small.message;
  EXPECT_EQ(small.packet.bytes, 4u);
}

}  // namespace
