// Cache entries are files named by the key's hex digest: the 8-byte magic, u64 log size, u64 code
// size, the log, the code. A writer fills a unique temporary file and renames it into place, so
// a reader in another process sees either no entry or a complete one; a truncated or foreign
// file is treated as a miss.
#include "CompileCache.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

namespace hiprtc {
namespace {

constexpr char kMagic[8] = {'H', 'C', 'R', 'T', 'C', '0', '0', '1'};

bool writeAll(int fd, const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    ssize_t n = ::write(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= std::size_t(n);
  }
  return true;
}

bool readAll(int fd, void* data, std::size_t size) {
  char* p = static_cast<char*>(data);
  while (size > 0) {
    ssize_t n = ::read(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= std::size_t(n);
  }
  return true;
}

}  // namespace

std::optional<CompileCache> CompileCache::open(const Settings& settings) {
  if (settings.cacheDirectory.empty()) return std::nullopt;
  return CompileCache(settings.cacheDirectory, settings.cacheMaxBytes);
}

std::optional<CompileOutput> CompileCache::lookup(const std::string& key) const {
  std::string path = directory_ + "/" + key;
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  struct stat st;
  char magic[8];
  std::uint64_t sizes[2];
  std::optional<CompileOutput> out;
  if (::fstat(fd, &st) == 0 && readAll(fd, magic, sizeof magic) &&
      std::memcmp(magic, kMagic, sizeof magic) == 0 && readAll(fd, sizes, sizeof sizes) &&
      sizes[0] + sizes[1] + sizeof magic + sizeof sizes == std::uint64_t(st.st_size)) {
    CompileOutput entry;
    entry.log.resize(sizes[0]);
    entry.code.resize(sizes[1]);
    if (readAll(fd, entry.log.data(), sizes[0]) && readAll(fd, entry.code.data(), sizes[1])) {
      entry.succeeded = true;
      out = std::move(entry);
      ::futimens(fd, nullptr);  // a hit makes the entry the most recently used
    }
  }
  ::close(fd);
  return out;
}

void CompileCache::store(const std::string& key, const CompileOutput& output) const {
  if (!output.succeeded || maxBytes_ == 0) return;
  std::error_code ec;
  std::filesystem::create_directories(directory_, ec);
  if (ec) return;
  // mkostemp picks a name no other writer (thread or process) has.
  std::string temp = directory_ + "/.tmp-" + key + "-XXXXXX";
  int fd = ::mkostemp(temp.data(), O_CLOEXEC);
  if (fd < 0) return;
  ::fchmod(fd, 0644);
  std::uint64_t sizes[2] = {output.log.size(), output.code.size()};
  bool written = writeAll(fd, kMagic, sizeof kMagic) && writeAll(fd, sizes, sizeof sizes) &&
                 writeAll(fd, output.log.data(), output.log.size()) &&
                 writeAll(fd, output.code.data(), output.code.size());
  written = ::close(fd) == 0 && written;
  if (!written || ::rename(temp.c_str(), (directory_ + "/" + key).c_str()) != 0) {
    ::unlink(temp.c_str());
    return;
  }
  evictBeyondLimit();
}

void CompileCache::evictBeyondLimit() const {
  struct Entry {
    std::string path;
    timespec mtime;
    std::uint64_t size;
  };
  std::vector<Entry> entries;
  std::uint64_t total = 0;
  DIR* dir = ::opendir(directory_.c_str());
  if (!dir) return;
  while (dirent* e = ::readdir(dir)) {
    if (e->d_name[0] == '.') continue;  // temporaries of writers in progress, . and ..
    struct stat st;
    std::string path = directory_ + "/" + e->d_name;
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
    entries.push_back({path, st.st_mtim, std::uint64_t(st.st_size)});
    total += std::uint64_t(st.st_size);
  }
  ::closedir(dir);
  if (total <= maxBytes_) return;
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return a.mtime.tv_sec != b.mtime.tv_sec ? a.mtime.tv_sec < b.mtime.tv_sec
                                            : a.mtime.tv_nsec < b.mtime.tv_nsec;
  });
  // Another process may remove the same file first; unlink failing then is fine.
  for (const Entry& e : entries) {
    if (total <= maxBytes_) break;
    ::unlink(e.path.c_str());
    total -= e.size;
  }
}

}  // namespace hiprtc
