// One node of a HIP graph (hipGraphNode_t): what it does, with its kind's parameters copied from
// the caller (so that the caller's structures and argument variables may change or go away), and
// its edges. A node belongs to exactly one graph for its whole life.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "core/MemoryOps.h"
#include "core/Registry.h"
#include "core/Status.h"
#include "core/TypeStableStorage.h"

namespace hipcore::core {
class Event;
class ExternalMemory;
}  // namespace hipcore::core

namespace hipcore::graph {

class Graph;
class GraphAllocation;

// A kernel node: the parameters as given, the code they resolved to on the node's device, and
// the explicit arguments copied at the offsets the kernarg segment has them.
class KernelLaunch {
 public:
  KernelLaunch() = default;
  KernelLaunch(const KernelLaunch& other) { *this = other; }
  KernelLaunch& operator=(const KernelLaunch& other);
  // Copies the arguments of `given` (kernelParams, or the buffer its `extra` names) for `code`.
  static core::Status make(const hipKernelNodeParams& given, const core::DeviceKernel& code,
                           int device, KernelLaunch& out);

  // kernelParams points at this launch's copies of the arguments; extra is null.
  const hipKernelNodeParams& params() const { return params_; }
  const core::DeviceKernel& code() const { return *code_; }
  int device() const { return device_; }
  void* const* arguments() const { return pointers_.data(); }
  loader::LaunchGeometry geometry() const;

  // hipGraphKernelNodeSetAttribute: a cooperative kernel gets its queue's grid barrier
  // (hidden_multigrid_sync_arg); the access-policy window and the priority are kept and
  // reported (vgpu and RDNA have no L2 persistence control; the packet has no priority).
  struct Attributes {
    hipAccessPolicyWindow accessPolicyWindow{};
    int cooperative = 0;
    int priority = 0;
  };
  Attributes attributes;

 private:
  void aimPointers();
  hipKernelNodeParams params_{};
  const core::DeviceKernel* code_ = nullptr;
  int device_ = 0;
  std::vector<uint8_t> bytes_;
  std::vector<void*> pointers_;
};

// A memcpy node: the 3D parameters as the caller sees them (1D and symbol copies are kept in
// that form too, as HIP reports them) and the box they describe.
struct CopyOperation {
  hipMemcpy3DParms params{};
  core::Pitched<void*> destination;
  core::Pitched<const void*> source;
  core::Extent extent;
};

// A memset node: elementSize-byte elements (1, 2 or 4) of `value`, width by height, rows `pitch`
// bytes apart. `params` are kept as given (hipGraphMemsetNodeGetParams hands them back: a
// single row's pitch may be anything, 0 included).
struct FillOperation {
  hipMemsetParams params{};
  size_t rowPitch() const {
    return params.height == 1 ? params.width * params.elementSize : params.pitch;
  }
};

// External-semaphore signal and wait nodes: the semaphores and the parameters of each, owned by
// the node (hipGraphExternalSemaphores*NodeGetParams hands out these arrays, as CUDA does).
struct SemaphoreOperation {
  core::ExternalMemory* external = nullptr;  // the runtime's semaphores, checked at each launch
  std::vector<hipExternalSemaphore_t> semaphores;
  std::vector<hipExternalSemaphoreSignalParams> signals;  // signal nodes
  std::vector<hipExternalSemaphoreWaitParams> waits;      // wait nodes
};

// A batch memory-operation node: the operations, owned by the node (GetParams hands out this
// array), and each wait's mask (all ones but where a captured hipStreamWaitValue* gave one: the
// public record has no mask).
struct MemoryOperations {
  hipCtx_t context = nullptr;
  unsigned flags = 0;
  std::vector<hipStreamBatchMemOpParams> operations;
  std::vector<uint64_t> masks;
};

// Any node's parameters: `type` says which member applies.
struct NodeParams {
  NodeParams();
  ~NodeParams();  // out of line, as are the moves: Graph is incomplete here
  NodeParams(NodeParams&&) noexcept;
  NodeParams& operator=(NodeParams&&) noexcept;
  NodeParams clone() const;  // child graphs are cloned
  // This node's parameters become a copy of `other`'s (same kind, not a child graph), reusing
  // the memory it holds: an executable's update rewrites every node's parameters.
  void assign(const NodeParams& other);

  hipGraphNodeType type = hipGraphNodeTypeEmpty;
  KernelLaunch kernel;
  CopyOperation copy;
  FillOperation fill;
  hipHostNodeParams host{};
  std::unique_ptr<Graph> child;  // hipGraphNodeTypeGraph: the node's own copy of the graph
  hipEvent_t event = nullptr;    // event record and wait nodes
  // Memory allocation nodes: the block (shared by clones and executables) and the parameters as
  // given with dptr filled in (hipGraphMemAllocNodeGetParams returns them as they were given,
  // the caller's accessDescs pointer included, as AMD's runtime does: every block is readable
  // and writable by its device, so the descriptors ask for nothing more); free nodes: the
  // address.
  std::shared_ptr<GraphAllocation> allocation;
  hipMemAllocNodeParams alloc{};
  void* freed = nullptr;
  SemaphoreOperation semaphores;      // external-semaphore signal and wait nodes
  MemoryOperations memoryOperations;  // batch memory-operation nodes
};

class GraphNode : public core::TypeStableStorage<GraphNode> {  // stale handles are refused
 public:
  GraphNode(Graph& graph, NodeParams params) : params(std::move(params)), graph_(graph) {}
  ~GraphNode() { clearMagic(magic_); }
  GraphNode(const GraphNode&) = delete;
  GraphNode& operator=(const GraphNode&) = delete;

  bool valid() const noexcept { return magic_ == kMagic; }
  Graph& graph() const { return graph_; }

  NodeParams params;
  std::vector<GraphNode*> dependencies;  // edges into the node, in the order they were added
  std::vector<GraphNode*> dependents;    // edges out of it
  // In a clone (hipGraphClone, an executable's copy): the node it was cloned from
  // (hipGraphNodeFindInClone, hipGraphExec*SetParams name nodes of the original graph).
  const GraphNode* original = nullptr;
  bool enabled = true;  // hipGraphNodeSetEnabled (executables' copies only)
  size_t position = 0;  // the node's index in its graph's nodes() (Graph keeps it current)

 private:
  static constexpr uint64_t kMagic = 0x6869'7067'6e6f'6465;  // "hipgnode"
  uint64_t magic_ = kMagic;
  Graph& graph_;
};

}  // namespace hipcore::graph
