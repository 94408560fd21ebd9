// ROCR memory: pool allocation, access grants, pointer queries, signals and async copies.

#include <dlfcn.h>

#include <chrono>

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include "Hsa.h"
#include "Profiling.h"
#include "SignalOrdering.h"
#include "trace/CopyTrace.h"
#include "trace/Settings.h"

namespace hipcore::hsa {

Result<void*> allocate(uint64_t pool, size_t bytes) {
  void* pointer = nullptr;
  hsa_status_t status =
      hsa_amd_memory_pool_allocate(hsa_amd_memory_pool_t{pool}, bytes, 0, &pointer);
  if (status != HSA_STATUS_SUCCESS)
    return hsaError(status, errorf("hsa_amd_memory_pool_allocate of %zu bytes", bytes));
  return pointer;
}

Result<void> release(void* pointer) {
  hsa_status_t status = hsa_amd_memory_pool_free(pointer);
  if (status != HSA_STATUS_SUCCESS)
    return hsaError(status, errorf("hsa_amd_memory_pool_free(%p)", pointer));
  return loader::Ok{};
}

namespace {

using ExportDmabuf = hsa_status_t (*)(const void* pointer, size_t bytes, int* fd, uint64_t* offset);

// Found once: the ROCR library that defines hsa_amd_memory_pool_free, asked for the newer
// function by name (a dlopen'ed libhipcore's ROCR need not be in the global scope).
ExportDmabuf exportDmabufFunction() {
  static const ExportDmabuf found = [] {
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&hsa_amd_memory_pool_free), &info) == 0 ||
        info.dli_fname == nullptr)
      return ExportDmabuf{nullptr};
    void* library = dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD);
    if (library == nullptr) return ExportDmabuf{nullptr};
    auto function =
        reinterpret_cast<ExportDmabuf>(dlsym(library, "hsa_amd_portable_export_dmabuf"));
    dlclose(library);  // RTLD_NOLOAD only took a reference; ROCR stays loaded
    return function;
  }();
  return found;
}

}  // namespace

bool canExportDmabuf() {
  return exportDmabufFunction() != nullptr;
}

Result<Dmabuf> exportDmabuf(const void* pointer, size_t bytes) {
  ExportDmabuf function = exportDmabufFunction();
  if (function == nullptr)
    return hsaError(HSA_STATUS_ERROR, "this ROCR has no hsa_amd_portable_export_dmabuf");
  Dmabuf result;
  hsa_status_t status = function(pointer, bytes, &result.fd, &result.offset);
  if (status != HSA_STATUS_SUCCESS)
    return hsaError(status, errorf("hsa_amd_portable_export_dmabuf(%p, %zu)", pointer, bytes));
  return result;
}

Result<void*> lockHostMemory(uint64_t agent, void* pointer, size_t bytes) {
  hsa_agent_t agents[] = {hsa_agent_t{agent}};
  void* agentPointer = nullptr;
  hsa_status_t status = hsa_amd_memory_lock(pointer, bytes, agents, 1, &agentPointer);
  if (status != HSA_STATUS_SUCCESS)
    return hsaError(status, errorf("hsa_amd_memory_lock(%p, %zu)", pointer, bytes));
  return agentPointer;
}

Result<void> allowAccess(uint64_t agent, const void* pointer) {
  hsa_agent_t agents[] = {hsa_agent_t{agent}};
  hsa_status_t status = hsa_amd_agents_allow_access(1, agents, nullptr, pointer);
  if (status != HSA_STATUS_SUCCESS)
    return hsaError(status, errorf("hsa_amd_agents_allow_access(%p)", pointer));
  return loader::Ok{};
}

namespace {

PointerKind kindOf(const hsa_amd_pointer_info_t& info) {
  switch (info.type) {
    case HSA_EXT_POINTER_TYPE_HSA: {
      hsa_device_type_t type;
      if (hsa_agent_get_info(info.agentOwner, HSA_AGENT_INFO_DEVICE, &type) == HSA_STATUS_SUCCESS &&
          type == HSA_DEVICE_TYPE_GPU)
        return PointerKind::Device;
      return PointerKind::Host;
    }
    case HSA_EXT_POINTER_TYPE_LOCKED:
    case HSA_EXT_POINTER_TYPE_GRAPHICS:
    case HSA_EXT_POINTER_TYPE_IPC:
      return PointerKind::Host;
    default:
      return PointerKind::Unknown;
  }
}

}  // namespace

