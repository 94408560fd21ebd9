// Temporary directories, whole-file reads and posix_spawn for the clang path.
#include "TempDir.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

extern char** environ;

namespace hiprtc {

using hipcore::loader::errorf;
using hipcore::loader::Ok;
using hipcore::loader::Result;

Result<TempDir> TempDir::create(const std::string& root, std::string_view purpose) {
  std::string pattern = root + "/hipcore-" + std::string(purpose) + "-XXXXXX";
  if (!::mkdtemp(pattern.data()))
    return errorf("cannot create a temporary directory %s: %s", pattern.c_str(),
                  std::strerror(errno));
  return TempDir(pattern);
}

TempDir::~TempDir() {
  if (path_.empty()) return;
  std::error_code ignored;  // best effort: a leftover directory is harmless
  std::filesystem::remove_all(path_, ignored);
}

Result<void> TempDir::write(std::string_view relative, std::string_view data) const {
  std::filesystem::path file = std::filesystem::path(path_) / relative;
  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  if (ec) return errorf("cannot create %s: %s", file.parent_path().c_str(), ec.message().c_str());
  std::ofstream out(file, std::ios::binary);
  out.write(data.data(), std::streamsize(data.size()));
  if (!out) return errorf("cannot write %s", file.c_str());
  return Ok{};
}

Result<std::string> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return errorf("cannot open %s: %s", path.c_str(), std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

Result<int> runProcess(const std::vector<std::string>& argv, const std::string& logPath) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  pid_t pid = 0;
  int spawned = ::posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return errorf("cannot run %s: %s", args[0], std::strerror(spawned));
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return errorf("waiting for %s: %s", args[0], std::strerror(errno));
  }
  if (WIFSIGNALED(status)) return errorf("%s was killed by signal %d", args[0], WTERMSIG(status));
  return WEXITSTATUS(status);
}

}  // namespace hiprtc
