// Assigning an executable graph's kernels to lanes and placing the waits between lanes.
#include "GraphLanes.h"

#include <algorithm>

namespace hipcore::graph {

namespace {

// Builds the plan kernel by kernel; positions count the kernels of a lane (0 for its first).
class LaneBuilder {
 public:
  LaneBuilder(size_t kernels, unsigned maxLanes, const std::vector<bool>& completesItsOwn)
      : completesItsOwn_(completesItsOwn),
        maxLanes_(maxLanes),
        laneOf_(kernels),
        positionOf_(kernels),
        itemOf_(kernels),
        clockOf_(kernels) {
    plan_.signals = 2;  // kFork, kDone
  }

  void place(uint32_t kernel, const std::vector<uint32_t>& dependencies) {
    const uint32_t lane = chooseLane(dependencies);
    // Of each other lane, the latest kernel this one depends on.
    std::vector<int64_t> needed(maxLanes_, -1);
    for (uint32_t d : dependencies)
      if (laneOf_[d] != lane) needed[laneOf_[d]] = std::max(needed[laneOf_[d]], position(d));
    for (uint32_t other = 0; other < lanes(); ++other)
      if (needed[other] > clock_[lane][other])
        waitFor(lane, kernels_[other][static_cast<size_t>(needed[other])]);
    LanePlan::Item item;
    item.kernel = kernel;
    item.ownSignal = kernel < completesItsOwn_.size() && completesItsOwn_[kernel];
    laneOf_[kernel] = lane;
    positionOf_[kernel] = static_cast<int64_t>(kernels_[lane].size());
    itemOf_[kernel] = static_cast<uint32_t>(plan_.lanes[lane].size());
    plan_.lanes[lane].push_back(item);
    kernels_[lane].push_back(kernel);
    clock_[lane][lane] = position(kernel);
    clockOf_[kernel] = clock_[lane];
  }

  // Lane 0 waits for every other lane's last kernel, then completes kDone.
  LanePlan finish() {
    for (uint32_t other = 1; other < lanes(); ++other) {
      const int64_t last = static_cast<int64_t>(kernels_[other].size()) - 1;
      if (last > clock_[0][other]) waitFor(0, kernels_[other].back());
    }
    LanePlan::Item& last = plan_.lanes[0].back();
    if (last.completes == LanePlan::kNone && !last.ownSignal) {
      last.completes = LanePlan::kDone;
    } else {
      LanePlan::Item done;  // a wait already met: it only marks the end
      done.wait = true;
      done.waitFor = LanePlan::kFork;
      done.completes = LanePlan::kDone;
      plan_.lanes[0].push_back(done);
    }
    return std::move(plan_);
  }

  uint32_t lanes() const { return static_cast<uint32_t>(plan_.lanes.size()); }

 private:
  int64_t position(uint32_t kernel) const { return positionOf_[kernel]; }

  // The lane whose last kernel is a dependency (the branch goes on there), else a new lane while
  // there may be more, else the lane with the fewest kernels.
  uint32_t chooseLane(const std::vector<uint32_t>& dependencies) {
    for (uint32_t d : dependencies)
      if (kernels_[laneOf_[d]].back() == d) return laneOf_[d];
    if (lanes() < maxLanes_) return openLane();
    uint32_t best = 0;
    for (uint32_t lane = 1; lane < lanes(); ++lane)
      if (kernels_[lane].size() < kernels_[best].size()) best = lane;
    return best;
  }

  uint32_t openLane() {
    LanePlan::Item first;
    first.wait = true;
    if (plan_.lanes.empty()) {
      // Lane 0: the previous launch's end, then the fork.
      first.waitFor = LanePlan::kDone;
      first.boundOffset = 2;
      first.completes = LanePlan::kFork;
    } else {
      first.waitFor = LanePlan::kFork;
    }
    plan_.lanes.push_back({first});
    kernels_.emplace_back();
    clock_.emplace_back(maxLanes_, -1);
    return lanes() - 1;
  }

