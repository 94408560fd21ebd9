// Graphs whose independent branches run on several hardware queues at once (GraphLanes.h):
// branches really overlap, every launch gives exact results (back to back, from two streams,
// from two threads), the launch is ordered with the stream's work before and after it, and a
// join waits for every branch. Copy and fill nodes ride the lanes too (as built-in kernels):
// mixed with kernels on several branches, waiting for a kernel on another lane and waited for.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>
#include <valgrind/valgrind.h>

#include <dlfcn.h>
#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <new>

#include <cstdint>
#include <thread>
#include <vector>

#include "GraphKernels.h"

// What the launching thread allocates and locks while counting (other threads are not counted).
static thread_local bool tCounting = false;
static std::atomic<uint64_t> gAllocations{0};
static std::atomic<uint64_t> gMutexLocks{0};

// Counting replacements of operator new, malloc and pthread_mutex_lock, except in sanitizer
// builds, whose runtimes own the allocator (there the counts see nothing).
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
void* operator new(size_t size) {
  if (tCounting) gAllocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](size_t size) {
  return operator new(size);
}
// operator delete is libstdc++'s, which frees with free(): under valgrind, whose own operator
// new replaces the one above, a delete of ours calling free() was a mismatched free.
extern "C" void* __libc_malloc(size_t);
extern "C" void* malloc(size_t size) {
  if (tCounting) gAllocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_malloc(size);
}
extern "C" int pthread_mutex_lock(pthread_mutex_t* mutex) {
  using Lock = int (*)(pthread_mutex_t*);
  static Lock real = reinterpret_cast<Lock>(dlsym(RTLD_NEXT, "pthread_mutex_lock"));
  if (tCounting) gMutexLocks.fetch_add(1, std::memory_order_relaxed);
  return real(mutex);
}
#endif

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

constexpr int kCount = 256;

struct DeviceInts {
  explicit DeviceInts(int n) { EXPECT_EQ(hipMalloc(&data, n * sizeof(int)), hipSuccess); }
  ~DeviceInts() { (void)hipFree(data); }
  int* data = nullptr;
};

hipKernelNodeParams kernelParams(const void* kernel, void** args, int n) {
  hipKernelNodeParams p{};
  p.func = const_cast<void*>(kernel);
  p.gridDim = dim3((n + 63) / 64);
  p.blockDim = dim3(64);
  p.kernelParams = args;
  return p;
}

// Adds a kernel node after `dependencies` (the arguments are copied by the call).
hipGraphNode_t addKernel(hipGraph_t graph, std::vector<hipGraphNode_t> dependencies,
                         const void* kernel, std::vector<void*> args, int n) {
  hipKernelNodeParams p = kernelParams(kernel, args.data(), n);
  hipGraphNode_t node = nullptr;
  EXPECT_EQ(hipGraphAddKernelNode(&node, graph, dependencies.data(), dependencies.size(), &p),
            hipSuccess)
      << hipcoreGetErrorDetail();
  return node;
}

// Four branches of four kernels each on their own buffers, joined by a kernel that adds a
// weighted sum of the four into `out`. Branch b leaves (b + 1 + b) * (b + 2) + 7 in every
// element, so each launch adds sum over b of weight(b) * that to out.
struct WideGraph {
  static constexpr int kWeights[4] = {1, 3, 5, 7};
  DeviceInts branches[4] = {DeviceInts(kCount), DeviceInts(kCount), DeviceInts(kCount),
                            DeviceInts(kCount)};
  DeviceInts out{kCount};
  hipGraph_t graph = nullptr;
  hipGraphExec_t exec = nullptr;

  static int perLaunch() {
    int sum = 0;
    for (int b = 0; b < 4; ++b) sum += kWeights[b] * ((b + 1 + b) * (b + 2) + 7);
    return sum;
  }

  void build() {
    ASSERT_HIP(hipGraphCreate(&graph, 0));
    hipGraphNode_t root = nullptr;
    ASSERT_HIP(hipGraphAddEmptyNode(&root, graph, nullptr, 0));
    int n = kCount;
    std::vector<hipGraphNode_t> tails;
    for (int b = 0; b < 4; ++b) {
      int* data = branches[b].data;
      int start = b + 1, add = b, factor = b + 2, last = 7;
      hipGraphNode_t node = addKernel(graph, {root}, setToKernel(), {&data, &start, &n}, kCount);
      node = addKernel(graph, {node}, addToKernel(), {&data, &add, &n}, kCount);
      node = addKernel(graph, {node}, multiplyByKernel(), {&data, &factor, &n}, kCount);
      node = addKernel(graph, {node}, addToKernel(), {&data, &last, &n}, kCount);
      tails.push_back(node);
    }
    int* o = out.data;
    int *a = branches[0].data, *b = branches[1].data, *c = branches[2].data, *d = branches[3].data;
    addKernel(graph, tails, accumulateWeightedKernel(), {&o, &a, &b, &c, &d, &n}, kCount);
    ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
    ASSERT_HIP(hipMemset(out.data, 0, kCount * sizeof(int)));
  }

