// Graphs and their structure: hipGraphCreate, Destroy, Clone, NodeFindInClone, the dependency
// edges and the queries over nodes and edges, hipGraphDestroyNode, hipGraphDebugDotPrint.
#include <cstdio>

#include "ApiCall.h"
#include "ApiState.h"
#include "GraphHandles.h"

using hipcore::api::finish;
using hipcore::api::graphOf;
using hipcore::api::nodeOf;
using hipcore::core::fail;
using hipcore::core::Status;
using hipcore::graph::Graph;
using hipcore::graph::GraphNode;

namespace {

// Writes up to *count nodes into `out` (when not null) and sets *count to how many there are,
// as HIP's node and edge queries do.
template <class Range>
Status listNodes(const Range& nodes, hipGraphNode_t* out, size_t* count) {
  if (count == nullptr) return fail(hipErrorInvalidValue, "the count is null");
  size_t written = 0;
  if (out != nullptr)
    for (GraphNode* node : nodes) {
      if (written == *count) break;
      out[written++] = reinterpret_cast<hipGraphNode_t>(node);
    }
  if (out != nullptr) {
    for (size_t i = written; i < *count; ++i) out[i] = nullptr;
    *count = written;  // the entries obtained (CUDA: at most the caller's count)
  } else {
    *count = nodes.size();
  }
  return Status::success();
}

Status edges(hipGraph_t handle, const hipGraphNode_t* from, const hipGraphNode_t* to, size_t count,
             bool add) {
  Graph* graph = nullptr;
  if (Status valid = graphOf(handle, graph); !valid.ok()) return valid;
  if (count != 0 && (from == nullptr || to == nullptr))
    return fail(hipErrorInvalidValue, "%zu edges, a node list is null", count);
  for (size_t i = 0; i < count; ++i) {
    auto* source = reinterpret_cast<GraphNode*>(from[i]);
    auto* target = reinterpret_cast<GraphNode*>(to[i]);
    Status status = add ? graph->addEdge(source, target) : graph->removeEdge(source, target);
    if (!status.ok()) return status;
  }
  return Status::success();
}

}  // namespace

HIPCORE_API hipError_t hipGraphCreate(hipGraph_t* pGraph, unsigned int flags) {
  return hipcore::api::call(
      "hipGraphCreate", hipGraphCreate,
      [&] {
        if (pGraph == nullptr || flags != 0)
          return finish("hipGraphCreate",
                        fail(hipErrorInvalidValue, "pGraph %p, flags %u (must be 0)",
                             static_cast<void*>(pGraph), flags));
        *pGraph = reinterpret_cast<hipGraph_t>(new Graph());
        return hipSuccess;
      },
      "pGraph, flags", pGraph, flags);
}

HIPCORE_API hipError_t hipGraphDestroy(hipGraph_t graph) {
  return hipcore::api::call(
      "hipGraphDestroy", hipGraphDestroy,
      [&] {
        Graph* object = nullptr;
        if (Status valid = graphOf(graph, object); !valid.ok())
          return finish("hipGraphDestroy", std::move(valid));
        delete object;
        return hipSuccess;
      },
      "graph", graph);
}

HIPCORE_API hipError_t hipGraphClone(hipGraph_t* pGraphClone, hipGraph_t originalGraph) {
  return hipcore::api::call(
      "hipGraphClone", hipGraphClone,
      [&] {
        Graph* original = nullptr;
        Status status = graphOf(originalGraph, original);
        if (status.ok() && pGraphClone == nullptr)
          status = fail(hipErrorInvalidValue, "pGraphClone is null");
        if (status.ok()) *pGraphClone = reinterpret_cast<hipGraph_t>(original->clone().release());
        return finish("hipGraphClone", std::move(status));
      },
      "pGraphClone, originalGraph", pGraphClone, originalGraph);
}

