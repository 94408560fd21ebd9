// Locating the JIT's compilers and device libraries, and describing them for cache keys.
#include "Toolchain.h"

#include <amd_comgr.h>
#include <dlfcn.h>
#include <sys/stat.h>

#include <climits>
#include <cstdlib>

#include "SystemStage.h"

namespace hiprtc {
namespace {

bool exists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

std::string parentOf(const std::string& path) {
  auto slash = path.find_last_of('/');
  return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

// "path:size:mtime" of a file (after resolving links), or "path:missing".
std::string fileStamp(const std::string& path) {
  char resolved[PATH_MAX];
  std::string real = ::realpath(path.c_str(), resolved) ? resolved : path;
  struct stat st;
  if (::stat(real.c_str(), &st) != 0) return real + ":missing";
  return real + ":" + std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec);
}

// A prefix is usable when clang would accept it as a HIP install with device libraries.
bool isRocmPrefix(const std::string& prefix) {
  return exists(prefix + "/share/hip/version") && exists(prefix + "/amdgcn/bitcode/ockl.bc");
}

std::string processorOf(std::string_view target) {
  return std::string(target.substr(0, target.find(':')));
}

}  // namespace

Toolchain Toolchain::locate(const Settings& settings) {
  Toolchain tc;
  Dl_info info{};
  if (::dladdr(reinterpret_cast<void*>(&comgrKnowsProcessor), &info) && info.dli_fname) {
    char resolved[PATH_MAX];
    if (::realpath(info.dli_fname, resolved)) {
      std::string candidate = parentOf(parentOf(resolved));  // <prefix>/lib/libhiprtc.so
      if (isRocmPrefix(candidate)) tc.prefix = candidate;
    }
  }
  if (tc.prefix.empty()) tc.prefix = HIPRTC_BUILD_STAGE;
  // The stage's (or prefix's) device libraries are links to where the build machine had them;
  // on another system (a Debian 13 root running this build) they dangle: a prefix of this
  // system's libraries instead, made once and reused (SystemStage.h).
  if (!isRocmPrefix(tc.prefix)) {
    static const std::string system = [&] {
      const std::string libraries = systemDeviceLibraryDirectory();
      return libraries.empty() ? std::string()
                               : systemStage(tc.prefix, libraries, settings.temporaryRoot);
    }();
    if (!system.empty()) tc.prefix = system;
  }
  tc.clang = settings.clang.empty() ? HIPRTC_BUILD_CLANG : settings.clang;
  tc.choice = settings.compiler;
  tc.temporaryRoot = settings.temporaryRoot;
  return tc;
}

CompilerKind Toolchain::compilerFor(std::string_view target) const {
  switch (choice) {
    case CompilerChoice::Comgr:
      return CompilerKind::Comgr;
    case CompilerChoice::Clang:
      return CompilerKind::Clang;
    case CompilerChoice::Auto:
      break;
  }
  return comgrKnowsProcessor(target) ? CompilerKind::Comgr : CompilerKind::Clang;
}

std::string Toolchain::clangIdentity() const {
  // Directories, not every library: installing, removing or upgrading a library (dpkg renames
  // files into place) changes its directory's mtime, and a few stats keep a cached compile cheap.
  // The stage links to the system libraries, so both directories count.
  std::string bitcodeDir = prefix + "/amdgcn/bitcode";
  std::string identity = "clang=" + fileStamp(clang) + ";prefix=" + prefix;
  identity += ";version=" + fileStamp(prefix + "/share/hip/version");
  identity += ";bitcode=" + fileStamp(bitcodeDir);
  char resolved[PATH_MAX];
  if (::realpath((bitcodeDir + "/ockl.bc").c_str(), resolved))
    identity += ";system=" + fileStamp(parentOf(resolved));
  return identity;
}

std::string Toolchain::comgrIdentity() {
  size_t major = 0, minor = 0;
  amd_comgr_get_version(&major, &minor);
  std::string identity = "comgr=" + std::to_string(major) + "." + std::to_string(minor);
  Dl_info info{};
  if (::dladdr(reinterpret_cast<void*>(&amd_comgr_get_version), &info) && info.dli_fname)
    identity += ";" + fileStamp(info.dli_fname);
  return identity;
}

std::string Toolchain::selfIdentity() {
  Dl_info info{};
  if (::dladdr(reinterpret_cast<void*>(&comgrKnowsProcessor), &info) && info.dli_fname)
    return fileStamp(info.dli_fname);
  return "unknown";
}

bool comgrKnowsProcessor(std::string_view target) {
  std::string wanted = "amdgcn-amd-amdhsa--" + processorOf(target);
  size_t count = 0;
  if (amd_comgr_get_isa_count(&count) != AMD_COMGR_STATUS_SUCCESS) return false;
  for (size_t i = 0; i < count; ++i) {
    const char* name = nullptr;
    if (amd_comgr_get_isa_name(i, &name) != AMD_COMGR_STATUS_SUCCESS || !name) continue;
    std::string_view isa = name;
    // comgr lists "amdgcn-amd-amdhsa--gfx90a:xnack+" style names; compare the processor.
    if (isa.substr(0, isa.find(':')) == wanted) return true;
  }
  return false;
}

}  // namespace hiprtc
