// The amdgpu render node's DRM ioctls (libdrm/drm.h, libdrm/amdgpu_drm.h) that thunks and
// libdrm_amdgpu issue on vgpu's virtual render nodes.
#pragma once

#include <cstdint>

namespace vgpu::kfd {

class KfdProcess;

// One DRM request on the render node of GPU `node`; 0 or a negative errno. Requests vgpu does
// not know return -EINVAL and report themselves once on stderr.
int drmIoctl(KfdProcess& process, std::uint32_t node, unsigned long request,
             std::uint64_t argument);

}  // namespace vgpu::kfd
