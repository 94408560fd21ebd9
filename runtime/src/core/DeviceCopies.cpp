// Fills and copies (DeviceCopies.h). Memory the GPU reaches (device memory, pinned host memory) is
// written by a built-in kernel dispatched on the stream's own AQL queue: ordered with the stream's
// kernels for free, and asynchronous unless the caller waits. Pageable host memory goes through a
// pair of pinned staging buffers (SDMA) once the stream's earlier work has completed, except small
// copies into device memory the CPU may write (a large BAR): those are CPU stores.
#include "DeviceCopies.h"

#include <algorithm>
#include <cstring>

#include "Device.h"
#include "HsaFailure.h"
#include "Module.h"

namespace hipcore::core {
namespace {

// Pageable host memory reaches the GPU through pinned staging buffers of this size.
constexpr size_t kStagingBytes = size_t{4} << 20;
// Copies from pageable memory into this device's memory up to this size are CPU stores when the
// CPU may write device memory (a large BAR), as AMD's runtime does there: the DMA path costs a
// staging memcpy, a DMA packet and a wait for its completion (2-3 us for 4 KiB on vgpu, against
// well under 1 us of stores). Larger copies keep the DMA engine, whose bandwidth across PCIe is
// what a BAR's write-combined stores cannot match.
constexpr size_t kHostWriteMaxBytes = size_t{64} << 10;
// Workgroups per row at most: enough to fill a large GPU; each work-item loops over the rest.
constexpr uint64_t kMaxRowBlocks = 1024;

// How the GPU reaches one side of an operation.
struct Reach {
  enum Kind { Device, Pinned, Pageable } kind = Pageable;
  uint8_t* agentAddress = nullptr;  // the address kernels use (Device and Pinned)
  int device = -1;                  // hipcore's device memory: the device that owns it
};

// The bytes from `first`'s start that mappings laid end to end cover, looking no further than
// `needed`: a reservation may hold several hipMemMap mappings side by side, and like the GPU's
// page tables a copy sees them as one range.
size_t mappedRunBytes(const PointerRegistry& pointers, const Allocation& first, size_t needed) {
  size_t bytes = first.bytes;
  Allocation next;
  while (bytes < needed) {
    const uint8_t* end = static_cast<const uint8_t*>(first.base) + bytes;
    if (!pointers.find(end, next) || next.kind != MemoryKind::Mapped || next.base != end ||
        next.devicePointer != static_cast<uint8_t*>(first.devicePointer) + bytes)
      break;
    bytes += next.bytes;
  }
  return bytes;
}

// Classifies `pointer` and checks that `span` bytes from it stay inside its allocation (where
// hipcore or ROCR knows the allocation; pageable memory cannot be checked). hipcore's registry
// answers for everything hipcore allocated or registered (a few dozen instructions); ROCR's
// pointer info (~1,400 instructions a pointer) only for what it does not know: pageable memory
// and memory allocated through ROCR directly.
Status locate(const PointerRegistry& pointers, const void* pointer, size_t span, const char* role,
              Reach& out) {
  // hipMalloc's sub-allocator carves blocks out of larger ROCR chunks, which ROCR sees as one
  // allocation: the registry knows each block's requested size.
  if (Allocation allocation; pointers.find(pointer, allocation)) {
    size_t within = static_cast<size_t>(static_cast<const uint8_t*>(pointer) -
                                        static_cast<const uint8_t*>(allocation.base));
    if (span > allocation.bytes - within && allocation.kind == MemoryKind::Mapped)
      allocation.bytes = mappedRunBytes(pointers, allocation, within + span);
    if (span > allocation.bytes - within)
      return fail(hipErrorInvalidValue,
                  "%s %p: %zu bytes run past the end of its %zu-byte allocation at %p", role,
                  pointer, span, allocation.bytes, allocation.base);
    // Mapped memory (hipMemMap, IPC) is reached like device memory of its device.
    const bool device =
        allocation.kind == MemoryKind::Device || allocation.kind == MemoryKind::Mapped;
    out = {device ? Reach::Device : Reach::Pinned,
           static_cast<uint8_t*>(allocation.devicePointer) + within,
           device ? allocation.device : -1};
    return Status::success();
  }
  if (pointers.inPoolChunk(pointer))
    return fail(hipErrorInvalidValue,
                "%s %p is in no live allocation (freed, or past the end of a hipMalloc block)",
                role, pointer);
  hsa::PointerInfo info = hsa::pointerInfo(pointer);
  if (info.kind == hsa::PointerKind::Unknown) {
    out = {Reach::Pageable, nullptr};
    return Status::success();
  }
  size_t offset = static_cast<size_t>(static_cast<const uint8_t*>(pointer) -
                                      static_cast<const uint8_t*>(info.hostBase));
  if (info.bytes != 0 && (offset > info.bytes || span > info.bytes - offset))
    return fail(hipErrorInvalidValue,
                "%s %p: %zu bytes run past the end of its %zu-byte allocation at %p", role, pointer,
                span, info.bytes, info.hostBase);
  out = {info.kind == hsa::PointerKind::Device ? Reach::Device : Reach::Pinned,
         static_cast<uint8_t*>(info.agentBase) + offset};
  return Status::success();
}

// Rows that follow each other without a gap on both sides are one long row: fewer workgroups,
// fewer staging round trips.
void collapse(Extent& extent, size_t& destinationPitch, size_t& sourcePitch,
              size_t& destinationSlice, size_t& sourceSlice) {
  if (extent.height > 1 && destinationPitch == extent.width && sourcePitch == extent.width) {
    extent.width *= extent.height;
    extent.height = 1;
    destinationPitch = sourcePitch = extent.width;
  }
  if (extent.height == 1 && extent.depth > 1 && destinationSlice == extent.width &&
      sourceSlice == extent.width) {
    extent.width *= extent.depth;
    extent.depth = 1;
    destinationPitch = sourcePitch = destinationSlice = sourceSlice = extent.width;
  }
}

// One workgroup row per box row (grid y) and slice (grid z); grid x covers a row's chunks.
Status rowGeometry(const Extent& extent, loader::LaunchGeometry& geometry, uint64_t& items) {
  if (extent.height > UINT32_MAX || extent.depth > UINT32_MAX)
    return fail(hipErrorInvalidValue, "%zu rows in %zu slices: more than 2^32 in one dimension",
                extent.height, extent.depth);
  uint64_t chunks = extent.width / BuiltinKernels::kChunk + 2;  // + a partial chunk at either end
  uint64_t blocks = std::min<uint64_t>(
      (chunks + BuiltinKernels::kBlock - 1) / BuiltinKernels::kBlock, kMaxRowBlocks);
  items = blocks * BuiltinKernels::kBlock;
  geometry.gridBlocks[0] = static_cast<uint32_t>(blocks);
  geometry.gridBlocks[1] = static_cast<uint32_t>(extent.height);
  geometry.gridBlocks[2] = static_cast<uint32_t>(extent.depth);
  geometry.blockSize[0] = BuiltinKernels::kBlock;
  geometry.blockSize[1] = geometry.blockSize[2] = 1;
  geometry.dynamicLdsBytes = 0;
  return Status::success();
}

void copyRowsOnHost(Pitched<void*> destination, Pitched<const void*> source, const Extent& extent) {
  for (size_t z = 0; z < extent.depth; ++z)
    for (size_t y = 0; y < extent.height; ++y)
      std::memmove(
          static_cast<uint8_t*>(destination.base) + z * destination.slicePitch +
              y * destination.pitch,
          static_cast<const uint8_t*>(source.base) + z * source.slicePitch + y * source.pitch,
          extent.width);
}

}  // namespace

DeviceCopies::DeviceCopies(Device& device, const hsa::GpuAgent& agent)
    : device_(device), agent_(agent) {}

DeviceCopies::~DeviceCopies() = default;

Status DeviceCopies::builtins(const BuiltinKernels*& out) {
  out = &builtins_;
  if (builtinsReady_.load(std::memory_order_acquire)) return Status::success();
  std::lock_guard lock(builtinMutex_);
  if (builtinsReady_.load(std::memory_order_relaxed)) return Status::success();
  if (Status loaded = BuiltinKernels::load(agent_, builtinModule_, builtins_); !loaded.ok())
    return loaded;
  builtinsReady_.store(true, std::memory_order_release);
  return Status::success();
}

Status DeviceCopies::queueOrNull(Stream*& queue) {
  if (queue != nullptr || (queue = device_.readyNullStream()) != nullptr) return Status::success();
  return device_.nullStream(queue);
}

Status DeviceCopies::drain(Stream& queue) {
  if (Status ordered = device_.prepareSubmission(queue); !ordered.ok()) return ordered;
  return queue.synchronize();
}

Status DeviceCopies::fillBlit(Pitched<void*> destination, const Extent& extent, uint32_t word,
                              BlitLaunch& out) {
  const BuiltinKernels* kernels = nullptr;
  if (Status loaded = builtins(kernels); !loaded.ok()) return loaded;
  uint64_t items = 0;
  if (Status shaped = rowGeometry(extent, out.geometry, items); !shaped.ok()) return shaped;
  // (base, width, pitch, slicePitch, word, items)
  out.values[0] = reinterpret_cast<uintptr_t>(destination.base);
  out.values[1] = extent.width;
  out.values[2] = destination.pitch;
  out.values[3] = destination.slicePitch;
  out.values[4] = word;
  out.values[5] = items;
  out.aim();
  out.kernel = kernels->fill;
  return Status::success();
}

Status DeviceCopies::copyBlit(Pitched<void*> destination, Pitched<const void*> source,
                              const Extent& extent, BlitLaunch& out) {
  const BuiltinKernels* kernels = nullptr;
  if (Status loaded = builtins(kernels); !loaded.ok()) return loaded;
  uint64_t items = 0;
  if (Status shaped = rowGeometry(extent, out.geometry, items); !shaped.ok()) return shaped;
  // 16-byte (or 4-byte) accesses need every row of both sides at the same offset from a 16-byte
  // (4-byte) boundary: equal starts, and equal pitches where there is more than one row or slice.
  auto sameOffset = [&](uint64_t modulus) {
    auto same = [modulus](uint64_t a, uint64_t b) { return ((a ^ b) & (modulus - 1)) == 0; };
    return same(reinterpret_cast<uintptr_t>(destination.base),
                reinterpret_cast<uintptr_t>(source.base)) &&
           (extent.height == 1 || same(destination.pitch, source.pitch)) &&
           (extent.depth == 1 || same(destination.slicePitch, source.slicePitch));
  };
  out.kernel = sameOffset(BuiltinKernels::kChunk) ? kernels->copyAligned
               : sameOffset(4)                    ? kernels->copyDwords
                                                  : kernels->copyBytes;
  // (dst, src, width, dstPitch, srcPitch, dstSlice, srcSlice, items)
  out.values[0] = reinterpret_cast<uintptr_t>(destination.base);
  out.values[1] = reinterpret_cast<uintptr_t>(source.base);
  out.values[2] = extent.width;
  out.values[3] = destination.pitch;
  out.values[4] = source.pitch;
  out.values[5] = destination.slicePitch;
  out.values[6] = source.slicePitch;
  out.values[7] = items;
  out.aim();
  return Status::success();
}

Status DeviceCopies::dispatch(Stream& queue, const BlitLaunch& blit) {
  if (device_.failed()) return device_.queueFailure();
  if (Status ordered = device_.prepareSubmission(queue); !ordered.ok()) return ordered;
  if (!queue.submitter().launch(*blit.kernel, blit.geometry, blit.arguments))
    return device_.queueFailure();
  return Status::success();
}

Status DeviceCopies::fillKernel(Pitched<void*> destination, const Extent& extent, uint32_t pattern,
                                unsigned patternWidth, BlitLaunch& out) {
  out.kernel = nullptr;
  if (extent.empty()) return Status::success();
  Reach reach;
  if (Status located = locate(device_.pointers(), destination.base, destination.span(extent),
                              "destination", reach);
      !located.ok())
    return located;
  if (reach.kind == Reach::Pageable)
    return fail(hipErrorInvalidValue,
                "memset destination %p is not memory the GPU reaches (hipMalloc, "
                "hipHostMalloc or hipHostRegister)",
                destination.base);
  Extent box = extent;
  size_t sourcePitch = destination.pitch,
         sourceSlice = destination.slicePitch;  // no source: mirror
  collapse(box, destination.pitch, sourcePitch, destination.slicePitch, sourceSlice);
  // The pattern restarts at each row, so rows of multi-byte patterns need pitches that keep
  // its phase; HIP's 2D/3D fills are byte fills, hipMemsetD16/D32 are one row.
  uint32_t word = fillWord(pattern, patternWidth, reinterpret_cast<uintptr_t>(reach.agentAddress));
  destination.base = reach.agentAddress;
  return fillBlit(destination, box, word, out);
}

Status DeviceCopies::fill(Stream* queue, Pitched<void*> destination, const Extent& extent,
                          uint32_t pattern, unsigned patternWidth, bool wait) {
  BlitLaunch blit;
  if (Status made = fillKernel(destination, extent, pattern, patternWidth, blit); !made.ok())
    return made;
  if (blit.kernel == nullptr) return Status::success();  // nothing to fill
  if (Status ready = queueOrNull(queue); !ready.ok()) return ready;
  if (Status queued = dispatch(*queue, blit); !queued.ok()) return queued;
  // The synchronous forms wait for the fill, device memory included: CUDA and AMD's runtime may
  // return before a fill of device memory completes, but programs that then use the memory from
  // a non-blocking stream (which does not wait for the null stream) only work when it has.
  return wait ? queue->synchronize() : Status::success();
}

// The address the GPU uses for a stream memory operation's location, or why it has none.
Status memoryOperand(const PointerRegistry& pointers, const void* address, unsigned bytes,
                     uint8_t*& out) {
  if (address == nullptr) return fail(hipErrorInvalidValue, "address is null");
  if ((reinterpret_cast<uintptr_t>(address) & (bytes - 1)) != 0)
    return fail(hipErrorInvalidValue, "address %p is not %u-byte aligned", address, bytes);
  Reach reach;
  if (Status located = locate(pointers, address, bytes, "address", reach); !located.ok())
    return located;
  if (reach.kind == Reach::Pageable)
    return fail(hipErrorInvalidValue,
                "address %p is not memory the GPU reaches (hipMalloc, hipHostMalloc or "
                "hipHostRegister)",
                address);
  out = reach.agentAddress;
  return Status::success();
}

Status DeviceCopies::writeValue(Stream* queue, void* address, uint64_t value, unsigned bytes) {
  uint8_t* target = nullptr;
  if (Status usable = memoryOperand(device_.pointers(), address, bytes, target); !usable.ok())
    return usable;
  if (Status ready = queueOrNull(queue); !ready.ok()) return ready;
  const BuiltinKernels* kernels = nullptr;
  if (Status loaded = builtins(kernels); !loaded.ok()) return loaded;
  loader::LaunchGeometry one;  // a single work-item
  uint32_t width = bytes;
  void* args[] = {&target, &value, &width};
  if (device_.failed()) return device_.queueFailure();
  if (Status ordered = device_.prepareSubmission(*queue); !ordered.ok()) return ordered;
  if (!queue->submitter().launch(*kernels->writeValue, one, args)) return device_.queueFailure();
  return Status::success();
}

Status DeviceCopies::waitValue(Stream* queue, const void* address, uint64_t value, uint64_t mask,
                               uint32_t condition, unsigned bytes) {
  uint8_t* target = nullptr;
  if (Status usable = memoryOperand(device_.pointers(), address, bytes, target); !usable.ok())
    return usable;
  if (Status ready = queueOrNull(queue); !ready.ok()) return ready;
  if (bytes == 4) {
    mask &= UINT32_MAX;
    value &= UINT32_MAX;
    // The packet processor reads an aligned 8-byte word: a 4-byte location in its upper half
    // is compared there, value and mask moved up with it (bitwise conditions are unchanged; a
    // greater-or-equal then compares as signed 32-bit numbers).
    if (reinterpret_cast<uintptr_t>(target) % 8 == 4) {
      target -= 4;
      mask <<= 32;
      value <<= 32;
    }
  }
  if (device_.failed()) return device_.queueFailure();
  if (Status ordered = device_.prepareSubmission(*queue); !ordered.ok()) return ordered;
  if (queue->submitter().submitWaitValue(target, static_cast<int64_t>(value),
                                         static_cast<int64_t>(mask),
                                         condition) == PacketSubmitter::kFailed)
    return device_.queueFailure();
  return Status::success();
}

Status DeviceCopies::copy(Stream* queue, Pitched<void*> destination, Pitched<const void*> source,
                          const Extent& extent, bool wait) {
  if (extent.empty()) return Status::success();
  Reach to, from;
  if (Status located =
          locate(device_.pointers(), destination.base, destination.span(extent), "destination", to);
      !located.ok())
    return located;
  if (Status located = locate(device_.pointers(), source.base, source.span(extent), "source", from);
      !located.ok())
    return located;
  if (Status ready = queueOrNull(queue); !ready.ok()) return ready;
  Extent box = extent;
  collapse(box, destination.pitch, source.pitch, destination.slicePitch, source.slicePitch);
  // A synchronous copy of one contiguous range between pinned host memory and the device goes
  // to the DMA engine once the stream's earlier work is done: the caller waits either way, and
  // DMA needs no dispatch (on vgpu a copy kernel is interpreted: 85x slower for 4 KiB).
  bool pinnedAndDevice = (to.kind == Reach::Pinned && from.kind == Reach::Device) ||
                         (to.kind == Reach::Device && from.kind == Reach::Pinned);
  if (wait && pinnedAndDevice && box.height == 1 && box.depth == 1) {
    if (Status drained = drain(*queue); !drained.ok()) return drained;
    return copyDirect(to.agentAddress, from.agentAddress, box.width, to.kind == Reach::Device);
  }
  if (to.kind != Reach::Pageable && from.kind != Reach::Pageable) {
    Pitched<void*> agentDestination{to.agentAddress, destination.pitch, destination.slicePitch};
    Pitched<const void*> agentSource{from.agentAddress, source.pitch, source.slicePitch};
    BlitLaunch blit;
    if (Status made = copyBlit(agentDestination, agentSource, box, blit); !made.ok()) return made;
    if (Status queued = dispatch(*queue, blit); !queued.ok()) return queued;
    return wait ? queue->synchronize() : Status::success();
  }
  // Pageable memory: the GPU cannot reach it, so the stream's earlier work must complete first;
  // the copy is done (the source consumed, the destination written) when this returns.
  if (Status drained = drain(*queue); !drained.ok()) return drained;
  if (to.kind != Reach::Device && from.kind != Reach::Device) {
    copyRowsOnHost(destination, source, box);
    return Status::success();
  }
  bool toDevice = to.kind == Reach::Device;
  if (toDevice && from.kind == Reach::Pageable && to.device == device_.index() &&
      box.width * box.height * box.depth <= kHostWriteMaxBytes && device_.memory().hostWritable()) {
    writeWithCpu(destination, source, box);
    return Status::success();
  }
  for (size_t z = 0; z < box.depth; ++z)
    for (size_t y = 0; y < box.height; ++y) {
      auto* rowTo = static_cast<uint8_t*>(destination.base) + z * destination.slicePitch +
                    y * destination.pitch;
      auto* rowFrom =
          static_cast<const uint8_t*>(source.base) + z * source.slicePitch + y * source.pitch;
      if (Status copied = copyThroughStaging(rowTo, rowFrom, box.width, toDevice); !copied.ok())
        return copied;
    }
  return Status::success();
}

Status DeviceCopies::copyKernel(Pitched<void*> destination, Pitched<const void*> source,
                                const Extent& extent, BlitLaunch& out) {
  out.kernel = nullptr;
  if (extent.empty()) return Status::success();
  Reach to, from;
  if (Status located =
          locate(device_.pointers(), destination.base, destination.span(extent), "destination", to);
      !located.ok())
    return located;
  if (Status located = locate(device_.pointers(), source.base, source.span(extent), "source", from);
      !located.ok())
    return located;
  if (to.kind == Reach::Pageable || from.kind == Reach::Pageable) return Status::success();
  Extent box = extent;
  collapse(box, destination.pitch, source.pitch, destination.slicePitch, source.slicePitch);
  return copyBlit({to.agentAddress, destination.pitch, destination.slicePitch},
                  {from.agentAddress, source.pitch, source.slicePitch}, box, out);
}

void DeviceCopies::writeWithCpu(Pitched<void*> destination, Pitched<const void*> source,
                                const Extent& extent) {
  // Device memory on a large BAR is mapped at its device address (ROCR maps VRAM for the CPU
  // where the GPU sees it), so the destination pointer is the CPU's too.
  copyRowsOnHost(destination, source, extent);
  // The stores (write-combined on a BAR) reach memory before anything later the GPU can see,
  // such as the next doorbell; then the host data path's queue is flushed to memory, where
  // ROCR maps its register.
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (agent_.hdpFlush != nullptr) *static_cast<volatile uint32_t*>(agent_.hdpFlush) = 1;
}

Status DeviceCopies::copy(void* destination, const void* source, size_t bytes, hipMemcpyKind kind) {
  if (kind < hipMemcpyHostToHost || kind > hipMemcpyDefault)
    return fail(hipErrorInvalidMemcpyDirection, "hipMemcpy kind %d", static_cast<int>(kind));
  return copy(nullptr, linear(destination, bytes), linear(source, bytes), Extent{bytes},
              /*wait=*/true);
}

Status DeviceCopies::ensureCopySignal() {
  if (copySignal_) return Status::success();
  auto signal = hsa::Signal::create(0);
  if (!signal) return hsaFailure(signal.error(), "copy signal");
  copySignal_ = std::move(signal).value();
  return Status::success();
}

Status DeviceCopies::ensureStaging() {
  if (Status ready = ensureCopySignal(); !ready.ok()) return ready;
  for (StagingBuffer& buffer : staging_) {
    if (buffer.memory) continue;
    auto signal = hsa::Signal::create(0);
    if (!signal) return hsaFailure(signal.error(), "staging signal");
    auto memory = hsa::allocate(agent_.hostPool, kStagingBytes);
    if (!memory) return hsaFailure(memory.error(), "staging buffer");
    if (auto access = hsa::allowAccess(agent_.agent, *memory); !access) {
      (void)hsa::release(*memory);  // the access error is the one to report
      return hsaFailure(access.error(), "staging buffer");
    }
    buffer.done = std::move(signal).value();
    buffer.memory = *memory;
  }
  return Status::success();
}

Status DeviceCopies::copyDirect(void* destination, const void* source, size_t bytes,
                                bool toDevice) {
  // Host memory ROCR knows (hipHostMalloc) needs no staging: one copy by the DMA engine.
  std::lock_guard lock(copyMutex_);
  if (Status ready = ensureCopySignal(); !ready.ok()) return ready;
  // A copy engine that stops on a fault never completes the copy: the wait gives up when the
  // device's fault status is raised, and the copy fails with the fault.
  const std::atomic<int>* faulted = device_.errorSlot();
  auto copied = toDevice ? hsa::copyAndWait(destination, agent_.agent, source, agent_.cpuAgent,
                                            bytes, *copySignal_, faulted)
                         : hsa::copyAndWait(destination, agent_.cpuAgent, source, agent_.agent,
                                            bytes, *copySignal_, faulted);
  if (device_.failed()) return device_.queueFailure();
  if (!copied) return hsaFailure(copied.error(), "");
  return Status::success();
}

Status DeviceCopies::copyThroughStaging(void* destination, const void* source, size_t bytes,
                                        bool toDevice) {
  std::lock_guard lock(copyMutex_);
  if (Status ready = ensureStaging(); !ready.ok()) return ready;
  auto* dst = static_cast<uint8_t*>(destination);
  auto* src = static_cast<const uint8_t*>(source);
  // Chunk i goes through staging buffer i % 2, so the host's memcpy of one chunk overlaps the
  // DMA of its neighbour. Every return leaves no DMA in flight.
  // Waits give up when the device faults (see copyDirect).
  const std::atomic<int>* faulted = device_.errorSlot();
  auto waitAll = [&] {
    for (StagingBuffer& buffer : staging_) buffer.copy.wait(faulted);
  };
  auto chunkBytes = [&](size_t chunk) {
    return std::min(kStagingBytes, bytes - chunk * kStagingBytes);
  };
  auto startDma = [&](size_t chunk) -> Status {
    StagingBuffer& buffer = staging_[chunk % 2];
    size_t offset = chunk * kStagingBytes;
    auto started = toDevice ? buffer.copy.start(dst + offset, agent_.agent, buffer.memory,
                                                agent_.cpuAgent, chunkBytes(chunk), *buffer.done)
                            : buffer.copy.start(buffer.memory, agent_.cpuAgent, src + offset,
                                                agent_.agent, chunkBytes(chunk), *buffer.done);
    if (started) return Status::success();
    waitAll();
    return hsaFailure(started.error(), "");
  };
  size_t chunks = (bytes + kStagingBytes - 1) / kStagingBytes;
  if (toDevice) {
    // Fill a buffer once its previous DMA is done, then hand it to the DMA engine.
    for (size_t chunk = 0; chunk < chunks; ++chunk) {
      StagingBuffer& buffer = staging_[chunk % 2];
      if (buffer.copy.wait(faulted) != 0) {
        waitAll();
        return device_.queueFailure();
      }
      std::memcpy(buffer.memory, src + chunk * kStagingBytes, chunkBytes(chunk));
      if (Status started = startDma(chunk); !started.ok()) return started;
    }
  } else {
    // The DMA engine fills the next buffer while the host empties this one.
    if (Status started = startDma(0); !started.ok()) return started;
    for (size_t chunk = 0; chunk < chunks; ++chunk) {
      if (chunk + 1 < chunks)
        if (Status started = startDma(chunk + 1); !started.ok()) return started;
      StagingBuffer& buffer = staging_[chunk % 2];
      if (buffer.copy.wait(faulted) != 0) {
        waitAll();
        return device_.queueFailure();
      }
      std::memcpy(dst + chunk * kStagingBytes, buffer.memory, chunkBytes(chunk));
    }
  }
  waitAll();
  if (device_.failed()) return device_.queueFailure();
  return Status::success();
}

Status DeviceCopies::copyNow(void* destination, const void* source, size_t bytes,
                             hipMemcpyKind kind) {
  // Only host-to-device copies come here (code-object loading), without stream ordering.
  if (kind != hipMemcpyHostToDevice)
    return fail(hipErrorInvalidMemcpyDirection, "copyNow kind %d", static_cast<int>(kind));
  if (hsa::pointerKind(source) == hsa::PointerKind::Host)
    return copyDirect(destination, source, bytes, true);
  return copyThroughStaging(destination, source, bytes, /*toDevice=*/true);
}

}  // namespace hipcore::core
