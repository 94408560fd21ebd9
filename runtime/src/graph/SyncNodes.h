// Graph nodes that synchronise with work outside the graph: external-semaphore signal and wait
// nodes and batch memory-operation nodes (stream waits and writes of memory values). Each runs
// at launch as its stream call would; and since a launch runs the graph's nodes one after
// another on one stream, the waits among them go as late as the dependencies allow, so that a
// wait released by another node of the same graph (on an independent branch) does not hold
// that node back.
#pragma once

#include <vector>

#include "Graph.h"
#include "core/Status.h"

namespace hipcore::core {
class Stream;
}

namespace hipcore::graph {

// Runs an external-semaphore or batch memory-operation node's work on `queue`.
core::Status runSyncNode(const NodeParams& params, core::Stream& queue);
// Whether the node may hold its stream until something outside the stream happens (a semaphore
// wait, a batch with a wait in it).
bool waitsOutside(const NodeParams& params);
// Whether an executable's node with parameters `current` may take `next` (hipGraphExec*SetParams,
// hipGraphExecUpdate): CUDA lets a semaphore node change its semaphores and values but not their
// number, and a batch change its addresses, values and wait conditions but not its context,
// its number of operations or their types.
bool sameSyncShape(const NodeParams& current, const NodeParams& next);
// `graph`'s nodes in launch order: Graph::order's when no node waits outside; otherwise every
// node after its dependencies with such waits deferred while other nodes are ready.
core::Status launchOrder(const Graph& graph, std::vector<GraphNode*>& out);

}  // namespace hipcore::graph