  // A wait on `lane` for `kernel` (of another lane), which then completes a signal of its own.
  void waitFor(uint32_t lane, uint32_t kernel) {
    std::vector<LanePlan::Item>& producerLane = plan_.lanes[laneOf_[kernel]];
    uint32_t signal = LanePlan::kNone;
    if (!producerLane[itemOf_[kernel]].ownSignal) {
      LanePlan::Item& producer = producerLane[itemOf_[kernel]];
      if (producer.completes == LanePlan::kNone) producer.completes = plan_.signals++;
      signal = producer.completes;
    } else {
      // Its packet completes a signal of another kind (an event's). Nothing depends on such a
      // node: only the end of the launch waits for it, when it is the last of its lane, so a
      // wait already met right after it completes the lane's signal.
      if (markOf_.size() <= kernel) markOf_.resize(kernel + 1, LanePlan::kNone);
      if (markOf_[kernel] == LanePlan::kNone) {
        LanePlan::Item mark;
        mark.wait = true;
        mark.waitFor = LanePlan::kFork;
        mark.completes = markOf_[kernel] = plan_.signals++;
        producerLane.push_back(mark);
      }
      signal = markOf_[kernel];
    }
    LanePlan::Item wait;
    wait.wait = true;
    wait.waitFor = signal;
    plan_.lanes[lane].push_back(wait);
    for (uint32_t other = 0; other < maxLanes_; ++other)
      clock_[lane][other] = std::max(clock_[lane][other], clockOf_[kernel][other]);
  }

  const std::vector<bool>& completesItsOwn_;
  std::vector<uint32_t> markOf_;  // the wait after an ownSignal node that completes a lane signal
  unsigned maxLanes_;
  LanePlan plan_;
  std::vector<uint32_t> laneOf_;
  std::vector<int64_t> positionOf_;             // among its lane's kernels
  std::vector<uint32_t> itemOf_;                // its item in its lane
  std::vector<std::vector<int64_t>> clockOf_;   // a kernel's lane clock once it completed
  std::vector<std::vector<uint32_t>> kernels_;  // per lane, in order
  std::vector<std::vector<int64_t>> clock_;     // per lane: the last position known done on each
};

// Moves each kernel's signal to a wait right after it: a wait for kFork, met since the lane's
// first packet (lane 0's completes kFork, the others wait for it), that only marks the point.
void separateCompletions(LanePlan& plan) {
  for (auto& lane : plan.lanes) {
    std::vector<LanePlan::Item> items;
    items.reserve(lane.size());
    for (LanePlan::Item item : lane) {
      const uint32_t completes = item.completes;
      if (!item.wait) item.completes = LanePlan::kNone;
      items.push_back(item);
      if (item.wait || completes == LanePlan::kNone) continue;
      LanePlan::Item mark;
      mark.wait = true;
      mark.waitFor = LanePlan::kFork;
      mark.completes = completes;
      items.push_back(mark);
    }
    lane.swap(items);
  }
}

}  // namespace

LanePlan LanePlan::make(const std::vector<std::vector<uint32_t>>& dependencies, unsigned maxLanes,
                        uint32_t maxPackets, bool kernelsCompleteNothing,
                        const std::vector<bool>& completesItsOwn) {
  if (maxLanes < 2 || dependencies.empty()) return {};
  LaneBuilder builder(dependencies.size(), maxLanes, completesItsOwn);
  for (uint32_t kernel = 0; kernel < dependencies.size(); ++kernel)
    builder.place(kernel, dependencies[kernel]);
  if (builder.lanes() < 2) return {};
  LanePlan plan = builder.finish();
  if (kernelsCompleteNothing) separateCompletions(plan);
  for (const auto& lane : plan.lanes)
    if (lane.size() > maxPackets) return {};
  return plan;
}

}  // namespace hipcore::graph
