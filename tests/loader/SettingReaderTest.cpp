// The environment-setting reader of libhipcore and libhiprtc: valid, empty, malformed, out of
// range, trailing garbage, negative and overflowing values, and the messages they give.
#include "hipcore/loader/SettingReader.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace hipcore::loader {
namespace {

// An injected environment and the messages the reader gave.
struct Fixture {
  std::map<std::string, std::string> env;
  std::vector<std::string> messages;
  SettingReader reader() {
    return SettingReader(
        "test",
        [this](const char* name) {
          auto it = env.find(name);
          return it == env.end() ? nullptr : it->second.c_str();
        },
        [this](const std::string& line) { messages.push_back(line); }, "not starting");
  }
  std::uint64_t number(const char* value) {
    env["N"] = value;
    SettingReader r = reader();
    return r.number("N", 7, 1, 100, "a number from 1 to 100");
  }
};

TEST(SettingReader, ValidNumbersAreRead) {
  Fixture f;
  EXPECT_EQ(f.number("1"), 1u);
  EXPECT_EQ(f.number("42"), 42u);
  EXPECT_EQ(f.number("100"), 100u);
  EXPECT_EQ(f.number("007"), 7u);
  EXPECT_TRUE(f.messages.empty());
}

TEST(SettingReader, UnsetAndEmptyGiveTheDefaultSilently) {
  Fixture f;
  SettingReader r = f.reader();
  EXPECT_EQ(r.number("N", 7, 1, 100, "x"), 7u);
  EXPECT_EQ(f.number(""), 7u);
  EXPECT_TRUE(f.messages.empty());
}

TEST(SettingReader, MalformedNumbersGiveTheDefaultWithAMessage) {
  for (const char* bad : {"abc", "12abc", "-1", "+5", " 5", "5 ", "0x10", "1e3", "3.5",
                          "99999999999999999999999", "0", "101"}) {
    Fixture f;
    EXPECT_EQ(f.number(bad), 7u) << bad;
    ASSERT_EQ(f.messages.size(), 1u) << bad;
    EXPECT_EQ(f.messages[0], std::string("test: N='") + bad +
                                 "' is not a number from 1 to 100; using the default 7");
  }
}

TEST(SettingReader, TheWholeUnsignedRangeIsAccepted) {
  Fixture f;
  f.env["N"] = "18446744073709551615";
  SettingReader r = f.reader();
  EXPECT_EQ(r.number("N", 0, 0, UINT64_MAX, "x"), UINT64_MAX);
  f.env["N"] = "18446744073709551616";
  EXPECT_EQ(r.number("N", 3, 0, UINT64_MAX, "x"), 3u) << "one past the maximum overflows";
  EXPECT_EQ(f.messages.size(), 1u);
}

TEST(SettingReader, FatalValuesAreKeptAndNamedOnce) {
  Fixture f;
  f.env["N"] = "9";
  f.env["M"] = "x";
  SettingReader r = f.reader();
  EXPECT_TRUE(r.fatal().empty());
  EXPECT_EQ(r.number("N", 1, 1, 8, "a number of GPUs from 1 to 8", OnMalformed::fail), 1u);
  EXPECT_EQ(r.number("M", 1, 1, 8, "m", OnMalformed::fail), 1u);
  EXPECT_EQ(r.fatal(), "test: N='9' is not a number of GPUs from 1 to 8; not starting")
      << "the first one";
  EXPECT_EQ(f.messages.size(), 2u) << "each is reported";
}

TEST(SettingReader, WordsAndFlags) {
  Fixture f;
  f.env["W"] = "clang";
  f.env["F"] = "1";
  SettingReader r = f.reader();
  EXPECT_EQ(r.word("W", 0, {"auto", "comgr", "clang"}), 2u);
  EXPECT_TRUE(r.flag("F", false));
  EXPECT_FALSE(r.flag("unset", false));
  EXPECT_TRUE(f.messages.empty());
  f.env["W"] = "Clang";
  f.env["F"] = "yes";
  EXPECT_EQ(r.word("W", 0, {"auto", "comgr", "clang"}), 0u);
  EXPECT_FALSE(r.flag("F", false));
  ASSERT_EQ(f.messages.size(), 2u);
  EXPECT_EQ(f.messages[0],
            "test: W='Clang' is not one of auto, comgr, clang; using the default auto");
  EXPECT_EQ(f.messages[1], "test: F='yes' is not one of 0, 1; using the default 0");
}

TEST(SettingReader, Paths) {
  Fixture f;
  f.env["P"] = "relative/dir";
  SettingReader r = f.reader();
  EXPECT_EQ(r.path("P"), "relative/dir");
  EXPECT_EQ(r.path("P", true, "$HOME/.cache"), "");
  ASSERT_EQ(f.messages.size(), 1u);
  EXPECT_EQ(f.messages[0],
            "test: P='relative/dir' is not an absolute path; using the default $HOME/.cache");
  f.env["P"] = "/abs";
  EXPECT_EQ(r.path("P", true), "/abs");
  EXPECT_EQ(r.path("unset"), "");
}

}  // namespace
}  // namespace hipcore::loader
