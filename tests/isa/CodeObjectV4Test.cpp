// Code object v4 kernels (clang-15, as Debian's ROCm 5.2.3 builds them) on gfx1030: blockDim and
// gridDim come from the dispatch packet through the dispatch pointer.
#include <gtest/gtest.h>

#include "isa/Harness.h"

namespace {

std::unique_ptr<vgpu::isa::CodeObject> loadV4(const std::string& stem) {
  std::string error;
  auto code = vgpu::isa::CodeObject::load(
      std::string(ISA_KERNEL_DIR) + "/" + stem + "-gfx1030-v4.co", error);
  EXPECT_TRUE(code) << error;
  return code;
}

TEST(CodeObjectV4, VectorAdd) {
  auto code = loadV4("basic");
  ASSERT_TRUE(code);
  const int n = 1000;
  std::vector<float> a(n), b(n), c(n, 0);
  for (int i = 0; i < n; ++i) {
    a[i] = 1.5f * i;
    b[i] = -0.25f * i;
  }
  vgpu::isa::HostRanges memory;
  memory.add(a.data(), n * 4, "a");
  memory.add(b.data(), n * 4, "b");
  memory.add(c.data(), n * 4, "c");
  vgpu::isa::Launch l;
  l.grid[0] = 4;
  l.block[0] = 256;
  l.threads = 2;
  l.memory = &memory;
  l.arg(a.data()).arg(b.data()).arg(c.data()).arg(n);
  vgpu::DispatchOutcome o = vgpu::isa::runKernel(*code, "vector_add", l);
  ASSERT_TRUE(o.ok()) << o.report;
  for (int i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << i;
}

TEST(CodeObjectV4, ThreeDimensionalGridFromThePacket) {
  auto code = loadV4("basic");
  ASSERT_TRUE(code);
  vgpu::isa::Launch l;
  l.grid[0] = 2;
  l.grid[1] = 3;
  l.grid[2] = 2;
  l.block[0] = 16;
  l.block[1] = 2;
  l.block[2] = 2;
  l.threads = 2;
  unsigned w = 32, h = 6, d = 4;
  std::vector<unsigned> out(4 * w * h * d, 0xdeadbeef);
  l.arg(out.data());
  vgpu::DispatchOutcome o = vgpu::isa::runKernel(*code, "grid3d", l);
  ASSERT_TRUE(o.ok()) << o.report;
  for (unsigned z = 0; z < d; ++z)
    for (unsigned y = 0; y < h; ++y)
      for (unsigned x = 0; x < w; ++x) {
        unsigned i = (z * h + y) * w + x;
        ASSERT_EQ(out[4 * i + 0], x);
        ASSERT_EQ(out[4 * i + 1], y);
        ASSERT_EQ(out[4 * i + 2], z);
        ASSERT_EQ(out[4 * i + 3], ((z / 2) * 3 + y / 2) * 2 + x / 16);
      }
}

TEST(CodeObjectV4, LdsReduction) {
  auto code = loadV4("reduce");
  ASSERT_TRUE(code);
  const int blocks = 3;
  std::vector<float> in(blocks * 256), out(blocks, 0);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i % 13);
  vgpu::isa::Launch l;
  l.grid[0] = blocks;
  l.block[0] = 256;
  l.arg(in.data()).arg(out.data());
  vgpu::DispatchOutcome o = vgpu::isa::runKernel(*code, "reduce_lds", l);
  ASSERT_TRUE(o.ok()) << o.report;
  for (int b = 0; b < blocks; ++b) {
    float s = 0;
    for (int t = 0; t < 256; ++t) s += in[b * 256 + t];
    EXPECT_EQ(out[b], s);
  }
}

}  // namespace
