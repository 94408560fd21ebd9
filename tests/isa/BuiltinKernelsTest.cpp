// hipcore's built-in fill and copy kernels (kernels/builtin) as compiled for gfx1100 and gfx1030,
// run through vgpu's harness (gfx1100 cannot run end to end under Debian's ROCR 5.2.3). Each
// kernel's contract is checked byte for byte on the CPU: fill writes byte (a % 4) of its word at
// address a; the copies move `width` bytes per row; nothing outside the box changes.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "isa/Harness.h"

namespace {

constexpr std::uint32_t kBlock = 256;  // the workgroup size the kernels are compiled for

class BuiltinKernels : public ::testing::TestWithParam<const char*> {
 protected:
  const vgpu::isa::CodeObject& code() {
    if (!code_) {
      std::string error;
      code_ = vgpu::isa::CodeObject::load(
          std::string(BUILTIN_CODE_OBJECT_DIR) + "/builtin-" + GetParam() + ".co", error);
      if (!code_) ADD_FAILURE() << error;
    }
    return *code_;
  }
  // One workgroup per row and slice in y and z; `blocks` workgroups stride over each row.
  void run(const char* kernel, std::uint32_t blocks, std::uint32_t rows, std::uint32_t slices,
           vgpu::isa::Launch launch) {
    launch.grid[0] = blocks;
    launch.grid[1] = rows;
    launch.grid[2] = slices;
    launch.block[0] = kBlock;
    launch.threads = 2;
    launch.memory = &memory;
    vgpu::DispatchOutcome outcome = vgpu::isa::runKernel(code(), kernel, launch);
    ASSERT_TRUE(outcome.ok()) << outcome.report;
  }
  vgpu::isa::HostRanges memory;
  std::unique_ptr<vgpu::isa::CodeObject> code_;
};

std::uint8_t seeded(std::size_t i) {
  return static_cast<std::uint8_t>((i * 2654435761u) >> 11);
}

TEST_P(BuiltinKernels, FillWritesItsWordByAddressInsideEveryRowOnly) {
  const std::uint64_t width = 5003, pitch = 5120, rows = 3, slicePitch = pitch * 4, slices = 2;
  std::vector<std::uint8_t> buffer(slicePitch * slices + 64);
  for (std::size_t i = 0; i < buffer.size(); ++i) buffer[i] = seeded(i);
  std::vector<std::uint8_t> expected = buffer;
  memory.add(buffer.data(), buffer.size(), "buffer");
  std::uint8_t* base = buffer.data() + 7;  // unaligned start: partial chunks at both ends
  const std::uint32_t word = 0x44332211;
  for (std::uint64_t z = 0; z < slices; ++z)
    for (std::uint64_t y = 0; y < rows; ++y)
      for (std::uint64_t x = 0; x < width; ++x) {
        std::uint8_t* at = base + z * slicePitch + y * pitch + x;
        expected[at - buffer.data()] =
            static_cast<std::uint8_t>(word >> (8 * (reinterpret_cast<std::uintptr_t>(at) & 3)));
      }
  const std::uint32_t blocks = 1;  // 314 chunks per row: work-items loop
  vgpu::isa::Launch launch;
  launch.arg(base)
      .arg(width)
      .arg(pitch)
      .arg(slicePitch)
      .arg(word)
      .arg(std::uint64_t{blocks * kBlock});
  run("__hipcore_fill", blocks, rows, slices, launch);
  for (std::size_t i = 0; i < buffer.size(); ++i) ASSERT_EQ(buffer[i], expected[i]) << i;
}

// Rows of `width` bytes from source (pitch sourcePitch) to destination (destinationPitch).
void copyModel(std::uint8_t* to, const std::uint8_t* from, std::uint64_t width,
               std::uint64_t toPitch, std::uint64_t fromPitch, std::uint64_t rows) {
  for (std::uint64_t y = 0; y < rows; ++y)
    std::memcpy(to + y * toPitch, from + y * fromPitch, width);
}

TEST_P(BuiltinKernels, AlignedCopyMovesRowsWithVectorAccesses) {
  const std::uint64_t width = 4133, rows = 4, sourcePitch = 4400,
                      destinationPitch = 4416;  // equal mod 16
  std::vector<std::uint8_t> source(sourcePitch * rows + 64),
      destination(destinationPitch * rows + 64);
  for (std::size_t i = 0; i < source.size(); ++i) source[i] = seeded(i + 1);
  for (std::size_t i = 0; i < destination.size(); ++i) destination[i] = seeded(i + 77777);
  memory.add(source.data(), source.size(), "source");
  memory.add(destination.data(), destination.size(), "destination");
  const std::uint8_t* from = source.data() + 5;
  // The destination start at the same offset from a 16-byte boundary as the source.
  std::uintptr_t phase = reinterpret_cast<std::uintptr_t>(from) & 15;
  std::uint8_t* to = destination.data() +
                     ((phase - (reinterpret_cast<std::uintptr_t>(destination.data()) & 15)) & 15) +
                     16;
  std::vector<std::uint8_t> expected = destination;
  copyModel(expected.data() + (to - destination.data()), from, width, destinationPitch, sourcePitch,
            rows);
  const std::uint32_t blocks = 2;
  vgpu::isa::Launch launch;
  launch.arg(to)
      .arg(from)
      .arg(width)
      .arg(destinationPitch)
      .arg(sourcePitch)
      .arg(std::uint64_t{0})
      .arg(std::uint64_t{0});
  launch.arg(std::uint64_t{blocks * kBlock});
  run("__hipcore_copy_aligned", blocks, rows, 1, launch);
  for (std::size_t i = 0; i < destination.size(); ++i) ASSERT_EQ(destination[i], expected[i]) << i;
}

TEST_P(BuiltinKernels, DwordCopyMovesRowsAlignedOnlyModuloFour) {
  const std::uint64_t width = 2050, rows = 3, sourcePitch = 2100,
                      destinationPitch = 2108;  // equal mod 4
  std::vector<std::uint8_t> source(sourcePitch * rows + 64),
      destination(destinationPitch * rows + 64);
  for (std::size_t i = 0; i < source.size(); ++i) source[i] = seeded(i + 5);
  for (std::size_t i = 0; i < destination.size(); ++i) destination[i] = seeded(i + 4242);
  memory.add(source.data(), source.size(), "source");
  memory.add(destination.data(), destination.size(), "destination");
  const std::uint8_t* from = source.data() + 6;
  // Same offset from 4 bytes as the source, 8 bytes further from 16.
  std::uintptr_t phase = reinterpret_cast<std::uintptr_t>(from) & 15;
  std::uint8_t* to =
      destination.data() +
      ((phase + 8 - (reinterpret_cast<std::uintptr_t>(destination.data()) & 15)) & 15);
  std::vector<std::uint8_t> expected = destination;
  copyModel(expected.data() + (to - destination.data()), from, width, destinationPitch, sourcePitch,
            rows);
  const std::uint32_t blocks = 1;
  vgpu::isa::Launch launch;
  launch.arg(to)
      .arg(from)
      .arg(width)
      .arg(destinationPitch)
      .arg(sourcePitch)
      .arg(std::uint64_t{0})
      .arg(std::uint64_t{0});
  launch.arg(std::uint64_t{blocks * kBlock});
  run("__hipcore_copy_dwords", blocks, rows, 1, launch);
  for (std::size_t i = 0; i < destination.size(); ++i) ASSERT_EQ(destination[i], expected[i]) << i;
}

TEST_P(BuiltinKernels, ByteCopyMovesMisalignedSlices) {
  const std::uint64_t width = 1031, rows = 3, slices = 2, sourcePitch = 1100,
                      destinationPitch = 1037;
  const std::uint64_t sourceSlice = sourcePitch * rows,
                      destinationSlice = destinationPitch * rows + 9;
  std::vector<std::uint8_t> source(sourceSlice * slices + 32),
      destination(destinationSlice * slices + 32);
  for (std::size_t i = 0; i < source.size(); ++i) source[i] = seeded(i + 3);
  for (std::size_t i = 0; i < destination.size(); ++i) destination[i] = seeded(i + 999);
  memory.add(source.data(), source.size(), "source");
  memory.add(destination.data(), destination.size(), "destination");
  const std::uint8_t* from = source.data() + 3;
  std::uint8_t* to = destination.data() + 10;
  std::vector<std::uint8_t> expected = destination;
  for (std::uint64_t z = 0; z < slices; ++z)
    copyModel(expected.data() + 10 + z * destinationSlice, from + z * sourceSlice, width,
              destinationPitch, sourcePitch, rows);
  const std::uint32_t blocks = 1;
  vgpu::isa::Launch launch;
  launch.arg(to)
      .arg(from)
      .arg(width)
      .arg(destinationPitch)
      .arg(sourcePitch)
      .arg(destinationSlice)
      .arg(sourceSlice);
  launch.arg(std::uint64_t{blocks * kBlock});
  run("__hipcore_copy_bytes", blocks, rows, slices, launch);
  for (std::size_t i = 0; i < destination.size(); ++i) ASSERT_EQ(destination[i], expected[i]) << i;
}

INSTANTIATE_TEST_SUITE_P(Targets, BuiltinKernels, ::testing::Values("gfx1100", "gfx1030"),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           return std::string(info.param);
                         });

}  // namespace
