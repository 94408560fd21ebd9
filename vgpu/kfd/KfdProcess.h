// What the KFD keeps per process behind /dev/kfd and the render nodes, for vgpu's kernel front
// door: the open device files, buffer objects, doorbell pages, queues and the events page,
// over VirtualKfd's device state (topology, memory map, events, queues, command processors).
//
// Like VirtualKfd it is created on first use and never destroyed (ROCR may use queues and
// memory while static destructors run).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

#include "kfd/BufferObjects.h"
#include "kfd/VirtualKfd.h"

namespace vgpu::kfd {

enum class DeviceFile { none, kfd, renderNode };

class KfdProcess {
 public:
  static KfdProcess& instance();
  explicit KfdProcess(VirtualKfd& device);

  VirtualKfd& device() { return device_; }
  BufferObjects& buffers() { return buffers_; }

  // GPU ids of the topology's GPU nodes; 0 for anything else.
  std::uint32_t nodeOf(std::uint32_t gpuId) const;
  std::vector<std::uint32_t> gpuIds() const;

  // Device files: which of ours a descriptor is, and the render node minor of a GPU.
  void addFile(int fd, DeviceFile kind, std::uint32_t node);
  void removeFile(int fd);
  DeviceFile fileKind(int fd) const;
  std::uint32_t fileNode(int fd) const;  // render node: its GPU node

  // Doorbell slots: a queue's doorbell lives in its GPU's doorbell page.
  volatile std::uint64_t* claimDoorbell(std::uint32_t node, std::uint32_t& slot);
  void releaseDoorbell(std::uint32_t node, std::uint32_t slot);

  // Queue ids handed out -> (node, doorbell slot).
  void addQueue(std::uint64_t id, std::uint32_t node, std::uint32_t slot);
  std::optional<std::pair<std::uint32_t, std::uint32_t>> takeQueue(std::uint64_t id);

  // The events page (a buffer handle the thunk gives with its first event), 0 until then.
  std::uint64_t eventsPage = 0;

  // mmap of a device file: doorbell pages and buffer objects. MAP_FAILED with errno set.
  void* map(DeviceFile kind, void* address, std::size_t length, int flags, std::uint64_t offset);

 private:
  struct DoorbellPage {
    std::uint64_t* words = nullptr;  // shared memory, so CPU mappings of it alias these words
    std::vector<bool> used;
  };

  VirtualKfd& device_;
  BufferObjects buffers_;
  mutable std::mutex mutex_;
  std::map<int, std::pair<DeviceFile, std::uint32_t>> files_;
  std::map<std::uint32_t, DoorbellPage> doorbells_;  // by node
  std::map<std::uint64_t, std::pair<std::uint32_t, std::uint32_t>> queues_;
};

}  // namespace vgpu::kfd
