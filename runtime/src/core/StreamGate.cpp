// A barrier gated by a polling waiter thread.
#include "StreamGate.h"

#include <chrono>
#include <thread>

#include "Device.h"
#include "HsaFailure.h"
#include "Stream.h"

namespace hipcore::core {

void pollUntil(const std::function<bool()>& ready) {
  auto pause = std::chrono::microseconds(1);
  while (!ready()) {
    std::this_thread::sleep_for(pause);
    if (pause < std::chrono::milliseconds(1)) pause *= 2;
  }
}

Status holdStreamUntil(Stream& queue, std::function<bool()> ready) {
  auto gate = hsa::Signal::create(1);
  auto done = hsa::Signal::create(1);
  if (!gate || !done) return hsaFailure((gate ? done : gate).error(), "stream gate");
  Device& device = queue.device();
  if (Status ordered = device.prepareSubmission(queue); !ordered.ok()) return ordered;
  if (queue.submitter().submitBarrier(done.value()->handle(), gate.value()->handle()) ==
      PacketSubmitter::kFailed)
    return device.queueFailure();
  // The thread owns both signals: it opens the gate, then waits for the barrier to complete
  // (or its queue to fail) before destroying them.
  std::thread([ready = std::move(ready), errors = device.errorSlot(),
               gate = std::move(gate).value(), done = std::move(done).value()] {
    pollUntil(ready);
    gate->store(0);
    done->waitForZero(errors);
  }).detach();
  return Status::success();
}

}  // namespace hipcore::core
