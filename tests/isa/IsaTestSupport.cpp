// Code-object loading and dispatch helpers for the isa tests.
#include "IsaTestSupport.h"

#include <cmath>
#include <cstring>
#include <map>
#include <mutex>

namespace isatest {

const Variant kAllVariants[4] = {
    {"gfx1030", false}, {"gfx1100", false}, {"gfx1030", true}, {"gfx1100", true}};

std::string variantName(const ::testing::TestParamInfo<Variant>& info) {
  return std::string(info.param.arch) + (info.param.wave64 ? "_wave64" : "_wave32");
}

const vgpu::isa::CodeObject& IsaTest::code(const std::string& stem) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<vgpu::isa::CodeObject>> cache;
  std::string path = std::string(ISA_KERNEL_DIR) + "/" + stem + "-" + GetParam().arch +
                     (GetParam().wave64 ? "-w64" : "") + ".co";
  std::lock_guard<std::mutex> lock(mutex);
  auto& slot = cache[path];
  if (!slot) {
    std::string error;
    slot = vgpu::isa::CodeObject::load(path, error);
    if (!slot) ADD_FAILURE() << error;
  }
  return *slot;
}

vgpu::DispatchOutcome IsaTest::tryRun(const std::string& stem, const std::string& kernel,
                                      vgpu::isa::Launch launch) {
  launch.memory = &memory;
  return vgpu::isa::runKernel(code(stem), kernel, launch);
}

void IsaTest::run(const std::string& stem, const std::string& kernel, vgpu::isa::Launch launch) {
  vgpu::DispatchOutcome o = tryRun(stem, kernel, std::move(launch));
  ASSERT_TRUE(o.ok()) << o.report;
}

void RawKernel::code(std::initializer_list<std::uint32_t> words) {
  code(std::vector<std::uint32_t>(words));
}

void RawKernel::code(const std::vector<std::uint32_t>& words) {
  std::int64_t entry = 256;
  std::memcpy(bytes + 16, &entry, 8);
  std::uint32_t rsrc1 = 1;                       // 16 VGPRs
  std::uint32_t rsrc2 = 2u << 1;                 // two user SGPRs: the kernarg pointer
  std::uint16_t props = (1u << 3) | (1u << 10);  // kernarg pointer, wave32
  std::memcpy(bytes + 48, &rsrc1, 4);
  std::memcpy(bytes + 52, &rsrc2, 4);
  std::memcpy(bytes + 56, &props, 2);
  if (256 + 4 * words.size() > sizeof bytes) {
    ADD_FAILURE() << "raw kernel code does not fit";
    return;
  }
  unsigned i = 0;
  for (std::uint32_t w : words) std::memcpy(bytes + 256 + 4 * i++, &w, 4);
}

vgpu::DispatchOutcome RawKernel::run() {
  vgpu::DispatchRequest req;
  req.packet.workgroup_size_x = req.packet.workgroup_size_y = req.packet.workgroup_size_z = 1;
  req.packet.grid_size_x = req.packet.grid_size_y = req.packet.grid_size_z = 1;
  req.packet.kernel_object = reinterpret_cast<std::uint64_t>(bytes);
  req.packet.kernarg_address = args;
  req.threads = 1;
  req.watchdogMs = watchdogMs;
  req.target = target;
  if (memory) {
    memory->add(bytes, sizeof bytes, "raw kernel");
    memory->add(args, sizeof args, "raw kernel arguments");
    req.memory = memory;
  }
  return vgpu::executeDispatch(req);
}

vgpu::isa::Launch launch1d(std::uint32_t blocks, std::uint32_t threads) {
  vgpu::isa::Launch l;
  l.grid[0] = blocks;
  l.block[0] = threads;
  l.threads = 2;
  return l;
}

::testing::AssertionResult sameFloatBits(float got, float want) {
  if (std::isnan(got) && std::isnan(want)) return ::testing::AssertionSuccess();
  std::uint32_t g, w;
  std::memcpy(&g, &got, 4);
  std::memcpy(&w, &want, 4);
  if (g == w) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << got << " (0x" << std::hex << g << ") != " << want << " (0x" << w << ")";
}

}  // namespace isatest
