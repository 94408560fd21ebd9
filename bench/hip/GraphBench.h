// Graphs (part of HostApiBench.hip, after emptyKernel and drain): a chain of 100 empty-kernel
// launches captured from a stream, instantiated, launched, and updated from a second capture;
// and a branched graph (4 independent chains of 25 empty kernels, forked from one empty node).
#pragma once

namespace graphbench {

constexpr int kChain = 100;

hipGraph_t captureChain(hipStream_t stream) {
  hipGraph_t graph = nullptr;
  BENCH_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  for (int i = 0; i < kChain; ++i) emptyKernel<<<1, 1, 0, stream>>>();
  BENCH_CHECK(hipStreamEndCapture(stream, &graph));
  return graph;
}

hipGraphExec_t instantiate(hipGraph_t graph) {
  hipGraphExec_t exec = nullptr;
  BENCH_CHECK(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  return exec;
}

constexpr int kBranches = 4;

// kBranches chains of kChain / kBranches empty kernels each, built node by node; the chains
// share one empty root and nothing else, so they may run concurrently.
hipGraph_t branchedGraph() {
  hipGraph_t graph = nullptr;
  BENCH_CHECK(hipGraphCreate(&graph, 0));
  hipGraphNode_t root = nullptr;
  BENCH_CHECK(hipGraphAddEmptyNode(&root, graph, nullptr, 0));
  // An empty argument list, not a null one: clr 5.2.3 refuses a kernel node whose kernelParams
  // and extra are both null (hipErrorInvalidValue), even for a kernel without parameters.
  static void* noArguments[] = {nullptr};
  hipKernelNodeParams params{};
  params.func = reinterpret_cast<void*>(&emptyKernel);
  params.kernelParams = noArguments;
  params.gridDim = dim3(1);
  params.blockDim = dim3(1);
  for (int b = 0; b < kBranches; ++b) {
    hipGraphNode_t previous = root;
    for (int i = 0; i < kChain / kBranches; ++i) {
      hipGraphNode_t node = nullptr;
      BENCH_CHECK(hipGraphAddKernelNode(&node, graph, &previous, 1, &params));
      previous = node;
    }
  }
  return graph;
}

}  // namespace graphbench

// callgrind counts this function: each call is one hipGraphLaunch of the 100-kernel chain.
extern "C" __attribute__((noinline)) void bench_graph_launch_batch(hipGraphExec_t exec,
                                                                   hipStream_t stream, int count) {
  for (int i = 0; i < count; ++i) BENCH_CHECK(hipGraphLaunch(exec, stream));
}

// The same for the branched graph.
extern "C" __attribute__((noinline)) void bench_graph_branched_batch(hipGraphExec_t exec,
                                                                     hipStream_t stream,
                                                                     int count) {
  for (int i = 0; i < count; ++i) BENCH_CHECK(hipGraphLaunch(exec, stream));
}

namespace graphbench {

// For callgrind: 40 launches of the chain, each followed by an uncounted sync (100 packets fit
// both runtimes' queues, so the count is that of submitting).
void countedLaunches(hipStream_t stream) {
  hipGraph_t graph = captureChain(stream);
  hipGraphExec_t exec = instantiate(graph);
  BENCH_CHECK(hipGraphLaunch(exec, stream));  // warm-up: first use of the executable
  drain(stream);
  for (int i = 0; i < 40; ++i) {
    bench_graph_launch_batch(exec, stream, 1);
    drain(stream);
  }
  bench::result("calls_graph_launch_100", 40, "calls");
  BENCH_CHECK(hipGraphExecDestroy(exec));
  BENCH_CHECK(hipGraphDestroy(graph));
  graph = branchedGraph();
  exec = instantiate(graph);
  BENCH_CHECK(hipGraphLaunch(exec, stream));
  drain(stream);
  for (int i = 0; i < 40; ++i) {
    bench_graph_branched_batch(exec, stream, 1);
    drain(stream);
  }
  bench::result("calls_graph_branched_100", 40, "calls");
  BENCH_CHECK(hipGraphExecDestroy(exec));
  BENCH_CHECK(hipGraphDestroy(graph));
}

// Wall time of instantiating the chain, of hipGraphExecUpdate from an identical capture (every
// kernel node's arguments taken again), and of launching the chain + sync.
void timings(hipStream_t stream) {
  hipGraph_t graph = captureChain(stream);
  hipGraph_t again = captureChain(stream);
  double us = bench::perOpUs(11, 10, [&](int n) {
    for (int i = 0; i < n; ++i) BENCH_CHECK(hipGraphExecDestroy(instantiate(graph)));
  });
  bench::result("graph_instantiate_100_us", us, "us");
  hipGraphExec_t exec = instantiate(graph);
  BENCH_CHECK(hipGraphLaunch(exec, stream));
  drain(stream);
  us = bench::perOpUs(11, 10, [&](int n) {
    for (int i = 0; i < n; ++i) {
      hipGraphNode_t errorNode = nullptr;
      hipGraphExecUpdateResult updated;
      BENCH_CHECK(hipGraphExecUpdate(exec, again, &errorNode, &updated));
    }
  });
  bench::result("graph_exec_update_100_us", us, "us");
  us = bench::perOpUs(11, 5, [&](int n) {
    for (int i = 0; i < n; ++i) {
      BENCH_CHECK(hipGraphLaunch(exec, stream));
      drain(stream);
    }
  });
  bench::result("graph_launch_sync_100_us", us, "us");
  BENCH_CHECK(hipGraphExecDestroy(exec));
  BENCH_CHECK(hipGraphDestroy(graph));
  BENCH_CHECK(hipGraphDestroy(again));
}

}  // namespace graphbench
