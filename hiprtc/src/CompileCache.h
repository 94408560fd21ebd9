// The on-disk compile cache: content-addressed entries under $XDG_CACHE_HOME/hipcore/rtc
// (~/.cache/hipcore/rtc), published atomically, bounded in size by evicting the least recently
// used entries (oldest mtime; hits refresh it). HIPCORE_JIT_CACHE=0 disables it,
// HIPCORE_JIT_CACHE_MAX_MB bounds it (default 512).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "CompileJob.h"
#include "Settings.h"

namespace hiprtc {

class CompileCache {
 public:
  // The cache the settings ask for; nothing when it is disabled or has no location.
  static std::optional<CompileCache> open(const Settings& settings);
  CompileCache(std::string directory, std::uint64_t maxBytes)
      : directory_(std::move(directory)), maxBytes_(maxBytes) {}

  // The successful compile stored under `key` (a hex digest), if any.
  std::optional<CompileOutput> lookup(const std::string& key) const;
  // Stores a successful compile; failures to store are ignored (the cache is an optimisation).
  void store(const std::string& key, const CompileOutput& output) const;

  const std::string& directory() const { return directory_; }

 private:
  void evictBeyondLimit() const;

  std::string directory_;
  std::uint64_t maxBytes_;
};

}  // namespace hiprtc
