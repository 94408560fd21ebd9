// Tests of the metadata reader: every argument of clang-19 (v5) and clang-15 (v4) kernels.
#include "hipcore/loader/KernelMetadata.h"

#include <gtest/gtest.h>

#include <cstddef>

#include "LoaderTestData.h"
#include "hipcore/loader/CodeObject.h"

namespace hipcore::loader {
namespace {

using test::dataPath;
using test::readFile;

// The host-side layout of mixed(char, double, int*, Pair, short): kernarg offsets follow it.
struct Pair {
  int a;
  float b;
};
struct MixedArgs {
  char c;
  double d;
  int* p;
  Pair s;
  short h;
};

CodeObjectMetadata metadataOf(const char* name) {
  auto bytes = readFile(dataPath(name));
  auto object = CodeObject::parse(bytes);
  if (!object) throw std::runtime_error(object.message());
  auto metadata = parseCodeObjectMetadata(*object->metadataNote());
  if (!metadata) throw std::runtime_error(metadata.message());
  return *metadata;
}

struct ExpectedArg {
  uint32_t offset;
  uint32_t size;
  ArgKind kind;
};

void expectArgs(const KernelMetadata& kernel, const std::vector<ExpectedArg>& expected) {
  ASSERT_EQ(kernel.args.size(), expected.size()) << kernel.name;
  for (size_t i = 0; i < expected.size(); ++i) {
    SCOPED_TRACE("argument " + std::to_string(i));
    EXPECT_EQ(kernel.args[i].offset, expected[i].offset);
    EXPECT_EQ(kernel.args[i].size, expected[i].size);
    EXPECT_EQ(argKindName(kernel.args[i].kind), argKindName(expected[i].kind));
  }
}

TEST(KernelMetadata, Version5HiddenArgumentsAtTheirAbiOffsets) {
  CodeObjectMetadata metadata = metadataOf("v5_gfx1030_O0.co");
  EXPECT_EQ(metadata.versionMajor, 1u);
  EXPECT_EQ(metadata.versionMinor, 2u);
  EXPECT_EQ(metadata.target, "amdgcn-amd-amdhsa--gfx1030");
  const KernelMetadata* add = metadata.findKernel("_Z3addPiPKii");
  ASSERT_NE(add, nullptr);
  EXPECT_EQ(add->symbol, "_Z3addPiPKii.kd");
  EXPECT_EQ(add->explicitArgCount(), 3u);
  // Explicit arguments end at 20, rounded up to 8: hidden ones start at 24
  // (docs/PLATFORM.md section 4).
  const uint32_t h = 24;
  expectArgs(*add, {{0, 8, ArgKind::GlobalBuffer},
                    {8, 8, ArgKind::GlobalBuffer},
                    {16, 4, ArgKind::ByValue},
                    {h + 0, 4, ArgKind::HiddenBlockCountX},
                    {h + 4, 4, ArgKind::HiddenBlockCountY},
                    {h + 8, 4, ArgKind::HiddenBlockCountZ},
                    {h + 12, 2, ArgKind::HiddenGroupSizeX},
                    {h + 14, 2, ArgKind::HiddenGroupSizeY},
                    {h + 16, 2, ArgKind::HiddenGroupSizeZ},
                    {h + 18, 2, ArgKind::HiddenRemainderX},
                    {h + 20, 2, ArgKind::HiddenRemainderY},
                    {h + 22, 2, ArgKind::HiddenRemainderZ},
                    {h + 40, 8, ArgKind::HiddenGlobalOffsetX},
                    {h + 48, 8, ArgKind::HiddenGlobalOffsetY},
                    {h + 56, 8, ArgKind::HiddenGlobalOffsetZ},
                    {h + 64, 2, ArgKind::HiddenGridDims},
                    {h + 80, 8, ArgKind::HiddenHostcallBuffer},
                    {h + 88, 8, ArgKind::HiddenMultigridSyncArg},
                    {h + 96, 8, ArgKind::HiddenHeapV1},
                    {h + 104, 8, ArgKind::HiddenDefaultQueue},
                    {h + 112, 8, ArgKind::HiddenCompletionAction},
                    {h + 200, 8, ArgKind::HiddenQueuePtr}});
  EXPECT_EQ(add->kernargSegmentSize, h + 256);
}

TEST(KernelMetadata, Version4HiddenArgumentsFromClang15) {
  CodeObjectMetadata metadata = metadataOf("v4_gfx1030_O0.co");
  EXPECT_EQ(metadata.versionMajor, 1u);
  EXPECT_EQ(metadata.versionMinor, 1u);
  const KernelMetadata* add = metadata.findKernel("_Z3addPiPKii");
  ASSERT_NE(add, nullptr);
  expectArgs(*add, {{0, 8, ArgKind::GlobalBuffer},
                    {8, 8, ArgKind::GlobalBuffer},
                    {16, 4, ArgKind::ByValue},
                    {24, 8, ArgKind::HiddenGlobalOffsetX},
                    {32, 8, ArgKind::HiddenGlobalOffsetY},
                    {40, 8, ArgKind::HiddenGlobalOffsetZ},
                    {48, 8, ArgKind::HiddenHostcallBuffer},
                    {56, 8, ArgKind::HiddenNone},
                    {64, 8, ArgKind::HiddenNone},
                    {72, 8, ArgKind::HiddenMultigridSyncArg}});
  EXPECT_EQ(add->kernargSegmentSize, 80u);
}

TEST(KernelMetadata, ExplicitOffsetsFollowTheHostAbi) {
  for (const char* name : {"v5_gfx1030.co", "v5_gfx1100.co", "v4_gfx1030_O0.co"}) {
    SCOPED_TRACE(name);
    CodeObjectMetadata metadata = metadataOf(name);
    EXPECT_EQ(metadata.kernels.size(), 3u);
    const KernelMetadata* mixed = metadata.findKernel("_Z5mixedcdPi4Pairs");
    ASSERT_NE(mixed, nullptr);
    ASSERT_GE(mixed->args.size(), 5u);
    EXPECT_EQ(mixed->explicitArgCount(), 5u);
    EXPECT_EQ(mixed->args[0].offset, offsetof(MixedArgs, c));
    EXPECT_EQ(mixed->args[1].offset, offsetof(MixedArgs, d));
    EXPECT_EQ(mixed->args[2].offset, offsetof(MixedArgs, p));
    EXPECT_EQ(mixed->args[3].offset, offsetof(MixedArgs, s));
    EXPECT_EQ(mixed->args[4].offset, offsetof(MixedArgs, h));
    EXPECT_EQ(mixed->args[3].size, sizeof(Pair));
    EXPECT_EQ(mixed->args[4].size, sizeof(short));
    EXPECT_EQ(mixed->args[2].kind, ArgKind::GlobalBuffer);
    EXPECT_EQ(mixed->args[1].kind, ArgKind::ByValue);
  }
}

TEST(KernelMetadata, ValueKindNamesRoundTrip) {
  for (int k = 0; k < static_cast<int>(ArgKind::Unknown); ++k) {
    auto kind = static_cast<ArgKind>(k);
    EXPECT_EQ(argKindFromString(argKindName(kind)), kind) << k;
  }
  EXPECT_EQ(argKindFromString("hidden_something_new"), ArgKind::Unknown);
  EXPECT_TRUE(isHidden(ArgKind::HiddenQueuePtr));
  EXPECT_FALSE(isHidden(ArgKind::ByValue));
}

}  // namespace
}  // namespace hipcore::loader
