// The host side of the device libraries' hostcall (docs/PLATFORM.md section 5): a buffer of
// packets the kernels' waves fill, a doorbell signal they increment, and a host thread serving
// the packets (printf messages; other services are answered with zeros).
//
// Layout, as ockl 5.2.3's hostcall_impl.cl reads it: buffer {headers*, payloads*, doorbell
// signal, free_stack u64, ready_stack u64, index_mask u64}; header {next u64, activemask u64,
// service u32, control u32 (bit 0 ready)}; payload 64 lanes x 8 u64. Stack entries are packet
// indices in the bits of index_mask with an ABA tag above (the device adds index_mask + 1 each
// time it frees a packet); 0 means empty, so every packet starts with tag 1.
//
// The service thread blocks on the doorbell (an interrupt signal: the device's signal add
// raises its event), so it costs nothing while no kernel calls the host.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <thread>
#include <vector>

#include "DeviceHeap.h"
#include "Status.h"
#include "hsa/Hsa.h"

namespace hipcore::core {

class HostcallService {
 public:
  // `packets` should be at least the number of waves the device runs at once (a wave holds
  // at most one packet, and waves wait for a free one).
  static Status create(const hsa::GpuAgent& agent, uint32_t packets,
                       std::unique_ptr<HostcallService>& out);
  ~HostcallService();

  // The value of the hidden_hostcall_buffer kernel argument.
  uint64_t bufferAddress() const { return reinterpret_cast<uint64_t>(buffer_); }
  // The value of the hidden_heap_v1 kernel argument (device malloc).
  uint64_t heapAddress() const { return heap_->heapAddress(); }

 private:
  struct Buffer;
  struct Header;
  HostcallService() = default;
  void serve();
  void servePacket(Header& header, uint64_t* payload);
  void serveLane(uint32_t service, uint64_t* slot);

  Buffer* buffer_ = nullptr;
  std::unique_ptr<DeviceHeap> heap_;
  std::unique_ptr<hsa::Signal> doorbell_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
  uint64_t nextMessageId_ = 1;
  std::map<uint64_t, std::vector<uint64_t>> messages_;  // active messages by id (thread_ only)
};

}  // namespace hipcore::core
