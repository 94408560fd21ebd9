// DRM requests on vgpu's render nodes: the driver's identity (DRM_IOCTL_VERSION), which is
// what libdrm_amdgpu checks first ("amdgpu", interface 3.x).
#include "kfd/DrmIoctls.h"

#include <drm.h>
#include <sys/ioctl.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "kfd/UserCopy.h"

namespace vgpu::kfd {

namespace {

// The kernel's drm_copy_field: copy at most the caller's length, report the full one.
int copyField(std::uint64_t to, __kernel_size_t& length, const char* value) {
  const std::size_t full = std::strlen(value);
  const std::size_t copied = std::min<std::size_t>(length, full);
  length = full;
  if (copied != 0 && to == 0) return -EFAULT;
  return copyToUser(to, value, copied);
}

int version(std::uint64_t argument) {
  drm_version v{};
  if (copyFromUser(&v, argument, sizeof(v)) != 0) return -EFAULT;
  // amdgpu's KMS interface 3.x: libdrm_amdgpu refuses anything older.
  v.version_major = 3;
  v.version_minor = 49;
  v.version_patchlevel = 0;
  if (copyField(reinterpret_cast<std::uint64_t>(v.name), v.name_len, "amdgpu") != 0 ||
      copyField(reinterpret_cast<std::uint64_t>(v.date), v.date_len, "20150101") != 0 ||
      copyField(reinterpret_cast<std::uint64_t>(v.desc), v.desc_len, "AMD GPU (vgpu)") != 0)
    return -EFAULT;
  return copyToUser(argument, &v, sizeof(v));
}

void reportOnce(unsigned long request) {
  static std::atomic<std::uint64_t> reported[4]{};
  const unsigned number = _IOC_NR(request);
  const std::uint64_t bit = 1ull << (number % 64);
  if (reported[number / 64].fetch_or(bit) & bit) return;
  std::fprintf(stderr,
               "vgpu: DRM ioctl 0x%lx (nr 0x%x) on a render node is not implemented: EINVAL\n",
               request, number);
}

}  // namespace

int drmIoctl(KfdProcess&, std::uint32_t, unsigned long request, std::uint64_t argument) {
  if (request == DRM_IOCTL_VERSION) return version(argument);
  reportOnce(request);
  return -EINVAL;
}

}  // namespace vgpu::kfd
