// Thin RAII wrappers over ROCR (the HSA runtime): the only part of hipcore that includes hsa.h.
//
// Handles cross this interface as plain integers so that core code stays free of HSA types.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "PacketQueue.h"
#include "hipcore/loader/Bytes.h"
#include "hipcore/loader/Result.h"

namespace hipcore::hsa {

// Every wrapper returns a loader::Result (Result<void> when there is no value). A failed ROCR
// call's Error carries its hsa_status_t as Error::code; core::hsaFailure (core/HsaFailure.h)
// turns it into the hipError_t HIP reports for it.
using loader::Error;
using loader::errorf;
using loader::Result;

// hsa_init; the message says what failed and, for the usual no-driver case, what to do.
Result<void> initialize();
// "HSA_STATUS_ERROR_...: <ROCR's explanation>" (hsa_status_string), or the number.
std::string statusName(int status);
// The Error of a failed ROCR call: "<what>: <statusName(status)>", with code = status.
Error hsaError(int status, Error what);
inline Error hsaError(int status, const char* what) {
  return hsaError(status, Error{what, std::nullopt});
}
// True for the statuses of a queue error caused by a bad memory access.
bool isMemoryFault(int status);
// A queue stopped by a trap in a kernel (s_trap: device assert/abort).
bool isTrap(int status);

// What hipGetDeviceProperties reports, read from agent and pool info.
struct AgentProperties {
  std::string name;         // "gfx1030" (HSA_AGENT_INFO_NAME)
  std::string productName;  // marketing name
  std::string isaName;      // "amdgcn-amd-amdhsa--gfx1030"
  uint8_t uuid[16] = {};
  uint64_t globalMemoryBytes = 0;
  uint32_t groupSegmentBytes = 0;  // LDS per workgroup
  uint32_t computeUnits = 0;
  uint32_t wavefrontSize = 0;
  uint32_t maxWorkgroupSize = 0;
  uint16_t maxWorkgroupDims[3] = {};
  uint32_t maxGridDims[3] = {};
  uint32_t maxClockMhz = 0;
  uint32_t memoryClockMhz = 0;
  uint32_t memoryBusWidth = 0;
  uint32_t l2CacheBytes = 0;
  uint32_t maxWavesPerCu = 0;
  uint32_t bdfId = 0;
  uint32_t domain = 0;
  uint32_t chipRevision = 0;
  // The host may access the device memory pool (ROCR's CPU-agent access to it is not "never
  // allowed"): the whole VRAM is mapped through the PCI BAR, HIP's isLargeBar. Small copies
  // from pageable memory are then CPU stores (DeviceCopies).
  bool hostAccessesDeviceMemory = false;
};

struct GpuAgent {
  uint64_t agent = 0;
  uint64_t cpuAgent = 0;     // the host agent nearest to it (for copies)
  uint64_t devicePool = 0;   // coarse-grained device memory (hipMalloc)
  uint64_t kernargPool = 0;  // host memory flagged KERNARG_INIT
  uint64_t hostPool = 0;     // fine-grained host memory (staging, signals)
  // HDP_MEM_FLUSH_CNTL (kfd_ioctl.h's remapped MMIO page), written after CPU stores into device
  // memory so the GPU reads them from memory, not from the host data path's queue; null where
  // ROCR does not map it (ROCR 5.2 only with HSA_FORCE_FINE_GRAIN_PCIE=1).
  uint32_t* hdpFlush = nullptr;
  AgentProperties properties;
};

// Every GPU agent ROCR reports, in ROCR's order.
Result<std::vector<GpuAgent>> gpuAgents();

Result<void*> allocate(uint64_t pool, size_t bytes);
Result<void> release(void* pointer);
// Pins pageable host memory for a GPU agent; returns the address the GPU uses for it.
Result<void*> lockHostMemory(uint64_t agent, void* pointer, size_t bytes);
// Gives an agent access to memory it may not reach by default: host-pool memory for a GPU,
// device memory for the CPU on a large BAR.
Result<void> allowAccess(uint64_t agent, const void* pointer);
// The path from `agent` to memory `pool` (another agent's) in ROCR's topology: the first hop's
// link type (hsa_amd_link_info_type_t), the hops and the sum of their NUMA distances.
struct LinkPath {
  uint32_t firstLinkType = 0;
  uint32_t hops = 0;
  uint32_t distance = 0;
};
Result<LinkPath> linkPath(uint64_t agent, uint64_t pool);

enum class PointerKind { Unknown, Host, Device };
// What ROCR knows about a pointer (device memory it allocated, host memory, or nothing).
PointerKind pointerKind(const void* pointer);
// The size of the ROCR allocation starting at `pointer` (0 if ROCR does not know it).
size_t allocationSize(const void* pointer);

// Everything ROCR knows about the allocation containing a pointer.
struct PointerInfo {
  PointerKind kind = PointerKind::Unknown;
  bool locked = false;        // pageable memory pinned with lockHostMemory
  void* hostBase = nullptr;   // the allocation's start as the host sees it
  void* agentBase = nullptr;  // ... and as GPUs see it
  size_t bytes = 0;
  uint64_t owner = 0;      // the agent whose pool it came from
  uintptr_t userData = 0;  // what setUserData stored
};
PointerInfo pointerInfo(const void* pointer);
// Attaches a word to an allocation (hipcore keeps hipHostMalloc/hipHostRegister flags there).
Result<void> setUserData(void* base, uintptr_t value);
Result<void> unlockHostMemory(void* pointer);

// A dma-buf file descriptor for device memory [pointer, pointer + bytes) and the range's offset
// in it: ROCR >= 6.0's hsa_amd_portable_export_dmabuf, looked up at run time by name in the ROCR
// hipcore is linked with (5.2.3 has no such function: canExportDmabuf() is then false).
struct Dmabuf {
  int fd = -1;
  uint64_t offset = 0;
};
// Whether this ROCR can export dma-bufs (5.2.3 cannot).
bool canExportDmabuf();
Result<Dmabuf> exportDmabuf(const void* pointer, size_t bytes);

// Calls `handler(arg)` once, on ROCR's signal thread, when `signal` reaches 0.
Result<void> onZero(uint64_t signal, void (*handler)(void*), void* arg);

// A signal used for waiting on the host (copies, synchronisation).
class Signal {
 public:
  static Result<std::unique_ptr<Signal>> create(int64_t initial);
  // A signal only GPUs update and the host polls: no interrupt event behind it, so a kernel
  // incrementing it needs nothing but an atomic add.
  static Result<std::unique_ptr<Signal>> createPolled(int64_t initial);
  ~Signal();
  Signal(const Signal&) = delete;
  Signal& operator=(const Signal&) = delete;
  uint64_t handle() const { return handle_; }
  void store(int64_t value);
  // Waits (spinning briefly, then blocking) until the value is 0, or until `abandon` holds a
  // non-zero HSA status (a queue error: the signal will never reach 0). Returns that status.
  int waitForZero(const std::atomic<int>* abandon = nullptr);
  // Polls (spinning; never yielding or blocking) for about 100 us at most until the value is
  // `bound` or below; true if it got there.
  bool pollAtMost(int64_t bound);
  // Waits at most about `microseconds` for the value to become 0; true if it did.
  bool waitForZeroBriefly(uint64_t microseconds);
  int64_t load() const;
  // Blocks (ROCR: a short spin, then the driver's event wait) until the value differs from
  // `seen` or about `milliseconds` passed; returns the value then.
  int64_t waitChange(int64_t seen, uint64_t milliseconds);
  // When the packet that completed this signal finished, in nanoseconds of the system clock
  // (the packet processor stamps it on queues with profiling enabled).
  Result<uint64_t> completionTimeNs(uint64_t agent) const;

