// libFuzzer target: the /dev/kfd ioctl dispatcher of vgpu's kernel front door
// (vgpu/kfd/KfdIoctls.h) over one process's virtual KFD. An input is a sequence of requests:
//
//   byte 0     which request: one of the KFD ioctls vgpu implements, else a raw request number
//   byte 1     the direction bits of a raw request
//   bytes 2-3  the argument block's length (at most 255 bytes are used)
//   then       the argument block
//
// Magic words in a block stand for things only a running process knows, so mutations can
// reach the paths behind valid arguments: 0x7F7F7F7F the GPU's id; 0x5A5A5A5A5A5A5Axx a buffer
// handle returned earlier; 0x3E3E3Exx an event id returned earlier; 0x4C4C4C4C4C4C4Cxx an
// address in a harness buffer; 0x6B6B6B6B6B6B6Bxx page xx of the range where buffers are placed
// (GPU-visible once a buffer is there: rings and queue pointers). Addresses a request gives the KFD
// to place memory at are moved into harness-owned ranges (vgpu replaces what it finds there, as the
// front door's contract with the thunk allows). Every request must return 0 or a kernel error the
// KFD uses; once the input's buffers, events and queues are released, no VRAM may remain counted.
#include <linux/kfd_ioctl.h>
#include <sys/mman.h>
#include <unistd.h>
#include <algorithm>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "kfd/KfdAbi.h"
#include "kfd/KfdIoctls.h"
#include "kfd/KfdProcess.h"

using namespace vgpu::kfd;