PointerKind pointerKind(const void* pointer) {
  hsa_amd_pointer_info_t info{};
  info.size = sizeof(info);
  if (hsa_amd_pointer_info(const_cast<void*>(pointer), &info, nullptr, nullptr, nullptr) !=
      HSA_STATUS_SUCCESS)
    return PointerKind::Unknown;
  return kindOf(info);
}

size_t allocationSize(const void* pointer) {
  hsa_amd_pointer_info_t info{};
  info.size = sizeof(info);
  if (hsa_amd_pointer_info(const_cast<void*>(pointer), &info, nullptr, nullptr, nullptr) !=
      HSA_STATUS_SUCCESS)
    return 0;
  return info.type == HSA_EXT_POINTER_TYPE_HSA ? info.sizeInBytes : 0;
}

Result<std::unique_ptr<Signal>> Signal::create(int64_t initial) {
  hsa_signal_t signal;
  hsa_status_t status = hsa_signal_create(initial, 0, nullptr, &signal);
  if (status != HSA_STATUS_SUCCESS) return hsaError(status, "hsa_signal_create");
  return std::unique_ptr<Signal>(new Signal(signal.handle));
}

Result<std::unique_ptr<Signal>> Signal::createPolled(int64_t initial) {
  hsa_signal_t signal;
  hsa_status_t status =
      hsa_amd_signal_create(initial, 0, nullptr, HSA_AMD_SIGNAL_AMD_GPU_ONLY, &signal);
  if (status != HSA_STATUS_SUCCESS) return hsaError(status, "hsa_amd_signal_create");
  return std::unique_ptr<Signal>(new Signal(signal.handle));
}

Signal::~Signal() {
  hsa_signal_destroy(hsa_signal_t{handle_});
}

void Signal::store(int64_t value) {
  // handle_ is read before the release: once the value is stored, a waiter may destroy this.
  const uint64_t handle = handle_;
  releaseSignalOrdering(handle);
  hsa_signal_store_screlease(hsa_signal_t{handle}, value);
}

namespace {

// The spin-wait hint: spares the memory system (and a hyperthread sibling) while spinning.
inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

// How long a wait polls the signal before it lets ROCR wait (which spins ~200 us more, then
// blocks in the thunk). The poll spins with a pause between looks and does not yield: under
// the kernel's EEVDF scheduler every sched_yield moves the caller's deadline a whole slice
// (~0.7 ms) later, so after a few dozen any runnable task, a nice-19 background job included,
// is picked before the waiter and keeps the CPU for its slice (0.7-4 ms): with one busy loop at
// nice 19 per CPU a 4 KiB copy's wait that yielded took milliseconds (bench/README.md,
// 2026-12-02). The thread completing the signal is not starved by this spin: on vgpu the
// queue workers keep off the CPU of a host thread that waits (vgpu/cp/CpuPlacement.h), on a
// GPU it is the GPU. Short waits finish here; long ones end up blocked in the driver.
constexpr auto kSpinningPoll = std::chrono::microseconds(100);

// Polls until done(value); false when kSpinningPoll passed first. The value is read in place
// (amd_signal_t's, which hsa_signal_load_scacquire reads too, after two calls through ROCR's
// function table and the signal's vtable), and the clock is read only every 16 looks: on the
// CI VM one read costs ~40 ns, longer than a look and a pause.
template <class Done>
bool pollSpinning(uint64_t handle, Done done) {
  const int64_t* value = static_cast<const int64_t*>(signalValueAddress(handle));
  auto look = [value] { return __atomic_load_n(value, __ATOMIC_ACQUIRE); };
  constexpr unsigned kLooksPerClockRead = 16;
  for (unsigned n = 0; n < kLooksPerClockRead; ++n) {
    if (done(look())) return true;
    cpuRelax();
  }
  const auto start = std::chrono::steady_clock::now();
  for (unsigned n = 1;; ++n) {
    if (done(look())) return true;
    cpuRelax();
    if (n % kLooksPerClockRead == 0 && std::chrono::steady_clock::now() - start > kSpinningPoll)
      return false;
  }
}

bool isZero(hsa_signal_value_t value) {
  return value == 0;
}

}  // namespace

