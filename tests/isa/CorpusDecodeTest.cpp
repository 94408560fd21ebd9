// Every instruction of every compiled test kernel decodes to an implemented handler.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "hipcore/loader/KernelDescriptor.h"
#include "isa/Harness.h"
#include "isa/Program.h"

namespace {

TEST(CorpusDecode, EveryInstructionHasAHandler) {
  std::set<std::string> missing;
  unsigned kernels = 0;
  std::size_t ops = 0;
  for (const auto& entry : std::filesystem::directory_iterator(ISA_KERNEL_DIR)) {
    if (entry.path().extension() != ".co") continue;
    std::string error;
    auto code = vgpu::isa::CodeObject::load(entry.path().string(), error);
    ASSERT_TRUE(code) << error;
    for (const std::string& name : code->kernelNames()) {
      const vgpu::isa::KernelInfo* k = code->kernel(name);
      ASSERT_TRUE(k) << name;
      auto kd =
          hipcore::loader::KernelDescriptor::decode(reinterpret_cast<const void*>(k->descriptor));
      vgpu::isa::Program::Source src{code->target(), !kd.wave32(),
                                     k->descriptor + kd.kernelCodeEntryOffset, nullptr};
      auto program = vgpu::isa::Program::build(src, error);
      ASSERT_TRUE(program) << entry.path() << " " << name << ": " << error;
      ++kernels;
      for (const vgpu::isa::MicroOp& u : program->ops()) {
        ++ops;
        if (u.handler == vgpu::isa::illegalInstruction) missing.insert(u.text);
        // Predecoding follows branches and calls; data (a table of function pointers) decoded
        // as code would hold whatever bytes the relocations put there.
        EXPECT_TRUE(u.address >= code->codeBegin() && u.address + u.size <= code->codeEnd())
            << entry.path().filename() << " " << name << ": " << u.text
            << " was predecoded outside the executable segment";
      }
    }
  }
  EXPECT_GE(kernels, 25u * 4);
  std::string list;
  for (const std::string& m : missing) list += "  " + m + "\n";
  EXPECT_TRUE(missing.empty()) << missing.size() << " unimplemented instructions in " << ops
                               << " micro-ops:\n"
                               << list;
}

}  // namespace