namespace {

const unsigned long kRequests[] = {
    AMDKFD_IOC_GET_VERSION,
    AMDKFD_IOC_CREATE_QUEUE,
    AMDKFD_IOC_DESTROY_QUEUE,
    AMDKFD_IOC_SET_MEMORY_POLICY,
    AMDKFD_IOC_GET_CLOCK_COUNTERS,
    AMDKFD_IOC_GET_PROCESS_APERTURES,
    AMDKFD_IOC_UPDATE_QUEUE,
    AMDKFD_IOC_CREATE_EVENT,
    AMDKFD_IOC_DESTROY_EVENT,
    AMDKFD_IOC_SET_EVENT,
    AMDKFD_IOC_RESET_EVENT,
    AMDKFD_IOC_WAIT_EVENTS,
    AMDKFD_IOC_SET_SCRATCH_BACKING_VA,
    AMDKFD_IOC_GET_TILE_CONFIG,
    AMDKFD_IOC_SET_TRAP_HANDLER,
    AMDKFD_IOC_GET_PROCESS_APERTURES_NEW,
    AMDKFD_IOC_ACQUIRE_VM,
    AMDKFD_IOC_ALLOC_MEMORY_OF_GPU,
    AMDKFD_IOC_FREE_MEMORY_OF_GPU,
    AMDKFD_IOC_MAP_MEMORY_TO_GPU,
    AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU,
    AMDKFD_IOC_SET_CU_MASK,
    AMDKFD_IOC_SET_XNACK_MODE,
    AMDKFD_IOC_AVAILABLE_MEMORY,
};
constexpr std::size_t kRequestCount = sizeof(kRequests) / sizeof(kRequests[0]);

const std::size_t kPage = std::size_t(sysconf(_SC_PAGE_SIZE));
constexpr std::size_t kPlacementBytes = 16u << 20;  // where buffers may be placed
constexpr std::size_t kUserBytes = 1u << 20;        // user pages that may be registered
constexpr std::size_t kScratchBytes = 64u << 10;    // what 0x4C4C... addresses point into

struct Harness {
  Harness() {
    placement = static_cast<char*>(mmap(nullptr, 2 * kPlacementBytes, PROT_NONE,
                                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0));
    // User pages followed by a guard of the same size: registrations running off the end fault.
    user = static_cast<char*>(mmap(nullptr, 2 * kUserBytes, PROT_NONE,
                                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0));
    mprotect(user, kUserBytes, PROT_READ | PROT_WRITE);
    // Scratch the 0x4C4C... addresses point into, also followed by a guard: an ioctl writing a
    // fuzzed count of records there runs into the guard (EFAULT) instead of over the harness.
    scratch = static_cast<std::uint64_t*>(mmap(nullptr, 2 * kScratchBytes, PROT_NONE,
                                               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0));
    if (placement == MAP_FAILED || user == MAP_FAILED || scratch == MAP_FAILED) std::abort();
    mprotect(scratch, kScratchBytes, PROT_READ | PROT_WRITE);
  }
  char* placement;
  char* user;
  std::uint64_t* scratch;  // kScratchBytes, then a guard
  std::vector<std::uint64_t> handles;
  std::vector<std::uint32_t> events;
  std::vector<std::uint32_t> queues;
};

Harness& harness() {
  static Harness* h = new Harness();
  return *h;
}

void substituteMagic(Harness& h, unsigned char* block, std::size_t size) {
  for (std::size_t at = 0; at + 4 <= size; at += 4) {
    std::uint32_t word;
    std::memcpy(&word, block + at, 4);
    if (word == 0x7F7F7F7Fu) {
      word = gpuIdOfNode(1);
      std::memcpy(block + at, &word, 4);
    } else if ((word & 0xFFFFFF00u) == 0x3E3E3E00u && !h.events.empty()) {
      word = h.events[(word & 0xFF) % h.events.size()];
      std::memcpy(block + at, &word, 4);
    }
    if (at % 8 != 0 || at + 8 > size) continue;
    std::uint64_t value;
    std::memcpy(&value, block + at, 8);
    if ((value >> 8) == 0x5A5A5A5A5A5A5Aull && !h.handles.empty())
      value = h.handles[(value & 0xFF) % h.handles.size()];
    else if ((value >> 8) == 0x4C4C4C4C4C4C4Cull)
      value = reinterpret_cast<std::uint64_t>(&h.scratch[(value & 0xFF) * 2]);
    else if ((value >> 8) == 0x6B6B6B6B6B6B6Bull)
      value = reinterpret_cast<std::uint64_t>(h.placement) + (value & 0xFF) * kPage;
    else
      continue;
    std::memcpy(block + at, &value, 8);
  }
}

// A pointer the KFD writes through (copy_to_user): into the scratch or its guard, whatever the
// input said. A real KFD writes wherever the process points it, so an arbitrary value would let
// an input overwrite the harness's own heap (libFuzzer turns compared values into inputs, heap
// addresses included: found by ctest as ASan heap corruption in unrelated code).
void intoScratch(Harness& h, __u64& pointer) {
  const auto base = reinterpret_cast<std::uint64_t>(h.scratch);
  if (pointer == 0 || (pointer >= base && pointer < base + 2 * kScratchBytes)) return;
  pointer = base + pointer % (2 * kScratchBytes);
}

// Requests that place memory: their addresses move into the harness's own ranges; requests
// that write records back: their pointers into the scratch.
void confine(Harness& h, unsigned long request, unsigned char* block) {
  if (request == AMDKFD_IOC_GET_PROCESS_APERTURES_NEW)
    intoScratch(h, reinterpret_cast<kfd_ioctl_get_process_apertures_new_args*>(block)
                       ->kfd_process_device_apertures_ptr);
  if (request == AMDKFD_IOC_GET_TILE_CONFIG) {
    auto* t = reinterpret_cast<kfd_ioctl_get_tile_config_args*>(block);
    intoScratch(h, t->tile_config_ptr);
    intoScratch(h, t->macro_tile_config_ptr);
  }
  if (request == AMDKFD_IOC_WAIT_EVENTS)
    intoScratch(h, reinterpret_cast<kfd_ioctl_wait_events_args*>(block)->events_ptr);
  if (request == AMDKFD_IOC_ALLOC_MEMORY_OF_GPU) {
    auto* a = reinterpret_cast<kfd_ioctl_alloc_memory_of_gpu_args*>(block);
    a->va_addr = reinterpret_cast<std::uint64_t>(h.placement) + a->va_addr % kPlacementBytes;
    // Sizes within the placement range, or one far past the VRAM budget (ENOMEM).
    a->size = (a->size >> 63) ? (1ull << 40) : a->size % kPlacementBytes;
    if (a->flags & KFD_IOC_ALLOC_MEM_FLAGS_USERPTR) {
      if (a->mmap_offset & 1)  // the thunk's own paged memory: user address = GPU address
        a->mmap_offset = a->va_addr;
      else
        a->mmap_offset =
            reinterpret_cast<std::uint64_t>(h.user) + a->mmap_offset % (2 * kUserBytes);
    }
  }
  if (request == AMDKFD_IOC_WAIT_EVENTS) {
    auto* w = reinterpret_cast<kfd_ioctl_wait_events_args*>(block);
    w->timeout %= 3;  // milliseconds: a wait never stalls the fuzzer
  }
}

bool kernelLike(int result) {
  return result == 0 || result == -EINVAL || result == -EFAULT || result == -ENOMEM ||
         result == -EPERM || result == -ENOSPC;
}

void remember(Harness& h, unsigned long request, const unsigned char* block) {
  if (request == AMDKFD_IOC_ALLOC_MEMORY_OF_GPU) {
    auto* a = reinterpret_cast<const kfd_ioctl_alloc_memory_of_gpu_args*>(block);
    h.handles.push_back(a->handle);
    // The buffer is GPU-visible where it was placed.
    if (!KfdProcess::instance().device().memory().accessible(a->va_addr, a->size)) std::abort();
  } else if (request == AMDKFD_IOC_CREATE_EVENT) {
    h.events.push_back(reinterpret_cast<const kfd_ioctl_create_event_args*>(block)->event_id);
  } else if (request == AMDKFD_IOC_CREATE_QUEUE) {
    h.queues.push_back(reinterpret_cast<const kfd_ioctl_create_queue_args*>(block)->queue_id);
  }
}

void releaseEverything(Harness& h) {
  KfdProcess& p = KfdProcess::instance();
  for (std::uint32_t id : h.queues) {
    kfd_ioctl_destroy_queue_args args{id, 0};
    kfdIoctl(p, AMDKFD_IOC_DESTROY_QUEUE, reinterpret_cast<std::uint64_t>(&args));
  }
  for (std::uint32_t id : h.events) {
    kfd_ioctl_destroy_event_args args{id, 0};
    kfdIoctl(p, AMDKFD_IOC_DESTROY_EVENT, reinterpret_cast<std::uint64_t>(&args));
  }
  for (std::uint64_t handle : h.handles) {
    kfd_ioctl_free_memory_of_gpu_args args{handle};
    kfdIoctl(p, AMDKFD_IOC_FREE_MEMORY_OF_GPU, reinterpret_cast<std::uint64_t>(&args));
    if (p.buffers().find(handle)) std::abort();  // a freed handle is gone
  }
  h.queues.clear();
  h.events.clear();
  h.handles.clear();
  if (p.buffers().deviceBytes(1) != 0) std::abort();  // VRAM accounting returns to zero
  mprotect(h.user, kUserBytes, PROT_READ | PROT_WRITE);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Harness& h = harness();
  KfdProcess& process = KfdProcess::instance();
  std::size_t at = 0;
  while (at + 4 <= size) {
    const std::uint8_t which = data[at], direction = data[at + 1];
    std::size_t length = std::min<std::size_t>(data[at + 2] | (data[at + 3] << 8), 255);
    at += 4;
    length = std::min(length, size - at);
    alignas(8) unsigned char block[256] = {};
    std::memcpy(block, data + at, length);
    at += length;
    unsigned long request;
    if (which < kRequestCount)
      request = kRequests[which];
    else  // any other number and size, known direction bits or not
      request = _IOC(direction & 3, which & 1 ? AMDKFD_IOCTL_BASE : direction, which, length);
    substituteMagic(h, block, sizeof(block));
    confine(h, request, block);
    int result = kfdIoctl(process, request, reinterpret_cast<std::uint64_t>(block));
    if (!kernelLike(result)) std::abort();
    if (result == 0) remember(h, request, block);
  }
  releaseEverything(h);
  return 0;
}