HIPCORE_API hipError_t hipGraphNodeFindInClone(hipGraphNode_t* pNode, hipGraphNode_t originalNode,
                                               hipGraph_t clonedGraph) {
  return hipcore::api::call(
      "hipGraphNodeFindInClone", hipGraphNodeFindInClone,
      [&] {
        Graph* clone = nullptr;
        GraphNode* original = nullptr;
        Status status = graphOf(clonedGraph, clone);
        if (status.ok()) status = nodeOf(originalNode, original);
        if (status.ok() && pNode == nullptr) status = fail(hipErrorInvalidValue, "pNode is null");
        if (status.ok()) {
          status = fail(hipErrorInvalidValue, "node %p has no copy in graph %p",
                        static_cast<void*>(originalNode), static_cast<void*>(clonedGraph));
          for (const auto& node : clone->nodes())
            if (node->original == original) {
              *pNode = reinterpret_cast<hipGraphNode_t>(node.get());
              status = Status::success();
            }
        }
        return finish("hipGraphNodeFindInClone", std::move(status));
      },
      "pNode, originalNode, clonedGraph", pNode, originalNode, clonedGraph);
}

HIPCORE_API hipError_t hipGraphAddDependencies(hipGraph_t graph, const hipGraphNode_t* from,
                                               const hipGraphNode_t* to, size_t numDependencies) {
  return hipcore::api::call(
      "hipGraphAddDependencies", hipGraphAddDependencies,
      [&] {
        return finish("hipGraphAddDependencies", edges(graph, from, to, numDependencies, true));
      },
      "graph, from, to, numDependencies", graph, from, to, numDependencies);
}

HIPCORE_API hipError_t hipGraphRemoveDependencies(hipGraph_t graph, const hipGraphNode_t* from,
                                                  const hipGraphNode_t* to,
                                                  size_t numDependencies) {
  return hipcore::api::call(
      "hipGraphRemoveDependencies", hipGraphRemoveDependencies,
      [&] {
        return finish("hipGraphRemoveDependencies", edges(graph, from, to, numDependencies, false));
      },
      "graph, from, to, numDependencies", graph, from, to, numDependencies);
}

HIPCORE_API hipError_t hipGraphGetEdges(hipGraph_t graph, hipGraphNode_t* from, hipGraphNode_t* to,
                                        size_t* numEdges) {
  return hipcore::api::call(
      "hipGraphGetEdges", hipGraphGetEdges,
      [&] {
        Graph* object = nullptr;
        Status status = graphOf(graph, object);
        if (status.ok() && (numEdges == nullptr || (from == nullptr) != (to == nullptr)))
          status = fail(hipErrorInvalidValue, "numEdges is null, or only one list is");
        if (!status.ok()) return finish("hipGraphGetEdges", std::move(status));
        size_t total = 0;
        for (const auto& node : object->nodes())
          for (GraphNode* dependent : node->dependents) {
            if (from != nullptr && total < *numEdges) {
              from[total] = reinterpret_cast<hipGraphNode_t>(node.get());
              to[total] = reinterpret_cast<hipGraphNode_t>(dependent);
            }
            ++total;
          }
        if (from != nullptr) {
          for (size_t i = total; i < *numEdges; ++i) from[i] = to[i] = nullptr;
          *numEdges = total < *numEdges ? total : *numEdges;  // the edges obtained
        } else {
          *numEdges = total;
        }
        return hipSuccess;
      },
      "graph, from, to, numEdges", graph, from, to, numEdges);
}

HIPCORE_API hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t* nodes, size_t* numNodes) {
  return hipcore::api::call(
      "hipGraphGetNodes", hipGraphGetNodes,
      [&] {
        Graph* object = nullptr;
        Status status = graphOf(graph, object);
        std::vector<GraphNode*> all;
        if (status.ok())
          for (const auto& node : object->nodes()) all.push_back(node.get());
        if (status.ok()) status = listNodes(all, nodes, numNodes);
        return finish("hipGraphGetNodes", std::move(status));
      },
      "graph, nodes, numNodes", graph, nodes, numNodes);
}

