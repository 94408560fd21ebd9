// A HIP graph (hipGraph_t): nodes and the dependency edges between them, built by hipGraphAdd*
// or recorded by stream capture, and the user objects it holds references to. Not thread-safe,
// as in CUDA: a graph is edited by one thread at a time.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "GraphNode.h"
#include "UserObject.h"
#include "core/Status.h"
#include "core/TypeStableStorage.h"

namespace hipcore::graph {

class Graph : public core::TypeStableStorage<Graph> {  // stale handles are refused
 public:
  Graph() = default;
  ~Graph();  // releases the user-object references it holds
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  bool valid() const noexcept { return magic_ == kMagic; }

  // A new node depending on `dependencies` (each a live node of this graph, none twice).
  core::Status add(NodeParams params, const hipGraphNode_t* dependencies, size_t count,
                   GraphNode*& out);
  // Dependency edges: both ends live nodes of this graph; adding an edge twice or removing one
  // that does not exist is refused.
  core::Status addEdge(GraphNode* from, GraphNode* to);
  core::Status removeEdge(GraphNode* from, GraphNode* to);
  // hipGraphDestroyNode: the node and every edge touching it.
  void remove(GraphNode* node);
  // Whether `node` is a live node of this graph (a handle check).
  bool owns(const GraphNode* node) const;

  const std::vector<std::unique_ptr<GraphNode>>& nodes() const { return nodes_; }
  // Every node after all of its dependencies (Kahn's order, stable in insertion order); a cycle
  // is refused with hipErrorInvalidValue and `cycleNode` set to a node on it.
  core::Status order(std::vector<GraphNode*>& out, GraphNode** cycleNode = nullptr) const;
  // A deep copy: same kinds, parameters and edges; each copy's `original` is its source node.
  std::unique_ptr<Graph> clone() const;
  // hipGraphDebugDotPrint's text.
  std::string dot(unsigned flags) const;

  // hipGraphRetainUserObject / hipGraphReleaseUserObject: references this graph holds (a release
  // of more than it holds releases those it holds).
  void retain(UserObject& object, unsigned count);
  core::Status release(UserObject& object, unsigned count);

  // The executables of this graph alive now, counted while it has memory nodes (CUDA allows one
  // at a time: their blocks have one address); shared with them, as they may outlive the graph.
  const std::shared_ptr<std::atomic<int>>& memoryExecutables() const { return memoryExecutables_; }

 private:
  static constexpr uint64_t kMagic = 0x6869'7067'7261'7068;  // "hipgraph"
  uint64_t magic_ = kMagic;
  std::vector<std::unique_ptr<GraphNode>> nodes_;
  // The same nodes by address: owns() looks a handle up here before reading it, so a handle
  // that is not a node at all (a dependency list read past its end) is refused, not followed.
  std::unordered_set<const GraphNode*> members_;
  struct Reference {
    UserObject* object;
    unsigned count;
  };
  std::vector<Reference> references_;
  std::shared_ptr<std::atomic<int>> memoryExecutables_ = std::make_shared<std::atomic<int>>(0);
};

}  // namespace hipcore::graph