 private:
  explicit Signal(uint64_t handle) : handle_(handle) {}
  uint64_t handle_;
};

// One hsa_amd_memory_async_copy in flight, completing `done`.
class AsyncCopy {
 public:
  // Sets `done` to 1 and submits the copy; on success wait() must follow before `done` or the
  // buffers are reused.
  Result<void> start(void* destination, uint64_t destinationAgent, const void* source,
                     uint64_t sourceAgent, size_t bytes, Signal& done);
  // Waits for the started copy (and records it when tracing); nothing if none was started.
  // With `abandon`, gives up when it turns non-zero (the device faulted: a copy engine that
  // stopped on a fault never completes the copy) and returns its value; else returns 0.
  int wait(const std::atomic<int>* abandon = nullptr);

 private:
  Signal* done_ = nullptr;
  size_t bytes_ = 0;
  uint64_t sourceAgent_ = 0;
  uint64_t destinationAgent_ = 0;
};

// hsa_amd_memory_async_copy and a wait for its completion (or for `abandon`, as
// AsyncCopy::wait).
Result<void> copyAndWait(void* destination, uint64_t destinationAgent, const void* source,
                         uint64_t sourceAgent, size_t bytes, Signal& done,
                         const std::atomic<int>* abandon = nullptr);

// Where ROCR's queue-error callback reports, one per device (a fault is sticky for the whole
// device, as in CUDA): the HSA status of the error (0 while healthy; waiters watch it) and the
// first queue that stopped (its hsa_queue_t address, 0 before), whose stuck packet names the
// kernel and whose vgpu record holds the full report.
struct QueueErrorSlot {
  std::atomic<int> status{0};
  std::atomic<uint64_t> queue{0};
};

// A user-mode AQL queue of the GPU.
class AqlQueue final : public PacketQueue {
 public:
  // A queue error (a faulting kernel, an illegal instruction) is stored in *errors, from ROCR's
  // thread; the queue is dead from then on.
  static Result<std::unique_ptr<AqlQueue>> create(uint64_t agent, uint32_t packets,
                                                  QueueErrorSlot* errors);
  ~AqlQueue() override;
  void* packets() const override;
  uint32_t size() const override;
  uint64_t reserve(uint64_t count) noexcept override;
  uint64_t readIndex() const noexcept override;
  void ringDoorbell(uint64_t index) noexcept override;
  uint64_t address() const override;
  void enableTimestamps() noexcept override;
  // Limits the queue's dispatches to the compute units whose bits are set (bit i of word i/32 =
  // CU i); an empty mask enables every unit again.
  Result<void> setComputeUnitMask(const std::vector<uint32_t>& mask);

