// Instantiating, uploading, launching and updating executable graphs.
#include "GraphExec.h"

#include "core/Event.h"
#include "core/HsaFailure.h"

namespace hipcore::graph {

using core::fail;
using core::Status;

namespace {

// Each kernel's kernarg segment starts on its own cache line.
constexpr size_t kSegmentAlign = 64;

size_t alignUp(size_t value) {
  return (value + kSegmentAlign - 1) & ~(kSegmentAlign - 1);
}

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

// Whether `b` has the topology of `a`: the same node kinds in the same order, the same edges,
// and child graphs alike. `differing` is the first node of `b` that is not.
bool sameTopology(const Graph& a, const Graph& b, GraphNode*& differing,
                  hipGraphExecUpdateResult& result) {
  if (a.nodes().size() != b.nodes().size()) {
    result = hipGraphExecUpdateErrorTopologyChanged;
    return false;
  }
  std::unordered_map<const GraphNode*, size_t> indexA, indexB;
  for (size_t i = 0; i < a.nodes().size(); ++i) {
    indexA[a.nodes()[i].get()] = i;
    indexB[b.nodes()[i].get()] = i;
  }
  for (size_t i = 0; i < a.nodes().size(); ++i) {
    const GraphNode& x = *a.nodes()[i];
    GraphNode& y = *b.nodes()[i];
    differing = &y;
    if (x.params.type != y.params.type) {
      result = hipGraphExecUpdateErrorNodeTypeChanged;
      return false;
    }
    if (x.dependencies.size() != y.dependencies.size()) {
      result = hipGraphExecUpdateErrorTopologyChanged;
      return false;
    }
    for (size_t d = 0; d < x.dependencies.size(); ++d)
      if (indexA[x.dependencies[d]] != indexB[y.dependencies[d]]) {
        result = hipGraphExecUpdateErrorTopologyChanged;
        return false;
      }
    if (x.params.type == hipGraphNodeTypeKernel &&
        x.params.kernel.device() != y.params.kernel.device()) {
      result = hipGraphExecUpdateErrorUnsupportedFunctionChange;
      return false;
    }
    if (x.params.type == hipGraphNodeTypeGraph &&
        !sameTopology(*x.params.child, *y.params.child, differing, result))
      return false;
  }
  differing = nullptr;
  return true;
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
  std::unique_ptr<GraphExec> exec(new GraphExec());
  exec->flags_ = flags;
  exec->device_ = device;
  exec->graph_ = graph.clone();
  mapCopies(*exec->graph_, exec->copies_);
  if (Status planned = exec->plan(); !planned.ok()) return planned;
  out = std::move(exec);
  return Status::success();
}

GraphExec::~GraphExec() {
  (void)invalidate();  // its kernargs may be in use until its launches complete
  magic_ = 0;
}

Status GraphExec::plan() {
  steps_.clear();
  kernels_.clear();
  std::vector<GraphNode*> order;
  if (Status acyclic = graph_->order(order); !acyclic.ok()) return acyclic;
  planGraph(*graph_, order);
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
        (void)node->params.child->order(inner);  // a child graph is acyclic: checked when added
        planGraph(*node->params.child, inner);
        break;
      }
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

Status GraphExec::uploadFor(core::Stream& queue, const Upload*& out) {
  core::HardwareQueue* hardware = &queue.hardware();
  for (const Upload& upload : uploads_)
    if (upload.hardware == hardware) {
      out = &upload;
      return Status::success();
    }
  Upload upload;
  upload.hardware = hardware;
  size_t bytes = 0;
  for (const GraphNode* node : kernels_)
    bytes += alignUp(node->params.kernel.code().layout.segmentSize());
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
  loader::HiddenArgValues hidden = hardware->hidden();
  hidden.queuePtr = hardware->packets().address();
  auto* kernarg = static_cast<uint8_t*>(upload.kernargs);
  upload.packets.reserve(kernels_.size());
  for (const GraphNode* node : kernels_) {
    const KernelLaunch& launch = node->params.kernel;
    launch.code().layout.pack(launch.arguments(), launch.geometry(), hidden, kernarg);
    upload.packets.push_back(packetFor(launch, kernarg));
    kernarg += alignUp(launch.code().layout.segmentSize());
  }
  uploads_.push_back(std::move(upload));
  out = &uploads_.back();
  return Status::success();
}

Status GraphExec::upload(core::Stream& queue) {
  if (device_ >= 0 && queue.device().index() != device_)
    return fail(hipErrorInvalidValue, "graph of device %d uploaded to a stream of device %d",
                device_, queue.device().index());
  const Upload* upload = nullptr;
  return uploadFor(queue, upload);
}

Status GraphExec::launch(core::Stream& queue) {
  core::Device& device = queue.device();
  if (device_ >= 0 && device.index() != device_)
    return fail(hipErrorInvalidValue, "graph of device %d launched on a stream of device %d",
                device_, device.index());
  if (device.failed()) return device.queueFailure();
  const Upload* upload = nullptr;
  if (Status ready = uploadFor(queue, upload); !ready.ok()) return ready;
  launched_ = true;
  for (const Step& step : steps_) {
    if (step.node == nullptr) {
      if (Status ordered = device.prepareSubmission(queue); !ordered.ok()) return ordered;
      if (!queue.submitter().launchPrebuilt(&upload->packets[step.first], step.count))
        return device.queueFailure();
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
      default:
        break;
    }
    if (!status.ok()) return status;
  }
  return Status::success();
}

Status GraphExec::invalidate() {
  for (Upload& upload : uploads_)
    if (launched_ && !upload.hardware->waitBefore(upload.hardware->writeIndex()))
      return fail(hipErrorLaunchFailure, "a launch of graph executable %p failed",
                  static_cast<void*>(this));
  releaseUploads();
  launched_ = false;
  return Status::success();
}

void GraphExec::releaseUploads() {
  for (Upload& upload : uploads_)
    if (upload.kernargs != nullptr) (void)hsa::release(upload.kernargs);
  uploads_.clear();
}

Status GraphExec::setParams(GraphNode& node, NodeParams params) {
  if (node.params.type != params.type)
    return fail(hipErrorInvalidValue, "node %p is not of the parameters' kind",
                static_cast<void*>(&node));
  if (params.type == hipGraphNodeTypeKernel) {
    if (device_ >= 0 && params.kernel.device() != device_)
      return fail(hipErrorInvalidValue, "kernel of device %d in a graph of device %d",
                  params.kernel.device(), device_);
    if (Status idle = invalidate(); !idle.ok()) return idle;
  }
  node.params = std::move(params);
  return Status::success();
}

Status GraphExec::setEnabled(GraphNode& node, bool enabled) {
  if (node.enabled == enabled) return Status::success();
  if (Status idle = invalidate(); !idle.ok()) return idle;
  node.enabled = enabled;
  return plan();
}

Status GraphExec::update(const Graph& graph, GraphNode*& errorNode,
                         hipGraphExecUpdateResult& result) {
  errorNode = nullptr;
  std::vector<GraphNode*> order;
  if (Status acyclic = graph.order(order); !acyclic.ok()) {
    result = hipGraphExecUpdateError;
    return fail(hipErrorGraphExecUpdateFailure, "the graph has a cycle");
  }
  std::unique_ptr<Graph> fresh = graph.clone();
  if (!sameTopology(*graph_, *fresh, errorNode, result)) {
    if (errorNode != nullptr) errorNode = const_cast<GraphNode*>(errorNode->original);
    return fail(hipErrorGraphExecUpdateFailure,
                "the graph's topology differs from the executable's");
  }
  if (Status idle = invalidate(); !idle.ok()) return idle;
  // The executable keeps its nodes (and its map from the first graph's nodes): only their
  // parameters change.
  struct Walk {
    static void take(Graph& into, Graph& from) {
      for (size_t i = 0; i < into.nodes().size(); ++i) {
        NodeParams& target = into.nodes()[i]->params;
        NodeParams& source = from.nodes()[i]->params;
        if (target.type == hipGraphNodeTypeGraph) {
          take(*target.child, *source.child);
          continue;
        }
        target = std::move(source);
      }
    }
  };
  Walk::take(*graph_, *fresh);
  result = hipGraphExecUpdateSuccess;
  return plan();
}

}  // namespace hipcore::graph
