// The registry: handle -> kernel lookup (lock-free after a rebuild), late registrations,
// duplicates, concurrent lookups during registration; and bundle-entry choice for an agent.
#include "core/Registry.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "core/Module.h"
#include "hipcore/loader/CompressedBundle.h"

namespace hipcore::core {
namespace {

TEST(Registry, FindsEveryRegisteredKernelAndNothingElse) {
  Registry registry;
  static char bundle[8];
  static char handles[64];
  FatBinary* fatBinary = registry.addFatBinary(bundle);
  for (int i = 0; i < 64; i += 2)
    registry.addKernel(fatBinary, &handles[i], ("k" + std::to_string(i)).c_str());
  for (int i = 0; i < 64; ++i) {
    const Kernel* kernel = registry.findKernel(&handles[i]);
    if (i % 2 == 0) {
      ASSERT_NE(kernel, nullptr) << i;
      EXPECT_EQ(kernel->name(), "k" + std::to_string(i));
      EXPECT_EQ(&kernel->fatBinary(), fatBinary);
      EXPECT_EQ(kernel->code(0), nullptr);  // nothing loaded: registration does no device work
    } else {
      EXPECT_EQ(kernel, nullptr) << i;
    }
  }
  // A late registration (a dlopen'ed library) becomes visible at its first lookup.
  registry.addKernel(fatBinary, &handles[1], "late");
  ASSERT_NE(registry.findKernel(&handles[1]), nullptr);
  EXPECT_EQ(registry.findKernel(&handles[1])->name(), "late");
  registry.addKernel(fatBinary, &handles[0], "again");  // re-registration: the later one wins
  EXPECT_EQ(registry.findKernel(&handles[0])->name(), "again");
  RegistrationCounts counts = registry.counts();
  EXPECT_EQ(counts.fatBinaries, 1u);
  EXPECT_EQ(counts.functions, 34u);
}

TEST(Registry, LookupsRaceSafelyWithRegistrations) {
  Registry registry;
  static char bundle[8];
  static char handles[2000];
  FatBinary* fatBinary = registry.addFatBinary(bundle);
  registry.addKernel(fatBinary, &handles[0], "first");
  std::atomic<bool> stop{false};
  std::atomic<int> misses{0};
  std::thread reader([&] {
    while (!stop.load()) {
      const Kernel* kernel = registry.findKernel(&handles[0]);
      if (kernel == nullptr || kernel->name() != "first") misses.fetch_add(1);
    }
  });
  for (int i = 1; i < 2000; ++i) {
    registry.addKernel(fatBinary, &handles[i], "k");
    ASSERT_NE(registry.findKernel(&handles[i]), nullptr);
  }
  stop = true;
  reader.join();
  EXPECT_EQ(misses.load(), 0);
}

TEST(Registry, VariablesAreRecordedByHostAddress) {
  Registry registry;
  static char bundle[8];
  static int deviceVar, managedSlot;
  FatBinary* fatBinary = registry.addFatBinary(bundle);
  registry.addVariable({fatBinary, &deviceVar, "deviceVar", 4, false, false});
  registry.addVariable({fatBinary, &managedSlot, "managed", 8, false, true});
  const Variable* found = registry.findVariable(&deviceVar);
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->name, "deviceVar");
  EXPECT_EQ(registry.findVariable(&bundle), nullptr);
  EXPECT_EQ(registry.counts().variables, 1u);
  EXPECT_EQ(registry.counts().managedVariables, 1u);
}

// A plain bundle in memory with the given entry ids (images are a few bytes each).
std::vector<uint8_t> makeBundle(const std::vector<std::string>& ids) {
  std::vector<uint8_t> out(loader::kOffloadBundleMagic.begin(), loader::kOffloadBundleMagic.end());
  auto put = [&out](uint64_t v) {
    out.insert(out.end(), reinterpret_cast<uint8_t*>(&v), reinterpret_cast<uint8_t*>(&v) + 8);
  };
  put(ids.size());
  uint64_t headerSize = out.size();
  for (const std::string& id : ids) headerSize += 24 + id.size();
  for (size_t i = 0; i < ids.size(); ++i) {
    put(headerSize + 4 * i);
    put(4);
    put(ids[i].size());
    out.insert(out.end(), ids[i].begin(), ids[i].end());
  }
  out.resize(headerSize + 4 * ids.size(), 0xee);
  return out;
}

TEST(Registry, ChoosesTheBundleEntryForAnAgentIsa) {
  auto bytes =
      makeBundle({"host-x86_64-unknown-linux--", "hipv4-amdgcn-amd-amdhsa--gfx1100",
                  "hipv4-amdgcn-amd-amdhsa--gfx1030", "hip-amdgcn-amd-amdhsa--gfx90a:xnack+"});
  auto bundle = loader::OffloadBundle::parse(bytes);
  ASSERT_TRUE(bundle) << bundle.message();
  EXPECT_EQ(*chooseBundleEntry(*bundle, "amdgcn-amd-amdhsa--gfx1030"), 2u);
  EXPECT_EQ(*chooseBundleEntry(*bundle, "amdgcn-amd-amdhsa--gfx1100"), 1u);
  EXPECT_EQ(*chooseBundleEntry(*bundle, "amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+"), 3u);
  auto none = chooseBundleEntry(*bundle, "amdgcn-amd-amdhsa--gfx906");
  ASSERT_FALSE(none);
  EXPECT_NE(none.message().find("gfx1100, gfx1030, gfx90a:xnack+"), std::string::npos)
      << none.message();
}

TEST(Registry, FatBinaryParsesItsBundleFromThePointerAlone) {
  auto plain = makeBundle({"host-x86_64-unknown-linux--", "hipv4-amdgcn-amd-amdhsa--gfx1030"});
  auto compressed = loader::compressBundle(plain, loader::CompressionMethod::Zstd, 2);
  ASSERT_TRUE(compressed);
  for (const std::vector<uint8_t>* image : {&plain, &*compressed}) {
    FatBinary fatBinary(image->data());
    std::lock_guard lock(fatBinary.loadMutex());
    auto bundle = fatBinary.bundle();
    ASSERT_TRUE(bundle) << bundle.message();
    ASSERT_EQ((*bundle)->entries().size(), 2u);
    EXPECT_EQ((*bundle)->entries()[1].id, "hipv4-amdgcn-amd-amdhsa--gfx1030");
    EXPECT_EQ(fatBinary.bundle().value(), *bundle);  // parsed once, then cached
  }
}

}  // namespace
}  // namespace hipcore::core
