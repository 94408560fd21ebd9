// DRM requests on vgpu's render nodes: what libdrm_amdgpu's amdgpu_device_initialize asks
// (client, version, AMDGPU_INFO queries) for the thunk's marketing name and ROCR 6's device
// handle. Layouts: libdrm/drm.h and libdrm/amdgpu_drm.h.
#include "kfd/DrmIoctls.h"

#include <amdgpu_drm.h>
#include <drm.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "kfd/KfdProcess.h"
#include "kfd/UserCopy.h"

namespace vgpu::kfd {

namespace {

// GFX11's family id (amdgpu_drm.h of Linux 6.0+; Debian 12's libdrm 2.4.114 predates it).
constexpr std::uint32_t kFamilyGfx11 = 145;
// GB_ADDR_CONFIG's dword offset, the one register libdrm reads at initialisation.
constexpr std::uint32_t kGbAddrConfig = 0x263e;

// The kernel's drm_copy_field: copy at most the caller's length, report the full one.
int copyField(char* to, __kernel_size_t& length, const char* value) {
  const std::size_t full = std::strlen(value);
  const std::size_t copied = std::min<std::size_t>(length, full);
  length = full;
  return copyToUser(reinterpret_cast<std::uint64_t>(to), value, copied);
}

int version(std::uint64_t argument) {
  drm_version v{};
  if (copyFromUser(&v, argument, sizeof(v)) != 0) return -EFAULT;
  // amdgpu's KMS interface 3.x: libdrm_amdgpu refuses anything older.
  v.version_major = 3;
  v.version_minor = 49;
  v.version_patchlevel = 0;
  if (copyField(v.name, v.name_len, "amdgpu") != 0 ||
      copyField(v.date, v.date_len, "20150101") != 0 ||
      copyField(v.desc, v.desc_len, "AMD GPU (vgpu)") != 0)
    return -EFAULT;
  return copyToUser(argument, &v, sizeof(v));
}

int client(std::uint64_t argument) {
  drm_client c{};
  if (copyFromUser(&c, argument, sizeof(c)) != 0) return -EFAULT;
  if (c.idx != 0) return -EINVAL;  // this process is the node's only client
  c.auth = 1;
  c.pid = static_cast<unsigned long>(getpid());
  c.uid = static_cast<unsigned long>(getuid());
  c.magic = 0;
  c.iocs = 0;
  return copyToUser(argument, &c, sizeof(c));
}

drm_amdgpu_info_device deviceInfo(const HsaNodeProperties& node) {
  drm_amdgpu_info_device d{};
  const bool gfx11 = node.EngineId.ui32.Major == 11;
  d.device_id = node.DeviceId;
  d.chip_rev = 0;
  d.external_rev = gfx11 ? 0x1 : 0x28;
  // A revision amdgpu.ids does not list: libdrm then names the board "AMD Radeon Graphics"
  // rather than a retail product vgpu is not.
  d.pci_rev = 0;
  d.family = gfx11 ? kFamilyGfx11 : AMDGPU_FAMILY_NV;
  d.num_shader_engines = node.NumShaderBanks;
  d.num_shader_arrays_per_engine = node.NumArrays;
  d.gpu_counter_freq = 100000;  // kHz: the 100 MHz reference clock of RDNA boards
  d.max_engine_clock = std::uint64_t(node.MaxEngineClockMhzFCompute) * 1000;  // kHz
  d.max_memory_clock = 2000000;
  const std::uint32_t cus = node.NumFComputeCores / std::max(1u, std::uint32_t(node.NumSIMDPerCU));
  d.cu_active_number = cus;
  d.cu_bitmap[0][0] = cus >= 32 ? ~0u : (1u << cus) - 1;  // all in shader engine 0, array 0
  d.cu_ao_mask = d.cu_bitmap[0][0];
  d.enabled_rb_pipes_mask = 0xF;
  d.num_rb_pipes = 4;
  d.num_hw_gfx_contexts = 8;
  // The GPU VM as the KFD reports it: user space below 2^47, the high half above.
  d.virtual_address_offset = 1ull << 24;
  d.virtual_address_max = 1ull << 47;
  d.virtual_address_alignment = 4096;
  d.pte_fragment_size = 2 << 20;
  d.gart_page_size = 4096;
  d.vram_type = AMDGPU_VRAM_TYPE_GDDR6;
  d.vram_bit_width = 256;
  d.wave_front_size = node.WaveFrontSize;
  d.num_shader_visible_vgprs = 256;
  d.num_cu_per_sh = node.NumCUPerArray;
  d.num_tcc_blocks = 16;
  d.high_va_offset = 0xFFFF800000000000ull;
  d.high_va_max = 0xFFFFFFFFFFFFFFFFull;
  return d;
}

drm_amdgpu_memory_info memoryInfo(std::uint64_t vramBytes, std::uint64_t vramUsed) {
  drm_amdgpu_memory_info m{};
  m.vram.total_heap_size = vramBytes;
  m.vram.usable_heap_size = vramBytes;
  m.vram.heap_usage = vramUsed;
  m.vram.max_allocation = vramBytes;
  m.cpu_accessible_vram = m.vram;  // large BAR: the host sees all of it
  m.gtt.total_heap_size = vramBytes;
  m.gtt.usable_heap_size = vramBytes;
  m.gtt.max_allocation = vramBytes;
  return m;
}

int info(KfdProcess& process, std::uint32_t node, std::uint64_t argument) {
  drm_amdgpu_info request{};
  if (copyFromUser(&request, argument, sizeof(request)) != 0) return -EFAULT;
  const HsaNodeProperties& props = process.device().topology().node(node);
  const std::uint64_t vram = process.device().options().memoryBytes;
  auto answer = [&](const void* value, std::size_t size) {
    return copyToUser(request.return_pointer, value,
                      std::min<std::size_t>(size, request.return_size));
  };
  switch (request.query) {
    case AMDGPU_INFO_ACCEL_WORKING: {
      const std::uint32_t working = 1;
      return answer(&working, sizeof(working));
    }
    case AMDGPU_INFO_DEV_INFO: {
      drm_amdgpu_info_device d = deviceInfo(props);
      return answer(&d, sizeof(d));
    }
    case AMDGPU_INFO_MEMORY: {
      drm_amdgpu_memory_info m = memoryInfo(vram, process.buffers().deviceBytes(node));
      return answer(&m, sizeof(m));
    }
    case AMDGPU_INFO_VRAM_GTT: {
      drm_amdgpu_info_vram_gtt v{};
      v.vram_size = vram;
      v.vram_cpu_accessible_size = vram;
      v.gtt_size = vram;
      return answer(&v, sizeof(v));
    }
    case AMDGPU_INFO_HW_IP_COUNT: {
      const std::uint32_t count = 0;  // no graphics or video engines behind this node
      return answer(&count, sizeof(count));
    }
    case AMDGPU_INFO_READ_MMR_REG: {
      const auto& r = request.read_mmr_reg;
      if (r.count != 1 || r.dword_offset != kGbAddrConfig) return -EINVAL;
      // GB_ADDR_CONFIG 0: one pipe, 256-byte interleave, the address configuration vgpu's
      // texture unit lays tiled images out for (isa/ImageTiling.h) and hsaKmtGetTileConfig
      // reports to ROCR's address library.
      const std::uint32_t value = 0;
      return answer(&value, sizeof(value));
    }
    default:
      std::fprintf(stderr, "vgpu: AMDGPU_INFO query 0x%x is not implemented: EINVAL\n",
                   request.query);
      return -EINVAL;
  }
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

int drmIoctl(KfdProcess& process, std::uint32_t node, unsigned long request,
             std::uint64_t argument) {
  switch (request) {
    case DRM_IOCTL_VERSION:
      return version(argument);
    case DRM_IOCTL_GET_CLIENT:
      return client(argument);
    case DRM_IOCTL_AMDGPU_INFO:
      return info(process, node, argument);
    default:
      reportOnce(request);
      return -EINVAL;
  }
}

}  // namespace vgpu::kfd
