// The cache store itself: round trips, damaged entries, size-bounded eviction by age.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "CompileCache.h"

namespace hiprtc {
namespace {

class CompileCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/hiprtc-store-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    dir = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
  static CompileOutput output(size_t codeBytes, char fill) {
    return CompileOutput{true, "warning: something\n", std::string(codeBytes, fill)};
  }
  std::string dir;
};

TEST_F(CompileCacheTest, RoundTripKeepsLogAndCode) {
  CompileCache cache(dir, 1 << 20);
  EXPECT_FALSE(cache.lookup("k1"));
  cache.store("k1", output(1000, 'x'));
  auto hit = cache.lookup("k1");
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->code, std::string(1000, 'x'));
  EXPECT_EQ(hit->log, "warning: something\n");
  EXPECT_TRUE(hit->succeeded);
}

TEST_F(CompileCacheTest, TruncatedOrForeignEntriesAreMisses) {
  CompileCache cache(dir, 1 << 20);
  cache.store("k1", output(1000, 'x'));
  std::filesystem::resize_file(dir + "/k1", 500);
  EXPECT_FALSE(cache.lookup("k1"));
  std::ofstream(dir + "/k2") << "not a cache entry at all, but long enough to have a header";
  EXPECT_FALSE(cache.lookup("k2"));
}

TEST_F(CompileCacheTest, EvictsOldestBeyondTheBound) {
  // Each entry is ~4 KiB; the bound holds three.
  CompileCache cache(dir, 3 * 4096 + 3 * 64);
  for (int i = 0; i < 3; ++i) cache.store("k" + std::to_string(i), output(4096, char('a' + i)));
  // Make k0 the oldest and k1 recently used, then k3 pushes the total over the bound.
  auto age = [&](const std::string& key, int secondsAgo) {
    struct timespec times[2];
    clock_gettime(CLOCK_REALTIME, &times[0]);
    times[0].tv_sec -= secondsAgo;
    times[1] = times[0];
    utimensat(AT_FDCWD, (dir + "/" + key).c_str(), times, 0);
  };
  age("k0", 300);
  age("k1", 200);
  age("k2", 100);
  ASSERT_TRUE(cache.lookup("k1"));  // a hit refreshes k1
  cache.store("k3", output(4096, 'd'));
  EXPECT_FALSE(cache.lookup("k0")) << "the least recently used entry goes first";
  EXPECT_TRUE(cache.lookup("k1"));
  EXPECT_TRUE(cache.lookup("k2"));
  EXPECT_TRUE(cache.lookup("k3"));
}

TEST_F(CompileCacheTest, SettingsSelectTheDirectoryAndCanDisable) {
  Settings settings;
  settings.cacheDirectory = dir + "/hipcore/rtc";
  auto cache = CompileCache::open(settings);
  ASSERT_TRUE(cache);
  EXPECT_EQ(cache->directory(), dir + "/hipcore/rtc");
  settings.cacheDirectory.clear();  // HIPCORE_JIT_CACHE=0, or no place (tests/hiprtc/SettingsTest)
  EXPECT_FALSE(CompileCache::open(settings));
}

}  // namespace
}  // namespace hiprtc
