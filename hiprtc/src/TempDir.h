// A private temporary directory (mkdtemp) removed with everything in it on destruction, and the
// file I/O the clang path needs inside it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "hipcore/loader/Result.h"

namespace hiprtc {

class TempDir {
 public:
  // A new directory hipcore-<purpose>-XXXXXX under `root`.
  static hipcore::loader::Result<TempDir> create(const std::string& root, std::string_view purpose);
  TempDir(TempDir&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir();

  const std::string& path() const { return path_; }
  // Writes `relative` (creating parent directories) with `data`.
  hipcore::loader::Result<void> write(std::string_view relative, std::string_view data) const;

 private:
  explicit TempDir(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

// Reads a whole file.
hipcore::loader::Result<std::string> readFile(const std::string& path);

// Runs argv[0] with argv (no shell), stdout and stderr into `logPath`; returns the exit status
// (or an error if it could not start or was killed by a signal).
hipcore::loader::Result<int> runProcess(const std::vector<std::string>& argv,
                                        const std::string& logPath);

}  // namespace hiprtc
