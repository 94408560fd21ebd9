// Helper threads parked between dispatches, and the free list of crews (see WorkerCrew.h).
#include "isa/WorkerCrew.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <utility>

namespace vgpu::isa {

namespace {

// The crews no dispatch holds (a busy one is held by its dispatch). Never destroyed, like the
// crews themselves.
struct CrewPool {
  std::mutex mutex;
  std::vector<WorkerCrew*> idle;
};
CrewPool& crewPool() {
  static CrewPool& pool = *new CrewPool;
  return pool;
}

void returnToPool(WorkerCrew* crew) {
  CrewPool& pool = crewPool();
  std::lock_guard lock(pool.mutex);
  pool.idle.push_back(crew);
}

// The crew this thread released last, not in the pool meanwhile.
struct ThreadCrew {
  WorkerCrew* crew = nullptr;
  ~ThreadCrew() {
    if (crew) returnToPool(crew);
  }
};
thread_local ThreadCrew threadCrew;

}  // namespace

WorkerCrew& WorkerCrew::acquire() {
  if (WorkerCrew* own = std::exchange(threadCrew.crew, nullptr)) return *own;
  CrewPool& pool = crewPool();
  {
    std::lock_guard lock(pool.mutex);
    if (!pool.idle.empty()) {
      WorkerCrew* crew = pool.idle.back();
      pool.idle.pop_back();
      return *crew;
    }
  }
  return *new WorkerCrew;  // leaked on purpose: its helpers never end
}

void WorkerCrew::release() {
  if (threadCrew.crew == nullptr) {
    threadCrew.crew = this;
    return;
  }
  returnToPool(this);
}

unsigned WorkerCrew::reserve(unsigned workers) {
  // Never throws: a crew that cannot grow runs the dispatch with the helpers it has (the
  // caller computes its per-worker cap from the count returned).
  try {
    while (helpers_.size() + 1 < workers) {
      auto helper = std::make_unique<Helper>();
      helpers_.reserve(helpers_.size() + 1);  // push_back below cannot throw once it runs
      const unsigned worker = static_cast<unsigned>(helpers_.size()) + 1;
      std::thread([this, h = helper.get(), worker] { helperLoop(*h, worker); }).detach();
      helpers_.push_back(std::move(helper));
    }
  } catch (const std::exception&) {
  }
  return std::min<unsigned>(workers, static_cast<unsigned>(helpers_.size()) + 1);
}

WorkerCache& WorkerCrew::cache(unsigned worker) {
  return worker == 0 ? callerCache_ : helpers_[worker - 1]->cache;
}

void WorkerCrew::helperLoop(Helper& h, unsigned worker) {
  for (;;) {
    std::uint32_t s = h.state.load(std::memory_order_acquire);
    if (s != kPosted) {
      h.state.wait(s, std::memory_order_acquire);
      continue;
    }
    // Worker 0 may have taken the post back (it finished every workgroup first).
    if (!h.state.compare_exchange_strong(s, kRunning, std::memory_order_acquire)) continue;
    body_(context_, worker);
    if (h.state.exchange(kIdle, std::memory_order_release) == kRunningWatched) h.state.notify_all();
  }
}

void WorkerCrew::finish(Helper& h) {
  std::uint32_t s = kPosted;
  // Not started yet: worker 0 has returned, so there is nothing left for it (see run()).
  if (h.state.compare_exchange_strong(s, kIdle, std::memory_order_acquire)) return;
  while (s == kRunning || s == kRunningWatched) {
    if (s == kRunning &&
        !h.state.compare_exchange_weak(s, kRunningWatched, std::memory_order_acquire))
      continue;  // s reloaded
    h.state.wait(kRunningWatched, std::memory_order_acquire);
    s = h.state.load(std::memory_order_acquire);
  }
}

void WorkerCrew::run(unsigned workers, Body body, void* context) {
  const unsigned helpers = workers - 1;  // reserve() made them
  body_ = body;
  context_ = context;
  for (unsigned k = 0; k < helpers; ++k) {
    helpers_[k]->state.store(kPosted, std::memory_order_release);
    helpers_[k]->state.notify_all();
  }
  body(context, 0);
  for (unsigned k = 0; k < helpers; ++k) finish(*helpers_[k]);
}

}  // namespace vgpu::isa