HIPCORE_API hipError_t hipGraphGetRootNodes(hipGraph_t graph, hipGraphNode_t* pRootNodes,
                                            size_t* pNumRootNodes) {
  return hipcore::api::call(
      "hipGraphGetRootNodes", hipGraphGetRootNodes,
      [&] {
        Graph* object = nullptr;
        Status status = graphOf(graph, object);
        std::vector<GraphNode*> roots;
        if (status.ok())
          for (const auto& node : object->nodes())
            if (node->dependencies.empty()) roots.push_back(node.get());
        if (status.ok()) status = listNodes(roots, pRootNodes, pNumRootNodes);
        return finish("hipGraphGetRootNodes", std::move(status));
      },
      "graph, pRootNodes, pNumRootNodes", graph, pRootNodes, pNumRootNodes);
}

HIPCORE_API hipError_t hipGraphNodeGetDependencies(hipGraphNode_t node,
                                                   hipGraphNode_t* pDependencies,
                                                   size_t* pNumDependencies) {
  return hipcore::api::call(
      "hipGraphNodeGetDependencies", hipGraphNodeGetDependencies,
      [&] {
        GraphNode* object = nullptr;
        Status status = nodeOf(node, object);
        if (status.ok()) status = listNodes(object->dependencies, pDependencies, pNumDependencies);
        return finish("hipGraphNodeGetDependencies", std::move(status));
      },
      "node, pDependencies, pNumDependencies", node, pDependencies, pNumDependencies);
}

HIPCORE_API hipError_t hipGraphNodeGetDependentNodes(hipGraphNode_t node,
                                                     hipGraphNode_t* pDependentNodes,
                                                     size_t* pNumDependentNodes) {
  return hipcore::api::call(
      "hipGraphNodeGetDependentNodes", hipGraphNodeGetDependentNodes,
      [&] {
        GraphNode* object = nullptr;
        Status status = nodeOf(node, object);
        if (status.ok())
          status = listNodes(object->dependents, pDependentNodes, pNumDependentNodes);
        return finish("hipGraphNodeGetDependentNodes", std::move(status));
      },
      "node, pDependentNodes, pNumDependentNodes", node, pDependentNodes, pNumDependentNodes);
}

HIPCORE_API hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType* pType) {
  return hipcore::api::call(
      "hipGraphNodeGetType", hipGraphNodeGetType,
      [&] {
        GraphNode* object = nullptr;
        Status status = nodeOf(node, object);
        if (status.ok() && pType == nullptr) status = fail(hipErrorInvalidValue, "pType is null");
        if (status.ok()) *pType = object->params.type;
        return finish("hipGraphNodeGetType", std::move(status));
      },
      "node, pType", node, pType);
}

HIPCORE_API hipError_t hipGraphDestroyNode(hipGraphNode_t node) {
  return hipcore::api::call(
      "hipGraphDestroyNode", hipGraphDestroyNode,
      [&] {
        GraphNode* object = nullptr;
        Status status = nodeOf(node, object);
        if (status.ok()) object->graph().remove(object);
        return finish("hipGraphDestroyNode", std::move(status));
      },
      "node", node);
}

HIPCORE_API hipError_t hipGraphDebugDotPrint(hipGraph_t graph, const char* path,
                                             unsigned int flags) {
  return hipcore::api::call(
      "hipGraphDebugDotPrint", hipGraphDebugDotPrint,
      [&] {
        Graph* object = nullptr;
        Status status = graphOf(graph, object);
        if (status.ok() && path == nullptr) status = fail(hipErrorInvalidValue, "path is null");
        if (!status.ok()) return finish("hipGraphDebugDotPrint", std::move(status));
        std::FILE* file = std::fopen(path, "w");
        if (file == nullptr)
          return finish("hipGraphDebugDotPrint",
                        fail(hipErrorOperatingSystem, "cannot write %s", path));
        std::string text = object->dot(flags);
        bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
        written = std::fclose(file) == 0 && written;
        if (!written)
          return finish("hipGraphDebugDotPrint",
                        fail(hipErrorOperatingSystem, "writing %s failed", path));
        return hipSuccess;
      },
      "graph, path, flags", graph, path, flags);
}