 private:
  explicit AqlQueue(void* queue) : queue_(queue) {}
  void* queue_;                            // hsa_queue_t*
  std::atomic<bool> timestamps_{false};    // set once profiling is on (enableTimestamps)
  volatile uint64_t* doorbell_ = nullptr;  // the hardware doorbell, or null: store the signal
};

// Device faults (HsaFaults.cpp). ROCR 5.2.3 aborts the process on a GPU memory fault unless a
// system event handler accepts it; this one calls `sink` instead (on ROCR's event thread).
using MemoryFaultSink = void (*)(uint64_t agent, uint64_t address, void* context);
void installMemoryFaultHandler(MemoryFaultSink sink, void* context);
// The kernel object of the dispatch a stopped queue is stuck at (its read index), or 0.
uint64_t stoppedKernelObject(uint64_t queueAddress);
// Executables loaded by Executable::load, for kernelNameOf.
void noteExecutable(uint64_t executable, uint64_t agent, bool live);
// The demangled name of a loaded kernel, or "" when no executable has it.
std::string kernelNameOf(uint64_t kernelObject);

struct KernelSymbol {
  uint64_t kernelObject = 0;
  uint32_t kernargSize = 0;
  uint32_t groupSegmentSize = 0;
  uint32_t privateSegmentSize = 0;
};

// A code object loaded and frozen for one agent.
class Executable {
 public:
  static Result<std::unique_ptr<Executable>> load(uint64_t agent, loader::Bytes codeObject);
  ~Executable();
  Executable(const Executable&) = delete;
  Executable& operator=(const Executable&) = delete;
  Result<KernelSymbol> kernel(const std::string& name) const;  // name is "<kernel>.kd"
  Result<uint64_t> variableAddress(const std::string& name) const;

 private:
  Executable(uint64_t agent, uint64_t executable, uint64_t reader)
      : agent_(agent), executable_(executable), reader_(reader) {}
  uint64_t agent_;
  uint64_t executable_;
  uint64_t reader_;
};

}  // namespace hipcore::hsa
