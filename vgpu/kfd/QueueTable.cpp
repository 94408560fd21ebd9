// Queue creation/destruction/suspension and the wiring of rings to command processors.
#include "kfd/QueueTable.h"

#include <hsa/amd_hsa_queue.h>

#include <cstddef>

#include "cp/AqlProcessor.h"
#include "cp/SdmaProcessor.h"

namespace vgpu::kfd {

void QueueTable::track(std::uint64_t base, std::uint64_t size, RegionKind kind) {
  Region region;
  region.base = base;
  region.size = size;
  region.kind = kind;
  memory_.add(region);
}

HSAKMT_STATUS QueueTable::create(const cp::EngineConfig& config, HSA_QUEUE_TYPE type, void* ring,
                                 std::uint64_t ringBytes, HsaQueueResource* resource) {
  if (resource == nullptr || ring == nullptr || ringBytes == 0 || (ringBytes & (ringBytes - 1)))
    return HSAKMT_STATUS_INVALID_PARAMETER;
  HSA_QUEUEID id;
  {
    std::lock_guard lock(mutex_);
    id = nextId_++;
  }
  cp::EngineConfig engineConfig = config;
  engineConfig.queueId = id;
  engineConfig.watcher = &watcher_;
  Entry entry;
  entry.words = std::make_unique<QueueWords>();
  QueueWords& words = *entry.words;
  track(reinterpret_cast<std::uint64_t>(&words), sizeof(QueueWords), RegionKind::doorbell);
  if (!memory_.find(reinterpret_cast<std::uint64_t>(ring))) {
    entry.ringBase = reinterpret_cast<std::uint64_t>(ring);
    track(entry.ringBase, ringBytes, RegionKind::queue);
  }

  if (type == HSA_QUEUE_COMPUTE_AQL) {
    if (resource->Queue_read_ptr_aql == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
    // ROCR passes pointers into its amd_queue_t; the CP needs the whole descriptor (ring base,
    // size, error signal, profiling flag), which is also the kernel's queue_ptr.
    auto* queue =
        reinterpret_cast<amd_queue_t*>(reinterpret_cast<char*>(resource->Queue_read_ptr_aql) -
                                       offsetof(amd_queue_t, read_dispatch_id));
    entry.descriptorBase = reinterpret_cast<std::uint64_t>(queue);
    track(entry.descriptorBase, sizeof(amd_queue_t), RegionKind::queue);
    auto aql =
        std::make_unique<cp::AqlProcessor>(engineConfig, queue, &words.doorbell, &words.dispatch);
    entry.aql = aql.get();
    entry.engine = std::move(aql);
  } else if (type == HSA_QUEUE_SDMA || type == HSA_QUEUE_SDMA_XGMI) {
    cp::SdmaRing sdmaRing{static_cast<char*>(ring), ringBytes, &words.readPointer,
                          &words.writePointer, &words.doorbell};
    resource->Queue_read_ptr_aql = const_cast<std::uint64_t*>(&words.readPointer);
    resource->Queue_write_ptr_aql = const_cast<std::uint64_t*>(&words.writePointer);
    entry.engine = std::make_unique<cp::SdmaProcessor>(engineConfig, sdmaRing);
  } else {
    memory_.release(reinterpret_cast<std::uint64_t>(&words));
    return HSAKMT_STATUS_NOT_SUPPORTED;  // PM4 compute/graphics queues: ROCR never asks
  }
  resource->Queue_DoorBell_aql = const_cast<std::uint64_t*>(&words.doorbell);
  entry.engine->start();
  watcher_.add(entry.engine.get());

  std::lock_guard lock(mutex_);
  resource->QueueId = id;
  queues_.emplace(id, std::move(entry));
  return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS QueueTable::destroy(HSA_QUEUEID id) {
  Entry entry;
  {
    std::lock_guard lock(mutex_);
    auto it = queues_.find(id);
    if (it == queues_.end()) return HSAKMT_STATUS_INVALID_HANDLE;
    entry = std::move(it->second);
    queues_.erase(it);
  }
  watcher_.remove(entry.engine.get());
  entry.engine->stop();
  memory_.release(reinterpret_cast<std::uint64_t>(entry.words.get()));
  if (entry.descriptorBase) memory_.release(entry.descriptorBase);
  if (entry.ringBase) memory_.release(entry.ringBase);
  return HSAKMT_STATUS_SUCCESS;
}

vgpu_fault_kind QueueTable::faultOf(std::uint64_t descriptor, std::string& report) const {
  report.clear();
  std::lock_guard lock(mutex_);
  for (const auto& [id, entry] : queues_)  // a handful of queues; asked once per fault
    if (entry.aql != nullptr && entry.descriptorBase == descriptor)
      return entry.aql->fault().read(report);
  return VGPU_FAULT_NONE;
}

HSAKMT_STATUS QueueTable::update(HSA_QUEUEID id, std::uint32_t percentage) {
  std::lock_guard lock(mutex_);
  auto it = queues_.find(id);
  if (it == queues_.end()) return HSAKMT_STATUS_INVALID_HANDLE;
  it->second.engine->setActive(percentage > 0);
  return HSAKMT_STATUS_SUCCESS;
}

void QueueTable::wakeBlocked() {
  if (!cp::QueueEngine::anyBlocked()) return;  // the usual case: no lock, no walk
  std::lock_guard lock(mutex_);
  for (auto& [id, entry] : queues_) entry.engine->wakeIfBlocked();
}

bool QueueTable::exists(HSA_QUEUEID id) const {
  std::lock_guard lock(mutex_);
  return queues_.count(id) != 0;
}

}  // namespace vgpu::kfd
