// Graph editing, ordering and cloning.
#include "Graph.h"

#include <algorithm>
#include <unordered_map>

namespace hipcore::graph {

using core::fail;
using core::Status;

Graph::~Graph() {
  clearMagic(magic_);
  for (const Reference& reference : references_) reference.object->release(reference.count);
}

bool Graph::owns(const GraphNode* node) const {
  return members_.contains(node) && node->valid();
}

Status Graph::add(NodeParams params, const hipGraphNode_t* dependencies, size_t count,
                  GraphNode*& out) {
  if (count != 0 && dependencies == nullptr)
    return fail(hipErrorInvalidValue, "%zu dependencies, the list is null", count);
  for (size_t i = 0; i < count; ++i) {
    auto* dependency = reinterpret_cast<GraphNode*>(dependencies[i]);
    if (!owns(dependency))
      return fail(hipErrorInvalidValue, "dependency %zu (%p) is not a node of graph %p", i,
                  static_cast<void*>(dependencies[i]), static_cast<void*>(this));
    for (size_t j = 0; j < i; ++j)
      if (dependencies[j] == dependencies[i])
        return fail(hipErrorInvalidValue, "dependency %p is listed twice",
                    static_cast<void*>(dependencies[i]));
  }
  nodes_.push_back(std::make_unique<GraphNode>(*this, std::move(params)));
  GraphNode* node = nodes_.back().get();
  members_.insert(node);
  node->position = nodes_.size() - 1;
  for (size_t i = 0; i < count; ++i) {
    auto* dependency = reinterpret_cast<GraphNode*>(dependencies[i]);
    node->dependencies.push_back(dependency);
    dependency->dependents.push_back(node);
  }
  out = node;
  return Status::success();
}

Status Graph::addEdge(GraphNode* from, GraphNode* to) {
  if (!owns(from) || !owns(to))
    return fail(hipErrorInvalidValue, "edge %p -> %p: not both nodes of graph %p",
                static_cast<void*>(from), static_cast<void*>(to), static_cast<void*>(this));
  if (from == to) return fail(hipErrorInvalidValue, "edge from node %p to itself", (void*)from);
  if (std::find(to->dependencies.begin(), to->dependencies.end(), from) != to->dependencies.end())
    return fail(hipErrorInvalidValue, "edge %p -> %p exists already", static_cast<void*>(from),
                static_cast<void*>(to));
  to->dependencies.push_back(from);
  from->dependents.push_back(to);
  return Status::success();
}

Status Graph::removeEdge(GraphNode* from, GraphNode* to) {
  if (!owns(from) || !owns(to))
    return fail(hipErrorInvalidValue, "edge %p -> %p: not both nodes of graph %p",
                static_cast<void*>(from), static_cast<void*>(to), static_cast<void*>(this));
  auto in = std::find(to->dependencies.begin(), to->dependencies.end(), from);
  if (in == to->dependencies.end())
    return fail(hipErrorInvalidValue, "no edge %p -> %p", static_cast<void*>(from),
                static_cast<void*>(to));
  to->dependencies.erase(in);
  std::erase(from->dependents, to);
  return Status::success();
}

void Graph::remove(GraphNode* node) {
  for (GraphNode* dependency : node->dependencies) std::erase(dependency->dependents, node);
  for (GraphNode* dependent : node->dependents) std::erase(dependent->dependencies, node);
  members_.erase(node);
  nodes_.erase(nodes_.begin() + static_cast<ptrdiff_t>(node->position));
  for (size_t i = 0; i < nodes_.size(); ++i) nodes_[i]->position = i;
}

Status Graph::order(std::vector<GraphNode*>& out, GraphNode** cycleNode) const {
  std::vector<size_t> waiting(nodes_.size());  // dependencies not yet placed, by position
  out.clear();
  out.reserve(nodes_.size());
  for (const auto& node : nodes_) {
    waiting[node->position] = node->dependencies.size();
    if (node->dependencies.empty()) out.push_back(node.get());
  }
  for (size_t next = 0; next < out.size(); ++next)
    for (GraphNode* dependent : out[next]->dependents)
      if (--waiting[dependent->position] == 0) out.push_back(dependent);
  if (out.size() == nodes_.size()) return Status::success();
  for (const auto& node : nodes_)
    if (waiting[node->position] != 0) {
      if (cycleNode != nullptr) *cycleNode = node.get();
      return fail(hipErrorInvalidValue, "graph %p has a cycle through node %p",
                  static_cast<const void*>(this), static_cast<void*>(node.get()));
    }
  return fail(hipErrorInvalidValue, "graph %p has a cycle", static_cast<const void*>(this));
}

std::unique_ptr<Graph> Graph::clone() const {
  auto copy = std::make_unique<Graph>();
  std::unordered_map<const GraphNode*, GraphNode*> copies;
  for (const auto& node : nodes_) {
    copy->nodes_.push_back(std::make_unique<GraphNode>(*copy, node->params.clone()));
    GraphNode* made = copy->nodes_.back().get();
    copy->members_.insert(made);
    made->original = node.get();
    made->enabled = node->enabled;
    made->position = node->position;
    copies[node.get()] = made;
  }
  for (const auto& node : nodes_) {
    GraphNode* made = copies[node.get()];
    for (GraphNode* dependency : node->dependencies)
      made->dependencies.push_back(copies[dependency]);
    for (GraphNode* dependent : node->dependents) made->dependents.push_back(copies[dependent]);
  }
  for (const Reference& reference : references_) copy->retain(*reference.object, reference.count);
  return copy;
}

void Graph::retain(UserObject& object, unsigned count) {
  object.retain(count);
  for (Reference& reference : references_)
    if (reference.object == &object) {
      reference.count += count;
      return;
    }
  references_.push_back({&object, count});
}

Status Graph::release(UserObject& object, unsigned count) {
  auto held = std::find_if(references_.begin(), references_.end(),
                           [&object](const Reference& r) { return r.object == &object; });
  // Releasing more than the graph holds releases what it holds (as AMD's runtime does).
  if (held == references_.end()) return Status::success();
  const unsigned released = count < held->count ? count : held->count;
  held->count -= released;
  if (held->count == 0) references_.erase(held);
  object.release(released);
  return Status::success();
}

}  // namespace hipcore::graph
