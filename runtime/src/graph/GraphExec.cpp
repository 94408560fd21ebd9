// Instantiating, uploading and launching executable graphs (updates: GraphExecUpdate.cpp).
#include "GraphExec.h"

#include <algorithm>
#include <iterator>

#include "GraphMemory.h"
#include "SyncNodes.h"
#include "core/Event.h"
#include "core/HsaFailure.h"
#include "core/Limits.h"
#include "trace/DispatchTrace.h"
#include "trace/Settings.h"

namespace hipcore::graph {

using core::fail;
using core::Status;

namespace {

// The executable's nodes and the original nodes they were cloned from, child graphs included.
void mapCopies(const Graph& copy, std::unordered_map<const GraphNode*, GraphNode*>& out) {
  for (const auto& node : copy.nodes()) {
    out[node->original] = node.get();
    if (node->params.type == hipGraphNodeTypeGraph) mapCopies(*node->params.child, out);
  }
}

// The device of the graph's kernels: -1 before the first one, -2 once two differ.
void kernelDevice(const Graph& graph, int& device, GraphNode*& mismatch) {
  for (const auto& node : graph.nodes()) {
    if (node->params.type == hipGraphNodeTypeGraph)
      kernelDevice(*node->params.child, device, mismatch);
    if (node->params.type != hipGraphNodeTypeKernel || mismatch != nullptr) continue;
    int own = node->params.kernel.device();
    if (device == -1) device = own;
    if (device != own) mismatch = node.get();
  }
}

// The hidden arguments of `launch` on the queue of `hardware` (whose grid barrier is
// `gridBarrier`).
loader::HiddenArgValues hiddenFor(const core::HardwareQueue& hardware, uint64_t gridBarrier,
                                  const KernelLaunch& launch) {
  loader::HiddenArgValues hidden = hardware.hidden();
  hidden.queuePtr = hardware.packets().address();
  if (launch.attributes.cooperative != 0) hidden.multigridSync = gridBarrier;
  return hidden;
}

// The packet of one kernel node whose kernarg segment is at `kernarg` (header left invalid).
hsa::DispatchPacket packetFor(const KernelLaunch& launch, const void* kernarg) {
  const loader::LaunchGeometry g = launch.geometry();
  hsa::DispatchPacket packet{};
  packet.setup = loader::KernargLayout::dimensions(g);
  for (int d = 0; d < 3; ++d) {
    packet.workgroupSize[d] = static_cast<uint16_t>(g.blockSize[d]);
    packet.gridSize[d] = g.gridBlocks[d] * g.blockSize[d];
  }
  packet.privateSegmentSize = launch.code().privateSegmentSize;
  packet.groupSegmentSize = launch.code().groupSegmentSize + g.dynamicLdsBytes;
  packet.kernelObject = launch.code().kernelObject;
  packet.kernarg = kernarg;
  return packet;
}

bool hasMemoryNodes(const Graph& graph) {
  return std::any_of(graph.nodes().begin(), graph.nodes().end(), [](const auto& node) {
    return node->params.type == hipGraphNodeTypeMemAlloc ||
           node->params.type == hipGraphNodeTypeMemFree;
  });
}

}  // namespace

Status GraphExec::instantiate(const Graph& graph, unsigned long long flags,
                              const core::Runtime& runtime, core::Device* current,
                              std::unique_ptr<GraphExec>& out, GraphNode** errorNode) {
  std::vector<GraphNode*> order;
  if (Status acyclic = graph.order(order, errorNode); !acyclic.ok()) return acyclic;
  int device = -1;
  GraphNode* mismatch = nullptr;
  kernelDevice(graph, device, mismatch);
  if (mismatch != nullptr) {
    if (errorNode != nullptr) *errorNode = mismatch;
    return fail(hipErrorInvalidValue, "graph %p has kernels of more than one device",
                static_cast<const void*>(&graph));
  }
  const bool memory = hasMemoryNodes(graph);
  if (memory && graph.memoryExecutables()->load() != 0)
    return fail(hipErrorNotSupported,
                "graph %p has memory nodes and an executable of it exists (one at a time)",
                static_cast<const void*>(&graph));
  std::unique_ptr<GraphExec> exec(new GraphExec());
  exec->flags_ = flags;
  exec->device_ = device;
  exec->runtime_ = &runtime;
  exec->current_ = current;
  exec->graph_ = graph.clone();
  mapCopies(*exec->graph_, exec->copies_);
  if (Status planned = exec->plan(); !planned.ok()) return planned;
  if (memory) {
    exec->memoryExecutables_ = graph.memoryExecutables();
    exec->memoryExecutables_->fetch_add(1);
  }
  out = std::move(exec);
  return Status::success();
}

GraphExec::~GraphExec() {
  (void)quiesce();  // its kernargs may be in use until its launches complete
  releaseUploads();
  if (memoryExecutables_) memoryExecutables_->fetch_sub(1);
  clearMagic(magic_);
}

Status GraphExec::plan() {
  steps_.clear();
  kernels_.clear();
  allocations_.clear();
  frees_.clear();
  laneNodes_.clear();
  laneEvents_.clear();
  laneNodeOfKernel_.clear();
  blits_.clear();
  laneDependencies_.clear();
  laneable_ = true;
  laneDevice_ = device_ >= 0 ? device_ : current_ != nullptr ? current_->index() : -1;
  std::vector<GraphNode*> order;
  if (Status acyclic = launchOrder(*graph_, order); !acyclic.ok()) return acyclic;
  std::vector<uint32_t> exits;
  planGraph(*graph_, order, {}, exits);
  kernargOffsets_.clear();
  size_t offset = 0;
  for (const GraphNode* node : kernels_) {
    kernargOffsets_.push_back(offset);
    offset += GraphExec::segmentBytes(node->params.kernel.code().layout.segmentSize());
  }
  kernargOffsets_.push_back(offset);  // the total
  laneKernargOffsets_.clear();
  offset = 0;
  for (const LaneNode& node : laneNodes_) {
    laneKernargOffsets_.push_back(offset);
    if (node.launch != nullptr)
      offset += GraphExec::segmentBytes(node.launch->code().layout.segmentSize());
  }
  laneKernargOffsets_.push_back(offset);
  return planLanes();
}

namespace {

// The union of `from` into `into`, kept sorted and without repeats.
void merge(std::vector<uint32_t>& into, const std::vector<uint32_t>& from) {
  std::vector<uint32_t> both;
  both.reserve(into.size() + from.size());
  std::set_union(into.begin(), into.end(), from.begin(), from.end(), std::back_inserter(both));
  into.swap(both);
}

}  // namespace

void GraphExec::planGraph(const Graph& graph, const std::vector<GraphNode*>& order,
                          const std::vector<uint32_t>& entry, std::vector<uint32_t>& exits) {
  (void)graph;
  // For each node, the lane nodes it stands for as a dependency: itself for a kernel (or a copy
  // or fill that is a built-in kernel), else what it depends on (a child graph: what its leaves
  // stand for).
  std::unordered_map<const GraphNode*, std::vector<uint32_t>> stands;
  for (GraphNode* node : order) {
    std::vector<uint32_t> after = node->dependencies.empty() ? entry : std::vector<uint32_t>{};
    for (const GraphNode* dependency : node->dependencies) merge(after, stands[dependency]);
    std::vector<uint32_t>& mine = stands[node];
    mine = after;
    if (!node->enabled) continue;
    switch (node->params.type) {
      case hipGraphNodeTypeKernel:
        if (steps_.empty() || steps_.back().node != nullptr)
          steps_.push_back({nullptr, static_cast<uint32_t>(kernels_.size()), 0});
        ++steps_.back().count;
        if (node->params.kernel.attributes.cooperative != 0) laneable_ = false;
        mine = {static_cast<uint32_t>(laneNodes_.size())};
        laneNodeOfKernel_.push_back(static_cast<uint32_t>(laneNodes_.size()));
        laneNodes_.push_back({LaneNode::Kernel, &node->params.kernel,
                              static_cast<uint32_t>(kernels_.size()), nullptr});
        laneDependencies_.push_back(std::move(after));
        kernels_.push_back(node);
        break;
      case hipGraphNodeTypeMemcpy:
      case hipGraphNodeTypeMemset:
        steps_.push_back({node});  // the single-queue plan submits it as its call would
        if (!laneable_) break;
        if (!planBlit(*node)) {
          laneable_ = false;
          break;
        }
        if (laneNodes_.size() > laneDependencies_.size()) {  // an empty copy adds no packet
          mine = {static_cast<uint32_t>(laneDependencies_.size())};
          laneDependencies_.push_back(std::move(after));
        }
        break;
      case hipGraphNodeTypeGraph: {
        std::vector<GraphNode*> inner;
        (void)launchOrder(*node->params.child, inner);  // acyclic: checked when added
        std::vector<uint32_t> leaves;
        planGraph(*node->params.child, inner, after, leaves);
        mine = std::move(leaves);
        break;
      }
      // Graph memory is reserved for the graph's life: a launch only marks it in use and free.
      case hipGraphNodeTypeMemAlloc:
        allocations_.push_back(node->params.allocation.get());
        break;
      case hipGraphNodeTypeMemFree:
        frees_.push_back(node->params.freed);
        break;
      case hipGraphNodeTypeEmpty:
        break;
      case hipGraphNodeTypeEventRecord:
      case hipGraphNodeTypeWaitEvent:
        steps_.push_back({node});  // the single-queue plan submits it as its call would
        if (!laneable_) break;
        if (!planEvent(*node)) {
          laneable_ = false;
          break;
        }
        // A record's packet completes the event's signal, not a lane's: its dependents wait
        // for what it waits for (the same point), so nothing waits for the record itself.
        if (node->params.type == hipGraphNodeTypeWaitEvent)
          mine = {static_cast<uint32_t>(laneDependencies_.size())};
        laneDependencies_.push_back(std::move(after));
        break;
      default:
        // Host functions, semaphores and memory operations need the host or the stream's
        // bookkeeping at launch (GraphExec.h): submitted through the stream's calls, they fit
        // lane 0's order only.
        steps_.push_back({node});
        laneable_ = false;
        break;
    }
  }
  exits.clear();
  for (const GraphNode* node : order)
    if (node->dependents.empty()) merge(exits, stands[node]);
}

bool GraphExec::planBlit(const GraphNode& node) {
  core::Device* device = runtime_ != nullptr ? runtime_->device(laneDevice_) : nullptr;
  if (device == nullptr) return false;
  core::DeviceCopies::BlitLaunch blit;
  core::Status made;
  if (node.params.type == hipGraphNodeTypeMemcpy) {
    const CopyOperation& c = node.params.copy;
    made = device->copies().copyKernel(c.destination, c.source, c.extent, blit);
    // A side in pageable host memory: the host copies it at launch (no packet can).
    if (made.ok() && blit.kernel == nullptr && !c.extent.empty()) return false;
  } else {
    const hipMemsetParams& m = node.params.fill.params;
    const size_t pitch = node.params.fill.rowPitch();
    made = device->copies().fillKernel({m.dst, pitch, pitch * m.height},
                                       core::Extent{m.width * m.elementSize, m.height}, m.value,
                                       m.elementSize, blit);
  }
  if (!made.ok()) return false;  // the stream's call reports it at each launch, as before
  if (blit.kernel == nullptr) return true;  // nothing to copy or fill: like an empty node
  hipKernelNodeParams params{};
  params.gridDim =
      dim3(blit.geometry.gridBlocks[0], blit.geometry.gridBlocks[1], blit.geometry.gridBlocks[2]);
  params.blockDim =
      dim3(blit.geometry.blockSize[0], blit.geometry.blockSize[1], blit.geometry.blockSize[2]);
  params.kernelParams = blit.arguments;
  auto launch = std::make_unique<KernelLaunch>();
  if (!KernelLaunch::make(params, *blit.kernel, laneDevice_, *launch).ok()) return false;
  laneNodes_.push_back({LaneNode::Blit, launch.get(), UINT32_MAX, nullptr});
  blits_.push_back(std::move(launch));
  return true;
}

bool GraphExec::planEvent(const GraphNode& node) {
  auto* event = reinterpret_cast<core::Event*>(node.params.event);
  if (event == nullptr || !event->valid() || event->share() != nullptr ||
      event->device().index() != laneDevice_)
    return false;
  laneEvents_.push_back(static_cast<uint32_t>(laneNodes_.size()));
  laneNodes_.push_back({node.params.type == hipGraphNodeTypeEventRecord ? LaneNode::EventRecord
                                                                        : LaneNode::EventWait,
                        nullptr, UINT32_MAX, event});
  return true;
}

bool GraphExec::onLanes(const core::Stream& queue) const {
  return !lanes_.lanes.empty() && (laneDevice_ < 0 || queue.device().index() == laneDevice_);
}

Status GraphExec::planLanes() {
  lanes_ = {};
  nodePlaces_.clear();
  launches_ = 0;
  if (!laneable_) return Status::success();
  // Half a queue per lane: a launch reserves each lane's run at once (PacketSubmitter::reserveRun).
  std::vector<bool> records(laneNodes_.size());
  for (size_t i = 0; i < laneNodes_.size(); ++i)
    records[i] = laneNodes_[i].kind == LaneNode::EventRecord;
  lanes_ =
      LanePlan::make(laneDependencies_, std::min(core::QueuePool::configuredLimit(), kMaxLanes),
                     core::kQueuePackets / 2, trace::enabled(trace::kTrace), records);
  nodePlaces_.resize(laneNodes_.size());
  for (uint32_t lane = 0; lane < lanes_.lanes.size(); ++lane)
    for (uint32_t item = 0; item < lanes_.lanes[lane].size(); ++item)
      if (!lanes_.lanes[lane][item].wait)
        nodePlaces_[lanes_.lanes[lane][item].kernel] = {lane, item};
  // Nothing is in flight (instantiation, or an update after quiesce()): every signal starts
  // again, and those the uploads' packets name keep their handles.
  for (auto& signal : signals_) signal->store(LanePlan::kSignalStart);
  while (signals_.size() < lanes_.signals) {
    auto signal = hsa::Signal::createPolled(LanePlan::kSignalStart);
    if (!signal) return core::hsaFailure(signal.error(), "graph lane signal");
    signals_.push_back(std::move(signal).value());
  }
  return Status::success();
}

GraphNode* GraphExec::copyOf(const GraphNode* original) const {
  auto found = copies_.find(original);
  return found == copies_.end() ? nullptr : found->second;
}

void GraphExec::forgetQueuesAfterReset(core::Device& device) {
  if (uploadDevice_ == &device && uploadResets_ == device.resetCount()) return;
  releaseUploads();
  uploadDevice_ = &device;
  uploadResets_ = device.resetCount();
  for (auto& signal : signals_) signal->store(LanePlan::kSignalStart);
  launches_ = 0;
}

Status GraphExec::uploadFor(core::Stream& queue, Upload*& out) {
  core::Device& device = queue.device();
  if (uploadDevice_ != &device || uploadResets_ != device.resetCount()) [[unlikely]]
    forgetQueuesAfterReset(device);
  core::HardwareQueue* hardware = &queue.hardware();
  for (Upload& upload : uploads_)
    if (upload.hardware == hardware) {
      out = &upload;
      return Status::success();
    }
  Upload upload;
  upload.hardware = hardware;
  const bool lanes = onLanes(queue);
  const size_t bytes = lanes ? laneKernargOffsets_.back() : kernargOffsets_.back();
  const hsa::GpuAgent& agent = queue.device().agent();
  if (bytes != 0) {
    auto memory = hsa::allocate(agent.kernargPool, bytes);
    if (!memory) return core::hsaFailure(memory.error(), "graph kernargs");
    upload.kernargs = *memory;
    if (auto access = hsa::allowAccess(agent.agent, upload.kernargs); !access) {
      (void)hsa::release(upload.kernargs);
      return core::hsaFailure(access.error(), "graph kernargs");
    }
  }
  if (lanes) {
    uploads_.push_back(std::move(upload));
    if (Status laid = uploadLanes(queue, uploads_.back()); !laid.ok()) {
      if (uploads_.back().kernargs != nullptr) (void)hsa::release(uploads_.back().kernargs);
      uploads_.pop_back();
      return laid;
    }
    out = &uploads_.back();
    return Status::success();
  }
  upload.packets.resize(kernels_.size());
  for (const GraphNode* node : kernels_)
    if (node->params.kernel.attributes.cooperative != 0 && upload.gridBarrier == 0) {
      // Keyed by the hardware queue: its kernels run one after another (GridBarriers.h).
      Status barrier = queue.device().gridBarriers().barrierFor(hardware, upload.gridBarrier);
      if (!barrier.ok()) {
        if (upload.kernargs != nullptr) (void)hsa::release(upload.kernargs);
        return barrier;
      }
    }
  uploads_.push_back(std::move(upload));
  for (size_t i = 0; i < kernels_.size(); ++i) {
    // Only the new upload: the others are packed already.
    Upload& fresh = uploads_.back();
    const KernelLaunch& launch = kernels_[i]->params.kernel;
    uint8_t* kernarg = static_cast<uint8_t*>(fresh.kernargs) + kernargOffsets_[i];
    launch.code().layout.pack(launch.arguments(), launch.geometry(),
                              hiddenFor(*hardware, fresh.gridBarrier, launch), kernarg);
    fresh.packets[i] = packetFor(launch, kernarg);
  }
  out = &uploads_.back();
  return Status::success();
}

Status GraphExec::uploadLanes(core::Stream& queue, Upload& upload) {
  core::Device& device = queue.device();
  std::vector<core::HardwareQueue*> others;
  if (Status got = device.queuePool().lanesFor(upload.hardware, lanes_.lanes.size() - 1, others);
      !got.ok())
    return got;
  if (others.size() + 1 < lanes_.lanes.size())
    return fail(hipErrorOutOfMemory,
                "graph executable %p needs %zu hardware queues, device %d has %zu",
                static_cast<void*>(this), lanes_.lanes.size(), device.index(), others.size() + 1);
  upload.lanes.resize(lanes_.lanes.size());
  for (size_t l = 0; l < upload.lanes.size(); ++l) {
    Lane& lane = upload.lanes[l];
    lane.hardware = l == 0 ? upload.hardware : others[l - 1];
    if (l != 0) {
      lane.submitter = std::make_unique<core::PacketSubmitter>(
          lane.hardware->packets(), lane.hardware->kernargs(), lane.hardware->hidden(),
          lane.hardware->errorStatus());
      lane.submitter->countSubmissionsIn(device.submissionCounter());
      lane.submitter->identify(device.agent().agent);  // its own row in HIPCORE_TRACE's trace
    }
    const std::vector<LanePlan::Item>& items = lanes_.lanes[l];
    lane.packets.resize(items.size());
    for (uint32_t i = 0; i < items.size(); ++i) {
      const LanePlan::Item& item = items[i];
      if (!item.wait) continue;  // kernels: packLaneKernel
      const uint64_t completes =
          item.completes == LanePlan::kNone ? 0 : signals_[item.completes]->handle();
      lane.packets[i] = hsa::rawWaitBelow(signals_[item.waitFor]->handle(), 0, completes);
      lane.bounds.push_back({i, item.boundOffset});
    }
  }
  for (size_t i = 0; i < laneNodes_.size(); ++i) packLaneKernel(upload, i);
  return Status::success();
}

void GraphExec::packLaneKernel(Upload& upload, size_t index) {
  const Place place = nodePlaces_[index];
  Lane& lane = upload.lanes[place.lane];
  const LanePlan::Item& item = lanes_.lanes[place.lane][place.item];
  const uint64_t completes =
      item.completes == LanePlan::kNone ? 0 : signals_[item.completes]->handle();
  const LaneNode& node = laneNodes_[index];
  if (node.kind == LaneNode::EventRecord) {
    // Event::record's barrier, the event's timestamps from this lane's queue.
    if (node.event->timed()) lane.hardware->packets().enableTimestamps();
    lane.packets[place.item] = hsa::rawBarrier(node.event->signalHandle(), 0);
    return;
  }
  if (node.kind == LaneNode::EventWait) {
    // Below 1: complete (0), or never recorded (0 since its creation).
    lane.packets[place.item] = hsa::rawWaitBelow(node.event->signalHandle(), 1, completes);
    return;
  }
  const KernelLaunch& launch = *node.launch;
  uint8_t* kernarg = static_cast<uint8_t*>(upload.kernargs) + laneKernargOffsets_[index];
  launch.code().layout.pack(launch.arguments(), launch.geometry(),
                            hiddenFor(*lane.hardware, 0, launch), kernarg);
  hsa::DispatchPacket packet = packetFor(launch, kernarg);
  packet.completionSignal = completes;
  lane.packets[place.item] = hsa::rawDispatch(packet);
}

void GraphExec::repack(size_t index) {
  const KernelLaunch& launch = kernels_[index]->params.kernel;
  for (Upload& upload : uploads_) {
    if (!upload.lanes.empty()) {
      packLaneKernel(upload, laneNodeOfKernel_[index]);
      continue;
    }
    uint8_t* kernarg = static_cast<uint8_t*>(upload.kernargs) + kernargOffsets_[index];
    launch.code().layout.pack(launch.arguments(), launch.geometry(),
                              hiddenFor(*upload.hardware, upload.gridBarrier, launch), kernarg);
    upload.packets[index] = packetFor(launch, kernarg);
  }
}

Status GraphExec::upload(core::Stream& queue) {
  if (device_ >= 0 && queue.device().index() != device_)
    return fail(hipErrorInvalidValue, "graph of device %d uploaded to a stream of device %d",
                device_, queue.device().index());
  Upload* upload = nullptr;
  return uploadFor(queue, upload);
}

Status GraphExec::launch(core::Stream& queue) {
  core::Device& device = queue.device();
  if (device_ >= 0 && device.index() != device_)
    return fail(hipErrorInvalidValue, "graph of device %d launched on a stream of device %d",
                device_, device.index());
  if (device.failed()) return device.queueFailure();
  Upload* upload = nullptr;
  if (Status ready = uploadFor(queue, upload); !ready.ok()) return ready;
  for (GraphAllocation* block : allocations_) block->allocate();
  if (!upload->lanes.empty()) {
    if (Status launched = launchOnLanes(queue, *upload); !launched.ok()) return launched;
    for (void* freed : frees_) (void)freeGraphMemory(freed);
    return Status::success();
  }
  for (const Step& step : steps_) {
    if (step.node == nullptr) {
      if (Status ordered = device.prepareSubmission(queue); !ordered.ok()) return ordered;
      if (trace::enabled(trace::kTrace)) traceSingleQueue(queue, *upload, step);
      if (!queue.submitter().launchPrebuilt(&upload->packets[step.first], step.count))
        return device.queueFailure();
      upload->lastEnd = queue.submitter().end();
      continue;
    }
    const NodeParams& p = step.node->params;
    Status status;
    switch (p.type) {
      case hipGraphNodeTypeMemcpy:
        status = device.copies().copy(&queue, p.copy.destination, p.copy.source, p.copy.extent,
                                      /*wait=*/false);
        break;
      case hipGraphNodeTypeMemset: {
        const hipMemsetParams& m = p.fill.params;
        const size_t pitch = p.fill.rowPitch();
        core::Pitched<void*> box{m.dst, pitch, pitch * m.height};
        status = device.copies().fill(&queue, box, core::Extent{m.width * m.elementSize, m.height},
                                      m.value, m.elementSize, /*wait=*/false);
        break;
      }
      case hipGraphNodeTypeHost:
        status = queue.enqueueHostFunction(p.host.fn, p.host.userData);
        break;
      case hipGraphNodeTypeEventRecord:
      case hipGraphNodeTypeWaitEvent: {
        auto* event = reinterpret_cast<core::Event*>(p.event);
        if (!event->valid())
          return fail(hipErrorInvalidHandle, "event %p of a graph node was destroyed",
                      static_cast<void*>(p.event));
        status =
            p.type == hipGraphNodeTypeEventRecord ? event->record(queue) : event->waitOn(queue);
        break;
      }
      case hipGraphNodeTypeExtSemaphoreSignal:
      case hipGraphNodeTypeExtSemaphoreWait:
      case hipGraphNodeTypeBatchMemOp:
        status = runSyncNode(p, queue);
        break;
      default:
        break;
    }
    if (!status.ok()) return status;
  }
  for (void* freed : frees_) (void)freeGraphMemory(freed);
  return Status::success();
}

Status GraphExec::launchOnLanes(core::Stream& queue, Upload& upload) {
  core::Device& device = queue.device();
  for (uint32_t index : laneEvents_)
    if (!laneNodes_[index].event->valid())
      return fail(hipErrorInvalidHandle, "event %p of a graph node was destroyed",
                  static_cast<void*>(laneNodes_[index].event));
  if (Status ordered = device.prepareSubmission(queue); !ordered.ok()) return ordered;
  // Counted once submitted: a launch that never was must not be waited for.
  const int64_t launch = static_cast<int64_t>(launches_ + 1);
  for (Lane& lane : upload.lanes)
    for (const Lane::Bound& bound : lane.bounds)
      hsa::setWaitBound(lane.packets[bound.packet], LanePlan::kSignalStart - launch + bound.offset);
  // Lane 0 last: whatever the stream submits after this launch follows every lane's run, so
  // nothing that waits for the launch can be queued ahead of a part of it (QueuePool::spanLock).
  bool reserved = true;
  {
    std::lock_guard lock(device.queuePool().spanLock());
    for (size_t l = upload.lanes.size(); reserved && l-- > 0;) {
      Lane& lane = upload.lanes[l];
      core::PacketSubmitter& submitter = l == 0 ? queue.submitter() : *lane.submitter;
      reserved = submitter.reserveRun(lane.first, static_cast<uint32_t>(lane.packets.size()));
    }
  }
  if (!reserved) return device.queueFailure();  // the device failed: a reset restarts the count
  ++launches_;
  for (uint32_t index : laneEvents_)  // before their records are published
    if (laneNodes_[index].kind == LaneNode::EventRecord) laneNodes_[index].event->markPending();
  if (trace::enabled(trace::kTrace)) traceLanes(queue, upload);
  for (size_t l = upload.lanes.size(); l-- > 0;) {
    Lane& lane = upload.lanes[l];
    core::PacketSubmitter& submitter = l == 0 ? queue.submitter() : *lane.submitter;
    submitter.publishRun(lane.first, lane.packets.data(),
                         static_cast<uint32_t>(lane.packets.size()));
  }
  upload.lastEnd = queue.submitter().end();
  return Status::success();
}

// Tracing is on for the whole process or not at all (trace/Settings.h), so the prebuilt
// packets either always or never carry trace signals: the kernels of the single-queue plan then
// complete nothing else (PacketSubmitter::launchPrebuilt), those of lanes no lane signal
// (LanePlan::make moved them to waits after the kernels).
void GraphExec::traceSingleQueue(core::Stream& queue, Upload& upload, const Step& step) {
  queue.submitter().queue().enableTimestamps();
  for (uint32_t i = step.first; i < step.first + step.count; ++i) {
    hsa::DispatchPacket& packet = upload.packets[i];
    packet.completionSignal =
        trace::traceDispatch(queue.submitter().traceQueue(), kernels_[i]->params.kernel.code().name,
                             packet.gridSize, packet.workgroupSize);
  }
}

void GraphExec::traceLanes(core::Stream& queue, Upload& upload) {
  for (size_t l = 0; l < upload.lanes.size(); ++l) {
    Lane& lane = upload.lanes[l];
    core::PacketSubmitter& submitter = l == 0 ? queue.submitter() : *lane.submitter;
    submitter.queue().enableTimestamps();
    const std::vector<LanePlan::Item>& items = lanes_.lanes[l];
    for (size_t i = 0; i < items.size(); ++i) {
      if (items[i].wait || laneNodes_[items[i].kernel].launch == nullptr) continue;  // events
      const hsa::DispatchPacket packet = hsa::dispatchOf(lane.packets[i]);
      hsa::setCompletionSignal(lane.packets[i],
                               trace::traceDispatch(submitter.traceQueue(),
                                                    laneNodes_[items[i].kernel].launch->code().name,
                                                    packet.gridSize, packet.workgroupSize));
    }
  }
}

Status GraphExec::quiesce() {
  // After a reset the uploads' queues are gone, and with them anything still in flight: the
  // uploads go too, before an update repacks them.
  if (uploadDevice_ != nullptr) forgetQueuesAfterReset(*uploadDevice_);
  for (Upload& upload : uploads_)
    if (upload.lastEnd != 0 && !upload.hardware->waitBefore(upload.lastEnd))
      return fail(hipErrorLaunchFailure, "a launch of graph executable %p failed",
                  static_cast<void*>(this));
  return Status::success();
}

void GraphExec::releaseUploads() {
  for (Upload& upload : uploads_)
    if (upload.kernargs != nullptr) (void)hsa::release(upload.kernargs);
  uploads_.clear();
}

}  // namespace hipcore::graph
