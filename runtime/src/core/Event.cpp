// Recording, waiting for and timing events.
#include "Event.h"

#include "Device.h"
#include "HsaFailure.h"
#include "Stream.h"

namespace hipcore::core {

Event::Event(Device& device, unsigned flags, std::unique_ptr<hsa::Signal> signal)
    : device_(device), signal_(std::make_shared<EventSignal>()), flags_(flags) {
  signal_->signal = std::move(signal);
}

Event::~Event() {
  clearMagic(magic_);
}

Status Event::create(Device& device, unsigned flags, Event*& out) {
  std::shared_ptr<IpcEventShare> share;
  if (flags & hipEventInterprocess)
    if (Status created = IpcEventShare::create(share); !created.ok()) return created;
  auto signal = hsa::Signal::create(0);
  if (!signal) return hsaFailure(signal.error(), "event signal");
  out = new Event(device, flags, std::move(signal).value());
  out->share_ = std::move(share);
  return Status::success();
}

Status Event::open(Device& device, const hipIpcEventHandle_t& handle, Event*& out) {
  std::shared_ptr<IpcEventShare> share;
  if (Status opened = IpcEventShare::open(handle, share); !opened.ok()) return opened;
  auto signal = hsa::Signal::create(0);
  if (!signal) return hsaFailure(signal.error(), "event signal");
  out = new Event(device, hipEventInterprocess | hipEventDisableTiming, std::move(signal).value());
  out->share_ = std::move(share);
  return Status::success();
}

namespace {

// An interprocess record completes in the shared page when its barrier's signal reaches 0
// (on ROCR's signal thread).
struct SharedRecord {
  std::shared_ptr<IpcEventShare> share;
  uint64_t record;
};

void completeSharedRecord(void* arg) {
  auto* record = static_cast<SharedRecord*>(arg);
  record->share->complete(record->record);
  delete record;
}

}  // namespace

Status Event::record(Stream& queue) {
  if (&queue.device() != &device_)
    return fail(hipErrorInvalidHandle, "event of device %d recorded on a stream of device %d",
                device_.index(), queue.device().index());
  if (device_.failed()) return device_.queueFailure();
  if (Status ordered = device_.prepareSubmission(queue); !ordered.ok()) return ordered;
  if (!(flags_ & hipEventDisableTiming)) queue.submitter().queue().enableTimestamps();  // elapsed()
  // Counted before the reset: a query seeing the signal at 0 and this count unchanged on both
  // sides of its load knows the barrier of the record it noted completed (EventSignal).
  const uint64_t record = signal_->records.fetch_add(1) + 1;
  signal_->signal->store(1);
  if (share_ != nullptr) {
    auto* shared = new SharedRecord{share_, share_->beginRecord()};
    if (auto handler = hsa::onZero(signal_->signal->handle(), completeSharedRecord, shared);
        !handler) {
      share_->complete(shared->record);  // nobody else would: the event must not stay pending
      delete shared;
      return hsaFailure(handler.error(), "interprocess event record");
    }
  }
  uint64_t barrier = queue.submitter().submitBarrier(signal_->signal->handle());
  if (barrier == PacketSubmitter::kFailed) return device_.queueFailure();
  queue.noteEventBarrier(barrier + 1, signal_, record);
  recorded_ = true;
  return Status::success();
}

uint64_t Event::signalHandle() const {
  return signal_->signal->handle();
}

bool Event::timed() const {
  return (flags_ & hipEventDisableTiming) == 0;
}

void Event::markPending() {
  signal_->signal->store(1);
  recorded_ = true;
}

Status Event::synchronize() {
  if (share_ != nullptr) {
    share_->waitDone();
    return device_.failed() ? device_.queueFailure() : Status::success();
  }
  if (!recorded_) return Status::success();
  if (signal_->signal->waitForZero(device_.errorSlot()) != 0) return device_.queueFailure();
  return Status::success();
}

Status Event::query() const {
  if (share_ != nullptr) return share_->done() ? Status::success() : Status{hipErrorNotReady, {}};
  if (!recorded_ || signal_->signal->load() == 0) return Status::success();
  if (device_.failed()) return device_.queueFailure();
  return Status{hipErrorNotReady, {}};
}

Status Event::waitOn(Stream& queue) const {
  if (share_ != nullptr) return share_->done() ? Status::success() : share_->holdStream(queue);
  if (!recorded_) return Status::success();  // HIP: waiting on an unrecorded event is a no-op
  // Counted like a kernel: a stream ending with this wait knows when it completed from its
  // kernel signal (Stream::query, Stream::synchronize), without another packet.
  if (queue.submitter().submitCountedBarrier(/*dependency=*/signal_->signal->handle()) ==
      PacketSubmitter::kFailed)
    return queue.device().queueFailure();
  return Status::success();
}

Status Event::elapsed(const Event& start, const Event& stop, float& milliseconds) {
  if (!start.recorded_ || !stop.recorded_)
    return fail(hipErrorInvalidHandle, "hipEventElapsedTime needs two recorded events");
  if ((start.flags_ | stop.flags_) & hipEventDisableTiming)
    return fail(hipErrorInvalidHandle,
                "hipEventElapsedTime of an event created with hipEventDisableTiming");
  if (Status done = start.query(); !done.ok()) return done;
  if (Status done = stop.query(); !done.ok()) return done;
  auto begin = start.signal_->signal->completionTimeNs(start.device_.agent().agent);
  auto end = stop.signal_->signal->completionTimeNs(stop.device_.agent().agent);
  if (!begin || !end)
    return fail(hipErrorNotSupported, "event timestamps: %s",
                (begin ? end : begin).message().c_str());
  milliseconds =
      static_cast<float>((static_cast<double>(*end) - static_cast<double>(*begin)) / 1e6);
  return Status::success();
}

}  // namespace hipcore::core
