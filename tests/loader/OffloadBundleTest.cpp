// Tests of the offload bundle reader on bundles clang-19 wrote, plain and compressed.
#include "hipcore/loader/OffloadBundle.h"

#include <gtest/gtest.h>

#include "LoaderTestData.h"
#include "hipcore/loader/CodeObject.h"
#include "hipcore/loader/CompressedBundle.h"

namespace hipcore::loader {
namespace {

using test::dataPath;
using test::readFile;

const char* kIds[] = {"host-x86_64-unknown-linux--", "hipv4-amdgcn-amd-amdhsa--gfx1030",
                      "hipv4-amdgcn-amd-amdhsa--gfx1100"};

void expectTwoTargets(const OffloadBundle& bundle) {
  ASSERT_EQ(bundle.entries().size(), 3u);
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(bundle.entries()[i].id, kIds[i]);
  EXPECT_EQ(bundle.entries()[0].image.size(), 0u);  // the host entry is empty
  for (size_t i = 1; i < 3; ++i) {
    auto object = CodeObject::parse(bundle.entries()[i].image);
    ASSERT_TRUE(object) << object.message();
    ASSERT_TRUE(object->target().has_value());
    EXPECT_EQ(object->target()->processor, i == 1 ? "gfx1030" : "gfx1100");
  }
}

std::vector<std::vector<uint8_t>> imagesOf(const OffloadBundle& bundle) {
  std::vector<std::vector<uint8_t>> images;
  for (const BundleEntry& entry : bundle.entries())
    images.emplace_back(entry.image.begin(), entry.image.end());
  return images;
}

TEST(OffloadBundle, ReadsPlainBundleWithTwoTargets) {
  auto data = readFile(dataPath("two_targets.bundle"));
  auto bundle = OffloadBundle::parse(data);
  ASSERT_TRUE(bundle) << bundle.message();
  EXPECT_FALSE(bundle->wasCompressed());
  expectTwoTargets(*bundle);
  // Plain bundles place code objects at 4096-byte boundaries (docs/PLATFORM.md section 3).
  for (size_t i = 1; i < 3; ++i)
    EXPECT_EQ((bundle->entries()[i].image.data() - data.data()) % 4096, 0);
}

TEST(OffloadBundle, ReadsClangCompressedBundleLikeThePlainOne) {
  auto compressed = readFile(dataPath("two_targets.ccob"));
  auto header = parseCompressedBundleHeader(compressed);
  ASSERT_TRUE(header) << header.message();
  EXPECT_EQ(header->version, 2);
  EXPECT_EQ(header->method, CompressionMethod::Zstd);
  EXPECT_EQ(header->totalSize, compressed.size());
  auto plainData = readFile(dataPath("two_targets.bundle"));
  EXPECT_EQ(header->uncompressedSize, plainData.size());
  auto bundle = OffloadBundle::parse(compressed);
  ASSERT_TRUE(bundle) << bundle.message();
  EXPECT_TRUE(bundle->wasCompressed());
  expectTwoTargets(*bundle);
  // Separate compiles embed distinct unique ids, so images match in size, not in bytes.
  auto plain = OffloadBundle::parse(plainData);
  ASSERT_TRUE(plain);
  for (size_t i = 0; i < 3; ++i)
    EXPECT_EQ(bundle->entries()[i].image.size(), plain->entries()[i].image.size());
}

TEST(OffloadBundle, ReadsEveryCompressedVersionAndMethod) {
  auto plainData = readFile(dataPath("two_targets.bundle"));
  auto plain = OffloadBundle::parse(plainData);
  ASSERT_TRUE(plain);
  for (CompressionMethod method : {CompressionMethod::Zstd, CompressionMethod::Zlib}) {
    for (uint16_t version : {1, 2, 3}) {
      SCOPED_TRACE("method " + std::to_string(int(method)) + " version " + std::to_string(version));
      auto packed = compressBundle(plainData, method, version);
      ASSERT_TRUE(packed) << packed.message();
      auto bundle = OffloadBundle::parse(*packed);
      ASSERT_TRUE(bundle) << bundle.message();
      expectTwoTargets(*bundle);
      EXPECT_EQ(imagesOf(*bundle), imagesOf(*plain));
    }
  }
}

TEST(OffloadBundle, ExtentFromHeaderAloneMatchesFileSize) {
  for (const char* name : {"two_targets.bundle", "two_targets.ccob"}) {
    auto data = readFile(dataPath(name));
    auto extent = OffloadBundle::extent(data.data());
    ASSERT_TRUE(extent) << extent.message();
    EXPECT_EQ(*extent, data.size()) << name;
  }
}

TEST(OffloadBundle, RejectsEveryTruncationOfThePlainHeader) {
  auto data = readFile(dataPath("two_targets.bundle"));
  auto bundle = OffloadBundle::parse(data);
  ASSERT_TRUE(bundle);
  size_t firstImage = bundle->entries()[1].image.data() - data.data();
  for (size_t length = 0; length < firstImage + 16; length += (length < 200 ? 1 : 997)) {
    auto truncated = OffloadBundle::parse(Bytes(data.data(), length));
    EXPECT_FALSE(truncated) << "accepted " << length << " bytes";
    if (!truncated) continue;
    EXPECT_FALSE(truncated.message().empty());
  }
  auto half = OffloadBundle::parse(Bytes(data.data(), data.size() / 2));
  ASSERT_FALSE(half);
  EXPECT_NE(half.message().find("past end of " + std::to_string(data.size() / 2) + "-byte image"),
            std::string::npos)
      << half.message();
}

TEST(OffloadBundle, RejectsCorruptedPlainHeaders) {
  auto data = readFile(dataPath("two_targets.bundle"));
  auto corrupt = [&](size_t offset, uint64_t value) {
    auto copy = data;
    std::memcpy(copy.data() + offset, &value, sizeof(value));
    auto result = OffloadBundle::parse(copy);
    EXPECT_FALSE(result) << "corruption at " << offset << " accepted";
    return result ? std::string() : result.message();
  };
  EXPECT_NE(corrupt(24, uint64_t{1} << 40).find("entries"), std::string::npos);
  // Entry 1 (gfx1030): its offset field follows the host entry (24 + 8 + 24 + 27 bytes).
  size_t entry1 = 24 + 8 + 24 + 27;
  EXPECT_NE(corrupt(entry1, data.size() - 8).find("bundle entry 1"), std::string::npos);
  EXPECT_NE(corrupt(entry1 + 16, 1u << 20).find("id of"), std::string::npos);
  auto badMagic = data;
  badMagic[2] = 'X';
  EXPECT_FALSE(OffloadBundle::parse(badMagic));
}

TEST(OffloadBundle, RejectsCorruptedCompressedBundles) {
  auto data = readFile(dataPath("two_targets.ccob"));
  auto withByte = [&](size_t offset, uint8_t value) {
    auto copy = data;
    copy[offset] = value;
    return copy;
  };
  auto badVersion = OffloadBundle::parse(withByte(4, 9));
  ASSERT_FALSE(badVersion);
  EXPECT_NE(badVersion.message().find("version 9"), std::string::npos) << badVersion.message();
  auto badMethod = OffloadBundle::parse(withByte(6, 7));
  ASSERT_FALSE(badMethod);
  EXPECT_NE(badMethod.message().find("method 7"), std::string::npos) << badMethod.message();
  auto truncated = OffloadBundle::parse(Bytes(data.data(), data.size() - 10));
  ASSERT_FALSE(truncated);
  EXPECT_NE(truncated.message().find("past end"), std::string::npos) << truncated.message();
  auto copy = data;
  for (size_t i = 40; i < 72; ++i) copy[i] ^= 0x5a;  // inside the zstd frame
  auto garbled = OffloadBundle::parse(copy);
  ASSERT_FALSE(garbled);
  EXPECT_NE(garbled.message().find("zstd"), std::string::npos) << garbled.message();
  for (size_t length = 0; length < 24; ++length)
    EXPECT_FALSE(OffloadBundle::parse(Bytes(data.data(), length))) << length;
}

}  // namespace
}  // namespace hipcore::loader