int Signal::waitForZero(const std::atomic<int>* abandon) {
  // ROCR spins for a short while before it blocks in the driver: no 100% CPU waits. The
  // timeout (in timestamp ticks) only bounds how late a queue error is noticed.
  static const uint64_t tenMilliseconds = [] {
    uint64_t frequency = 0;
    hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &frequency);
    return frequency ? frequency / 100 : 1'000'000;
  }();
  if (pollSpinning(handle_, isZero)) {
    acquireSignalOrdering(handle_);
    return 0;
  }
  for (;;) {
    if (hsa_signal_wait_scacquire(hsa_signal_t{handle_}, HSA_SIGNAL_CONDITION_EQ, 0,
                                  tenMilliseconds, HSA_WAIT_STATE_BLOCKED) == 0) {
      acquireSignalOrdering(handle_);
      return 0;
    }
    if (abandon != nullptr) {
      if (int status = abandon->load(std::memory_order_acquire); status != 0) return status;
    }
  }
}

bool Signal::pollAtMost(int64_t bound) {
  if (!pollSpinning(handle_, [bound](hsa_signal_value_t value) { return value <= bound; }))
    return false;
  acquireSignalOrdering(handle_);
  return true;
}

int64_t Signal::load() const {
  int64_t value = hsa_signal_load_scacquire(hsa_signal_t{handle_});
  acquireSignalOrdering(handle_);
  return value;
}

int64_t Signal::waitChange(int64_t seen, uint64_t milliseconds) {
  static const uint64_t ticksPerMillisecond = [] {
    uint64_t frequency = 0;
    hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &frequency);
    return frequency ? frequency / 1000 : 100'000;
  }();
  int64_t value =
      hsa_signal_wait_scacquire(hsa_signal_t{handle_}, HSA_SIGNAL_CONDITION_NE, seen,
                                milliseconds * ticksPerMillisecond, HSA_WAIT_STATE_BLOCKED);
  acquireSignalOrdering(handle_);
  return value;
}

Result<uint64_t> Signal::completionTimeNs(uint64_t agent) const {
  hsa_amd_profiling_dispatch_time_t time{};
  hsa_status_t status =
      hsa_amd_profiling_get_dispatch_time(hsa_agent_t{agent}, hsa_signal_t{handle_}, &time);
  if (status != HSA_STATUS_SUCCESS) return hsaError(status, "hsa_amd_profiling_get_dispatch_time");
  static const double nsPerTick = [] {
    uint64_t frequency = 0;
    hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &frequency);
    return frequency ? 1e9 / static_cast<double>(frequency) : 1.0;
  }();
  return static_cast<uint64_t>(static_cast<double>(time.end) * nsPerTick);
}
PointerInfo pointerInfo(const void* pointer) {
  PointerInfo out;
  hsa_amd_pointer_info_t info{};
  info.size = sizeof(info);
  if (hsa_amd_pointer_info(const_cast<void*>(pointer), &info, nullptr, nullptr, nullptr) !=
          HSA_STATUS_SUCCESS ||
      info.type == HSA_EXT_POINTER_TYPE_UNKNOWN)
    return out;
  out.kind = kindOf(info);  // not pointerKind(pointer): that asks ROCR a second time
  out.locked = info.type == HSA_EXT_POINTER_TYPE_LOCKED;
  out.hostBase = info.hostBaseAddress;
  out.agentBase = info.agentBaseAddress;
  out.bytes = info.sizeInBytes;
  out.owner = info.agentOwner.handle;
  out.userData = reinterpret_cast<uintptr_t>(info.userData);
  return out;
}