  void expectOut(int launches) {
    std::vector<int> host(kCount);
    ASSERT_HIP(hipMemcpy(host.data(), out.data, kCount * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < kCount; ++i)
      ASSERT_EQ(host[i], launches * perLaunch()) << "element " << i << " after " << launches;
  }

  ~WideGraph() {
    if (exec != nullptr) (void)hipGraphExecDestroy(exec);
    if (graph != nullptr) (void)hipGraphDestroy(graph);
  }
};

TEST(GraphLanes, AWideGraphIsExactOnAThousandLaunchesBackToBack) {
  WideGraph wide;
  ASSERT_NO_FATAL_FAILURE(wide.build());
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  for (int launch = 0; launch < 1000; ++launch) ASSERT_HIP(hipGraphLaunch(wide.exec, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  wide.expectOut(1000);
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(GraphLanes, ALaunchOnLanesAllocatesNothingAndLocksNoMutex) {
  // Sanitizer runtimes and valgrind own the allocator (nothing reaches the counters there): the
  // launches and their results are still checked, the counts only where they count.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  const bool counted = false;
#else
  const bool counted = !RUNNING_ON_VALGRIND;
#endif
  WideGraph wide;
  ASSERT_NO_FATAL_FAILURE(wide.build());
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  ASSERT_HIP(hipGraphUpload(wide.exec, stream));  // the packets are built here, not below
  const uint64_t allocationsBefore = gAllocations.load(), locksBefore = gMutexLocks.load();
  tCounting = true;
  hipError_t launched = hipSuccess;
  for (int launch = 0; launch < 5 && launched == hipSuccess; ++launch)
    launched = hipGraphLaunch(wide.exec, stream);
  tCounting = false;
  ASSERT_HIP(launched);
  const uint64_t allocations = gAllocations.load() - allocationsBefore;
  const uint64_t locks = gMutexLocks.load() - locksBefore;
  ASSERT_HIP(hipStreamSynchronize(stream));
  wide.expectOut(5);
  ASSERT_HIP(hipStreamDestroy(stream));
  if (!counted) return;
  EXPECT_EQ(allocations, 0u);
  EXPECT_EQ(locks, 0u);
  // The counters see what they count (the test can fail): operator new counts itself and the
  // malloc it calls.
  const uint64_t allocationsAfter = gAllocations.load();
  tCounting = true;
  static int* volatile sink;
  sink = new int(1);
  std::mutex mutex;
  mutex.lock();
  mutex.unlock();
  tCounting = false;
  delete sink;
  EXPECT_GE(gAllocations.load() - allocationsAfter, 1u);
  EXPECT_EQ(gMutexLocks.load() - locksBefore, 1u);
}

TEST(GraphLanes, LaunchesFromTwoStreamsRunOneAfterAnother) {
  WideGraph wide;
  ASSERT_NO_FATAL_FAILURE(wide.build());
  hipStream_t streams[2] = {};
  for (hipStream_t& s : streams) ASSERT_HIP(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  // Every launch sets the branches' buffers again and adds to `out`: a launch overlapping the
  // previous one (its branches rewriting what the previous join reads) gives a wrong sum.
  for (int launch = 0; launch < 1000; ++launch)
    ASSERT_HIP(hipGraphLaunch(wide.exec, streams[launch % 2]));
  for (hipStream_t s : streams) ASSERT_HIP(hipStreamSynchronize(s));
  wide.expectOut(1000);
  for (hipStream_t s : streams) ASSERT_HIP(hipStreamDestroy(s));
}

TEST(GraphLanes, TwoThreadsLaunchingBranchedGraphsAtOnceBothFinish) {
  // Each graph's lanes include the other stream's queue: their runs must be queued in one
  // order on both queues, or each join would wait for a branch queued behind the other's.
  WideGraph wide[2];
  for (WideGraph& w : wide) ASSERT_NO_FATAL_FAILURE(w.build());
  hipStream_t streams[2] = {};
  for (hipStream_t& s : streams) ASSERT_HIP(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  hipError_t results[2] = {hipSuccess, hipSuccess};
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t)
    threads.emplace_back([&, t] {
      for (int launch = 0; launch < 300 && results[t] == hipSuccess; ++launch)
        results[t] = hipGraphLaunch(wide[t].exec, streams[t]);
      if (results[t] == hipSuccess) results[t] = hipStreamSynchronize(streams[t]);
    });
  for (std::thread& thread : threads) thread.join();
  for (int t = 0; t < 2; ++t) {
    ASSERT_EQ(results[t], hipSuccess) << "thread " << t;
    wide[t].expectOut(300);
  }
  for (hipStream_t s : streams) ASSERT_HIP(hipStreamDestroy(s));
}

TEST(GraphLanes, AnExecutableRunsOnTheNewQueuesAfterADeviceReset) {
  // hipDeviceReset destroys every queue, the lanes' too; allocations stay.
  WideGraph wide;
  ASSERT_NO_FATAL_FAILURE(wide.build());
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  for (int launch = 0; launch < 10; ++launch) ASSERT_HIP(hipGraphLaunch(wide.exec, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  wide.expectOut(10);
  ASSERT_HIP(hipDeviceReset());
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  for (int launch = 0; launch < 10; ++launch) ASSERT_HIP(hipGraphLaunch(wide.exec, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  wide.expectOut(20);
  ASSERT_HIP(hipStreamDestroy(stream));
}

// Polls the stream for at most 20 seconds: a wait that can never be met fails instead of hanging.
hipError_t finishWithin20Seconds(hipStream_t stream) {
  for (int i = 0; i < 20000; ++i) {
    hipError_t state = hipStreamQuery(stream);
    if (state != hipErrorNotReady) return state;
    usleep(1000);
  }
  return hipErrorNotReady;
}

TEST(GraphLanes, AfterAFaultAndAResetTheLanesStartAgain) {
  // A branch's kernel faults: that launch's signals never count down. After hipDeviceReset
  // the executable's next launches must not wait for them.
  DeviceInts a(kCount), b(kCount);
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  int* pa = a.data;
  int* bad = reinterpret_cast<int*>(uintptr_t{0x10});  // no allocation there
  int n = kCount, one = 1, five = 5;
  hipGraphNode_t left = addKernel(graph, {}, setToKernel(), {&pa, &five, &n}, kCount);
  hipGraphNode_t right = addKernel(graph, {}, setToKernel(), {&bad, &one, &n}, kCount);
  addKernel(graph, {left, right}, addToKernel(), {&pa, &one, &n}, kCount);
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  ASSERT_HIP(hipGraphLaunch(exec, stream));
  ASSERT_NE(finishWithin20Seconds(stream), hipSuccess);
  ASSERT_HIP(hipDeviceReset());
  int* pb = b.data;
  void* args[] = {&pb, &one, &n};
  hipKernelNodeParams fixed = kernelParams(setToKernel(), args, kCount);
  ASSERT_HIP(hipGraphExecKernelNodeSetParams(exec, right, &fixed));
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  for (int launch = 0; launch < 3; ++launch) ASSERT_HIP(hipGraphLaunch(exec, stream));
  ASSERT_HIP(finishWithin20Seconds(stream));
  std::vector<int> host(kCount), hostB(kCount);
  ASSERT_HIP(hipMemcpy(host.data(), a.data, kCount * sizeof(int), hipMemcpyDeviceToHost));
  ASSERT_HIP(hipMemcpy(hostB.data(), b.data, kCount * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < kCount; ++i) {
    ASSERT_EQ(host[i], 6) << i;
    ASSERT_EQ(hostB[i], 1) << i;
  }
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(GraphLanes, IndependentBranchesRunOnDifferentQueuesAtOnce) {
  // Two kernels that each wait for the other's flag: on one in-order queue the first gives up
  // (after about two seconds) before the second starts.
  int device = 0, rateKhz = 0;
  ASSERT_HIP(hipGetDevice(&device));
  ASSERT_HIP(hipDeviceGetAttribute(&rateKhz, hipDeviceAttributeWallClockRate, device));
  ASSERT_GT(rateKhz, 0);
  long long ticks = 2000LL * rateKhz;
  DeviceInts flags(2), results(2);
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  int *first = flags.data, *second = flags.data + 1;
  int *firstResult = results.data, *secondResult = results.data + 1;
  addKernel(graph, {}, handshakeKernel(), {&first, &second, &firstResult, &ticks}, 1);
  addKernel(graph, {}, handshakeKernel(), {&second, &first, &secondResult, &ticks}, 1);
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  for (int launch = 0; launch < 5; ++launch) {
    ASSERT_HIP(hipMemsetAsync(flags.data, 0, 2 * sizeof(int), stream));
    ASSERT_HIP(hipMemsetAsync(results.data, 0, 2 * sizeof(int), stream));
    ASSERT_HIP(hipGraphLaunch(exec, stream));
    int host[2] = {};
    ASSERT_HIP(hipMemcpyAsync(host, results.data, sizeof(host), hipMemcpyDeviceToHost, stream));
    ASSERT_HIP(hipStreamSynchronize(stream));
    EXPECT_EQ(host[0], 1) << "launch " << launch;
    EXPECT_EQ(host[1], 1) << "launch " << launch;
  }
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(GraphLanes, TheLaunchFollowsTheStreamsEarlierWorkAndPrecedesItsLaterWork) {
  DeviceInts x(1), d0(1), d1(1);
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  int one = 1, iterations = 100000;
  int* source = x.data;
  for (int b = 0; b < 2; ++b) {
    int* data = b == 0 ? d0.data : d1.data;
    int value = 5 + b;
    hipGraphNode_t slow = addKernel(graph, {}, slowSetKernel(), {&data, &value, &iterations}, 1);
    addKernel(graph, {slow}, addFromKernel(), {&data, &source, &one}, 1);
  }
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  for (int launch = 0; launch < 5; ++launch) {
    ASSERT_HIP(hipMemsetAsync(x.data, 0, sizeof(int), stream));
    // Before: a slow kernel sets x; both branches read it.
    int* px = x.data;
    int value = 41 + launch, slowIterations = 200000;
    void* args[] = {&px, &value, &slowIterations};
    ASSERT_HIP(hipLaunchKernel(slowSetKernel(), dim3(1), dim3(64), args, 0, stream));
    ASSERT_HIP(hipGraphLaunch(exec, stream));
    // After: both branches' results doubled on the stream.
    ASSERT_HIP(launchMultiplyBy(d0.data, 2, 1, stream));
    ASSERT_HIP(launchMultiplyBy(d1.data, 2, 1, stream));
    int host[2] = {};
    ASSERT_HIP(hipMemcpyAsync(&host[0], d0.data, sizeof(int), hipMemcpyDeviceToHost, stream));
    ASSERT_HIP(hipMemcpyAsync(&host[1], d1.data, sizeof(int), hipMemcpyDeviceToHost, stream));
    ASSERT_HIP(hipStreamSynchronize(stream));
    EXPECT_EQ(host[0], 2 * (5 + 41 + launch)) << "launch " << launch;
    EXPECT_EQ(host[1], 2 * (6 + 41 + launch)) << "launch " << launch;
  }
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(GraphLanes, AKernelDiamondsJoinWaitsForBothBranches) {
  DeviceInts a(1), b(1), out(1);
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  int *pa = a.data, *pb = b.data, *po = out.data;
  int zero = 0, one = 1, value = 41, iterations = 200000, two = 2;
  hipGraphNode_t root = addKernel(graph, {}, setToKernel(), {&pa, &zero, &one}, 1);
  hipGraphNode_t slow = addKernel(graph, {root}, slowSetKernel(), {&pa, &value, &iterations}, 1);
  hipGraphNode_t fill = addKernel(graph, {root}, setToKernel(), {&pb, &one, &one}, 1);
  hipGraphNode_t fast = addKernel(graph, {fill}, addToKernel(), {&pb, &two, &one}, 1);
  addKernel(graph, {slow, fast}, sumKernel(), {&pa, &pb, &po, &one}, 1);
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  for (int launch = 0; launch < 20; ++launch) {
    ASSERT_HIP(hipMemset(out.data, 0, sizeof(int)));
    ASSERT_HIP(hipGraphLaunch(exec, nullptr));
    int result = 0;
    ASSERT_HIP(hipMemcpy(&result, out.data, sizeof(int), hipMemcpyDeviceToHost));
    ASSERT_EQ(result, 41 + 3) << "launch " << launch;
  }
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
}

// Two branches (a kernel, and a child graph of two kernels) joined by a sum: built twice with
// other values and updated in place (only kernel arguments change: the plan on lanes stands and
// the kernargs are rewritten), while launches of the old values are still in flight.
TEST(GraphLanes, AnUpdateOfKernelArgumentsTakesEffectOnTheNextLaunch) {
  DeviceInts a(kCount), b(kCount), out(kCount);
  auto build = [&](int first, int second, int added) {
    hipGraph_t graph = nullptr, child = nullptr;
    EXPECT_EQ(hipGraphCreate(&graph, 0), hipSuccess);
    EXPECT_EQ(hipGraphCreate(&child, 0), hipSuccess);
    int *pa = a.data, *pb = b.data, *po = out.data, n = kCount;
    hipGraphNode_t root = nullptr, nested = nullptr;
    EXPECT_EQ(hipGraphAddEmptyNode(&root, graph, nullptr, 0), hipSuccess);
    hipGraphNode_t left = addKernel(graph, {root}, setToKernel(), {&pa, &first, &n}, kCount);
    hipGraphNode_t set = addKernel(child, {}, setToKernel(), {&pb, &second, &n}, kCount);
    addKernel(child, {set}, addToKernel(), {&pb, &added, &n}, kCount);
    EXPECT_EQ(hipGraphAddChildGraphNode(&nested, graph, &root, 1, child), hipSuccess);
    addKernel(graph, {left, nested}, sumKernel(), {&pa, &pb, &po, &n}, kCount);
    EXPECT_EQ(hipGraphDestroy(child), hipSuccess);
    return graph;
  };
  auto expectOut = [&](int expected) {
    std::vector<int> host(kCount);
    ASSERT_HIP(hipMemcpy(host.data(), out.data, kCount * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < kCount; ++i) ASSERT_EQ(host[i], expected) << i;
  };
  hipGraph_t graph = build(1, 10, 100), next = build(2, 20, 200);
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  for (int launch = 0; launch < 20; ++launch) ASSERT_HIP(hipGraphLaunch(exec, stream));
  hipGraphNode_t errorNode = nullptr;
  hipGraphExecUpdateResult result = hipGraphExecUpdateError;
  ASSERT_HIP(hipGraphExecUpdate(exec, next, &errorNode, &result));
  EXPECT_EQ(result, hipGraphExecUpdateSuccess);
  EXPECT_EQ(errorNode, nullptr);
  ASSERT_HIP(hipStreamSynchronize(stream));
  expectOut(1 + 10 + 100);  // the launches before the update ran the old values
  ASSERT_HIP(hipGraphLaunch(exec, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  expectOut(2 + 20 + 200);
  // And back, launched from the null stream this time.
  ASSERT_HIP(hipGraphExecUpdate(exec, graph, &errorNode, &result));
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  expectOut(1 + 10 + 100);
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipGraphDestroy(next));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(GraphLanes, AChainStaysOnTheStreamsQueueAndABranchedGraphLeavesIt) {
  // A chain: its kernels' packets on the stream's queue, nothing else. Branches: the stream's
  // queue holds only its own lane's share.
  DeviceInts data(kCount);
  int* p = data.data;
  int n = kCount, add = 1;
  hipGraph_t chain = nullptr, branched = nullptr;
  ASSERT_HIP(hipGraphCreate(&chain, 0));
  ASSERT_HIP(hipGraphCreate(&branched, 0));
  hipGraphNode_t previous = nullptr;
  for (int i = 0; i < 8; ++i) {
    std::vector<hipGraphNode_t> after;
    if (previous != nullptr) after.push_back(previous);
    previous = addKernel(chain, after, addToKernel(), {&p, &add, &n}, kCount);
  }
  DeviceInts other(kCount);
  int* q = other.data;
  for (int branch = 0; branch < 2; ++branch) {
    previous = nullptr;
    for (int i = 0; i < 4; ++i) {
      std::vector<hipGraphNode_t> after;
      if (previous != nullptr) after.push_back(previous);
      previous =
          addKernel(branched, after, addToKernel(), {branch == 0 ? &p : &q, &add, &n}, kCount);
    }
  }
  hipGraphExec_t chainExec = nullptr, branchedExec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&chainExec, chain, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphInstantiate(&branchedExec, branched, nullptr, nullptr, 0));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  ASSERT_HIP(hipMemsetAsync(data.data, 0, kCount * sizeof(int), stream));
  ASSERT_HIP(hipMemsetAsync(other.data, 0, kCount * sizeof(int), stream));
  ASSERT_HIP(hipGraphUpload(chainExec, stream));
  ASSERT_HIP(hipGraphUpload(branchedExec, stream));
  unsigned long long before = 0, after = 0;
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &before));
  ASSERT_HIP(hipGraphLaunch(chainExec, stream));
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &after));
  EXPECT_EQ(after - before, 8u);
  ASSERT_HIP(hipGraphLaunch(branchedExec, stream));
  before = after;
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &after));
  // Lane 0: the fork, its branch's 4 kernels and the wait for the other lane's last kernel.
  EXPECT_EQ(after - before, 6u);
  ASSERT_HIP(hipStreamSynchronize(stream));
  std::vector<int> host(kCount), hostOther(kCount);
  ASSERT_HIP(hipMemcpy(host.data(), data.data, kCount * sizeof(int), hipMemcpyDeviceToHost));
  ASSERT_HIP(hipMemcpy(hostOther.data(), other.data, kCount * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < kCount; ++i) {
    ASSERT_EQ(host[i], 8 + 4) << i;
    ASSERT_EQ(hostOther[i], 4) << i;
  }
  ASSERT_HIP(hipGraphExecDestroy(chainExec));
  ASSERT_HIP(hipGraphExecDestroy(branchedExec));
  ASSERT_HIP(hipGraphDestroy(chain));
  ASSERT_HIP(hipGraphDestroy(branched));
  ASSERT_HIP(hipStreamDestroy(stream));
}

// Adds a memset node of `width` elements of `elementSize` bytes (`height` rows `pitch` bytes
// apart).
hipGraphNode_t addMemset(hipGraph_t graph, std::vector<hipGraphNode_t> dependencies, void* dst,
                         unsigned value, unsigned elementSize, size_t width, size_t height = 1,
                         size_t pitch = 0) {
  hipMemsetParams p{};
  p.dst = dst;
  p.value = value;
  p.elementSize = elementSize;
  p.width = width;
  p.height = height;
  p.pitch = pitch;
  hipGraphNode_t node = nullptr;
  EXPECT_EQ(hipGraphAddMemsetNode(&node, graph, dependencies.data(), dependencies.size(), &p),
            hipSuccess)
      << hipcoreGetErrorDetail();
  return node;
}

hipGraphNode_t addCopy(hipGraph_t graph, std::vector<hipGraphNode_t> dependencies, void* dst,
                       const void* src, size_t bytes, hipMemcpyKind kind) {
  hipGraphNode_t node = nullptr;
  EXPECT_EQ(hipGraphAddMemcpyNode1D(&node, graph, dependencies.data(), dependencies.size(), dst,
                                    src, bytes, kind),
            hipSuccess)
      << hipcoreGetErrorDetail();
  return node;
}

// A pitched copy of `rows` rows of `widthBytes` bytes between two device buffers.
hipGraphNode_t addCopy2D(hipGraph_t graph, std::vector<hipGraphNode_t> dependencies, void* dst,
                         size_t dstPitch, const void* src, size_t srcPitch, size_t widthBytes,
                         size_t rows) {
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(const_cast<void*>(src), srcPitch, widthBytes, rows);
  p.dstPtr = make_hipPitchedPtr(dst, dstPitch, widthBytes, rows);
  p.extent = make_hipExtent(widthBytes, rows, 1);
  p.kind = hipMemcpyDeviceToDevice;
  hipGraphNode_t node = nullptr;
  EXPECT_EQ(hipGraphAddMemcpyNode(&node, graph, dependencies.data(), dependencies.size(), &p),
            hipSuccess)
      << hipcoreGetErrorDetail();
  return node;
}

// Four branches mixing kernels, fills and copies (1D device and pinned host, 2D, to and from a
// symbol), joined by a kernel that accumulates, whose result a last copy brings to pinned host
// memory. Every launch rewrites the branches' buffers and adds to `acc`: a branch or copy
// running early, late or twice gives a wrong number. The expected values are computed here.
struct MixedGraph {
  static constexpr int kHalf = kCount / 2;
  static constexpr int kRows = 16, kRowInts = 16;  // C is kRows x kRowInts, D twice as wide
  DeviceInts source{kCount}, a{kCount}, b{kCount}, c{kCount}, d{2 * kCount}, e{kCount}, f{kRowInts},
      acc{kCount};
  int* pinnedE = nullptr;
  int* pinnedAcc = nullptr;
  hipGraph_t graph = nullptr;
  hipGraphExec_t exec = nullptr;

  static int expectedB(int i) { return i < kHalf ? i + 7 : 0x00010001; }
  static int perLaunch(int i) { return 25 + 3 * expectedB(i) + 5 * 11 + 7 * 3; }

  void build() {
    ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&pinnedE), kCount * sizeof(int)));
    ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&pinnedAcc), kCount * sizeof(int)));
    std::vector<int> host(kCount);
    for (int i = 0; i < kCount; ++i) host[i] = i;
    ASSERT_HIP(hipMemcpy(source.data, host.data(), kCount * sizeof(int), hipMemcpyHostToDevice));
    ASSERT_HIP(hipMemset(d.data, 0, 2 * kCount * sizeof(int)));
    ASSERT_HIP(hipMemset(acc.data, 0, kCount * sizeof(int)));
    ASSERT_HIP(hipGraphCreate(&graph, 0));
    int n = kCount, two = 2, five = 5, seven = 7, eleven = 11, one = 1;
    size_t bytes = kCount * sizeof(int);
    // Branch 0: A = (3 + 2) * 5.
    int* pa = a.data;
    hipGraphNode_t a0 = addMemset(graph, {}, a.data, 3, 4, kCount);
    hipGraphNode_t a1 = addKernel(graph, {a0}, addToKernel(), {&pa, &two, &n}, kCount);
    hipGraphNode_t a2 = addKernel(graph, {a1}, multiplyByKernel(), {&pa, &five, &n}, kCount);
    // Branch 1: B = source + 7, then its upper half filled with 16-bit ones.
    int* pb = b.data;
    hipGraphNode_t b0 = addCopy(graph, {}, b.data, source.data, bytes, hipMemcpyDeviceToDevice);
    hipGraphNode_t b1 = addKernel(graph, {b0}, addToKernel(), {&pb, &seven, &n}, kCount);
    hipGraphNode_t b2 = addMemset(graph, {b1}, b.data + kHalf, 1, 2, 2 * kHalf);
    // Branch 2: C = 11, copied into every other row-width of D, through the symbol into F.
    int* pc = c.data;
    hipGraphNode_t c0 = addKernel(graph, {}, setToKernel(), {&pc, &eleven, &n}, kCount);
    hipGraphNode_t c1 = addCopy2D(graph, {c0}, d.data, 2 * kRowInts * sizeof(int), c.data,
                                  kRowInts * sizeof(int), kRowInts * sizeof(int), kRows);
    hipGraphNode_t c2 = nullptr, c3 = nullptr;
    ASSERT_HIP(hipGraphAddMemcpyNodeToSymbol(&c2, graph, &c0, 1, symbolOf16Ints(), c.data,
                                             kRowInts * sizeof(int), 0, hipMemcpyDeviceToDevice));
    ASSERT_HIP(hipGraphAddMemcpyNodeFromSymbol(&c3, graph, &c2, 1, f.data, symbolOf16Ints(),
                                               kRowInts * sizeof(int), 0, hipMemcpyDeviceToDevice));
    // Branch 3: E = 2 + 1, copied to pinned host memory.
    int* pe = e.data;
    hipGraphNode_t e0 = addMemset(graph, {}, e.data, 2, 4, kCount);
    hipGraphNode_t e1 = addKernel(graph, {e0}, addToKernel(), {&pe, &one, &n}, kCount);
    hipGraphNode_t e2 = addCopy(graph, {e1}, pinnedE, e.data, bytes, hipMemcpyDeviceToHost);
    // Join: acc += A + 3 B + 5 C + 7 E, then acc to pinned host memory.
    int* pacc = acc.data;
    hipGraphNode_t join = addKernel(graph, {a2, b2, c1, c3, e1}, accumulateWeightedKernel(),
                                    {&pacc, &pa, &pb, &pc, &pe, &n}, kCount);
    addCopy(graph, {join, e2}, pinnedAcc, acc.data, bytes, hipMemcpyDeviceToHost);
    ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  }

  void expectResults(int launches) {
    for (int i = 0; i < kCount; ++i) {
      ASSERT_EQ(pinnedAcc[i], launches * perLaunch(i)) << "acc " << i << " after " << launches;
      ASSERT_EQ(pinnedE[i], 3) << "E " << i;
    }
    std::vector<int> hostD(2 * kCount), hostF(kRowInts), hostB(kCount);
    ASSERT_HIP(hipMemcpy(hostD.data(), d.data, 2 * kCount * sizeof(int), hipMemcpyDeviceToHost));
    ASSERT_HIP(hipMemcpy(hostF.data(), f.data, kRowInts * sizeof(int), hipMemcpyDeviceToHost));
    ASSERT_HIP(hipMemcpy(hostB.data(), b.data, kCount * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < 2 * kCount; ++i) {
      const bool copied = i / (2 * kRowInts) < kRows && i % (2 * kRowInts) < kRowInts;
      ASSERT_EQ(hostD[i], copied ? 11 : 0) << "D " << i;
    }
    for (int i = 0; i < kRowInts; ++i) ASSERT_EQ(hostF[i], 11) << "F " << i;
    for (int i = 0; i < kCount; ++i) ASSERT_EQ(hostB[i], expectedB(i)) << "B " << i;
  }

  ~MixedGraph() {
    if (exec != nullptr) (void)hipGraphExecDestroy(exec);
    if (graph != nullptr) (void)hipGraphDestroy(graph);
    (void)hipHostFree(pinnedE);
    (void)hipHostFree(pinnedAcc);
  }
};

TEST(GraphLanes, KernelsCopiesAndFillsOnSeveralBranchesAreExactOnManyLaunches) {
  MixedGraph mixed;
  ASSERT_NO_FATAL_FAILURE(mixed.build());
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  // On lanes: the stream's queue holds only lane 0's share of the 15 nodes' packets.
  unsigned long long before = 0, after = 0;
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &before));
  ASSERT_HIP(hipGraphLaunch(mixed.exec, stream));
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &after));
  EXPECT_LT(after - before, 15u);
  for (int launch = 1; launch < 300; ++launch) ASSERT_HIP(hipGraphLaunch(mixed.exec, stream));
  ASSERT_HIP(finishWithin20Seconds(stream));
  mixed.expectResults(300);
  // From the null stream too (legacy order with the blocking copies around it).
  for (int launch = 0; launch < 20; ++launch) ASSERT_HIP(hipGraphLaunch(mixed.exec, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  mixed.expectResults(320);
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(GraphLanes, AGraphWithCopiesAndFillsLeavesTheStreamsQueue) {
  // Two branches of fill, kernel, copy. On the stream's queue: the fork, its own branch's three
  // packets and the join's wait; the single-queue plan would put all six nodes there.
  DeviceInts x(kCount), x2(kCount), y(kCount), y2(kCount), source(kCount);
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  int n = kCount, one = 1, two = 2;
  int *px = x.data, *py = y.data;
  size_t bytes = kCount * sizeof(int);
  ASSERT_HIP(hipMemset(source.data, 0, bytes));
  hipGraphNode_t x0 = addMemset(graph, {}, x.data, 40, 4, kCount);
  hipGraphNode_t x1 = addKernel(graph, {x0}, addToKernel(), {&px, &one, &n}, kCount);
  addCopy(graph, {x1}, x2.data, x.data, bytes, hipMemcpyDeviceToDevice);
  hipGraphNode_t y0 = addCopy(graph, {}, y.data, source.data, bytes, hipMemcpyDeviceToDevice);
  hipGraphNode_t y1 = addKernel(graph, {y0}, addToKernel(), {&py, &two, &n}, kCount);
  addMemset(graph, {y1}, y2.data, 7, 4, kCount);
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  ASSERT_HIP(hipGraphUpload(exec, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  unsigned long long before = 0, after = 0;
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &before));
  ASSERT_HIP(hipGraphLaunch(exec, stream));
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &after));
  EXPECT_EQ(after - before, 5u);
  ASSERT_HIP(finishWithin20Seconds(stream));
  std::vector<int> hx(kCount), hy(kCount);
  ASSERT_HIP(hipMemcpy(hx.data(), x2.data, bytes, hipMemcpyDeviceToHost));
  ASSERT_HIP(hipMemcpy(hy.data(), y2.data, bytes, hipMemcpyDeviceToHost));
  for (int i = 0; i < kCount; ++i) {
    ASSERT_EQ(hx[i], 41) << i;
    ASSERT_EQ(hy[i], 7) << i;
  }
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(GraphLanes, ACopyWaitsForItsKernelOnAnotherBranch) {
  // The copy depends on a fast kernel and a slow one on two branches: it goes on the fast one's
  // lane, and only a wait for the slow one's lane makes it copy the slow kernel's value.
  DeviceInts x(1), y(1), out(1);
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  int *px = x.data, *py = y.data;
  int one = 1, value = 77, iterations = 200000;
  hipGraphNode_t fast = addKernel(graph, {}, setToKernel(), {&py, &one, &one}, 1);
  hipGraphNode_t slow = addKernel(graph, {}, slowSetKernel(), {&px, &value, &iterations}, 1);
  addCopy(graph, {fast, slow}, out.data, x.data, sizeof(int), hipMemcpyDeviceToDevice);
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  for (int launch = 0; launch < 10; ++launch) {
    ASSERT_HIP(hipMemsetAsync(x.data, 0, sizeof(int), stream));
    ASSERT_HIP(hipMemsetAsync(out.data, 0xff, sizeof(int), stream));
    ASSERT_HIP(hipGraphLaunch(exec, stream));
    ASSERT_HIP(finishWithin20Seconds(stream));
    int result = 0;
    ASSERT_HIP(hipMemcpy(&result, out.data, sizeof(int), hipMemcpyDeviceToHost));
    ASSERT_EQ(result, 77) << "launch " << launch;
  }
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(GraphLanes, AKernelWaitsForACopyOnAnotherBranch) {
  // slow -> copy on one branch; the kernel depending on a fast kernel and the copy goes on the
  // fast one's lane and must wait for the copy's packet to complete.
  DeviceInts x(1), w(1), y(1);
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  int *px = x.data, *pw = w.data, *py = y.data;
  int one = 1, value = 50, iterations = 200000;
  hipGraphNode_t fast = addKernel(graph, {}, setToKernel(), {&py, &one, &one}, 1);
  hipGraphNode_t slow = addKernel(graph, {}, slowSetKernel(), {&px, &value, &iterations}, 1);
  hipGraphNode_t copy =
      addCopy(graph, {slow}, w.data, x.data, sizeof(int), hipMemcpyDeviceToDevice);
  addKernel(graph, {fast, copy}, addFromKernel(), {&py, &pw, &one}, 1);
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  for (int launch = 0; launch < 10; ++launch) {
    ASSERT_HIP(hipMemsetAsync(x.data, 0, sizeof(int), stream));
    ASSERT_HIP(hipMemsetAsync(w.data, 0, sizeof(int), stream));
    ASSERT_HIP(hipGraphLaunch(exec, stream));
    ASSERT_HIP(finishWithin20Seconds(stream));
    int result = 0;
    ASSERT_HIP(hipMemcpy(&result, y.data, sizeof(int), hipMemcpyDeviceToHost));
    ASSERT_EQ(result, 1 + 50) << "launch " << launch;
  }
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(GraphLanes, ACopyNodeSetParamsOnLanesTakesEffectAndAPageableCopyFallsBack) {
  // The copy's packet is prebuilt: new parameters lay the lanes out again. A copy into pageable
  // host memory needs the host: the graph then runs on the stream's queue alone, still exact.
  DeviceInts x(kCount), y(kCount), out1(kCount), out2(kCount);
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  int *px = x.data, *py = y.data;
  int n = kCount, three = 3, four = 4;
  size_t bytes = kCount * sizeof(int);
  hipGraphNode_t kx = addKernel(graph, {}, setToKernel(), {&px, &three, &n}, kCount);
  hipGraphNode_t ky = addKernel(graph, {}, setToKernel(), {&py, &four, &n}, kCount);
  hipGraphNode_t copy = addCopy(graph, {kx}, out1.data, x.data, bytes, hipMemcpyDefault);
  (void)ky;
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  ASSERT_HIP(hipGraphLaunch(exec, stream));
  ASSERT_HIP(
      hipGraphExecMemcpyNodeSetParams1D(exec, copy, out2.data, x.data, bytes, hipMemcpyDefault));
  ASSERT_HIP(hipGraphLaunch(exec, stream));
  ASSERT_HIP(finishWithin20Seconds(stream));
  std::vector<int> h1(kCount), h2(kCount), pageable(kCount, -1);
  ASSERT_HIP(hipMemcpy(h1.data(), out1.data, bytes, hipMemcpyDeviceToHost));
  ASSERT_HIP(hipMemcpy(h2.data(), out2.data, bytes, hipMemcpyDeviceToHost));
  for (int i = 0; i < kCount; ++i) {
    ASSERT_EQ(h1[i], 3) << i;
    ASSERT_EQ(h2[i], 3) << i;
  }
  ASSERT_HIP(hipGraphExecMemcpyNodeSetParams1D(exec, copy, pageable.data(), x.data, bytes,
                                               hipMemcpyDefault));
  ASSERT_HIP(hipGraphLaunch(exec, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  for (int i = 0; i < kCount; ++i) ASSERT_EQ(pageable[i], 3) << i;
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(GraphLanes, EventRecordAndWaitNodesOnLanesOrderTwoGraphs) {
  // The first graph records the event after a slow kernel on one branch (another branch beside
  // it); the second, on another stream, waits for the event on one branch before copying what
  // the slow kernel wrote. Without the record after its kernel, or without the wait, the copy
  // reads the 0 each round starts with.
  DeviceInts x(1), y(1), z(1), out(1);
  hipEvent_t start = nullptr, recorded = nullptr;
  ASSERT_HIP(hipEventCreate(&start));
  ASSERT_HIP(hipEventCreate(&recorded));
  hipGraph_t first = nullptr, second = nullptr;
  ASSERT_HIP(hipGraphCreate(&first, 0));
  ASSERT_HIP(hipGraphCreate(&second, 0));
  int *px = x.data, *py = y.data, *pz = z.data;
  int one = 1, value = 90, iterations = 200000;
  hipGraphNode_t slow = addKernel(first, {}, slowSetKernel(), {&px, &value, &iterations}, 1);
  hipGraphNode_t record = nullptr, wait = nullptr;
  ASSERT_HIP(hipGraphAddEventRecordNode(&record, first, &slow, 1, recorded));
  addKernel(first, {}, setToKernel(), {&py, &one, &one}, 1);
  ASSERT_HIP(hipGraphAddEventWaitNode(&wait, second, nullptr, 0, recorded));
  addCopy(second, {wait}, out.data, x.data, sizeof(int), hipMemcpyDeviceToDevice);
  addKernel(second, {}, setToKernel(), {&pz, &one, &one}, 1);
  hipGraphExec_t firstExec = nullptr, secondExec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&firstExec, first, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphInstantiate(&secondExec, second, nullptr, nullptr, 0));
  hipStream_t streams[2] = {};
  for (hipStream_t& s : streams) ASSERT_HIP(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  for (int round = 0; round < 5; ++round) {
    ASSERT_HIP(hipMemset(x.data, 0, sizeof(int)));
    ASSERT_HIP(hipMemset(out.data, 0xff, sizeof(int)));
    ASSERT_HIP(hipEventRecord(start, streams[0]));
    unsigned long long before = 0, after = 0;
    ASSERT_HIP(hipcoreGetStreamPacketCount(streams[0], &before));
    ASSERT_HIP(hipGraphLaunch(firstExec, streams[0]));
    ASSERT_HIP(hipcoreGetStreamPacketCount(streams[0], &after));
    // On lanes, lane 0: the fork, the slow kernel, the record, the wait for the other lane.
    EXPECT_EQ(after - before, 4u) << "round " << round;
    ASSERT_HIP(hipGraphLaunch(secondExec, streams[1]));
    // The event completes after the slow kernel, and only then.
    ASSERT_HIP(hipEventSynchronize(recorded));
    int seen = 0;
    ASSERT_HIP(hipMemcpy(&seen, x.data, sizeof(int), hipMemcpyDeviceToHost));
    ASSERT_EQ(seen, 90) << "round " << round;
    float milliseconds = -1;
    ASSERT_HIP(hipEventElapsedTime(&milliseconds, start, recorded));
    EXPECT_GE(milliseconds, 0.0f);
    ASSERT_HIP(finishWithin20Seconds(streams[1]));
    int result = 0;
    ASSERT_HIP(hipMemcpy(&result, out.data, sizeof(int), hipMemcpyDeviceToHost));
    ASSERT_EQ(result, 90) << "round " << round;
    ASSERT_HIP(finishWithin20Seconds(streams[0]));
  }
  ASSERT_HIP(hipGraphExecDestroy(firstExec));
  ASSERT_HIP(hipGraphExecDestroy(secondExec));
  ASSERT_HIP(hipGraphDestroy(first));
  ASSERT_HIP(hipGraphDestroy(second));
  for (hipStream_t s : streams) ASSERT_HIP(hipStreamDestroy(s));
  ASSERT_HIP(hipEventDestroy(start));
  ASSERT_HIP(hipEventDestroy(recorded));
}

TEST(GraphLanes, ALaunchWithCopiesFillsAndEventsOnLanesAllocatesNothingAndLocksNoMutex) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  const bool counted = false;
#else
  const bool counted = !RUNNING_ON_VALGRIND;
#endif
  // The mixed graph (kernels, fills, 1D, 2D, pinned and symbol copies) plus a graph of an event
  // record, an event wait, a copy and a fill on two branches.
  MixedGraph mixed;
  ASSERT_NO_FATAL_FAILURE(mixed.build());
  DeviceInts x(kCount), y(kCount);
  hipEvent_t event = nullptr;
  ASSERT_HIP(hipEventCreate(&event));
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  int* px = x.data;
  int n = kCount, one = 1;
  size_t bytes = kCount * sizeof(int);
  hipGraphNode_t filled = addMemset(graph, {}, x.data, 5, 4, kCount);
  hipGraphNode_t added = addKernel(graph, {filled}, addToKernel(), {&px, &one, &n}, kCount);
  hipGraphNode_t record = nullptr, wait = nullptr;
  ASSERT_HIP(hipGraphAddEventRecordNode(&record, graph, &added, 1, event));
  ASSERT_HIP(hipGraphAddEventWaitNode(&wait, graph, nullptr, 0, event));
  addCopy(graph, {wait, added}, y.data, x.data, bytes, hipMemcpyDeviceToDevice);
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  ASSERT_HIP(hipGraphUpload(mixed.exec, stream));
  ASSERT_HIP(hipGraphUpload(exec, stream));
  unsigned long long before = 0, after = 0;
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &before));
  const uint64_t allocationsBefore = gAllocations.load(), locksBefore = gMutexLocks.load();
  tCounting = true;
  hipError_t launched = hipSuccess;
  for (int launch = 0; launch < 5 && launched == hipSuccess; ++launch) {
    launched = hipGraphLaunch(mixed.exec, stream);
    if (launched == hipSuccess) launched = hipGraphLaunch(exec, stream);
  }
  tCounting = false;
  ASSERT_HIP(launched);
  const uint64_t allocations = gAllocations.load() - allocationsBefore;
  const uint64_t locks = gMutexLocks.load() - locksBefore;
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &after));
  ASSERT_HIP(finishWithin20Seconds(stream));
  mixed.expectResults(5);
  std::vector<int> host(kCount);
  ASSERT_HIP(hipMemcpy(host.data(), y.data, bytes, hipMemcpyDeviceToHost));
  for (int i = 0; i < kCount; ++i) ASSERT_EQ(host[i], 6) << i;
  // Both graphs ran on lanes (the single-queue plan takes 15 + 5 packets a round).
  EXPECT_LT(after - before, 5u * 20u);
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipEventDestroy(event));
  if (!counted) return;
  EXPECT_EQ(allocations, 0u);
  EXPECT_EQ(locks, 0u);
}

}  // namespace
