// ROCR 5.2.3's own gfx10 blit kernels (CopyAligned, CopyMisaligned, Fill), taken at test time
// from the installed libhsa-runtime64 and dispatched the way ROCR dispatches them: an
// amd_kernel_code_t header, wave64, kernarg pointer in s[0:1] and the workgroup id in s2.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "isa/Dispatch.h"
#include "isa/Harness.h"
#include "isa/Program.h"

namespace {

// s_load_dwordx4 s[4:7], s[0:1], 0x0 in the gfx10 SMEM encoding: every blit shader starts by
// loading its arguments this way.
constexpr std::uint8_t kFirstInstruction[8] = {0x00, 0x01, 0x08, 0xf4, 0x00, 0x00, 0x00, 0xfa};

struct BlitShader {
  std::string name;
  std::vector<std::uint8_t> code;
};

// A page with a 256-byte amd_kernel_code_t followed by the machine code, as ROCR's
// AssembleShader builds it.
struct KernelObject {
  std::uint8_t* page = nullptr;
  explicit KernelObject(const std::vector<std::uint8_t>& code, unsigned vgprs, unsigned sgprs) {
    page = static_cast<std::uint8_t*>(std::aligned_alloc(4096, 8192));
    std::memset(page, 0, 8192);
    std::int64_t entry = 256;
    std::memcpy(page + 16, &entry, 8);
    std::uint32_t rsrc1 = ((vgprs - 1) / 4) | (((sgprs - 1) / 8) << 6) | (3u << 18) | (1u << 23);
    std::uint32_t rsrc2 = (2u << 1) | (1u << 7);  // two user SGPRs, workgroup id x
    std::uint32_t props = 1u << 3;                // kernarg segment pointer
    std::memcpy(page + 48, &rsrc1, 4);
    std::memcpy(page + 52, &rsrc2, 4);
    std::memcpy(page + 56, &props, 4);
    std::memcpy(page + 256, code.data(), std::min<std::size_t>(code.size(), 8192 - 256));
  }
  ~KernelObject() { std::free(page); }
};

class RocrBlitKernels : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::ifstream f(std::filesystem::canonical(HSA_RUNTIME_LIBRARY), std::ios::binary);
    std::vector<std::uint8_t> lib((std::istreambuf_iterator<char>(f)),
                                  std::istreambuf_iterator<char>());
    for (std::size_t at = 0; at + 4096 < lib.size(); at += 4) {
      if (std::memcmp(lib.data() + at, kFirstInstruction, 8) != 0) continue;
      BlitShader s;
      s.code.assign(lib.begin() + at, lib.begin() + at + 4096);
      // Tell the three apart by what they load: dwordx4 (aligned copy), bytes only
      // (misaligned copy) or nothing (fill).
      std::string text = disassemble(s.code);
      s.name = text.find("flat_load_dwordx4") != std::string::npos ? "CopyAligned"
               : text.find("flat_load_ubyte") != std::string::npos ? "CopyMisaligned"
                                                                   : "Fill";
      shaders().push_back(std::move(s));
    }
  }

  static std::string disassemble(const std::vector<std::uint8_t>& code) {
    KernelObject k(code, 12, 32);
    vgpu::isa::Program::Source src{vgpu::GpuTarget::gfx1030, true,
                                   reinterpret_cast<std::uint64_t>(k.page + 256), nullptr};
    std::string error, text;
    auto p = vgpu::isa::Program::build(src, error);
    if (!p) return error;
    for (const auto& u : p->ops()) text += u.text + "\n";
    return text;
  }

  static std::vector<BlitShader>& shaders() {
    static std::vector<BlitShader> s;
    return s;
  }
  static const BlitShader* find(const std::string& name) {
    for (const BlitShader& s : shaders())
      if (s.name == name) return &s;
    return nullptr;
  }

  // Dispatches like BlitKernel::PopulateQueue: 1-D grid of num_workitems, 64 per workgroup.
  vgpu::DispatchOutcome dispatch(const BlitShader& s, void* args, std::size_t argBytes,
                                 unsigned workitems, vgpu::isa::HostRanges& memory) {
    KernelObject k(s.code, 12, 32);
    memory.add(k.page, 8192, "blit kernel object");
    memory.add(args, argBytes, "blit kernargs");
    vgpu::DispatchRequest req;
    req.target = vgpu::GpuTarget::gfx1030;
    req.packet.setup = 1;
    req.packet.workgroup_size_x = 64;
    req.packet.workgroup_size_y = req.packet.workgroup_size_z = 1;
    req.packet.grid_size_x = workitems;
    req.packet.grid_size_y = req.packet.grid_size_z = 1;
    req.packet.kernel_object = reinterpret_cast<std::uint64_t>(k.page);
    req.packet.kernarg_address = args;
    req.memory = &memory;
    req.threads = 2;
    req.kernelName = s.name.c_str();
    return vgpu::executeDispatch(req);
  }
};

TEST_F(RocrBlitKernels, AllThreeShadersFoundAndFullyImplemented) {
  ASSERT_NE(find("CopyAligned"), nullptr);
  ASSERT_NE(find("CopyMisaligned"), nullptr);
  ASSERT_NE(find("Fill"), nullptr);
  for (const BlitShader& s : shaders()) {
    KernelObject k(s.code, 12, 32);
    vgpu::isa::Program::Source src{vgpu::GpuTarget::gfx1030, true,
                                   reinterpret_cast<std::uint64_t>(k.page + 256), nullptr};
    std::string error;
    auto p = vgpu::isa::Program::build(src, error);
    ASSERT_TRUE(p) << error;
    for (const auto& u : p->ops()) {
      if (u.text.rfind("<end", 0) != 0) {
        EXPECT_NE(u.handler, vgpu::isa::illegalInstruction) << s.name << ": " << u.text;
      }
    }
  }
}

