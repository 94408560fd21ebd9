// Renders vgpu's Topology as the KFD's sysfs tree, file by file.
#include "kfd/SysfsTopology.h"

#include <charconv>
#include <cstdio>

#include "kfd/KfdAbi.h"

namespace vgpu::kfd {

namespace {

constexpr std::string_view kDevicePrefix = "/sys/devices/virtual/kfd";
constexpr std::string_view kClassPrefix = "/sys/class/kfd";
// The amdgpu module's own directory: rocminfo 6 checks initstate before it starts ROCR.
constexpr std::string_view kModulePrefix = "/sys/module/amdgpu";

// "name value\n" lines, as the kernel's sysfs_show_*_prop helpers print them.
class Properties {
 public:
  Properties& add(const char* name, unsigned long long value) {
    char line[128];
    int n = std::snprintf(line, sizeof(line), "%s %llu\n", name, value);
    text_.append(line, std::size_t(n));
    return *this;
  }
  std::string take() { return std::move(text_); }

 private:
  std::string text_;
};

std::vector<std::string_view> split(std::string_view path) {
  std::vector<std::string_view> parts;
  while (!path.empty()) {
    std::size_t slash = path.find('/');
    std::string_view part = path.substr(0, slash);
    if (!part.empty() && part != ".") parts.push_back(part);
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return parts;
}

std::optional<std::uint32_t> index(std::string_view text) {
  std::uint32_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::vector<std::string> numbered(std::size_t count) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < count; ++i) names.push_back(std::to_string(i));
  return names;
}

// The path below ".../kfd/kfd", split; nothing for paths outside the tree.
std::optional<std::vector<std::string_view>> relative(std::string_view path) {
  for (std::string_view prefix : {kDevicePrefix, kClassPrefix}) {
    if (path.substr(0, prefix.size()) != prefix) continue;
    std::string_view rest = path.substr(prefix.size());
    if (!rest.empty() && rest.front() != '/') return std::nullopt;
    return split(rest);
  }
  return std::nullopt;
}

}  // namespace

static std::optional<std::vector<std::string_view>> moduleRelative(std::string_view path) {
  if (path.substr(0, kModulePrefix.size()) != kModulePrefix) return std::nullopt;
  std::string_view rest = path.substr(kModulePrefix.size());
  if (!rest.empty() && rest.front() != '/') return std::nullopt;
  return split(rest);
}

bool SysfsTopology::covers(std::string_view path) {
  return relative(path).has_value() || moduleRelative(path).has_value();
}

std::vector<HsaMemoryProperties> SysfsTopology::banks(std::uint32_t node) const {
  std::vector<HsaMemoryProperties> banks;
  for (const HsaMemoryProperties& bank : topology_.memory(node))
    if (bank.HeapType == HSA_HEAPTYPE_SYSTEM || bank.HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC ||
        bank.HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PRIVATE)
      banks.push_back(bank);
  return banks;
}

std::string SysfsTopology::nodeProperties(std::uint32_t node) const {
  const HsaNodeProperties& p = topology_.node(node);
  const unsigned gfxVersion =
      p.EngineId.ui32.Major * 10000 + p.EngineId.ui32.Minor * 100 + p.EngineId.ui32.Stepping;
  const bool gpu = topology_.isGpu(node);
  Properties out;
  out.add("cpu_cores_count", p.NumCPUCores)
      .add("simd_count", p.NumFComputeCores)
      .add("mem_banks_count", banks(node).size())
      .add("caches_count", topology_.caches(node).size())
      .add("io_links_count", topology_.links(node).size())
      .add("p2p_links_count", 0)
      .add("cpu_core_id_base", p.CComputeIdLo)
      .add("simd_id_base", p.FComputeIdLo)
      .add("max_waves_per_simd", p.MaxWavesPerSIMD)
      .add("lds_size_in_kb", p.LDSSizeInKB)
      .add("gds_size_in_kb", p.GDSSizeInKB)
      .add("num_gws", p.NumGws)
      .add("wave_front_size", p.WaveFrontSize)
      .add("array_count", p.NumShaderBanks)
      .add("simd_arrays_per_engine", p.NumArrays)
      .add("cu_per_simd_array", p.NumCUPerArray)
      .add("simd_per_cu", p.NumSIMDPerCU)
      .add("max_slots_scratch_cu", p.MaxSlotsScratchCU)
      .add("gfx_target_version", gpu ? gfxVersion : 0)
      .add("vendor_id", p.VendorId)
      .add("device_id", p.DeviceId)
      .add("location_id", p.LocationId)
      .add("domain", p.Domain)
      .add("drm_render_minor", gpu ? std::uint32_t(p.DrmRenderMinor) : 0)
      .add("hive_id", p.HiveID)
      .add("num_sdma_engines", p.NumSdmaEngines)
      .add("num_sdma_xgmi_engines", p.NumSdmaXgmiEngines)
      .add("num_sdma_queues_per_engine", p.NumSdmaQueuesPerEngine)
      .add("num_cp_queues", p.NumCpQueues)
      .add("max_engine_clk_fcompute", p.MaxEngineClockMhzFCompute)
      .add("local_mem_size", gpu ? p.LocalMemSize : 0)
      .add("fw_version", p.EngineId.ui32.uCode)
      .add("capability", p.Capability.Value)
      .add("debug_prop", p.DebugProperties.Value)
      .add("sdma_fw_version", p.uCodeEngineVersions.uCodeSDMA)
      .add("unique_id", p.UniqueID)
      .add("max_engine_clk_ccompute", p.MaxEngineClockMhzCCompute);
  return out.take();
}

std::optional<std::string> SysfsTopology::file(std::string_view path) const {
  if (auto module = moduleRelative(path)) {
    if (module->size() == 1 && (*module)[0] == "initstate") return std::string("live\n");
    return std::nullopt;
  }
  auto parts = relative(path);
  // kfd/topology/<file> or kfd/topology/nodes/<n>/<file> or .../<set>/<m>/properties
  if (!parts || parts->size() < 3 || (*parts)[0] != "kfd" || (*parts)[1] != "topology")
    return std::nullopt;
  const auto& p = *parts;
  if (p.size() == 3 && p[2] == "generation_id") return std::string("1\n");
  if (p.size() == 3 && p[2] == "system_properties")
    return Properties().add("platform_oem", 0).add("platform_id", 0).add("platform_rev", 0).take();
  if (p.size() < 5 || p[2] != "nodes") return std::nullopt;
  auto node = index(p[3]);
  if (!node || *node >= topology_.nodeCount()) return std::nullopt;
  if (p.size() == 5 && p[4] == "gpu_id")
    return std::to_string(topology_.isGpu(*node) ? gpuIdOfNode(*node) : 0) + "\n";
  if (p.size() == 5 && p[4] == "name") {
    const HsaNodeProperties& props = topology_.node(*node);
    return std::string(reinterpret_cast<const char*>(props.AMDName)) + "\n";
  }
  if (p.size() == 5 && p[4] == "properties") return nodeProperties(*node);
  if (p.size() != 7 || p[6] != "properties") return std::nullopt;
  auto item = index(p[5]);
  if (!item) return std::nullopt;
  if (p[4] == "mem_banks") {
    auto all = banks(*node);
    if (*item >= all.size()) return std::nullopt;
    const HsaMemoryProperties& m = all[*item];
    return Properties()
        .add("heap_type", m.HeapType)
        .add("size_in_bytes", m.SizeInBytes)
        .add("flags", m.Flags.MemoryProperty)
        .add("width", m.Width)
        .add("mem_clk_max", m.MemoryClockMax)
        .take();
  }
  if (p[4] == "caches") {
    const auto& all = topology_.caches(*node);
    if (*item >= all.size()) return std::nullopt;
    const HsaCacheProperties& c = all[*item];
    return Properties()
        .add("processor_id_low", c.ProcessorIdLow)
        .add("level", c.CacheLevel)
        .add("size", c.CacheSize)
        .add("cache_line_size", c.CacheLineSize)
        .add("cache_lines_per_tag", c.CacheLinesPerTag)
        .add("association", c.CacheAssociativity)
        .add("latency", c.CacheLatency)
        .add("type", c.CacheType.Value)
        .take();
  }
  if (p[4] == "io_links") {
    const auto& all = topology_.links(*node);
    if (*item >= all.size()) return std::nullopt;
    const HsaIoLinkProperties& l = all[*item];
    return Properties()
        .add("type", l.IoLinkType)
        .add("version_major", l.VersionMajor)
        .add("version_minor", l.VersionMinor)
        .add("node_from", l.NodeFrom)
        .add("node_to", l.NodeTo)
        .add("weight", l.Weight)
        .add("min_latency", l.MinimumLatency)
        .add("max_latency", l.MaximumLatency)
        .add("min_bandwidth", l.MinimumBandwidth)
        .add("max_bandwidth", l.MaximumBandwidth)
        .add("recommended_transfer_size", l.RecTransferSize)
        .add("flags", l.Flags.LinkProperty)
        .take();
  }
  return std::nullopt;
}

std::optional<std::vector<std::string>> SysfsTopology::directory(std::string_view path) const {
  if (auto module = moduleRelative(path)) {
    if (module->empty()) return std::vector<std::string>{"initstate"};
    return std::nullopt;
  }
  auto parts = relative(path);
  if (!parts) return std::nullopt;
  const auto& p = *parts;
  if (p.empty()) return std::vector<std::string>{"kfd"};
  if (p[0] != "kfd") return std::nullopt;
  if (p.size() == 1) return std::vector<std::string>{"topology"};
  if (p[1] != "topology") return std::nullopt;
  if (p.size() == 2) return std::vector<std::string>{"generation_id", "system_properties", "nodes"};
  if (p[2] != "nodes") return std::nullopt;
  if (p.size() == 3) return numbered(topology_.nodeCount());
  auto node = index(p[3]);
  if (!node || *node >= topology_.nodeCount()) return std::nullopt;
  if (p.size() == 4)
    return std::vector<std::string>{"gpu_id", "name",     "properties", "mem_banks",
                                    "caches", "io_links", "p2p_links"};
  std::size_t count;
  if (p[4] == "mem_banks")
    count = banks(*node).size();
  else if (p[4] == "caches")
    count = topology_.caches(*node).size();
  else if (p[4] == "io_links")
    count = topology_.links(*node).size();
  else if (p[4] == "p2p_links")
    count = 0;
  else
    return std::nullopt;
  if (p.size() == 5) return numbered(count);
  auto item = index(p[5]);
  if (p.size() == 6 && item && *item < count) return std::vector<std::string>{"properties"};
  return std::nullopt;
}

}  // namespace vgpu::kfd
