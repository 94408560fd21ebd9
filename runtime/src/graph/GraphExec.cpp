// Instantiating, uploading and launching executable graphs (updates: GraphExecUpdate.cpp).
#include "GraphExec.h"

#include <algorithm>

#include "GraphMemory.h"
#include "SyncNodes.h"
#include "core/Event.h"
#include "core/HsaFailure.h"

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
  std::vector<GraphNode*> order;
  if (Status acyclic = launchOrder(*graph_, order); !acyclic.ok()) return acyclic;
  planGraph(*graph_, order);
  kernargOffsets_.clear();
  size_t offset = 0;
  for (const GraphNode* node : kernels_) {
    kernargOffsets_.push_back(offset);
    offset += GraphExec::segmentBytes(node->params.kernel.code().layout.segmentSize());
  }
  kernargOffsets_.push_back(offset);  // the total
  return Status::success();
}

void GraphExec::planGraph(const Graph& graph, const std::vector<GraphNode*>& order) {
  (void)graph;
  for (GraphNode* node : order) {
    if (!node->enabled) continue;
    switch (node->params.type) {
      case hipGraphNodeTypeKernel:
        if (steps_.empty() || steps_.back().node != nullptr)
          steps_.push_back({nullptr, static_cast<uint32_t>(kernels_.size()), 0});
        ++steps_.back().count;
        kernels_.push_back(node);
        break;
      case hipGraphNodeTypeGraph: {
        std::vector<GraphNode*> inner;
        (void)launchOrder(*node->params.child, inner);  // acyclic: checked when added
        planGraph(*node->params.child, inner);
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
      default:
        steps_.push_back({node});
        break;
    }
  }
}

GraphNode* GraphExec::copyOf(const GraphNode* original) const {
  auto found = copies_.find(original);
  return found == copies_.end() ? nullptr : found->second;
}

Status GraphExec::uploadFor(core::Stream& queue, Upload*& out) {
  core::HardwareQueue* hardware = &queue.hardware();
  for (Upload& upload : uploads_)
    if (upload.hardware == hardware) {
      out = &upload;
      return Status::success();
    }
  Upload upload;
  upload.hardware = hardware;
  const size_t bytes = kernargOffsets_.back();
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

void GraphExec::repack(size_t index) {
  const KernelLaunch& launch = kernels_[index]->params.kernel;
  for (Upload& upload : uploads_) {
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
  for (const Step& step : steps_) {
    if (step.node == nullptr) {
      if (Status ordered = device.prepareSubmission(queue); !ordered.ok()) return ordered;
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
        core::Pitched<void*> box{m.dst, m.pitch, m.pitch * m.height};
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

Status GraphExec::quiesce() {
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
