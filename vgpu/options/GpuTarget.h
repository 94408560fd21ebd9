// The RDNA generations vgpu models: what VGPU_TARGET selects and the interpreter decodes.
#pragma once

namespace vgpu {

enum class GpuTarget { gfx1030, gfx1100 };

}  // namespace vgpu
