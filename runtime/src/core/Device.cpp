// A GPU's streams, their ordering and synchronisation, and lazy kernel loading (memory:
// DeviceMemory.cpp, fills and copies: DeviceCopies.cpp, faults: DeviceFaults.cpp).
#include "Device.h"

#include <algorithm>
#include <cstdlib>

#include "HsaFailure.h"
#include "Module.h"
#include "Occupancy.h"

namespace hipcore::core {
Device::Device(int index, hsa::GpuAgent agent, Registry& registry, PointerRegistry& pointers)
    : index_(index),
      agent_(std::move(agent)),
      registry_(registry),
      properties_(makeProperties(agent_.properties)),
      pointers_(pointers),
      memory_(*this, agent_, pointers_),
      copies_(*this, agent_) {}

Device::~Device() = default;

Status Device::nullStream(Stream*& out) {
  // A mutex rather than a once flag: hipDeviceReset destroys the queue and the next use
  // creates it again. The launch path comes here only while readyNullStream() is null.
  std::lock_guard lock(nullMutex_);
  if (nullQueue_ == nullptr) {
    HardwareQueue* hardware = nullptr;
    Status created = queuePool_.acquire(hardware);
    if (created.ok()) created = Stream::create(*this, *hardware, nullQueue_);
    if (!created.ok()) {
      nullQueue_.reset();
      out = nullptr;
      return created;
    }
    nullReady_.store(nullQueue_.get(), std::memory_order_release);
  }
  out = nullQueue_.get();
  return Status::success();
}

Status Device::hostcallArguments(uint64_t& buffer, uint64_t& heap) {
  // Called when a hardware queue is created, not per launch.
  std::lock_guard lock(hostcallMutex_);
  if (hostcall_ == nullptr) {
    // One packet per wave the device can hold (each wave waits for a free packet otherwise).
    uint32_t waves = agent_.properties.computeUnits * std::max(agent_.properties.maxWavesPerCu, 1u);
    if (Status created = HostcallService::create(agent_, std::clamp(waves, 64u, 4096u), hostcall_);
        !created.ok()) {
      hostcall_.reset();
      return created;
    }
  }
  buffer = hostcall_->bufferAddress();
  heap = hostcall_->heapAddress();
  return Status::success();
}

std::vector<uint32_t> Device::hardwareUnitMask(const std::vector<uint32_t>& multiprocessors) const {
  const uint32_t cus = cusPerMultiprocessor(agent_.properties.name);
  std::vector<uint32_t> mask((multiprocessors.size() * 32 * cus + 31) / 32, 0);
  for (size_t unit = 0; unit < multiprocessors.size() * 32; ++unit)
    if ((multiprocessors[unit / 32] >> (unit % 32)) & 1)
      for (uint32_t cu = unit * cus; cu < (unit + 1) * cus; ++cu) mask[cu / 32] |= 1u << (cu % 32);
  return mask;
}

Status Device::createStream(Stream*& out, unsigned flags, int priority,
                            const std::vector<uint32_t>& computeUnitMask) {
  HardwareQueue* hardware = nullptr;
  Status acquired = computeUnitMask.empty()
                        ? queuePool_.acquire(hardware)
                        : queuePool_.acquireDedicated(hardwareUnitMask(computeUnitMask), hardware);
  if (!acquired.ok()) return acquired;
  std::unique_ptr<Stream> queue;
  if (Status created = Stream::create(*this, *hardware, queue, flags, priority); !created.ok()) {
    queuePool_.release(hardware);
    return created;
  }
  queue->computeUnitMask = computeUnitMask;
  out = queue.get();
  std::lock_guard lock(queuesMutex_);
  if (!retiredQueues_.empty()) reapRetiredQueues();
  userQueues_.push_back(std::move(queue));
  return Status::success();
}

Status Device::destroyStream(Stream* queue) {
  // As in CUDA, hipStreamDestroy returns at once and the stream's pending work still completes:
  // the handle dies now, the stream once its work has completed (reapRetiredQueues).
  std::lock_guard lock(queuesMutex_);
  for (const auto& owned : userQueues_) {
    if (owned.get() != queue) continue;
    queue->invalidateHandle();
    retiredQueues_.push_back(queue);
    reapRetiredQueues();
    return Status::success();
  }
  return fail(hipErrorInvalidHandle, "stream %p does not belong to device %d",
              static_cast<void*>(queue), index_);
}

void Device::retireStream(Stream* queue) {
  std::lock_guard lock(queuesMutex_);
  queue->perThreadOwner = nullptr;
  retiredQueues_.push_back(queue);
  reapRetiredQueues();
}

void Device::reapRetiredQueues() {
  std::erase_if(retiredQueues_, [this](Stream* queue) {
    // Complete (no wait: synchronize() then only retires host functions and stream-ordered frees).
    if (!queue->hardware().completedBefore(queue->submitter().end()) || !queue->synchronize().ok())
      return false;
    gridBarriers_.release(queue);
    queuePool_.release(&queue->hardware());
    std::erase_if(userQueues_,
                  [queue](const std::unique_ptr<Stream>& q) { return q.get() == queue; });
    return true;
  });
}

Status Device::synchronize() {
  // Nothing submitted to any queue since a full synchronisation saw everything complete.
  if (failed()) return queueFailure();
  uint64_t submitted = submissions_.load(std::memory_order_acquire);
  if (submitted == syncedSubmissions_.load(std::memory_order_acquire)) return Status::success();
  // Markers are created and their barriers submitted under markersMutex_, so every marker
  // counted here has its barriers in some queue already: once all queues are synchronised,
  // those barriers are done and the markers free. Other threads may synchronise concurrently
  // and retire some of them first; `created` is an absolute count, so nothing is retired twice
  // and no marker created after this snapshot is touched.
  uint64_t created = 0;
  {
    std::lock_guard lock(markersMutex_);
    created = markersRetired_ + markers_.size();
  }
  if (Stream* null = readyNullStream()) {
    if (Status synced = null->synchronize(); !synced.ok()) return synced;
  }
  {
    std::lock_guard lock(queuesMutex_);
    for (const auto& queue : userQueues_)
      if (Status synced = queue->synchronize(); !synced.ok()) return synced;
    if (!retiredQueues_.empty()) reapRetiredQueues();
  }
  {
    std::lock_guard lock(markersMutex_);
    if (created > markersRetired_) {
      markers_.erase(markers_.begin(),
                     markers_.begin() + static_cast<std::ptrdiff_t>(created - markersRetired_));
      markersRetired_ = created;
    }
  }
  // Everything counted in `submitted` has completed (later submissions keep the counts apart).
  uint64_t synced = syncedSubmissions_.load(std::memory_order_relaxed);
  while (synced < submitted &&
         !syncedSubmissions_.compare_exchange_weak(synced, submitted, std::memory_order_release)) {
  }
  return Status::success();
}

Status Device::synchronizeNullStream() {
  if (Stream* null = readyNullStream()) {
    if (Status synced = null->synchronize(); !synced.ok()) return synced;
  }
  std::lock_guard lock(queuesMutex_);
  for (const auto& queue : userQueues_)
    if (queue->blocking())
      if (Status synced = queue->synchronize(); !synced.ok()) return synced;
  return Status::success();
}

Status Device::queryNullStream() {
  if (Stream* null = readyNullStream()) {
    if (Status done = null->query(); !done.ok()) return done;
  }
  std::lock_guard lock(queuesMutex_);
  for (const auto& queue : userQueues_)
    if (queue->blocking())
      if (Status done = queue->query(); !done.ok()) return done;
  return Status::success();
}

Status Device::newMarker(uint64_t& handle) noexcept {  // caller holds markersMutex_
  auto signal = hsa::Signal::create(1);
  if (!signal) return hsaFailure(signal.error(), "stream ordering marker");
  handle = (*signal)->handle();
  markers_.push_back(std::move(signal).value());
  return Status::success();
}

// `later` waits for the work `earlier` has submitted so far: a barrier on `earlier` signals
// `marker`, one on `later` waits for it. False when a failed queue had no room for them.
static bool submitOrdering(PacketSubmitter& earlier, PacketSubmitter& later,
                           uint64_t marker) noexcept {
  if (earlier.submitBarrier(marker) == PacketSubmitter::kFailed) return false;
  // Counted like a kernel: `later`'s synchronize and query read its completion from the stream's
  // kernel signal when nothing follows it.
  return later.submitCountedBarrier(/*dependency=*/marker) != PacketSubmitter::kFailed;
}

Status Device::joinBlockingIntoNull(Stream& null) noexcept {
  // Each blocking stream with work the null stream has not waited for marks its end with a
  // barrier; the null stream waits for every mark.
  std::lock_guard lock(queuesMutex_);
  for (const auto& queue : userQueues_) {
    if (!queue->blocking() || !queue->unjoined.exchange(false)) continue;
    unjoinedBlocking_.fetch_sub(1, std::memory_order_acq_rel);
    std::lock_guard markersLock(markersMutex_);  // see synchronize()
    uint64_t marker = 0;
    if (Status made = newMarker(marker); !made.ok()) return made;
    if (!submitOrdering(queue->submitter(), null.submitter(), marker)) return queueFailure();
  }
  return Status::success();
}

Status Device::joinNullInto(Stream& queue) noexcept {
  Stream* null = readyNullStream();
  uint64_t seen = nullSubmissions_.load(std::memory_order_acquire);
  std::lock_guard markersLock(markersMutex_);  // see synchronize()
  uint64_t marker = 0;
  if (Status made = newMarker(marker); !made.ok()) return made;
  if (!submitOrdering(null->submitter(), queue.submitter(), marker)) return queueFailure();
  queue.seenNullSubmissions.store(seen, std::memory_order_relaxed);
  return Status::success();
}

Status Device::loadModuleLocked(FatBinary& fatBinary, Module*& out) {
  std::unique_ptr<Module>& module = fatBinary.module(static_cast<size_t>(index_));
  if (!module) {
    auto bundle = fatBinary.bundle();
    if (!bundle)
      return fail(hipErrorInvalidKernelFile, "fat binary %p: %s", fatBinary.bundleAddress(),
                  bundle.message().c_str());
    Status loaded = Module::load(**bundle, agent_.properties.isaName, agent_.agent, module);
    if (loaded.ok()) loaded = bindManagedVariables(fatBinary, *module);
    if (!loaded.ok()) {
      module.reset();
      loaded.addContext("device " + std::to_string(index_) + " (" + agent_.properties.name + ")");
      return loaded;
    }
  }
  out = module.get();
  return Status::success();
}

Status Device::bindManagedVariables(FatBinary& fatBinary, const Module& module) {
  // The device variable named like the managed one holds a pointer to its storage (clang's
  // lowering of __managed__): pin the registered host memory and store its device address.
  for (Variable* variable : registry_.managedVariables(&fatBinary)) {
    void*& devicePointer = variable->devicePointer[static_cast<size_t>(index_)];
    if (devicePointer == nullptr) {
      auto pinned = hsa::lockHostMemory(agent_.agent, variable->managedMemory, variable->size);
      if (!pinned) return hsaFailure(pinned.error(), "managed " + variable->name);
      devicePointer = *pinned;
    }
    auto slot = module.variableAddress(variable->name);
    if (!slot)
      return fail(hipErrorInvalidSymbol, "managed %s: %s", variable->name.c_str(),
                  slot.message().c_str());
    // No queued work can use a code object being loaded: no need to wait for the streams (one
    // may be held by a host function that waits for this very launch).
    if (Status stored = copies_.copyNow(reinterpret_cast<void*>(*slot), &devicePointer,
                                        sizeof(void*), hipMemcpyHostToDevice);
        !stored.ok())
      return stored;
  }
  return Status::success();
}

Status Device::resolve(const Kernel& kernel, const DeviceKernel*& out) {
  if ((out = kernel.code(static_cast<size_t>(index_)))) return Status::success();
  FatBinary& fatBinary = kernel.fatBinary();
  std::lock_guard lock(fatBinary.loadMutex());
  if ((out = kernel.code(static_cast<size_t>(index_)))) return Status::success();
  Module* module = nullptr;
  if (Status loaded = loadModuleLocked(fatBinary, module); !loaded.ok()) return loaded;
  // Only this kernel's metadata is parsed and its symbol resolved (Module: lazy per kernel).
  if (Status resolved = module->resolveKernel(kernel.name(), out); !resolved.ok()) return resolved;
  kernel.publish(static_cast<size_t>(index_), out);
  return Status::success();
}

Status Device::variableAddress(const Variable& variable, void*& out) {
  FatBinary& fatBinary = *variable.fatBinary;
  std::lock_guard lock(fatBinary.loadMutex());
  Module* module = nullptr;
  if (Status loaded = loadModuleLocked(fatBinary, module); !loaded.ok()) return loaded;
  auto address = module->variableAddress(variable.name);
  if (!address)
    return fail(hipErrorInvalidSymbol, "device variable %s: %s", variable.name.c_str(),
                address.message().c_str());
  out = reinterpret_cast<void*>(*address);
  return Status::success();
}

}  // namespace hipcore::core
