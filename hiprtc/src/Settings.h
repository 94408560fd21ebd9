// libhiprtc's environment settings (HIPCORE_RTC_COMPILER, HIPCORE_CLANG, HIPCORE_JIT_CACHE,
// HIPCORE_JIT_CACHE_MAX_MB, XDG_CACHE_HOME, HOME, TMPDIR), parsed into one const struct.
//
// Unlike libhipcore and vgpu, hiprtc parses them once per compile or link, not once per
// process: where a compile caches and which compiler it uses has always followed the
// environment of the moment (the tests and the JIT benchmark switch compilers between compiles
// in one process), and a few lookups are nothing next to a compile.
#pragma once

#include <cstdint>
#include <string>

#include "hipcore/loader/SettingReader.h"

namespace hiprtc {

// HIPCORE_RTC_COMPILER=comgr|clang forces one path; unset or "auto": comgr when it knows the
// target, clang otherwise.
enum class CompilerChoice { Auto, Comgr, Clang };

struct Settings {
  CompilerChoice compiler = CompilerChoice::Auto;  // HIPCORE_RTC_COMPILER
  std::string clang;  // HIPCORE_CLANG (empty: the clang-19 found at build time)
  // The compile cache: $XDG_CACHE_HOME/hipcore/rtc, else $HOME/.cache/hipcore/rtc; empty when
  // HIPCORE_JIT_CACHE=0 or neither variable gives a place.
  std::string cacheDirectory;
  std::uint64_t cacheMaxBytes = 512ull << 20;  // HIPCORE_JIT_CACHE_MAX_MB (0: store nothing)
  std::string temporaryRoot = "/tmp";          // TMPDIR: where the clang path works

  // Every value is checked; an unusable one is reported (`report`, else stderr) and its default
  // used: none changes what a compile produces, only which compiler and cache it goes through.
  static Settings parse(const hipcore::loader::SettingReader::Lookup& lookup,
                        const hipcore::loader::SettingReader::Report& report = {});
  // The process environment now.
  static Settings fromEnvironment();
};

}  // namespace hiprtc
