// Parsing libhiprtc's settings from the environment (or a test's table).
#include "Settings.h"

namespace hiprtc {
namespace {

// Where the compile cache lives, or "" for none.
std::string cachePlace(hipcore::loader::SettingReader& reader) {
  if (!reader.flag("HIPCORE_JIT_CACHE", true)) return "";
  std::string base = reader.path("XDG_CACHE_HOME", /*absolute=*/true, "$HOME/.cache");
  if (base.empty()) {
    std::string home = reader.path("HOME");
    if (home.empty()) return "";
    base = home + "/.cache";
  }
  return base + "/hipcore/rtc";
}

}  // namespace

Settings Settings::parse(const hipcore::loader::SettingReader::Lookup& lookup,
                         const hipcore::loader::SettingReader::Report& report) {
  hipcore::loader::SettingReader reader("hiprtc", lookup, report);
  Settings s;
  s.compiler = CompilerChoice(reader.word("HIPCORE_RTC_COMPILER", 0, {"auto", "comgr", "clang"}));
  s.clang = reader.path("HIPCORE_CLANG");
  s.cacheDirectory = cachePlace(reader);
  s.cacheMaxBytes = reader.number("HIPCORE_JIT_CACHE_MAX_MB", s.cacheMaxBytes >> 20, 0, 1u << 24,
                                  "a number of MiB from 0 to 16777216 (0 = store nothing)")
                    << 20;
  if (std::string tmp = reader.path("TMPDIR"); !tmp.empty()) s.temporaryRoot = tmp;
  return s;
}

Settings Settings::fromEnvironment() {
  return parse(hipcore::loader::processEnvironment);
}

}  // namespace hiprtc
