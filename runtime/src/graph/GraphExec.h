// An executable graph (hipGraphExec_t): a snapshot of a graph taken at instantiation, laid out
// once as a plan, so that a launch does as little as a launch can.
//
// The plan runs the graph's nodes in one dependency order (child graphs inline, at their node's
// place) on the launching stream, whose packets all carry the barrier bit: every node starts
// after every node before it, its dependencies among them. Consecutive kernel nodes form one
// batch of prebuilt AQL dispatch packets whose kernarg segments were packed once, for the
// hardware queue the batch is submitted to (hipGraphUpload, or the first launch there), so that
// launching them copies packets into the queue and rings one doorbell per batch. Other nodes
// (copies, fills, host functions, events) go through the stream as their API calls would.
//
// A graph of kernels with independent branches runs on several hardware queues instead
// (GraphLanes.h): each lane's packets, waits between lanes included, are prebuilt per
// launching queue, and a launch reserves every lane's run under the pool's span lock, then
// copies the runs in and rings one doorbell per lane. Copy and fill nodes between memory the
// GPU reaches are what the stream would dispatch for them, a built-in kernel (DeviceCopies), so
// on lanes they are prebuilt packets like the kernels; event records and waits are a barrier
// completing the event's signal and a wait for it. The single-queue plan stays for graphs with
// nodes that need the host at launch: copies with a side in pageable host memory (the host
// copies through staging buffers once the stream's earlier work completed), host functions
// (each call registers fresh signals with ROCR's async handler thread: an allocation and ROCR's
// lock per launch, Stream::enqueueHostFunction), interprocess events, external
// semaphores and batch memory operations (both submitted through the stream's calls); and for
// cooperative kernels (a grid barrier per queue) and lanes longer than half a queue.
#pragma once

#include <memory>
#include <unordered_map>
#include <vector>

#include "Graph.h"
#include "GraphLanes.h"
#include "core/Device.h"
#include "core/Runtime.h"
#include "core/Status.h"
#include "core/Stream.h"
#include "core/TypeStableStorage.h"
#include "hsa/PacketQueue.h"

namespace hipcore::graph {

class GraphExec : public core::TypeStableStorage<GraphExec> {  // stale handles are refused
 public:
  // Refuses graphs with a cycle (`errorNode` set to a node on it), kernel nodes of more than
  // one device, and a second executable of a graph with memory nodes while the first lives.
  // `current` is the calling thread's device (null if none): a graph without kernel nodes
  // prebuilds its copies and fills for it (CUDA binds such nodes to the context current when
  // they are made); a graph with kernels, for theirs (found in `runtime`).
  static core::Status instantiate(const Graph& graph, unsigned long long flags,
                                  const core::Runtime& runtime, core::Device* current,
                                  std::unique_ptr<GraphExec>& out, GraphNode** errorNode);
  ~GraphExec();
  GraphExec(const GraphExec&) = delete;
  GraphExec& operator=(const GraphExec&) = delete;

  bool valid() const noexcept { return magic_ == kMagic; }
  unsigned long long flags() const { return flags_; }
  // The device whose kernels the graph runs (-1 when it has no kernel node).
  int device() const { return device_; }
  // The executable's own copy of its graph (hipGraphLaunch into a capturing stream records it
  // as a child graph).
  const Graph& graph() const { return *graph_; }

  // hipGraphLaunch on `queue`; hipGraphUpload packs the kernargs for its queue ahead of time.
  core::Status launch(core::Stream& queue);
  core::Status upload(core::Stream& queue);

  // The executable's copy of `original`, a node of the graph it was instantiated from (or of a
  // child graph of it), or null.
  GraphNode* copyOf(const GraphNode* original) const;
  // hipGraphExec*SetParams and hipGraphNodeSetEnabled: a node's parameters or state changes for
  // later launches (launches already submitted finish with the old ones: the executable waits
  // for them before it repacks).
  core::Status setParams(GraphNode& node, NodeParams params);
  core::Status setEnabled(GraphNode& node, bool enabled);
  // hipGraphExecUpdate: takes every node's parameters from `graph`, which must have the same
  // topology (same node kinds in the same order, same edges, same kernels' devices).
  core::Status update(const Graph& graph, GraphNode*& errorNode, hipGraphExecUpdateResult& result);
  // hipGraphExecChildGraphNodeSetParams: the same for the child graph of `node`.
  core::Status setChildGraph(GraphNode& node, const Graph& child);

