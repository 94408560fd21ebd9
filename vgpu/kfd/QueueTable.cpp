// Queue creation/destruction/suspension and the wiring of rings to command processors.
#include "kfd/QueueTable.h"

#include <hsa/amd_hsa_queue.h>
#include <sys/mman.h>

#include <cstddef>
#include <new>

#include "cp/AqlProcessor.h"
#include "cp/SdmaProcessor.h"

namespace vgpu::kfd {

std::unique_ptr<QueueTable::QueueWords, QueueTable::UnmapWords> QueueTable::mapWords() {
  void* pages =
      mmap(nullptr, sizeof(QueueWords), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (pages == MAP_FAILED) return nullptr;
  return std::unique_ptr<QueueWords, UnmapWords>(new (pages) QueueWords);
}

void QueueTable::UnmapWords::operator()(QueueWords* words) const {
  words->~QueueWords();
  munmap(words, sizeof(QueueWords));
}

void QueueTable::track(std::uint64_t base, std::uint64_t size, RegionKind kind) {
  Region region;
  region.base = base;
  region.size = size;
  region.kind = kind;
  memory_.add(region);
}

HSAKMT_STATUS QueueTable::create(const cp::EngineConfig& config, HSA_QUEUE_TYPE type, void* ring,
                                 std::uint64_t ringBytes, HsaQueueResource* resource) {
  if (resource == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
  Setup setup;
  setup.type = type;
  setup.ring = ring;
  setup.ringBytes = ringBytes;
  if (type == HSA_QUEUE_COMPUTE_AQL) {
    setup.readPointer = resource->Queue_read_ptr_aql;
    setup.writePointer = resource->Queue_write_ptr_aql;
  }
  Created created;
  HSAKMT_STATUS status = create(config, setup, created);
  if (status != HSAKMT_STATUS_SUCCESS) return status;
  if (type != HSA_QUEUE_COMPUTE_AQL) {
    resource->Queue_read_ptr_aql = const_cast<std::uint64_t*>(created.readPointer);
    resource->Queue_write_ptr_aql = const_cast<std::uint64_t*>(created.writePointer);
  }
  resource->Queue_DoorBell_aql = const_cast<std::uint64_t*>(created.doorbell);
  resource->QueueId = created.id;
  return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS QueueTable::create(const cp::EngineConfig& config, const Setup& setup,
                                 Created& created) {
  const std::uint64_t ringBytes = setup.ringBytes;
  if (setup.ring == nullptr || ringBytes == 0 || (ringBytes & (ringBytes - 1)))
    return HSAKMT_STATUS_INVALID_PARAMETER;
  const bool aql = setup.type == HSA_QUEUE_COMPUTE_AQL;
  const bool sdma = setup.type == HSA_QUEUE_SDMA || setup.type == HSA_QUEUE_SDMA_XGMI;
  if (!aql && !sdma) return HSAKMT_STATUS_NOT_SUPPORTED;  // PM4 queues: ROCR never asks
  if (aql && setup.readPointer == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
  HSA_QUEUEID id;
  {
    std::lock_guard lock(mutex_);
    id = nextId_++;
  }
  cp::EngineConfig engineConfig = config;
  engineConfig.queueId = id;
  engineConfig.watcher = &watcher_;
  Entry entry;
  entry.words = mapWords();
  if (entry.words == nullptr) return HSAKMT_STATUS_NO_MEMORY;
  QueueWords& words = *entry.words;
  track(reinterpret_cast<std::uint64_t>(&words), sizeof(QueueWords), RegionKind::doorbell);
  if (!memory_.find(reinterpret_cast<std::uint64_t>(setup.ring))) {
    entry.ringBase = reinterpret_cast<std::uint64_t>(setup.ring);
    track(entry.ringBase, ringBytes, RegionKind::queue);
  }
  volatile std::uint64_t* doorbell = setup.doorbell != nullptr ? setup.doorbell : &words.doorbell;
  // Not 0 (see QueueWords::doorbell): a doorbell page slot is reused by later queues.
  *doorbell = ~0ull;

  if (aql) {
    // ROCR passes pointers into its amd_queue_t; the CP needs the whole descriptor (ring base,
    // size, error signal, profiling flag), which is also the kernel's queue_ptr.
    auto* queue = reinterpret_cast<amd_queue_t*>(
        reinterpret_cast<char*>(const_cast<std::uint64_t*>(setup.readPointer)) -
        offsetof(amd_queue_t, read_dispatch_id));
    entry.descriptorBase = reinterpret_cast<std::uint64_t>(queue);
    track(entry.descriptorBase, sizeof(amd_queue_t), RegionKind::queue);
    auto processor =
        std::make_unique<cp::AqlProcessor>(engineConfig, queue, doorbell, &words.dispatch);
    entry.aql = processor.get();
    entry.engine = std::move(processor);
  } else {
    volatile std::uint64_t* read = setup.readPointer ? setup.readPointer : &words.readPointer;
    volatile std::uint64_t* write = setup.writePointer ? setup.writePointer : &words.writePointer;
    cp::SdmaRing sdmaRing{static_cast<char*>(setup.ring), ringBytes, read, write, doorbell};
    created.readPointer = read;
    created.writePointer = write;
    entry.engine = std::make_unique<cp::SdmaProcessor>(engineConfig, sdmaRing);
  }
  created.doorbell = doorbell;
  created.id = id;
  entry.engine->start();
  watcher_.add(entry.engine.get());

  std::lock_guard lock(mutex_);
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
