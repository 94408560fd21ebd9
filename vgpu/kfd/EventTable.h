// KFD events: signal events with a mailbox slot each, memory-fault events, and waits.
//
// ROCR keeps the HsaEvent* the thunk returns and reads two things from it directly: HWData2
// (the mailbox address a CP writes the event id to before its interrupt) and, for memory
// events, EventData.MemoryAccessFault (filled here when a GPU fault is raised).
#pragma once

#include <hsakmt.h>

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace vgpu::kfd {

class MemoryMap;

class EventTable {
 public:
  static constexpr std::uint32_t kMaxEvents = 4096;  // the KFD's signal-event page holds 4096

  explicit EventTable(MemoryMap& memory);

  HSAKMT_STATUS create(const HsaEventDescriptor& descriptor, bool manualReset, bool signaled,
                       HsaEvent** event);
  HSAKMT_STATUS destroy(HsaEvent* event);
  // The event with this id (the KFD ioctls name events by id), or null.
  HsaEvent* find(std::uint32_t eventId);
  HSAKMT_STATUS set(HsaEvent* event);
  HSAKMT_STATUS reset(HsaEvent* event);
  // The interrupt path: a CP or SDMA engine completed something carrying this event id.
  void raise(std::uint32_t eventId);
  // A wave's interrupt carries only the low `bits` of the event id: every event they match
  // is set (a spurious wake-up only makes ROCR look at its signal again).
  void raisePartial(std::uint32_t partialId, unsigned bits);
  // A GPU memory fault: every memory event receives the fault record and is signalled.
  void raiseMemoryFault(std::uint32_t nodeId, std::uint64_t address, bool write);
  // milliseconds == 0xFFFFFFFF waits forever (HSA_EVENTTIMEOUT_INFINITE).
  HSAKMT_STATUS wait(HsaEvent* const* events, std::uint32_t count, bool all,
                     std::uint32_t milliseconds);

 private:
  // One thread inside wait(): woken only by the events it waits on. (One condition variable
  // for the whole table woke every waiting thread -- the host's wait, ROCR's async-event
  // thread, hipcore's hostcall thread -- on every completion signal; on 2 cores those
  // needless wake-ups cost the woken host several microseconds per round trip.)
  struct Waiter {
    std::condition_variable wakeup;
  };
  struct Record {
    HsaEvent event;  // first member: HsaEvent* handed to ROCR converts back to Record*
    bool manualReset = false;
    bool signaled = false;
    std::vector<Waiter*> waiters;  // threads inside wait() on this event
    std::uint64_t generation = 0;  // bumped by every set: wakes all current waiters
    // Destroyed while threads waited on it (ROCR destroys a queue's event while its
    // async-event thread may wait on it): the waiters wake with an error, the last one frees
    // the record, as the KFD's destroy_event wakes its waiters to fail.
    bool destroyed = false;
  };
  bool known(const HsaEvent* event) const;
  // KFD semantics (kfd_events.c set_event): a set wakes every current waiter; an auto-reset
  // event stays signalled only if nobody was waiting. Two threads blocked on one auto-reset
  // event (ROCR's async-event thread and a host wait share the queue event) both wake.
  // Called with mutex_ held; notifies under it, so a waiter cannot leave (and take its Waiter
  // off the stack) between being chosen and being notified.
  void signal(Record& record);

  std::mutex mutex_;
  std::unordered_map<std::uint32_t, Record*> byId_;
  std::vector<std::uint32_t> freeIds_;
  std::uint32_t nextId_ = 1;
  std::uint64_t* mailboxes_ = nullptr;  // kMaxEvents 64-bit slots, visible to the GPU
};

}  // namespace vgpu::kfd
