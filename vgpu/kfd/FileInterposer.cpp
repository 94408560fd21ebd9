// vgpu's kernel front door in the process: the C library calls a thunk makes on the KFD's
// files, answered for those paths and descriptors only (libvgpu-kfd.so, LD_PRELOADed by
// `vgpu-run` with VGPU_FRONT_DOOR=kernel). Everything else goes to the next definition (the C
// library) untouched.
//
//   open/openat (+64, fortified)  /dev/kfd, /dev/dri/renderD<minor of a virtual GPU>, and the
//                                 sysfs topology (a memfd holding the file's text)
//   fopen (+64)                   the sysfs topology (ROCT reads it with stdio)
//   opendir/readdir/closedir      the sysfs topology's directories (ROCT counts nodes so)
//   ioctl                         /dev/kfd -> KfdIoctls, render nodes -> DrmIoctls
//   mmap (+64)                    doorbell pages and buffer objects (KfdProcess::map)
//   close                         forgets a device descriptor
//   dup/dup2/dup3/fcntl(F_DUPFD*) a copy of a device descriptor is the same device
//                                 (libdrm_amdgpu keeps a duplicate of the render node)
//
// A thunk reaches these through its PLT, which the preload interposes; glibc-internal calls
// (fopen's own open) never do, hence fopen and opendir are interposed themselves.
#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <string>
#include <string_view>

#include "kfd/DrmIoctls.h"
#include "kfd/KfdIoctls.h"
#include "kfd/KfdProcess.h"
#include "kfd/SysfsTopology.h"

using vgpu::kfd::DeviceFile;
using vgpu::kfd::KfdProcess;
using vgpu::kfd::SysfsTopology;

#define VGPU_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

// The C library's definition of `name` (the next one after this library).
template <typename Function>
Function next(const char* name) {
  return reinterpret_cast<Function>(dlsym(RTLD_NEXT, name));
}

constexpr std::string_view kKfdPath = "/dev/kfd";
constexpr std::string_view kRenderPrefix = "/dev/dri/renderD";

bool isVirtual(const char* path) {
  if (path == nullptr) return false;
  std::string_view p(path);
  return p == kKfdPath || p.substr(0, kRenderPrefix.size()) == kRenderPrefix ||
         SysfsTopology::covers(p);
}

// openat's path is relative to its directory unless absolute; the virtual files are absolute.
bool isAbsoluteVirtual(const char* path) {
  return path != nullptr && path[0] == '/' && isVirtual(path);
}

bool isVirtualDirectory(const char* path) {
  return path != nullptr && SysfsTopology::covers(path);
}

// The process's KFD, created by the first open of a virtual file. Null when VGPU_* describe
// no usable machine (reported when parsed): the devices then do not exist.
std::atomic<KfdProcess*> opened{nullptr};
KfdProcess* process() {
  KfdProcess& p = KfdProcess::instance();
  if (!p.device().options().unusable.empty()) return nullptr;
  opened.store(&p, std::memory_order_release);
  return &p;
}

// The KFD if a virtual file was ever opened: descriptors of other processes' lifetimes (every
// close, ioctl and mmap of the program) must not create the device.
KfdProcess* existing() {
  return opened.load(std::memory_order_acquire);
}

const SysfsTopology& sysfs() {
  static const SysfsTopology* tree = new SysfsTopology(KfdProcess::instance().device().topology());
  return *tree;
}

int fail(int error) {
  errno = error;
  return -1;
}

