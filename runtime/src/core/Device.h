// One GPU: its ROCR agent and pools, HIP properties, the null stream, memory operations and
// the lazy loading of kernels onto it.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>

#include "Registry.h"
#include "Status.h"
#include "Stream.h"
#include "hsa/Hsa.h"

namespace hipcore::core {

class Device {
 public:
  Device(int index, hsa::GpuAgent agent);
  ~Device();

  int index() const { return index_; }
  const hsa::GpuAgent& agent() const { return agent_; }
  const hipDeviceProp_t& properties() const { return properties_; }

  // The null stream, created (queue, kernarg ring, signal) on first use.
  Status nullStream(Stream*& out);
  // The null stream if it exists already (the launch path's check: one acquire load).
  Stream* readyStream() const noexcept { return streamReady_.load(std::memory_order_acquire); }
  Status synchronize();

  // The kernel's code on this device: one atomic load once loaded; the first call loads the
  // kernel's fat binary (parse, choose, load into ROCR) under that fat binary's mutex.
  Status resolve(const Kernel& kernel, const DeviceKernel*& out);

  // Non-zero once a kernel faulted: the queue is dead and every later launch fails.
  bool failed() const noexcept { return queueError_.load(std::memory_order_relaxed) != 0; }
  Status queueFailure() const;

  Status allocate(size_t bytes, void*& out);
  Status release(void* pointer);
  Status copy(void* destination, const void* source, size_t bytes, hipMemcpyKind kind);

 private:
  Status createNullStream();
  Status ensureCopySignal();  // caller holds copyMutex_
  Status copyThroughStaging(void* destination, const void* source, size_t bytes, bool toDevice);

  int index_;
  hsa::GpuAgent agent_;
  hipDeviceProp_t properties_;

  std::once_flag streamOnce_;
  Status streamStatus_;
  std::unique_ptr<hsa::AqlQueue> queue_;
  void* kernargMemory_ = nullptr;
  std::unique_ptr<Stream> nullStream_;
  std::atomic<Stream*> streamReady_{nullptr};
  std::atomic<int> queueError_{0};  // HSA status of the queue error, set from ROCR's thread  // nullStream_ once fully created
  std::unique_ptr<hsa::Signal> syncSignal_;

  std::mutex copyMutex_;  // one staging buffer and copy signal per device
  void* staging_ = nullptr;
  std::unique_ptr<hsa::Signal> copySignal_;
};

// hipDeviceProp_t from ROCR's agent information.
hipDeviceProp_t makeProperties(const hsa::AgentProperties& agent);

}  // namespace hipcore::core
