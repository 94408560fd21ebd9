// Tests of kernarg packing: explicit arguments from args[], every hidden argument at its offset.
#include "hipcore/loader/KernargLayout.h"

#include <gtest/gtest.h>

#include <cstring>

#include "LoaderTestData.h"
#include "hipcore/loader/CodeObject.h"

namespace hipcore::loader {
namespace {

using test::dataPath;
using test::readFile;

KernelMetadata kernelOf(const char* file, const char* name) {
  auto bytes = readFile(dataPath(file));
  auto object = CodeObject::parse(bytes);
  if (!object) throw std::runtime_error(object.message());
  auto metadata = parseCodeObjectMetadata(*object->metadataNote());
  if (!metadata) throw std::runtime_error(metadata.message());
  const KernelMetadata* kernel = metadata->findKernel(name);
  if (!kernel) throw std::runtime_error(std::string("no kernel ") + name);
  return *kernel;
}

template <typename T>
T at(const std::vector<uint8_t>& segment, size_t offset) {
  T value;
  std::memcpy(&value, segment.data() + offset, sizeof(T));
  return value;
}

HiddenArgValues distinctHiddenValues() {
  HiddenArgValues h;
  h.hostcallBuffer = 0x1111000011110000;
  h.multigridSync = 0x2222000022220000;
  h.heap = 0x3333000033330000;
  h.defaultQueue = 0x4444000044440000;
  h.completionAction = 0x5555000055550000;
  h.queuePtr = 0x6666000066660000;
  return h;
}

TEST(KernargLayout, Version5PacksEveryHiddenArgumentAtItsAbiOffset) {
  KernargLayout layout(kernelOf("v5_gfx1030_O0.co", "_Z3addPiPKii"));
  ASSERT_EQ(layout.segmentSize(), 280u);
  int* a = reinterpret_cast<int*>(0x1000);
  const int* b = reinterpret_cast<const int*>(0x2000);
  int n = 12345;
  void* args[] = {&a, &b, &n};
  LaunchGeometry g;
  g.gridBlocks[0] = 7;
  g.gridBlocks[1] = 5;
  g.gridBlocks[2] = 3;
  g.blockSize[0] = 64;
  g.blockSize[1] = 2;
  g.blockSize[2] = 1;
  std::vector<uint8_t> segment(layout.segmentSize(), 0xcd);
  layout.pack(args, g, distinctHiddenValues(), segment.data());
  EXPECT_EQ(at<uint64_t>(segment, 0), 0x1000u);
  EXPECT_EQ(at<uint64_t>(segment, 8), 0x2000u);
  EXPECT_EQ(at<int32_t>(segment, 16), 12345);
  EXPECT_EQ(at<uint32_t>(segment, 20), 0u);  // padding is zeroed
  const size_t h = 24;                       // hidden arguments: docs/PLATFORM.md section 4
  EXPECT_EQ(at<uint32_t>(segment, h + 0), 7u);
  EXPECT_EQ(at<uint32_t>(segment, h + 4), 5u);
  EXPECT_EQ(at<uint32_t>(segment, h + 8), 3u);
  EXPECT_EQ(at<uint16_t>(segment, h + 12), 64u);
  EXPECT_EQ(at<uint16_t>(segment, h + 14), 2u);
  EXPECT_EQ(at<uint16_t>(segment, h + 16), 1u);
  for (size_t r : {18, 20, 22}) EXPECT_EQ(at<uint16_t>(segment, h + r), 0u);
  for (size_t o : {40, 48, 56}) EXPECT_EQ(at<uint64_t>(segment, h + o), 0u);
  EXPECT_EQ(at<uint16_t>(segment, h + 64), 3u);  // z is 3 blocks: three dimensions
  EXPECT_EQ(at<uint64_t>(segment, h + 80), 0x1111000011110000u);
  EXPECT_EQ(at<uint64_t>(segment, h + 88), 0x2222000022220000u);
  EXPECT_EQ(at<uint64_t>(segment, h + 96), 0x3333000033330000u);
  EXPECT_EQ(at<uint64_t>(segment, h + 104), 0x4444000044440000u);
  EXPECT_EQ(at<uint64_t>(segment, h + 112), 0x5555000055550000u);
  EXPECT_EQ(at<uint64_t>(segment, h + 200), 0x6666000066660000u);
  for (size_t o = h + 120; o < h + 200; ++o) EXPECT_EQ(segment[o], 0u) << o;
}

TEST(KernargLayout, Version4PacksGlobalOffsetsHostcallAndMultigrid) {
  KernargLayout layout(kernelOf("v4_gfx1030_O0.co", "_Z3addPiPKii"));
  ASSERT_EQ(layout.segmentSize(), 80u);
  int* a = reinterpret_cast<int*>(0xa0);
  int* b = reinterpret_cast<int*>(0xb0);
  int n = -4;
  void* args[] = {&a, &b, &n};
  std::vector<uint8_t> segment(layout.segmentSize(), 0xcd);
  layout.pack(args, LaunchGeometry{}, distinctHiddenValues(), segment.data());
  EXPECT_EQ(at<uint64_t>(segment, 0), 0xa0u);
  EXPECT_EQ(at<uint64_t>(segment, 8), 0xb0u);
  EXPECT_EQ(at<int32_t>(segment, 16), -4);
  for (size_t o : {24, 32, 40, 56, 64}) EXPECT_EQ(at<uint64_t>(segment, o), 0u) << o;
  EXPECT_EQ(at<uint64_t>(segment, 48), 0x1111000011110000u);
  EXPECT_EQ(at<uint64_t>(segment, 72), 0x2222000022220000u);
}

TEST(KernargLayout, ExplicitArgumentsOfMixedSizesLandWhereTheHostAbiPutsThem) {
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
  KernargLayout layout(kernelOf("v5_gfx1100.co", "_Z5mixedcdPi4Pairs"));
  EXPECT_EQ(layout.explicitCount(), 5u);
  MixedArgs values{'q', 2.75, reinterpret_cast<int*>(0x4000), {-9, 0.5f}, 300};
  void* args[] = {&values.c, &values.d, &values.p, &values.s, &values.h};
  std::vector<uint8_t> segment(layout.segmentSize(), 0xcd);
  LaunchGeometry g;
  g.gridBlocks[0] = 2;
  g.blockSize[0] = 32;
  layout.pack(args, g, HiddenArgValues{}, segment.data());
  EXPECT_EQ(at<char>(segment, offsetof(MixedArgs, c)), 'q');
  EXPECT_EQ(at<double>(segment, offsetof(MixedArgs, d)), 2.75);
  EXPECT_EQ(at<uint64_t>(segment, offsetof(MixedArgs, p)), 0x4000u);
  EXPECT_EQ(at<int>(segment, offsetof(MixedArgs, s)), -9);
  EXPECT_EQ(at<float>(segment, offsetof(MixedArgs, s) + 4), 0.5f);
  EXPECT_EQ(at<short>(segment, offsetof(MixedArgs, h)), 300);
  EXPECT_EQ(KernargLayout::dimensions(g), 1u);
}

}  // namespace
}  // namespace hipcore::loader
