// HIP events: a barrier packet with a completion signal, recorded into a stream; the packet
// processor's completion timestamp gives hipEventElapsedTime.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "IpcEvent.h"
#include "Status.h"
#include "TypeStableStorage.h"

namespace hipcore::hsa {
class Signal;
}

namespace hipcore::core {

class Device;
class Stream;

// An event's signal and how many times the event was recorded. A stream whose last packet is the
// event's barrier keeps a reference (Stream::noteEventBarrier), so hipStreamQuery can tell that
// this barrier completed without submitting another packet, even once the event is destroyed:
// the signal at 0 with the record count unchanged means it did (a later record resets the
// signal after counting itself, and the query checks the count on both sides of the load).
struct EventSignal {
  std::unique_ptr<hsa::Signal> signal;
  std::atomic<uint64_t> records{0};
};

class Event : public TypeStableStorage<Event> {
 public:
  // hipEventCreateWithFlags / hipEventDestroy (TypeStableStorage: stale handles are refused).
  static Status create(Device& device, unsigned flags, Event*& out);
  static void destroy(Event* event) { delete event; }
  ~Event();

  Device& device() const { return device_; }
  bool valid() const noexcept { return magic_ == kMagic; }

  // Marks the point after all work submitted so far to `queue`.
  Status record(Stream& queue);
  Status synchronize();
  Status query() const;  // hipSuccess when complete (or never recorded), else hipErrorNotReady
  // Makes later work of `queue` wait for this event.
  Status waitOn(Stream& queue) const;
  // An executable graph's event nodes on several queues (graph/GraphExec.h) prebuild their
  // packets: a record is a barrier completing signalHandle(), a wait a packet waiting for it to
  // reach 0 (it is 0 before the first record). A launch marks the event pending before it
  // submits a record, as record() does.
  uint64_t signalHandle() const;
  bool timed() const;
  void markPending();
  // Milliseconds between two completed events.
  static Status elapsed(const Event& start, const Event& stop, float& milliseconds);

  // Interprocess events (hipEventInterprocess): their state is shared with every process that
  // opened them (IpcEvent.h), and query, synchronize and waits read it there.
  IpcEventShare* share() const { return share_.get(); }
  // hipIpcOpenEventHandle: an event of `device` over another process's shared state.
  static Status open(Device& device, const hipIpcEventHandle_t& handle, Event*& out);

 private:
  Event(Device& device, unsigned flags, std::unique_ptr<hsa::Signal> signal);
  static constexpr uint64_t kMagic = 0x6869'7065'7665'6e74;  // "hipevent"

  uint64_t magic_ = kMagic;
  Device& device_;
  std::shared_ptr<EventSignal> signal_;
  unsigned flags_;  // hipEventDisableTiming, hipEventBlockingSync
  bool recorded_ = false;
  std::shared_ptr<IpcEventShare> share_;  // interprocess events only
};

}  // namespace hipcore::core
