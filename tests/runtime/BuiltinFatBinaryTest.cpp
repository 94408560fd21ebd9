// The built-in kernels' offload bundle embedded in libhipcore: one code object per listed target,
// each with its kernels, read through hipcore's own loader (bundle, ELF, metadata) and
// chosen for an agent ISA the way the runtime chooses.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

#include "core/BuiltinKernels.h"
#include "core/Module.h"
#include "hipcore/loader/CodeObject.h"
#include "hipcore/loader/KernelMetadata.h"
#include "hipcore/loader/OffloadBundle.h"

namespace {

std::vector<std::string> listedTargets() {
  std::vector<std::string> targets;
  std::istringstream list(HIPCORE_BUILTIN_TARGET_LIST);  // "gfx90a,gfx942,..." from CMake
  for (std::string target; std::getline(list, target, ',');) targets.push_back(target);
  return targets;
}

TEST(BuiltinFatBinary, HoldsEveryListedTargetWithItsKernels) {
  auto bundle = hipcore::loader::OffloadBundle::parse(hipcore::core::builtinFatBinary());
  ASSERT_TRUE(bundle) << bundle.message();
  std::set<std::string> ids;
  for (const auto& entry : bundle->entries()) ids.insert(entry.id);
  std::vector<std::string> targets = listedTargets();
  ASSERT_GE(targets.size(), 7u);
  for (const std::string& target : targets) {
    SCOPED_TRACE(target);
    EXPECT_TRUE(ids.count("hipv4-amdgcn-amd-amdhsa--" + target)) << "no bundle entry";
    auto chosen = hipcore::core::chooseBundleEntry(*bundle, "amdgcn-amd-amdhsa--" + target);
    ASSERT_TRUE(chosen) << chosen.message();
    const auto& image = bundle->entries()[*chosen].image;
    auto object = hipcore::loader::CodeObject::parse(image);
    ASSERT_TRUE(object) << object.message();
    auto machine = object->target();  // from the ELF header's EF_AMDGPU_MACH
    ASSERT_TRUE(machine.has_value()) << "unknown EF_AMDGPU_MACH";
    EXPECT_EQ(machine->processor, target);
    auto note = object->metadataNote();
    ASSERT_TRUE(note) << note.message();
    auto metadata = hipcore::loader::parseCodeObjectMetadata(*note);
    ASSERT_TRUE(metadata) << metadata.message();
    EXPECT_EQ(metadata->target.rfind("amdgcn-amd-amdhsa--" + target, 0), 0u) << metadata->target;
    for (const char* name : {"__hipcore_fill", "__hipcore_copy_aligned", "__hipcore_copy_dwords",
                             "__hipcore_copy_bytes"}) {
      const auto* kernel = metadata->findKernel(name);
      ASSERT_NE(kernel, nullptr) << name;
      EXPECT_EQ(kernel->maxFlatWorkgroupSize, hipcore::core::BuiltinKernels::kBlock) << name;
      EXPECT_EQ(kernel->groupSegmentFixedSize, 0u) << name;
    }
    EXPECT_EQ(metadata->findKernel("__hipcore_fill")->explicitArgCount(), 6u);
    EXPECT_EQ(metadata->findKernel("__hipcore_copy_bytes")->explicitArgCount(), 8u);
  }
  // Only the host entry besides the listed targets.
  EXPECT_EQ(bundle->entries().size(), targets.size() + 1);
}

}  // namespace