TEST_F(RocrBlitKernels, CopyAlignedAllPhases) {
  const BlitShader* s = find("CopyAligned");
  ASSERT_NE(s, nullptr);
  const std::size_t size = 70001, cus = 2;
  std::vector<std::uint8_t> src(size + 64), dst(size + 64, 0xee);
  for (std::size_t i = 0; i < src.size(); ++i) src[i] = static_cast<std::uint8_t>(i * 131 + 7);
  std::uint64_t srcStart = reinterpret_cast<std::uint64_t>(src.data()) + 5;
  std::uint64_t dstStart = reinterpret_cast<std::uint64_t>(dst.data()) + 9;  // same alignment mod 4
  dstStart -= (dstStart - srcStart) % 4 ? ((dstStart - srcStart) % 4) : 0;
  std::size_t dstOff = dstStart - reinterpret_cast<std::uint64_t>(dst.data());
  unsigned workitems = 64 * 4 * cus;
  // The phase split of BlitKernel::SubmitLinearCopyCommand (byte, dwordx4, dword, byte).
  std::uint64_t p1 = std::min<std::uint64_t>(size, (0x100 - (dstStart & 0xff)) & 0xff);
  std::uint64_t block = workitems * 4 * 4;
  std::uint64_t p2 = ((size - p1) / block) * block;
  std::uint64_t p3 = ((size - p1 - p2) / 4) * 4;
  alignas(16) std::uint64_t args[12] = {srcStart,
                                        dstStart,
                                        srcStart + p1,
                                        dstStart + p1,
                                        srcStart + p1 + p2,
                                        dstStart + p1 + p2,
                                        srcStart + p1 + p2 + p3,
                                        dstStart + p1 + p2 + p3,
                                        srcStart + size,
                                        dstStart + size,
                                        workitems,
                                        0};
  vgpu::isa::HostRanges memory;
  memory.add(src.data(), src.size(), "src");
  memory.add(dst.data(), dst.size(), "dst");
  vgpu::DispatchOutcome o = dispatch(*s, args, sizeof args, workitems, memory);
  ASSERT_TRUE(o.ok()) << o.report;
  for (std::size_t i = 0; i < dst.size(); ++i) {
    bool inside = i >= dstOff && i < dstOff + size;
    ASSERT_EQ(dst[i], inside ? src[5 + i - dstOff] : 0xee) << "byte " << i;
  }
}

TEST_F(RocrBlitKernels, CopyMisaligned) {
  const BlitShader* s = find("CopyMisaligned");
  ASSERT_NE(s, nullptr);
  const std::size_t size = 12345, cus = 2;
  std::vector<std::uint8_t> src(size + 8), dst(size + 8, 0x11);
  for (std::size_t i = 0; i < src.size(); ++i) src[i] = static_cast<std::uint8_t>(i * 7 + 3);
  std::uint64_t srcStart = reinterpret_cast<std::uint64_t>(src.data()) + 1;
  std::uint64_t dstStart = reinterpret_cast<std::uint64_t>(dst.data()) + 2;
  unsigned workitems = 64 * 4 * cus;
  std::uint64_t block = workitems * 4;  // kCopyMisalignedUnroll = 4 bytes per work-item
  std::uint64_t p1 = (size / block) * block;
  alignas(16)
      std::uint64_t args[8] = {srcStart,        dstStart,        srcStart + p1, dstStart + p1,
                               srcStart + size, dstStart + size, workitems,     0};
  vgpu::isa::HostRanges memory;
  memory.add(src.data(), src.size(), "src");
  memory.add(dst.data(), dst.size(), "dst");
  vgpu::DispatchOutcome o = dispatch(*s, args, sizeof args, workitems, memory);
  ASSERT_TRUE(o.ok()) << o.report;
  for (std::size_t i = 0; i < dst.size(); ++i) {
    bool inside = i >= 2 && i < 2 + size;
    ASSERT_EQ(dst[i], inside ? src[i - 1] : 0x11) << "byte " << i;
  }
}

TEST_F(RocrBlitKernels, Fill) {
  const BlitShader* s = find("Fill");
  ASSERT_NE(s, nullptr);
  const std::size_t count = 9999, cus = 2;
  std::vector<std::uint32_t> dst(count + 4, 0);
  std::uint64_t start = reinterpret_cast<std::uint64_t>(dst.data() + 1);
  unsigned workitems = 64 * cus;
  std::uint64_t block = workitems * 4 * 4;
  std::uint64_t p1 = ((count * 4) / block) * block;
  alignas(16) std::uint64_t args[4] = {start, start + p1, start + count * 4, 0};
  std::uint32_t value = 0xdeadbeef;
  std::memcpy(&args[3], &value, 4);
  std::memcpy(reinterpret_cast<std::uint8_t*>(&args[3]) + 4, &workitems, 4);
  vgpu::isa::HostRanges memory;
  memory.add(dst.data(), dst.size() * 4, "dst");
  vgpu::DispatchOutcome o = dispatch(*s, args, sizeof args, workitems, memory);
  ASSERT_TRUE(o.ok()) << o.report;
  for (std::size_t i = 0; i < dst.size(); ++i)
    ASSERT_EQ(dst[i], (i >= 1 && i <= count) ? value : 0u) << "dword " << i;
}

}  // namespace
