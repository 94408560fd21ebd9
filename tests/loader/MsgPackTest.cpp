// Tests of the MessagePack reader on hand-encoded documents (spec examples) and bad input.
#include "hipcore/loader/MsgPack.h"

#include <gtest/gtest.h>

namespace hipcore::loader {
namespace {

Result<MsgValue> parse(std::vector<uint8_t> bytes) {
  return parseMsgPack(bytes);
}

TEST(MsgPack, DecodesScalarsOfEveryWidth) {
  EXPECT_EQ(parse({0x7f})->asUnsigned(), 127u);
  EXPECT_EQ(parse({0xcc, 0xff})->asUnsigned(), 255u);
  EXPECT_EQ(parse({0xcd, 0x12, 0x34})->asUnsigned(), 0x1234u);
  EXPECT_EQ(parse({0xce, 0x01, 0x02, 0x03, 0x04})->asUnsigned(), 0x01020304u);
  EXPECT_EQ(parse({0xcf, 0, 0, 0, 1, 0, 0, 0, 2})->asUnsigned(), 0x100000002u);
  EXPECT_EQ(parse({0xff})->integer, -1);
  EXPECT_EQ(parse({0xd0, 0x80})->integer, -128);
  EXPECT_EQ(parse({0xd1, 0xff, 0x00})->integer, -256);
  EXPECT_EQ(parse({0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe})->integer, -2);
  EXPECT_FALSE(parse({0xff})->asUnsigned());
  EXPECT_EQ(parse({0xc3})->boolean, true);
  EXPECT_EQ(parse({0xc0})->kind, MsgValue::Kind::Nil);
  EXPECT_DOUBLE_EQ(parse({0xca, 0x3f, 0xc0, 0x00, 0x00})->real, 1.5);
  EXPECT_DOUBLE_EQ(parse({0xcb, 0x40, 0x09, 0x21, 0xfb, 0x54, 0x44, 0x2d, 0x18})->real,
                   3.141592653589793);
}

TEST(MsgPack, DecodesNestedMapsArraysAndStrings) {
  // {"a": [1, "xy"], "b": {"c": true}} with a str8-encoded key for "b".
  auto doc =
      parse({0x82, 0xa1, 'a', 0x92, 0x01, 0xa2, 'x', 'y', 0xd9, 0x01, 'b', 0x81, 0xa1, 'c', 0xc3});
  ASSERT_TRUE(doc) << doc.message();
  const MsgValue* a = doc->find("a");
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(a->array.size(), 2u);
  EXPECT_EQ(a->array[0].asUnsigned(), 1u);
  EXPECT_EQ(a->array[1].asString(), "xy");
  const MsgValue* b = doc->find("b");
  ASSERT_NE(b, nullptr);
  ASSERT_NE(b->find("c"), nullptr);
  EXPECT_TRUE(b->find("c")->boolean);
  EXPECT_EQ(doc->find("missing"), nullptr);
}

TEST(MsgPack, RejectsTruncationAtEveryByte) {
  std::vector<uint8_t> doc{0x82, 0xa1, 'a', 0x92, 0x01, 0xa2, 'x',
                           'y',  0xa1, 'b', 0xcd, 0x01, 0x02};
  ASSERT_TRUE(parse(doc));
  for (size_t length = 0; length < doc.size(); ++length) {
    auto result = parse(std::vector<uint8_t>(doc.begin(), doc.begin() + length));
    ASSERT_FALSE(result) << length;
    EXPECT_NE(result.message().find("past end"), std::string::npos) << result.message();
  }
}

TEST(MsgPack, RejectsHugeCountsDeepNestingTrailingBytesAndUnknownTags) {
  auto hugeArray = parse({0xdd, 0xff, 0xff, 0xff, 0xff, 0x01});
  ASSERT_FALSE(hugeArray);
  EXPECT_NE(hugeArray.message().find("array"), std::string::npos);
  EXPECT_FALSE(parse({0xdf, 0x7f, 0xff, 0xff, 0xff}));
  EXPECT_FALSE(parse({0xdb, 0xff, 0xff, 0xff, 0xff, 'a'}));
  std::vector<uint8_t> deep(100, 0x91);
  deep.push_back(0x01);
  auto nested = parse(deep);
  ASSERT_FALSE(nested);
  EXPECT_NE(nested.message().find("nesting"), std::string::npos);
  auto trailing = parse({0x01, 0x02});
  ASSERT_FALSE(trailing);
  EXPECT_NE(trailing.message().find("trailing"), std::string::npos);
  auto ext = parse({0xc7, 0x01, 0x05, 0x00});
  ASSERT_FALSE(ext);
  EXPECT_NE(ext.message().find("0xc7"), std::string::npos);
}

}  // namespace
}  // namespace hipcore::loader
