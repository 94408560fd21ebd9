/* vgpu's /dev/kfd shim for rocminfo (LD_PRELOADed by vgpu-run for rocminfo only).
 *
 * rocminfo 5.2.3 opens /dev/kfd read-write before hsa_init() and exits when that fails (its
 * CheckInitialState). Nothing else uses the descriptor: ROCR reaches the driver only through
 * libhsakmt, which vgpu replaces. This interposer answers that one open() with /dev/null and
 * forwards every other path to the C library unchanged. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <sys/types.h>

typedef int (*OpenFunction)(const char*, int, ...);

static int forward(const char* name, const char* path, int flags, mode_t mode) {
  OpenFunction next = (OpenFunction)dlsym(RTLD_NEXT, name);
  if (path != NULL && strcmp(path, "/dev/kfd") == 0) path = "/dev/null";
  return next(path, flags, mode);
}

__attribute__((visibility("default"))) int open(const char* path, int flags, ...) {
  mode_t mode = 0;
  if (flags & (O_CREAT | O_TMPFILE)) {
    va_list args;
    va_start(args, flags);
    mode = va_arg(args, mode_t);
    va_end(args);
  }
  return forward("open", path, flags, mode);
}

__attribute__((visibility("default"))) int open64(const char* path, int flags, ...) {
  mode_t mode = 0;
  if (flags & (O_CREAT | O_TMPFILE)) {
    va_list args;
    va_start(args, flags);
    mode = va_arg(args, mode_t);
    va_end(args);
  }
  return forward("open64", path, flags, mode);
}
