// Graphs whose independent branches run on several hardware queues at once (GraphLanes.h):
// branches really overlap, every launch gives exact results (back to back, from two streams,
// from two threads), the launch is ordered with the stream's work before and after it, and a
// join waits for every branch.
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

}  // namespace
