// The lazy metadata index: the same kernels, names and per-kernel records as the full parse,
// for clang-19 (v5) and clang-15 (v4) code objects, and malformed notes refused.
#include "hipcore/loader/MetadataIndex.h"

#include <gtest/gtest.h>

#include "LoaderTestData.h"
#include "hipcore/loader/CodeObject.h"

namespace hipcore::loader {
namespace {

using test::dataPath;
using test::readFile;

void expectIndexMatchesFullParse(const char* file) {
  SCOPED_TRACE(file);
  auto bytes = readFile(dataPath(file));
  auto object = CodeObject::parse(bytes);
  ASSERT_TRUE(object) << object.message();
  Bytes note = *object->metadataNote();
  auto full = parseCodeObjectMetadata(note);
  ASSERT_TRUE(full) << full.message();
  auto index = indexKernelMetadata(note);
  ASSERT_TRUE(index) << index.message();
  ASSERT_EQ(index->size(), full->kernels.size());
  ASSERT_GT(index->size(), 1u);
  for (size_t i = 0; i < index->size(); ++i) {
    const KernelMetadataEntry& entry = (*index)[i];
    const KernelMetadata& expected = full->kernels[i];
    EXPECT_EQ(entry.name, expected.name);
    EXPECT_EQ(entry.index, i);
    // The map lies inside the note and is exactly one msgpack value.
    ASSERT_GE(entry.map.data(), note.data());
    ASSERT_LE(entry.map.data() + entry.map.size(), note.data() + note.size());
    auto end = skipMsgPackValue(entry.map, 0);
    ASSERT_TRUE(end) << end.message();
    EXPECT_EQ(*end, entry.map.size());
    auto one = parseKernelMetadata(entry);
    ASSERT_TRUE(one) << one.message();
    EXPECT_EQ(one->name, expected.name);
    EXPECT_EQ(one->symbol, expected.symbol);
    EXPECT_EQ(one->kernargSegmentSize, expected.kernargSegmentSize);
    EXPECT_EQ(one->groupSegmentFixedSize, expected.groupSegmentFixedSize);
    EXPECT_EQ(one->vgprCount, expected.vgprCount);
    EXPECT_EQ(one->maxFlatWorkgroupSize, expected.maxFlatWorkgroupSize);
    ASSERT_EQ(one->args.size(), expected.args.size());
    for (size_t a = 0; a < expected.args.size(); ++a) {
      EXPECT_EQ(one->args[a].offset, expected.args[a].offset);
      EXPECT_EQ(one->args[a].kind, expected.args[a].kind);
    }
  }
}

TEST(MetadataIndex, MatchesTheFullParse) {
  expectIndexMatchesFullParse("v5_gfx1030.co");
  expectIndexMatchesFullParse("v5_gfx1030_O0.co");
  expectIndexMatchesFullParse("v5_gfx1100.co");
  expectIndexMatchesFullParse("v4_gfx1030_O0.co");
}

TEST(MetadataIndex, CursorReadsNoFurtherThanTheKernelItReturns) {
  auto bytes = readFile(dataPath("v5_gfx1030.co"));
  auto object = CodeObject::parse(bytes);
  ASSERT_TRUE(object) << object.message();
  Bytes note = *object->metadataNote();
  auto index = indexKernelMetadata(note);
  ASSERT_TRUE(index) << index.message();
  ASSERT_GT(index->size(), 1u);
  // The note cut right after the first kernel's map: the first kernel is still found whole,
  // so finding it read nothing past it; the cut shows only when the walk goes on.
  const KernelMetadataEntry& first = index->front();
  Bytes cut = note.first(static_cast<size_t>(first.map.data() + first.map.size() - note.data()));
  auto cursor = KernelMetadataCursor::open(cut);
  ASSERT_TRUE(cursor) << cursor.message();
  auto one = cursor->next();
  ASSERT_TRUE(one) << one.message();
  ASSERT_TRUE(one->has_value());
  EXPECT_EQ((*one)->name, first.name);
  EXPECT_EQ((*one)->index, 0u);
  EXPECT_EQ((*one)->map.data(), first.map.data());
  EXPECT_EQ((*one)->map.size(), first.map.size());
  EXPECT_FALSE(cursor->next());
  // Over the whole note: every kernel once, in order, then nothing.
  auto whole = KernelMetadataCursor::open(note);
  ASSERT_TRUE(whole) << whole.message();
  for (const KernelMetadataEntry& expected : *index) {
    auto entry = whole->next();
    ASSERT_TRUE(entry) << entry.message();
    ASSERT_TRUE(entry->has_value());
    EXPECT_EQ((*entry)->name, expected.name);
    EXPECT_EQ((*entry)->map.data(), expected.map.data());
  }
  auto end = whole->next();
  ASSERT_TRUE(end) << end.message();
  EXPECT_FALSE(end->has_value());
}

TEST(MetadataIndex, SkipsEveryMsgPackForm) {
  // {"a": [1, -1, 300, -300, 70000, 1.5f, 2.5, nil, true, "s", bin8 "xy"], "b": {}} + one extra
  // byte
  const uint8_t data[] = {0x82, 0xa1, 'a',  0x9b, 0x01, 0xff, 0xcd, 0x01, 0x2c, 0xd1, 0xfe,
                          0xd4, 0xce, 0x00, 0x01, 0x11, 0x70, 0xca, 0x3f, 0xc0, 0x00, 0x00,
                          0xcb, 0x40, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xc0, 0xc3,
                          0xa1, 's',  0xc4, 0x02, 'x',  'y',  0xa1, 'b',  0x80, 0x07};
  auto end = skipMsgPackValue(Bytes(data, sizeof data), 0);
  ASSERT_TRUE(end) << end.message();
  EXPECT_EQ(*end, sizeof data - 1);
  // Truncated anywhere: an error, never a read past the end.
  for (size_t n = 0; n + 1 < sizeof data; ++n)
    EXPECT_FALSE(skipMsgPackValue(Bytes(data, n), 0)) << n;
  const uint8_t invalid[] = {0x91, 0xc1};
  EXPECT_FALSE(skipMsgPackValue(Bytes(invalid, sizeof invalid), 0));
  const uint8_t huge[] = {0xdd, 0xff, 0xff, 0xff, 0xff, 0x01};  // 4G elements in 6 bytes
  EXPECT_FALSE(skipMsgPackValue(Bytes(huge, sizeof huge), 0));
}

TEST(MetadataIndex, RefusesNotesThatAreNotMaps) {
  const uint8_t array[] = {0x90};
  EXPECT_FALSE(indexKernelMetadata(Bytes(array, sizeof array)));
  EXPECT_FALSE(indexKernelMetadata(Bytes()));
  // amdhsa.kernels that is not an array.
  const uint8_t notArray[] = {0x81, 0xae, 'a', 'm', 'd', 'h', 's', 'a', '.',
                              'k',  'e',  'r', 'n', 'e', 'l', 's', 0x01};
  EXPECT_FALSE(indexKernelMetadata(Bytes(notArray, sizeof notArray)));
  // No amdhsa.kernels: no kernels.
  const uint8_t none[] = {0x81, 0xa1, 'x', 0x01};
  auto index = indexKernelMetadata(Bytes(none, sizeof none));
  ASSERT_TRUE(index);
  EXPECT_TRUE(index->empty());
}

}  // namespace
}  // namespace hipcore::loader