Result<void> setUserData(void* base, uintptr_t value) {
  hsa_status_t status = hsa_amd_pointer_info_set_userdata(base, reinterpret_cast<void*>(value));
  if (status != HSA_STATUS_SUCCESS)
    return hsaError(status, errorf("hsa_amd_pointer_info_set_userdata(%p)", base));
  return loader::Ok{};
}

Result<void> unlockHostMemory(void* pointer) {
  hsa_status_t status = hsa_amd_memory_unlock(pointer);
  if (status != HSA_STATUS_SUCCESS)
    return hsaError(status, errorf("hsa_amd_memory_unlock(%p)", pointer));
  return loader::Ok{};
}

namespace {

struct ZeroHandler {
  void (*handler)(void*);
  void* arg;
};

bool runZeroHandler(hsa_signal_value_t, void* arg) {
  ZeroHandler call = *static_cast<ZeroHandler*>(arg);
  delete static_cast<ZeroHandler*>(arg);
  call.handler(call.arg);
  return false;  // once
}

}  // namespace

Result<void> onZero(uint64_t signal, void (*handler)(void*), void* arg) {
  auto* call = new ZeroHandler{handler, arg};
  hsa_status_t status = hsa_amd_signal_async_handler(hsa_signal_t{signal}, HSA_SIGNAL_CONDITION_EQ,
                                                     0, runZeroHandler, call);
  if (status == HSA_STATUS_SUCCESS) return loader::Ok{};
  delete call;
  return hsaError(status, "hsa_amd_signal_async_handler");
}

bool Signal::waitForZeroBriefly(uint64_t microseconds) {
  static const uint64_t ticksPerMicrosecond = [] {
    uint64_t frequency = 0;
    hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &frequency);
    return frequency >= 1'000'000 ? frequency / 1'000'000 : 1;
  }();
  bool done =
      hsa_signal_wait_scacquire(hsa_signal_t{handle_}, HSA_SIGNAL_CONDITION_EQ, 0,
                                microseconds * ticksPerMicrosecond, HSA_WAIT_STATE_ACTIVE) == 0;
  if (done) acquireSignalOrdering(handle_);
  return done;
}

Result<void> AsyncCopy::start(void* destination, uint64_t destinationAgent, const void* source,
                              uint64_t sourceAgent, size_t bytes, Signal& done) {
  if (trace::enabled(trace::kTrace)) enableCopyProfiling();
  done.store(1);
  hsa_status_t status = hsa_amd_memory_async_copy(destination, hsa_agent_t{destinationAgent},
                                                  source, hsa_agent_t{sourceAgent}, bytes, 0,
                                                  nullptr, hsa_signal_t{done.handle()});
  if (status != HSA_STATUS_SUCCESS)
    return hsaError(status, errorf("hsa_amd_memory_async_copy of %zu bytes %p -> %p", bytes, source,
                                   destination));
  done_ = &done;
  bytes_ = bytes;
  sourceAgent_ = sourceAgent;
  destinationAgent_ = destinationAgent;
  return loader::Ok{};
}

int AsyncCopy::wait(const std::atomic<int>* abandon) {
  if (!done_) return 0;
  if (int status = done_->waitForZero(abandon); status != 0) {
    done_ = nullptr;  // the engine stopped: nothing will complete it
    return status;
  }
  if (trace::enabled(trace::kTrace))
    trace::recordCopy(done_->handle(), bytes_, isCpuAgent(sourceAgent_),
                      isCpuAgent(destinationAgent_));
  done_ = nullptr;
  return 0;
}

Result<void> copyAndWait(void* destination, uint64_t destinationAgent, const void* source,
                         uint64_t sourceAgent, size_t bytes, Signal& done,
                         const std::atomic<int>* abandon) {
  AsyncCopy copy;
  if (auto started = copy.start(destination, destinationAgent, source, sourceAgent, bytes, done);
      !started)
    return started;
  if (int status = copy.wait(abandon); status != 0)
    return hsaError(
        static_cast<hsa_status_t>(status),
        errorf("copy of %zu bytes %p -> %p stopped by a device fault", bytes, source, destination));
  return loader::Ok{};
}

}  // namespace hipcore::hsa
