// Typed buffer loads and stores (buffer_load/store_format_*, what AMD's tex1Dfetch on linear
// memory compiles to): the V#'s FORMAT converts each element as image formats do, DST_SEL picks
// the returned channels, and an index past num_records reads 0 and stores nothing.
#include <algorithm>
#include <bit>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

using u32 = std::uint32_t;

struct alignas(16) Words4 {
  u32 w[4];
};
struct alignas(16) Float4 {
  float v[4];
};
struct alignas(8) Float2 {
  float x, y;
};

class BufferFormat : public IsaTest {
 protected:
  bool gfx11() const { return std::string(GetParam().arch) == "gfx1100"; }
  // A V#: base, stride, num_records (elements, as strided buffers count), DST_SEL and FORMAT
  // (gfx10.3 bits 18:12, gfx11 bits 17:12).
  Words4 vsharp(const void* base, u32 stride, u32 records, u32 format, const u32 (&sel)[4]) {
    const std::uint64_t a = reinterpret_cast<std::uint64_t>(base);
    Words4 v;
    v.w[0] = static_cast<u32>(a);
    v.w[1] = static_cast<u32>(a >> 32) | stride << 16;
    v.w[2] = records;
    v.w[3] = sel[0] | sel[1] << 3 | sel[2] << 6 | sel[3] << 9 | format << 12;
    return v;
  }
};

constexpr u32 kIdentity[4] = {4, 5, 6, 7};

// RGBA8 unorm (llvm-mc's BUF_FMT_8_8_8_8_UNORM: 56 on gfx10.3, 42 on gfx11), one element per
// 4 bytes; index 20 is past num_records 16 and reads 0.
TEST_P(BufferFormat, LoadsConvertElementsAndApplyDstSel) {
  std::vector<std::uint8_t> bytes(64);
  for (int i = 0; i < 64; ++i) bytes[i] = static_cast<std::uint8_t>(i * 37 + 11);
  std::vector<int> index = {0, 3, 7, 15, 20, 1, 2, 9};
  std::vector<Float4> out(index.size());
  const u32 swapped[4] = {6, 5, 4, 1};  // Z, Y, X, one
  for (bool swap : {false, true}) {
    vgpu::isa::Launch l = launch1d(1, static_cast<u32>(index.size()));
    l.strictness = vgpu::DispatchRequest::Strictness::warn;
    l.arg(vsharp(buffer(bytes, "elements"), 4, 16, gfx11() ? 42 : 56, swap ? swapped : kIdentity))
        .arg(buffer(index, "index"))
        .arg(buffer(out, "out"));
    vgpu::DispatchOutcome o = tryRun("buffer_format", "load_format", l);
    ASSERT_TRUE(o.ok()) << o.report;
    EXPECT_EQ(o.warnings, 1u);
    for (std::size_t i = 0; i < index.size(); ++i) {
      float element[4];
      for (int c = 0; c < 4; ++c) element[c] = bytes[index[i] * 4 + c] / 255.0f;
      const float want[4] = {swap ? element[2] : element[0], element[1],
                             swap ? element[0] : element[2], swap ? 1.0f : element[3]};
      for (int c = 0; c < 4; ++c)
        EXPECT_EQ(std::bit_cast<u32>(out[i].v[c]), index[i] < 16 ? std::bit_cast<u32>(want[c]) : 0u)
            << "index " << index[i] << " channel " << c << " swap " << swap;
    }
  }
}

// RG16 sint stores (BUF_FMT_16_16_SINT, 28 on both) saturate, and the element past num_records
// is not written.
TEST_P(BufferFormat, StoresConvertIntoTheFormat) {
  std::vector<std::int16_t> memory(20, 77);
  std::vector<Float2> values;
  for (int i = 0; i < 9; ++i)
    values.push_back({std::bit_cast<float>(i * 9000 - 30000), std::bit_cast<float>(-i)});
  vgpu::isa::Launch l = launch1d(1, static_cast<u32>(values.size()));
  l.strictness = vgpu::DispatchRequest::Strictness::warn;
  l.arg(vsharp(buffer(memory, "elements"), 4, 8, 28, kIdentity)).arg(buffer(values, "values"));
  vgpu::DispatchOutcome o = tryRun("buffer_format", "store_format", l);
  ASSERT_TRUE(o.ok()) << o.report;
  EXPECT_EQ(o.warnings, 1u);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(memory[2 * i], std::clamp(i * 9000 - 30000, -32768, 32767)) << "element " << i;
    EXPECT_EQ(memory[2 * i + 1], -i) << "element " << i;
  }
  EXPECT_EQ(memory[16], 77);
  EXPECT_EQ(memory[17], 77);
}

// A FORMAT vgpu does not implement (0, invalid) faults naming it.
TEST_P(BufferFormat, UnknownFormatsFault) {
  std::vector<float> data(16, 1.0f);
  std::vector<int> index(4, 0);
  std::vector<Float4> out(4);
  vgpu::isa::Launch l = launch1d(1, 4);
  l.arg(vsharp(buffer(data, "elements"), 4, 16, 0, kIdentity))
      .arg(buffer(index, "index"))
      .arg(buffer(out, "out"));
  vgpu::DispatchOutcome o = tryRun("buffer_format", "load_format", l);
  EXPECT_EQ(o.kind, vgpu::DispatchOutcome::Kind::memoryViolation) << o.report;
  EXPECT_NE(o.report.find("buffer descriptor FORMAT 0"), std::string::npos) << o.report;
}

INSTANTIATE_TEST_SUITE_P(AllTargets, BufferFormat, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
