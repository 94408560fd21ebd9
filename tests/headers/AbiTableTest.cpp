// hipcore's public headers against HIP 6.2's ABI (abi_table.inc): every enum constant's value,
// every struct's size and alignment and every field's offset. Programs and libraries built
// against AMD's headers pass these numbers and structs to hipcore, so each must be equal.
#include <gtest/gtest.h>

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include <hip/hip_ext.h>
#include <hip/hip_runtime_api.h>
#include <hip/library_types.h>

namespace {

struct Fact {
  std::string name;
  long long actual;
  long long expected;
};

std::vector<Fact> enumFacts() {
  return {
#define HIPCORE_ABI_ENUM(constant, value) {#constant, (long long)(constant), value},
#define HIPCORE_ABI_RECORD(record, size, align)
#define HIPCORE_ABI_FIELD(record, field, offset)
#include "abi_table.inc"
#undef HIPCORE_ABI_ENUM
#undef HIPCORE_ABI_RECORD
#undef HIPCORE_ABI_FIELD
  };
}

std::vector<Fact> layoutFacts() {
  return {
#define HIPCORE_ABI_ENUM(constant, value)
#define HIPCORE_ABI_RECORD(record, size, align)             \
  {"sizeof(" #record ")", (long long)sizeof(record), size}, \
      {"alignof(" #record ")", (long long)alignof(record), align},
#define HIPCORE_ABI_FIELD(record, field, offset) \
  {"offsetof(" #record ", " #field ")", (long long)offsetof(record, field), offset},
#include "abi_table.inc"
#undef HIPCORE_ABI_ENUM
#undef HIPCORE_ABI_RECORD
#undef HIPCORE_ABI_FIELD
  };
}

// Where hipcore follows a later HIP release than the table's 6.2, that release's number, checked
// instead. Both changes keep HIP 6.2 callers working: the node-type count is no value a call
// takes, and launch attribute values are read and written member by member.
const std::map<std::string, long long> kLaterHip = {
    {"hipGraphNodeTypeCount", 15},            // HIP 6.4 added hipGraphNodeTypeBatchMemOp
    {"sizeof(hipLaunchAttributeValue)", 64},  // HIP 6.5 padded the union to 64 bytes
};

long long expectedValue(const Fact& f) {
  auto later = kLaterHip.find(f.name);
  return later != kLaterHip.end() ? later->second : f.expected;
}

TEST(AbiTable, EveryEnumConstantHasHipsValue) {
  std::vector<Fact> facts = enumFacts();
  EXPECT_EQ(facts.size(), 555u);
  for (const Fact& f : facts) EXPECT_EQ(f.actual, expectedValue(f)) << f.name;
}

TEST(AbiTable, EveryStructHasHipsLayout) {
  std::vector<Fact> facts = layoutFacts();
  EXPECT_GT(facts.size(), 400u);
  for (const Fact& f : facts) EXPECT_EQ(f.actual, expectedValue(f)) << f.name;
}

// The names programs use resolve to the HIP 6 layout, as AMD's headers make them.
TEST(AbiTable, DevicePropertiesAreHip6s) {
  EXPECT_EQ(sizeof(hipDeviceProp_t), 1472u);
  EXPECT_EQ(offsetof(hipDeviceProp_t, gcnArchName), 1160u);
}

}  // namespace
