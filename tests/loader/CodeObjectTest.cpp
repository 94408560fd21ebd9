// Tests of the code-object ELF reader and the kernel descriptor view on clang-built objects.
#include "hipcore/loader/CodeObject.h"

#include <elf.h>
#include <gtest/gtest.h>

#include "LoaderTestData.h"
#include "hipcore/loader/KernelDescriptor.h"
#include "hipcore/loader/KernelMetadata.h"

namespace hipcore::loader {
namespace {

using test::dataPath;
using test::readFile;

struct Loaded {
  std::vector<uint8_t> bytes;
  CodeObject object;
};

Loaded load(const char* name) {
  auto bytes = readFile(dataPath(name));
  auto object = CodeObject::parse(bytes);
  if (!object) throw std::runtime_error(std::string(name) + ": " + object.message());
  return {std::move(bytes), std::move(object).value()};
}

KernelDescriptor descriptorOf(const CodeObject& object, const std::string& kernel) {
  const ElfSymbol* kd = object.findSymbol(kernel + ".kd");
  if (kd == nullptr) throw std::runtime_error("no descriptor for " + kernel);
  auto bytes = object.bytesAt(kd->value, KernelDescriptor::kSize);
  if (!bytes) throw std::runtime_error(bytes.message());
  auto descriptor = KernelDescriptor::parse(*bytes);
  if (!descriptor) throw std::runtime_error(descriptor.message());
  return *descriptor;
}

TEST(CodeObject, ReadsClang19Gfx1030HeaderAsVersion5) {
  Loaded loaded = load("v5_gfx1030.co");
  const CodeObject& object = loaded.object;
  EXPECT_EQ(object.codeObjectVersion(), 5u);
  EXPECT_EQ(object.machine(), 0x36u);
  ASSERT_TRUE(object.target());
  EXPECT_EQ(object.target()->str(), "gfx1030");
  EXPECT_NE(object.findSymbol("_Z3addPiPKii"), nullptr);
  EXPECT_NE(object.findSymbol("_Z3addPiPKii.kd"), nullptr);
  EXPECT_EQ(object.findSymbol("no_such_kernel.kd"), nullptr);
  EXPECT_TRUE(object.metadataNote());
}

TEST(CodeObject, ReadsClang19Gfx1100AndClang15Version4) {
  Loaded gfx1100 = load("v5_gfx1100.co");
  EXPECT_EQ(gfx1100.object.machine(), 0x41u);
  EXPECT_EQ(gfx1100.object.target()->processor, "gfx1100");
  Loaded v4 = load("v4_gfx1030_O0.co");
  EXPECT_EQ(v4.object.codeObjectVersion(), 4u);
  EXPECT_EQ(v4.object.target()->processor, "gfx1030");
}

TEST(CodeObject, KernelDescriptorAgreesWithSymbolsAndMetadata) {
  for (const char* name : {"v5_gfx1030.co", "v5_gfx1100.co", "v4_gfx1030_O0.co"}) {
    SCOPED_TRACE(name);
    Loaded loaded = load(name);
    auto metadata = parseCodeObjectMetadata(*loaded.object.metadataNote());
    ASSERT_TRUE(metadata) << metadata.message();
    for (const KernelMetadata& kernel : metadata->kernels) {
      KernelDescriptor descriptor = descriptorOf(loaded.object, kernel.name);
      const ElfSymbol* kd = loaded.object.findSymbol(kernel.symbol);
      const ElfSymbol* code = loaded.object.findSymbol(kernel.name);
      ASSERT_NE(kd, nullptr);
      ASSERT_NE(code, nullptr);
      EXPECT_EQ(kd->value + descriptor.kernelCodeEntryOffset, code->value) << kernel.name;
      EXPECT_EQ(descriptor.kernargSize, kernel.kernargSegmentSize) << kernel.name;
      EXPECT_EQ(descriptor.groupSegmentFixedSize, kernel.groupSegmentFixedSize) << kernel.name;
      EXPECT_TRUE(descriptor.wave32()) << kernel.name;  // RDNA compiles wave32 by default
      EXPECT_EQ(kernel.wavefrontSize, 32u);
      EXPECT_TRUE(descriptor.kernargSegmentPtr()) << kernel.name;
    }
    const KernelMetadata* shared = metadata->findKernel("_Z14shared_reversePi");
    ASSERT_NE(shared, nullptr);
    EXPECT_EQ(shared->groupSegmentFixedSize, 64 * sizeof(int));
  }
}

TEST(CodeObject, ExtentFromHeadersAloneIsTheFileSize) {
  for (const char* name : {"v5_gfx1030.co", "v5_gfx1100.co", "v4_gfx1030_O0.co"}) {
    auto bytes = readFile(dataPath(name));
    auto extent = CodeObject::extent(bytes.data());
    ASSERT_TRUE(extent) << extent.message();
    EXPECT_EQ(*extent, bytes.size()) << name;
  }
  auto bytes = readFile(dataPath("v5_gfx1030.co"));
  bytes[1] = 'X';
  EXPECT_FALSE(CodeObject::extent(bytes.data()));
}

TEST(CodeObject, RejectsTruncatedAndCorruptedImages) {
  auto bytes = readFile(dataPath("v5_gfx1030.co"));
  for (size_t length : {size_t{0}, size_t{4}, size_t{63}}) {
    auto object = CodeObject::parse(Bytes(bytes.data(), length));
    ASSERT_FALSE(object);
    EXPECT_NE(object.message().find("too short"), std::string::npos) << object.message();
  }
  // Cut before the section headers (at the end of the file).
  auto cut = CodeObject::parse(Bytes(bytes.data(), bytes.size() - 100));
  ASSERT_FALSE(cut);
  EXPECT_NE(cut.message().find("past end"), std::string::npos) << cut.message();
  auto corrupt = bytes;
  Elf64_Ehdr header;
  std::memcpy(&header, corrupt.data(), sizeof(header));
  header.e_machine = 62;  // x86-64
  std::memcpy(corrupt.data(), &header, sizeof(header));
  auto wrongMachine = CodeObject::parse(corrupt);
  ASSERT_FALSE(wrongMachine);
  EXPECT_NE(wrongMachine.message().find("e_machine 62"), std::string::npos);
  header.e_machine = kElfMachineAmdgpu;
  header.e_shoff = ~uint64_t{0} - 8;  // offset arithmetic must not wrap
  std::memcpy(corrupt.data(), &header, sizeof(header));
  EXPECT_FALSE(CodeObject::parse(corrupt));
}

}  // namespace
}  // namespace hipcore::loader
