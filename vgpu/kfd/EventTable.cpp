// Event creation, signalling, fault delivery and (multi-)waits with timeouts and auto-reset.
#include "kfd/EventTable.h"

#include <sys/mman.h>

#include <algorithm>
#include <chrono>
#include <cstring>

#include "kfd/MemoryMap.h"

namespace vgpu::kfd {

EventTable::EventTable(MemoryMap& memory) {
  const std::size_t bytes = kMaxEvents * sizeof(std::uint64_t);
  void* page = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) return;  // create() then reports NO_MEMORY
  mailboxes_ = static_cast<std::uint64_t*>(page);
  Region region;
  region.base = reinterpret_cast<std::uint64_t>(page);
  region.size = bytes;
  region.kind = RegionKind::eventPage;
  memory.add(region);
}

bool EventTable::known(const HsaEvent* event) const {
  if (event == nullptr) return false;
  auto it = byId_.find(event->EventId);
  return it != byId_.end() && &it->second->event == event;
}

HSAKMT_STATUS EventTable::create(const HsaEventDescriptor& descriptor, bool manualReset,
                                 bool signaled, HsaEvent** event) {
  if (event == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
  if (mailboxes_ == nullptr) return HSAKMT_STATUS_NO_MEMORY;
  std::lock_guard lock(mutex_);
  std::uint32_t id;
  if (!freeIds_.empty()) {
    id = freeIds_.back();
    freeIds_.pop_back();
  } else if (nextId_ < kMaxEvents) {
    id = nextId_++;
  } else {
    return HSAKMT_STATUS_OUT_OF_RESOURCES;
  }
  auto* record = new Record();
  record->manualReset = manualReset;
  record->signaled = signaled;
  record->event.EventId = id;
  record->event.EventData.EventType = descriptor.EventType;
  record->event.EventData.HWData1 = id;
  record->event.EventData.HWData2 = reinterpret_cast<std::uint64_t>(&mailboxes_[id]);
  record->event.EventData.HWData3 = id;
  mailboxes_[id] = 0;
  byId_[id] = record;
  *event = &record->event;
  return HSAKMT_STATUS_SUCCESS;
}

HsaEvent* EventTable::find(std::uint32_t eventId) {
  std::lock_guard lock(mutex_);
  auto it = byId_.find(eventId);
  return it == byId_.end() ? nullptr : &it->second->event;
}

HSAKMT_STATUS EventTable::destroy(HsaEvent* event) {
  std::lock_guard lock(mutex_);
  if (!known(event)) return HSAKMT_STATUS_INVALID_HANDLE;
  byId_.erase(event->EventId);
  freeIds_.push_back(event->EventId);
  auto* record = reinterpret_cast<Record*>(event);
  if (record->waiters.empty()) {
    delete record;
    return HSAKMT_STATUS_SUCCESS;
  }
  record->destroyed = true;  // the last waiter to leave deletes it
  for (Waiter* waiter : record->waiters) waiter->wakeup.notify_one();
  return HSAKMT_STATUS_SUCCESS;
}

void EventTable::signal(Record& record) {
  ++record.generation;
  record.signaled = record.manualReset || record.waiters.empty();
  for (Waiter* waiter : record.waiters) waiter->wakeup.notify_one();
}

HSAKMT_STATUS EventTable::set(HsaEvent* event) {
  std::lock_guard lock(mutex_);
  if (!known(event)) return HSAKMT_STATUS_INVALID_HANDLE;
  signal(*reinterpret_cast<Record*>(event));
  return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS EventTable::reset(HsaEvent* event) {
  std::lock_guard lock(mutex_);
  if (!known(event)) return HSAKMT_STATUS_INVALID_HANDLE;
  reinterpret_cast<Record*>(event)->signaled = false;
  return HSAKMT_STATUS_SUCCESS;
}

void EventTable::raise(std::uint32_t eventId) {
  std::lock_guard lock(mutex_);
  auto it = byId_.find(eventId);
  if (it == byId_.end()) return;  // destroyed meanwhile: the interrupt is dropped, as in KFD
  signal(*it->second);
}

void EventTable::raisePartial(std::uint32_t partialId, unsigned bits) {
  const std::uint32_t mask = (std::uint32_t{1} << bits) - 1;
  std::lock_guard lock(mutex_);
  for (auto& [id, record] : byId_)
    if ((id & mask) == (partialId & mask)) signal(*record);
}

void EventTable::raiseMemoryFault(std::uint32_t nodeId, std::uint64_t address, bool write) {
  {
    std::lock_guard lock(mutex_);
    for (auto& [id, record] : byId_) {
      if (record->event.EventData.EventType != HSA_EVENTTYPE_MEMORY) continue;
      HsaMemoryAccessFault& fault = record->event.EventData.EventData.MemoryAccessFault;
      fault.NodeId = nodeId;
      fault.VirtualAddress = address;
      std::memset(&fault.Failure, 0, sizeof(fault.Failure));
      fault.Failure.NotPresent = 1;  // no allocation maps the address
      fault.Failure.ReadOnly = 0;
      (void)write;
      fault.Flags = HSA_EVENTID_MEMORY_FATAL_PROCESS;
      signal(*record);
    }
  }
}

HSAKMT_STATUS EventTable::wait(HsaEvent* const* events, std::uint32_t count, bool all,
                               std::uint32_t milliseconds) {
  if (events == nullptr || count == 0) return HSAKMT_STATUS_INVALID_PARAMETER;
  std::unique_lock lock(mutex_);
  for (std::uint32_t i = 0; i < count; ++i)
    if (!known(events[i])) return HSAKMT_STATUS_INVALID_HANDLE;
  std::vector<std::uint64_t> seen(count);
  Waiter self;
  for (std::uint32_t i = 0; i < count; ++i) {
    auto* record = reinterpret_cast<Record*>(events[i]);
    seen[i] = record->generation;
    record->waiters.push_back(&self);
  }
  auto fired = [&](std::uint32_t i) {
    auto* record = reinterpret_cast<Record*>(events[i]);
    return record->signaled || record->generation != seen[i];
  };
  auto destroyed = [&] {
    for (std::uint32_t i = 0; i < count; ++i)
      if (reinterpret_cast<Record*>(events[i])->destroyed) return true;
    return false;
  };
  auto satisfied = [&] {
    if (destroyed()) return true;
    std::uint32_t firedCount = 0;
    for (std::uint32_t i = 0; i < count; ++i) firedCount += fired(i) ? 1 : 0;
    return all ? firedCount == count : firedCount > 0;
  };
  bool done;
  if (milliseconds == 0xFFFFFFFFu) {
    self.wakeup.wait(lock, satisfied);
    done = true;
  } else {
    done = self.wakeup.wait_for(lock, std::chrono::milliseconds(milliseconds), satisfied);
  }
  const bool failed = destroyed();
  std::vector<Record*> orphans;  // destroyed, and this was their last waiter
  for (std::uint32_t i = 0; i < count; ++i) {
    auto* record = reinterpret_cast<Record*>(events[i]);
    std::erase(record->waiters, &self);
    if (record->destroyed) {
      if (record->waiters.empty()) orphans.push_back(record);
      continue;
    }
    // Auto-reset events are consumed by the wait that observed them.
    if (done && !failed && record->signaled && !record->manualReset) record->signaled = false;
  }
  // An event may be listed twice: free each record once.
  std::sort(orphans.begin(), orphans.end());
  orphans.erase(std::unique(orphans.begin(), orphans.end()), orphans.end());
  for (Record* record : orphans) delete record;
  if (failed) return HSAKMT_STATUS_ERROR;
  if (!done) return HSAKMT_STATUS_WAIT_TIMEOUT;
  return HSAKMT_STATUS_SUCCESS;
}

}  // namespace vgpu::kfd
