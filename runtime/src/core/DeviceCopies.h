// Fills and copies on one GPU (hipMemset*, hipMemcpy*, and the stream memory operations), ordered
// on a stream (null: the null stream, with legacy ordering). Device memory and pinned host memory
// are reached by a built-in kernel on the stream's queue: with `wait` the call returns once it
// completed (hipMemset, hipMemcpy), without once it is queued (the Async forms). Pageable host
// memory goes through the staging buffers (small copies into device memory on a large BAR: CPU
// stores) after the stream's earlier work, and is consumed (or written) when the call returns.
#pragma once

#include <hip/hip_runtime_api.h>

#include <atomic>
#include <memory>
#include <mutex>

#include "BuiltinKernels.h"
#include "MemoryOps.h"
#include "Status.h"
#include "hsa/Hsa.h"

namespace hipcore::core {

class Device;
class Stream;
class Module;

class DeviceCopies {
 public:
  DeviceCopies(Device& device, const hsa::GpuAgent& agent);
  ~DeviceCopies();
  DeviceCopies(const DeviceCopies&) = delete;
  DeviceCopies& operator=(const DeviceCopies&) = delete;

  // Sets each byte of the box to the pattern of `patternWidth` (1, 2 or 4) bytes repeated from
  // the start of every row (hipMemset*, hipMemsetD16/D32).
  Status fill(Stream* queue, Pitched<void*> destination, const Extent& extent, uint32_t pattern,
              unsigned patternWidth, bool wait);
  Status copy(Stream* queue, Pitched<void*> destination, Pitched<const void*> source,
              const Extent& extent, bool wait);
  // A 1D copy on the null stream, complete on return (symbol copies); `kind` is checked, the
  // direction comes from the pointers.
  Status copy(void* destination, const void* source, size_t bytes, hipMemcpyKind kind);
  // A host-to-device copy that waits for no stream (code-object loading: managed variables).
  Status copyNow(void* destination, const void* source, size_t bytes, hipMemcpyKind kind);
  // Stream memory operations (hipStreamWriteValue*, hipStreamWaitValue*): `bytes` (4 or 8) at
  // `address`, memory the GPU reaches, aligned to `bytes`. writeValue stores `value` after the
  // stream's earlier work; waitValue holds the stream's later work until the value there, ANDed
  // with `mask`, meets `condition` (an hsa_signal_condition_t, compared as a signed 64-bit
  // number: a 4-byte location is read as the aligned 8-byte word holding it, the other half
  // masked away).
  Status writeValue(Stream* queue, void* address, uint64_t value, unsigned bytes);
  Status waitValue(Stream* queue, const void* address, uint64_t value, uint64_t mask,
                   uint32_t condition, unsigned bytes);
  // The built-in fill and copy kernels on this device, loaded on first use.
  Status builtins(const BuiltinKernels*& out);

  // The built-in kernel launch that fill() or copy() (without `wait`) dispatches for the same
  // operation, for prebuilding it (an executable graph's lanes). The arguments stay valid while
  // `out` lives. A copy with a side in pageable host memory has no kernel (the host takes part):
  // `out.kernel` stays null. An empty extent has none either. Errors are those fill() and copy()
  // report.
  struct BlitLaunch {
    const DeviceKernel* kernel = nullptr;
    loader::LaunchGeometry geometry;
    uint64_t values[8] = {};  // each argument in the low bytes of its own word
    void* arguments[8] = {};  // pointers to `values`
    void aim() {
      for (int i = 0; i < 8; ++i) arguments[i] = &values[i];
    }
  };
  Status fillKernel(Pitched<void*> destination, const Extent& extent, uint32_t pattern,
                    unsigned patternWidth, BlitLaunch& out);
  Status copyKernel(Pitched<void*> destination, Pitched<const void*> source, const Extent& extent,
                    BlitLaunch& out);

 private:
  Status ensureCopySignal();  // caller holds copyMutex_
  Status copyThroughStaging(void* destination, const void* source, size_t bytes, bool toDevice);
  Status ensureStaging();  // caller holds copyMutex_
  Status copyDirect(void* destination, const void* source, size_t bytes, bool toDevice);
  // CPU stores into this device's memory (DeviceMemory::hostWritable), then the HDP flush.
  void writeWithCpu(Pitched<void*> destination, Pitched<const void*> source, const Extent& extent);
  Status queueOrNull(Stream*& queue);
  // The kernels of a fill or copy on the GPU's addresses of the two sides (rows collapsed).
  Status fillBlit(Pitched<void*> destination, const Extent& extent, uint32_t word, BlitLaunch& out);
  Status copyBlit(Pitched<void*> destination, Pitched<const void*> source, const Extent& extent,
                  BlitLaunch& out);
  Status dispatch(Stream& queue, const BlitLaunch& blit);
  Status drain(Stream& queue);  // the queue's earlier work (legacy order included) completed

  Device& device_;
  const hsa::GpuAgent& agent_;
  std::mutex copyMutex_;  // the staging buffers and the copy signal
  std::unique_ptr<hsa::Signal> copySignal_;
  // Pageable copies alternate between two pinned staging buffers: the host fills (or empties)
  // one while the DMA engine reads (or writes) the other.
  struct StagingBuffer {
    void* memory = nullptr;
    std::unique_ptr<hsa::Signal> done;
    hsa::AsyncCopy copy;  // the DMA using `memory`, if one is in flight
  };
  StagingBuffer staging_[2];
  std::mutex builtinMutex_;
  std::atomic<bool> builtinsReady_{false};
  std::unique_ptr<Module> builtinModule_;
  BuiltinKernels builtins_;
};

}  // namespace hipcore::core
