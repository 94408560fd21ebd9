// The ROCR resources behind one stream: an AQL queue, its kernarg ring, a signal to wait on,
// and the Stream that launches into them.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "Status.h"
#include "Stream.h"
#include "hsa/Hsa.h"

namespace hipcore::core {

class Device;

class DeviceQueue {
 public:
  // `errorSlot` receives the HSA status of a queue error (shared by a device's queues: a fault
  // is sticky for the whole device, as in CUDA).
  static Status create(Device& device, std::atomic<int>& errorSlot, std::unique_ptr<DeviceQueue>& out);
  ~DeviceQueue();
  DeviceQueue(const DeviceQueue&) = delete;
  DeviceQueue& operator=(const DeviceQueue&) = delete;

  Device& device() const { return device_; }
  Stream& stream() { return *stream_; }
  // Waits until every packet submitted so far has completed, or the queue failed.
  Status synchronize();
  // True for a pointer to a live DeviceQueue (hipStream_t handles are checked with this).
  bool valid() const noexcept { return magic_ == kMagic; }

 private:
  DeviceQueue(Device& device, std::atomic<int>& errorSlot) : device_(device), errorSlot_(errorSlot) {}
  static constexpr uint64_t kMagic = 0x6869'7073'7472'6d31;  // "hipstrm1"

  uint64_t magic_ = kMagic;
  Device& device_;
  std::atomic<int>& errorSlot_;
  std::unique_ptr<hsa::AqlQueue> queue_;
  void* kernargMemory_ = nullptr;
  std::unique_ptr<hsa::Signal> syncSignal_;
  std::unique_ptr<Stream> stream_;
};

}  // namespace hipcore::core