 private:
  GraphExec() = default;
  struct Step {
    GraphNode* node;     // a node other than a kernel, or null for a batch of kernels
    uint32_t first = 0;  // the batch: packets [first, first + count) of an upload
    uint32_t count = 0;
  };
  // One lane of an upload (GraphLanes.h): its queue, a submitter of its own on it (lane 0 uses
  // the launching stream's), its prebuilt packets and which of them are waits whose bound each
  // launch sets.
  struct Lane {
    core::HardwareQueue* hardware = nullptr;
    std::unique_ptr<core::PacketSubmitter> submitter;
    std::vector<hsa::RawPacket> packets;
    struct Bound {
      uint32_t packet;
      int32_t offset;  // LanePlan::Item::boundOffset
    };
    std::vector<Bound> bounds;
    uint64_t first = 0;  // the launch's slots on the lane's queue
  };
  // The prebuilt packets for one hardware queue (the hidden queue pointer differs per queue).
  struct Upload {
    core::HardwareQueue* hardware = nullptr;
    void* kernargs = nullptr;
    std::vector<hsa::DispatchPacket> packets;  // the single-queue plan
    std::vector<Lane> lanes;                   // the plan on lanes, when there is one
    uint64_t lastEnd = 0;      // one past the queue index of the last launch's packets
    uint64_t gridBarrier = 0;  // the queue's grid barrier, for cooperative kernel nodes
  };
  core::Status plan();  // steps_ and kernels_ from graph_
  // A kernel's kernarg segment in an upload: its size rounded up to a cache line, so that every
  // segment starts on its own.
  static size_t segmentBytes(size_t bytes) { return (bytes + 63) & ~size_t{63}; }
  core::Status takeUpdate(Graph& into, const Graph& from, GraphNode*& errorNode,
                          hipGraphExecUpdateResult& result);
  // Adds `graph`'s nodes to the plan; `entry` are the kernels its roots depend on (those of
  // the child graph node it is inlined for), `exits` receives those its leaves stand for.
  void planGraph(const Graph& graph, const std::vector<GraphNode*>& order,
                 const std::vector<uint32_t>& entry, std::vector<uint32_t>& exits);
  core::Status planLanes();  // lanes_ and the signals it names, from laneDependencies_
  // Adds `node` (a copy or fill) to the lane nodes as the built-in kernel it dispatches, or
  // returns false when it is not one (pageable memory, no device, an error to report at launch).
  bool planBlit(const GraphNode& node);
  // Adds an event record or wait node, or returns false when its event cannot be one
  // (interprocess, destroyed, of another device: the stream's call handles or reports it).
  bool planEvent(const GraphNode& node);
  // Whether launches on `queue` use the plan on lanes.
  bool onLanes(const core::Stream& queue) const;
  core::Status uploadFor(core::Stream& queue, Upload*& out);
  core::Status uploadLanes(core::Stream& queue, Upload& upload);
  core::Status launchOnLanes(core::Stream& queue, Upload& upload);
  // Lane node `index`'s packet in a lane upload (a kernel's kernarg segment packed for the
  // lane's queue).
  void packLaneKernel(Upload& upload, size_t index);
  // With HIPCORE_TRACE: every kernel of the launch gets a dispatch-trace completion signal.
  void traceSingleQueue(core::Stream& queue, Upload& upload, const Step& step);
  void traceLanes(core::Stream& queue, Upload& upload);
  // Waits until the launches submitted so far no longer read the kernargs (the previous
  // launch's packets completed): an update rewrites them.
  core::Status quiesce();
  // Rewrites kernel `index`'s kernargs and packet in every upload, in place.
  void repack(size_t index);
  void releaseUploads();
  // Drops the uploads (and restarts the lane signals) when `device` was reset since they were
  // made: their queues were destroyed, with whatever of a failed launch they held.
  void forgetQueuesAfterReset(core::Device& device);

  static constexpr uint64_t kMagic = 0x6869'7067'6578'6563;  // "hipgexec"
  // Lanes at most (HIPCORE_MAX_HW_QUEUES may allow fewer): clr's default number of queues.
  static constexpr unsigned kMaxLanes = 4;
  uint64_t magic_ = kMagic;
  unsigned long long flags_ = 0;
  int device_ = -1;
  std::unique_ptr<Graph> graph_;
  std::unordered_map<const GraphNode*, GraphNode*> copies_;  // original -> copy
  std::vector<Step> steps_;
  std::vector<const GraphNode*> kernels_;  // the enabled kernel nodes in launch order
  std::vector<Upload> uploads_;
  core::Device* uploadDevice_ = nullptr;  // the device of uploads_, and its reset count then
  uint64_t uploadResets_ = 0;
  std::vector<size_t> kernargOffsets_;  // each kernel's segment in an upload's kernargs
  // Graph memory: the blocks a launch allocates (before its work) and frees (after it); they
  // only change hipDeviceGetGraphMemAttribute's figures, so they stay out of the kernel batches.
  std::vector<GraphAllocation*> allocations_;
  std::vector<void*> frees_;
  // The plan on lanes. Its nodes are the packets it runs: the kernel nodes and the built-in
  // kernels of the copy and fill nodes (blits_), in one dependency order; each one's
  // dependencies among them (through empty, disabled, memory and child graph nodes); whether
  // the graph qualifies; the device the blits were made for (lanes run on its streams only; any
  // device when -1); the plan, where each node's item is, its kernarg segment in a lane upload,
  // and the signals (which only count down: LanePlan::kSignalStart minus launches).
  struct LaneNode {
    enum Kind : uint8_t { Kernel, Blit, EventRecord, EventWait } kind;
    const KernelLaunch* launch = nullptr;  // Kernel, Blit
    uint32_t kernel = UINT32_MAX;          // Kernel: its index in kernels_
    core::Event* event = nullptr;          // EventRecord, EventWait
  };
  std::vector<LaneNode> laneNodes_;
  std::vector<uint32_t> laneEvents_;  // the event nodes among them, checked at each launch
  std::vector<uint32_t> laneNodeOfKernel_;
  std::vector<std::unique_ptr<KernelLaunch>> blits_;
  std::vector<std::vector<uint32_t>> laneDependencies_;
  std::vector<size_t> laneKernargOffsets_;  // and the total
  bool laneable_ = true;
  const core::Runtime* runtime_ = nullptr;
  core::Device* current_ = nullptr;  // the instantiating thread's device
  int laneDevice_ = -1;
  LanePlan lanes_;
  struct Place {
    uint32_t lane, item;
  };
  std::vector<Place> nodePlaces_;
  std::vector<std::unique_ptr<hsa::Signal>> signals_;
  uint64_t launches_ = 0;  // launches on lanes since the signals were last set
  std::shared_ptr<std::atomic<int>> memoryExecutables_;  // the source graph's count, if counted
};

}  // namespace hipcore::graph