// A descriptor for `text`: a sealed-size memfd positioned at its start.
int textFile(const std::string& text) {
  int fd = memfd_create("vgpu-sysfs", MFD_CLOEXEC);
  if (fd < 0) return -1;
  if (write(fd, text.data(), text.size()) != ssize_t(text.size()) || lseek(fd, 0, SEEK_SET) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

// open() of a virtual path: -1 with errno as the kernel would answer.
int openVirtual(const char* path) {
  KfdProcess* p = process();
  if (p == nullptr) return fail(ENOENT);
  std::string_view name(path);
  if (name == kKfdPath || name.substr(0, kRenderPrefix.size()) == kRenderPrefix) {
    std::uint32_t node = 0;
    if (name != kKfdPath) {
      const int minor = std::atoi(path + kRenderPrefix.size());
      const auto& topology = p->device().topology();
      for (std::uint32_t n = 1; n < topology.nodeCount(); ++n)
        if (topology.node(n).DrmRenderMinor == minor) node = n;
      if (node == 0) return fail(ENOENT);
    }
    int fd = memfd_create(node ? "vgpu-render-node" : "vgpu-kfd", MFD_CLOEXEC);
    if (fd < 0) return -1;
    p->addFile(fd, node ? DeviceFile::renderNode : DeviceFile::kfd, node);
    return fd;
  }
  if (auto text = sysfs().file(name)) return textFile(*text);
  return fail(sysfs().directory(name) ? EISDIR : ENOENT);
}

mode_t modeArgument(int flags, va_list& args) {
  return (flags & (O_CREAT | O_TMPFILE)) ? mode_t(va_arg(args, int)) : 0;
}

// Directory handles for the sysfs tree: readdir must tell them from the C library's DIR.
struct VirtualDirectory {
  std::vector<dirent64> entries;
  std::size_t next = 0;
};
std::mutex directoriesMutex;
std::set<void*> directories;

VirtualDirectory* virtualDirectory(DIR* dir) {
  std::lock_guard lock(directoriesMutex);
  return directories.count(dir) ? reinterpret_cast<VirtualDirectory*>(dir) : nullptr;
}

DIR* openVirtualDirectory(const char* path) {
  if (process() == nullptr) {
    errno = ENOENT;
    return nullptr;
  }
  auto names = sysfs().directory(path);
  if (!names) {
    errno = sysfs().file(path) ? ENOTDIR : ENOENT;
    return nullptr;
  }
  auto* dir = new VirtualDirectory();
  names->insert(names->begin(), {".", ".."});
  const std::string base(path);
  for (const std::string& name : *names) {
    dirent64 entry{};
    entry.d_ino = dir->entries.size() + 1;
    entry.d_reclen = sizeof(dirent64);
    entry.d_type = sysfs().file(base + "/" + name) ? DT_REG : DT_DIR;
    std::snprintf(entry.d_name, sizeof(entry.d_name), "%s", name.c_str());
    dir->entries.push_back(entry);
  }
  std::lock_guard lock(directoriesMutex);
  directories.insert(dir);
  return reinterpret_cast<DIR*>(dir);
}

}  // namespace

// ---- files ----

VGPU_EXPORT int open(const char* path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  mode_t mode = modeArgument(flags, args);
  va_end(args);
  if (isVirtual(path)) return openVirtual(path);
  static auto real = next<int (*)(const char*, int, ...)>("open");
  return real(path, flags, mode);
}

VGPU_EXPORT int open64(const char* path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  mode_t mode = modeArgument(flags, args);
  va_end(args);
  if (isVirtual(path)) return openVirtual(path);
  static auto real = next<int (*)(const char*, int, ...)>("open64");
  return real(path, flags, mode);
}

VGPU_EXPORT int openat(int dirfd, const char* path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  mode_t mode = modeArgument(flags, args);
  va_end(args);
  if (isAbsoluteVirtual(path)) return openVirtual(path);
  static auto real = next<int (*)(int, const char*, int, ...)>("openat");
  return real(dirfd, path, flags, mode);
}

VGPU_EXPORT int openat64(int dirfd, const char* path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  mode_t mode = modeArgument(flags, args);
  va_end(args);
  if (isAbsoluteVirtual(path)) return openVirtual(path);
  static auto real = next<int (*)(int, const char*, int, ...)>("openat64");
  return real(dirfd, path, flags, mode);
}

// _FORTIFY_SOURCE builds call these for open() with a constant flags argument.
VGPU_EXPORT int __open_2(const char* path, int flags) {
  if (isVirtual(path)) return openVirtual(path);
  static auto real = next<int (*)(const char*, int)>("__open_2");
  return real(path, flags);
}

VGPU_EXPORT int __open64_2(const char* path, int flags) {
  if (isVirtual(path)) return openVirtual(path);
  static auto real = next<int (*)(const char*, int)>("__open64_2");
  return real(path, flags);
}

VGPU_EXPORT FILE* fopen(const char* path, const char* mode) {
  if (isVirtual(path)) {
    int fd = openVirtual(path);
    return fd < 0 ? nullptr : fdopen(fd, "r");
  }
  static auto real = next<FILE* (*)(const char*, const char*)>("fopen");
  return real(path, mode);
}

VGPU_EXPORT FILE* fopen64(const char* path, const char* mode) {
  if (isVirtual(path)) {
    int fd = openVirtual(path);
    return fd < 0 ? nullptr : fdopen(fd, "r");
  }
  static auto real = next<FILE* (*)(const char*, const char*)>("fopen64");
  return real(path, mode);
}

VGPU_EXPORT int close(int fd) {
  if (KfdProcess* p = existing(); p != nullptr && p->fileKind(fd) != DeviceFile::none)
    p->removeFile(fd);
  static auto real = next<int (*)(int)>("close");
  return real(fd);
}

// A duplicate of a device descriptor names the same device.
int noteDuplicate(int from, int to) {
  if (to < 0) return to;
  if (KfdProcess* p = existing(); p != nullptr) {
    const DeviceFile kind = p->fileKind(from);
    if (kind != DeviceFile::none) p->addFile(to, kind, p->fileNode(from));
  }
  return to;
}

VGPU_EXPORT int dup(int fd) {
  static auto real = next<int (*)(int)>("dup");
  return noteDuplicate(fd, real(fd));
}

VGPU_EXPORT int dup2(int fd, int to) {
  if (KfdProcess* p = existing(); p != nullptr && fd != to) p->removeFile(to);
  static auto real = next<int (*)(int, int)>("dup2");
  return noteDuplicate(fd, real(fd, to));
}

VGPU_EXPORT int dup3(int fd, int to, int flags) {
  if (KfdProcess* p = existing(); p != nullptr && fd != to) p->removeFile(to);
  static auto real = next<int (*)(int, int, int)>("dup3");
  return noteDuplicate(fd, real(fd, to, flags));
}

VGPU_EXPORT int fcntl(int fd, int command, ...) {
  va_list args;
  va_start(args, command);
  // Every fcntl argument is an int or a pointer; on LP64 both travel in one register.
  void* argument = va_arg(args, void*);
  va_end(args);
  static auto real = next<int (*)(int, int, ...)>("fcntl");
  int result = real(fd, command, argument);
  if (command == F_DUPFD || command == F_DUPFD_CLOEXEC) return noteDuplicate(fd, result);
  return result;
}

VGPU_EXPORT int fcntl64(int fd, int command, ...) {
  va_list args;
  va_start(args, command);
  void* argument = va_arg(args, void*);
  va_end(args);
  return fcntl(fd, command, argument);
}

// ---- directories ----

VGPU_EXPORT DIR* opendir(const char* path) {
  if (isVirtualDirectory(path)) return openVirtualDirectory(path);
  static auto real = next<DIR* (*)(const char*)>("opendir");
  return real(path);
}

VGPU_EXPORT dirent64* readdir64(DIR* dir) {
  if (VirtualDirectory* v = virtualDirectory(dir))
    return v->next < v->entries.size() ? &v->entries[v->next++] : nullptr;
  static auto real = next<dirent64* (*)(DIR*)>("readdir64");
  return real(dir);
}

// On LP64 glibc struct dirent and struct dirent64 have one layout.
static_assert(sizeof(dirent) == sizeof(dirent64));
VGPU_EXPORT dirent* readdir(DIR* dir) {
  if (VirtualDirectory* v = virtualDirectory(dir))
    return reinterpret_cast<dirent*>(v->next < v->entries.size() ? &v->entries[v->next++]
                                                                 : nullptr);
  static auto real = next<dirent* (*)(DIR*)>("readdir");
  return real(dir);
}

VGPU_EXPORT int closedir(DIR* dir) {
  if (VirtualDirectory* v = virtualDirectory(dir)) {
    {
      std::lock_guard lock(directoriesMutex);
      directories.erase(dir);
    }
    delete v;
    return 0;
  }
  static auto real = next<int (*)(DIR*)>("closedir");
  return real(dir);
}

// ---- device requests ----

VGPU_EXPORT int ioctl(int fd, unsigned long request, ...) {
  va_list args;
  va_start(args, request);
  void* argument = va_arg(args, void*);
  va_end(args);
  KfdProcess* p = existing();
  const DeviceFile kind = p != nullptr ? p->fileKind(fd) : DeviceFile::none;
  if (kind != DeviceFile::none) {
    const std::uint64_t address = reinterpret_cast<std::uint64_t>(argument);
    int result = kind == DeviceFile::kfd
                     ? vgpu::kfd::kfdIoctl(*p, request, address)
                     : vgpu::kfd::drmIoctl(*p, p->fileNode(fd), request, address);
    return result < 0 ? fail(-result) : result;
  }
  static auto real = next<int (*)(int, unsigned long, ...)>("ioctl");
  return real(fd, request, argument);
}

VGPU_EXPORT void* mmap(void* address, size_t length, int protection, int flags, int fd,
                       off_t offset) {
  if (fd >= 0) {
    KfdProcess* p = existing();
    const DeviceFile kind = p != nullptr ? p->fileKind(fd) : DeviceFile::none;
    if (kind != DeviceFile::none)
      return p->map(kind, address, length, flags, std::uint64_t(offset));
  }
  static auto real = next<void* (*)(void*, size_t, int, int, int, off_t)>("mmap");
  return real(address, length, protection, flags, fd, offset);
}

VGPU_EXPORT void* mmap64(void* address, size_t length, int protection, int flags, int fd,
                         off_t offset) {
  return mmap(address, length, protection, flags, fd, offset);
}
