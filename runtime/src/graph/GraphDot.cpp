// hipGraphDebugDotPrint: a graph in Graphviz's dot language, one box per node (its kind, and
// its parameters with the verbose flags), one arrow per dependency.
#include <cstdio>
#include <unordered_map>

#include "Graph.h"

namespace hipcore::graph {

namespace {

const char* kindName(hipGraphNodeType type) {
  switch (type) {
    case hipGraphNodeTypeKernel:
      return "kernel";
    case hipGraphNodeTypeMemcpy:
      return "memcpy";
    case hipGraphNodeTypeMemset:
      return "memset";
    case hipGraphNodeTypeHost:
      return "host";
    case hipGraphNodeTypeGraph:
      return "graph";
    case hipGraphNodeTypeEmpty:
      return "empty";
    case hipGraphNodeTypeWaitEvent:
      return "event wait";
    case hipGraphNodeTypeEventRecord:
      return "event record";
    case hipGraphNodeTypeExtSemaphoreSignal:
      return "external semaphore signal";
    case hipGraphNodeTypeExtSemaphoreWait:
      return "external semaphore wait";
    case hipGraphNodeTypeBatchMemOp:
      return "batch memory operations";
    default:
      return "node";
  }
}

std::string describe(const NodeParams& params, unsigned flags) {
  char text[256];
  const bool verbose = (flags & hipGraphDebugDotFlagsVerbose) != 0;
  switch (params.type) {
    case hipGraphNodeTypeKernel:
      if (verbose || (flags & hipGraphDebugDotFlagsKernelNodeParams)) {
        const hipKernelNodeParams& p = params.kernel.params();
        std::snprintf(text, sizeof text, "%s\\ngrid (%u,%u,%u) block (%u,%u,%u) shared %u",
                      params.kernel.code().name.c_str(), p.gridDim.x, p.gridDim.y, p.gridDim.z,
                      p.blockDim.x, p.blockDim.y, p.blockDim.z, p.sharedMemBytes);
        return text;
      }
      return params.kernel.code().name;
    case hipGraphNodeTypeMemcpy:
      if (verbose || (flags & hipGraphDebugDotFlagsMemcpyNodeParams)) {
        const CopyOperation& c = params.copy;
        std::snprintf(text, sizeof text, "memcpy %p -> %p\\n%zu x %zu x %zu bytes", c.source.base,
                      c.destination.base, c.extent.width, c.extent.height, c.extent.depth);
        return text;
      }
      break;
    case hipGraphNodeTypeMemset:
      if (verbose || (flags & hipGraphDebugDotFlagsMemsetNodeParams)) {
        const hipMemsetParams& m = params.fill.params;
        std::snprintf(text, sizeof text, "memset %p\\nvalue 0x%x, %u-byte elements, %zu x %zu",
                      m.dst, m.value, m.elementSize, m.width, m.height);
        return text;
      }
      break;
    case hipGraphNodeTypeHost:
      if (verbose || (flags & hipGraphDebugDotFlagsHostNodeParams)) {
        std::snprintf(text, sizeof text, "host %p(%p)", reinterpret_cast<void*>(params.host.fn),
                      params.host.userData);
        return text;
      }
      break;
    case hipGraphNodeTypeWaitEvent:
    case hipGraphNodeTypeEventRecord:
      if (verbose || (flags & hipGraphDebugDotFlagsEventNodeParams)) {
        std::snprintf(text, sizeof text, "%s %p", kindName(params.type),
                      static_cast<void*>(params.event));
        return text;
      }
      break;
    default:
      break;
  }
  return kindName(params.type);
}

void write(const Graph& graph, const std::string& prefix, unsigned flags, std::string& out) {
  std::unordered_map<const GraphNode*, std::string> names;
  size_t index = 0;
  for (const auto& node : graph.nodes()) {
    std::string name = prefix + "n" + std::to_string(index++);
    names[node.get()] = name;
    if (node->params.type == hipGraphNodeTypeGraph) {
      out += "subgraph cluster_" + name + " {\nlabel=\"child graph\";\n";
      write(*node->params.child, name + "_", flags, out);
      out += "}\n";
    }
    out += name + " [shape=box, label=\"" + describe(node->params, flags) + "\"];\n";
  }
  for (const auto& node : graph.nodes())
    for (const GraphNode* dependent : node->dependents)
      out += names[node.get()] + " -> " + names[dependent] + ";\n";
}

}  // namespace

std::string Graph::dot(unsigned flags) const {
  std::string out = "digraph hipGraph {\n";
  write(*this, "", flags, out);
  out += "}\n";
  return out;
}

}  // namespace hipcore::graph
