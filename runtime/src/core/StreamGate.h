// Holding a stream's later work until a condition outside any GPU holds: a memory word another
// process writes (interprocess events, external semaphores). The stream gets a barrier whose
// dependency a waiter thread releases once `ready()` returns true; the thread polls with
// back-off from 1 us to 1 ms (the word may change in another process: no event to wait on).
#pragma once

#include <functional>

#include "Status.h"

namespace hipcore::core {

class Stream;

Status holdStreamUntil(Stream& queue, std::function<bool()> ready);
// The same poll on the calling thread (hipEventSynchronize of an interprocess event).
void pollUntil(const std::function<bool()>& ready);

}  // namespace hipcore::core
