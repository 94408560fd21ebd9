// Finding this system's device libraries and linking them into a run-time prefix.
#include "SystemStage.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <vector>

#include "TempDir.h"

namespace hiprtc {
namespace fs = std::filesystem;

namespace {

bool holdsDeviceLibraries(const fs::path& directory) {
  std::error_code ec;
  return fs::is_regular_file(directory / "ockl.bc", ec);  // follows links: a dangling one fails
}

// "17" < "19" as numbers, and "17" < "17.0.6": clang's resource directories by version.
bool olderVersion(const fs::path& a, const fs::path& b) {
  return std::strtod(a.filename().c_str(), nullptr) < std::strtod(b.filename().c_str(), nullptr);
}

// The newest /usr/lib/llvm-N/lib/clang/V/amdgcn/bitcode holding device libraries.
std::string newestLlvmDirectory() {
  std::vector<fs::path> found;
  std::error_code ec;
  for (const auto& llvm : fs::directory_iterator("/usr/lib", ec)) {
    if (llvm.path().filename().string().rfind("llvm-", 0) != 0) continue;
    std::error_code inner;
    for (const auto& version : fs::directory_iterator(llvm.path() / "lib/clang", inner))
      if (holdsDeviceLibraries(version.path() / "amdgcn/bitcode")) found.push_back(version.path());
  }
  if (found.empty()) return {};
  return (*std::max_element(found.begin(), found.end(), olderVersion) / "amdgcn/bitcode").string();
}

// FNV-1a: a short, stable name for the stage's inputs.
unsigned long long fingerprint(const std::string& text) {
  unsigned long long h = 1469598103934665603ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  return h;
}

// This user's, a directory, and nobody else may write into it.
bool trustworthy(const fs::path& path) {
  struct stat st;
  return ::lstat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::getuid() &&
         (st.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

bool populate(const fs::path& stage, const fs::path& model, const fs::path& libraries) {
  std::error_code ec;
  fs::create_directories(stage / "share/hip", ec);
  fs::create_directories(stage / "bin", ec);
  fs::create_directories(stage / "amdgcn/bitcode", ec);
  fs::copy_file(model / "share/hip/version", stage / "share/hip/version", ec);
  if (ec) return false;
  fs::copy_file(model / "share/hip/version", stage / "bin/.hipVersion", ec);
  for (const auto& bc : fs::directory_iterator(libraries, ec)) {
    if (bc.path().extension() != ".bc") continue;
    std::error_code link;
    fs::create_symlink(fs::canonical(bc.path(), link),
                       stage / "amdgcn/bitcode" / bc.path().filename(), link);
  }
  // hipcore's own control libraries (regular files in the model) where the system has none.
  for (const auto& bc : fs::directory_iterator(model / "amdgcn/bitcode", ec)) {
    std::error_code inner;
    if (bc.path().extension() != ".bc" || fs::is_symlink(bc.path(), inner)) continue;
    const fs::path target = stage / "amdgcn/bitcode" / bc.path().filename();
    if (!fs::exists(target, inner)) fs::create_symlink(bc.path(), target, inner);
  }
  return holdsDeviceLibraries(stage / "amdgcn/bitcode");
}

}  // namespace

std::string systemDeviceLibraryDirectory() {
  for (const char* variable : {"HIPCORE_DEVICE_LIB_PATH", "HIP_DEVICE_LIB_PATH"})
    if (const char* given = std::getenv(variable); given && holdsDeviceLibraries(given))
      return given;
  if (holdsDeviceLibraries("/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"))
    return "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode";
  if (std::string llvm = newestLlvmDirectory(); !llvm.empty()) return llvm;
  if (holdsDeviceLibraries("/opt/rocm/amdgcn/bitcode")) return "/opt/rocm/amdgcn/bitcode";
  return {};
}

std::string systemStage(const std::string& model, const std::string& libraries,
                        const std::string& temporaryRoot) {
  char name[96];
  std::snprintf(name, sizeof(name), "hipcore-rocm-%u-%016llx", unsigned(::getuid()),
                fingerprint(model + "\n" + libraries));
  const fs::path stage = fs::path(temporaryRoot) / name;
  if (trustworthy(stage) && holdsDeviceLibraries(stage / "amdgcn/bitcode")) return stage.string();
  // Built aside, then renamed into place whole: a concurrent process sees all of it or none.
  auto building = TempDir::create(temporaryRoot, "rocm-stage");
  if (!building) return {};
  const fs::path fresh = building->path();
  if (!populate(fresh, model, libraries)) return {};
  std::error_code ec;
  fs::permissions(fresh,
                  fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                      fs::perms::others_read | fs::perms::others_exec,
                  ec);
  // One of ours whose links no longer resolve (its libraries gone) makes way for the new one.
  if (trustworthy(stage)) fs::remove_all(stage, ec);
  fs::rename(fresh, stage, ec);  // fails if another process came first: theirs is as good
  if (trustworthy(stage) && holdsDeviceLibraries(stage / "amdgcn/bitcode")) return stage.string();
  return {};
}

}  // namespace hiprtc
