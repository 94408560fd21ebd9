// The command processor's per-queue DispatchMemo: a dispatch of the kernel dispatched last skips
// the descriptor check and the program lookup, yet must answer exactly as the full path would
// when the code, the descriptor or the address space changed in between.
#include <cstring>
#include <utility>
#include <vector>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

// s_load_dwordx2 s[2:3], s[0:1], 0; v_mov_b32 v1, <value>; v_mov_b32 v0, 0;
// s_waitcnt lgkmcnt(0); global_store_dword v0, v1, s[2:3]; s_endpgm
void storeConstant(RawKernel& k, std::uint32_t value) {
  k.code({0xf4040080u, 0xfa000000u, 0x7e0202ffu, value, 0x7e000280u, 0xbf8cc07fu, 0xdc708000u,
          0x00020100u, 0xbf810000u});
}

// Every test starts after a first dispatch of a kernel storing 7, which filled the memo.
class DispatchMemo : public ::testing::Test {
 protected:
  RawKernel kernel;
  std::uint32_t out = 0;
  vgpu::isa::HostRanges memory;
  vgpu::DispatchMemo memo;

  void SetUp() override {
    kernel.args[0] = reinterpret_cast<std::uint64_t>(&out);
    memory.add(kernel.bytes, sizeof kernel.bytes, "kernel");
    memory.add(&out, sizeof out, "out");
    memory.add(kernel.args, sizeof kernel.args, "kernargs");
    storeConstant(kernel, 7);
    vgpu::DispatchOutcome first = run();
    ASSERT_TRUE(first.ok()) << first.report;
    ASSERT_EQ(out, 7u);
    ASSERT_NE(memo.program, nullptr) << "the dispatch did not fill the memo";
    out = 0;
  }
  vgpu::DispatchOutcome run(const vgpu::AddressSpace& space) {
    vgpu::DispatchRequest req;
    req.packet.workgroup_size_x = req.packet.workgroup_size_y = req.packet.workgroup_size_z = 1;
    req.packet.grid_size_x = req.packet.grid_size_y = req.packet.grid_size_z = 1;
    req.packet.kernel_object = reinterpret_cast<std::uint64_t>(kernel.bytes);
    req.packet.kernarg_address = kernel.args;
    req.threads = 1;
    req.memory = &space;
    req.memo = &memo;
    return vgpu::executeDispatch(req);
  }
  vgpu::DispatchOutcome run() { return run(memory); }
};

TEST_F(DispatchMemo, TheSameKernelAgainRunsFromTheMemo) {
  const vgpu::isa::Program* first = memo.program.get();
  EXPECT_EQ(memo.kernelObject, reinterpret_cast<std::uint64_t>(kernel.bytes));
  ASSERT_TRUE(run().ok());
  EXPECT_EQ(out, 7u);
  EXPECT_EQ(memo.program.get(), first);
}

TEST_F(DispatchMemo, CodeRewrittenInPlaceIsDecodedAgain) {
  storeConstant(kernel, 0x1234abcdu);  // same descriptor, same address, other code bytes
  ASSERT_TRUE(run().ok());
  EXPECT_EQ(out, 0x1234abcdu);
}

// 16 s_nop (64 bytes, the code signature's length) before storeConstant's instructions: two
// such kernels differ only past the signature, as runtime-compiled kernels with a common
// prologue loaded one after the other at one address do (rocFFT read wrong answers).
void storeConstantAfterNops(RawKernel& k, std::uint32_t value) {
  std::vector<std::uint32_t> words(16, 0xbf800000u);
  for (std::uint32_t w : {0xf4040080u, 0xfa000000u, 0x7e0202ffu, value, 0x7e000280u, 0xbf8cc07fu,
                          0xdc708000u, 0x00020100u, 0xbf810000u})
    words.push_back(w);
  k.code(words);
}

TEST_F(DispatchMemo, CodeRewrittenPastItsFirstBytesIsDecodedAgain) {
  storeConstantAfterNops(kernel, 5);
  ASSERT_TRUE(run().ok());
  ASSERT_EQ(out, 5u);
  storeConstantAfterNops(kernel, 0x600dc0deu);  // the first 64 bytes read as before
  ASSERT_TRUE(run().ok());
  EXPECT_EQ(out, 0x600dc0deu) << "the memo ran the program decoded from the old bytes";
}

TEST_F(DispatchMemo, TheProgramCacheChecksEveryByteToo) {
  storeConstantAfterNops(kernel, 11);
  ASSERT_TRUE(run().ok());
  ASSERT_EQ(out, 11u);
  vgpu::DispatchMemo fresh;  // another queue: no memo of this kernel, the cache answers
  std::swap(memo, fresh);
  storeConstantAfterNops(kernel, 0xfeedbeefu);
  ASSERT_TRUE(run().ok());
  EXPECT_EQ(out, 0xfeedbeefu) << "the program cache ran the program decoded from the old bytes";
}

TEST_F(DispatchMemo, DescriptorRewrittenInPlaceIsReadAgain) {
  // The code moves to offset 512 (entry in the descriptor); its first bytes at 256 stay as they
  // were, so only the descriptor tells the kernels apart.
  std::memcpy(kernel.bytes + 512, kernel.bytes + 256, 256);
  std::uint32_t value = 99;
  std::memcpy(kernel.bytes + 512 + 12, &value, 4);
  std::int64_t entry = 512;
  std::memcpy(kernel.bytes + 16, &entry, 8);
  ASSERT_TRUE(run().ok());
  EXPECT_EQ(out, 99u);
}

TEST_F(DispatchMemo, AnotherAddressSpaceIsCheckedAgain) {
  // Same number of ranges (so the same generation count), but not the kernel's.
  vgpu::isa::HostRanges other;
  std::uint8_t a[64], b[64], c[64];
  other.add(a, sizeof a, "a");
  other.add(b, sizeof b, "b");
  other.add(c, sizeof c, "c");
  ASSERT_EQ(other.generation(), memory.generation());
  vgpu::DispatchOutcome o = run(other);
  EXPECT_EQ(o.kind, vgpu::DispatchOutcome::Kind::invalidDispatch) << o.report;
  EXPECT_NE(o.report.find("not in GPU-visible memory"), std::string::npos) << o.report;
}

TEST_F(DispatchMemo, ChangedAddressSpaceIsCheckedAgain) {
  std::uint64_t before = memory.generation();
  std::uint32_t spare = 0;
  memory.add(&spare, sizeof spare, "spare");
  EXPECT_NE(memory.generation(), before);
  ASSERT_TRUE(run().ok());
  EXPECT_EQ(out, 7u);
  EXPECT_EQ(memo.generation, memory.generation()) << "the memo was not refreshed";
}

}  // namespace
}  // namespace isatest
