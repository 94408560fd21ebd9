// The KFD's topology as sysfs files (/sys/devices/virtual/kfd/kfd/topology, also reached as
// /sys/class/kfd/kfd/topology), generated from vgpu's Topology for thunks that read it.
//
// Also /sys/module/amdgpu/initstate ("live"): the loaded driver that tools check for.
//
// The file names and "name value" lines are the kernel's (kfd_topology.c); the thunk reads the
// GPU's memory banks from here and adds the LDS, scratch and SVM apertures itself, so only the
// system and frame-buffer heaps appear as mem_banks.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kfd/Topology.h"

namespace vgpu::kfd {

class SysfsTopology {
 public:
  explicit SysfsTopology(const Topology& topology) : topology_(topology) {}

  // Whether `path` is inside the virtual tree (then it is answered here, never by the host).
  static bool covers(std::string_view path);
  // A file's contents, or nothing when the tree has no such file.
  std::optional<std::string> file(std::string_view path) const;
  // A directory's entries (without "." and ".."), or nothing when there is no such directory.
  std::optional<std::vector<std::string>> directory(std::string_view path) const;

 private:
  std::string nodeProperties(std::uint32_t node) const;
  std::vector<HsaMemoryProperties> banks(std::uint32_t node) const;

  const Topology& topology_;
};

}  // namespace vgpu::kfd
