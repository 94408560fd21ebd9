// An AQL queue created through ROCR, exposed as a PacketQueue.
#include <hsa/amd_hsa_queue.h>
#include <hsa/amd_hsa_signal.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <cstdio>

#include "Hsa.h"

namespace hipcore::hsa {
namespace {

hsa_queue_t* queueOf(void* queue) {
  return static_cast<hsa_queue_t*>(queue);
}

// ROCR's hsa_queue_t is the first member of the amd_queue_t the packet processor reads
// (amd_hsa_queue.h): the write and read indices are its write/read_dispatch_id.
amd_queue_t* amdQueueOf(void* queue) {
  return static_cast<amd_queue_t*>(queue);
}

// The doorbell signal's amd_signal_t (amd_hsa_signal.h): a DOORBELL-kind signal is stored by
// writing the index to hardware_doorbell_ptr, as ROCR's own AqlQueue store does for AQL
// doorbells (gfx9 and later). Other kinds go through hsa_signal_store_screlease.
volatile uint64_t* hardwareDoorbell(hsa_queue_t* queue) {
  auto* signal = reinterpret_cast<amd_signal_t*>(queue->doorbell_signal.handle);
  if (signal == nullptr || signal->kind != AMD_SIGNAL_KIND_DOORBELL) return nullptr;
  return signal->hardware_doorbell_ptr;
}

void onQueueError(hsa_status_t status, hsa_queue_t* queue, void* errors) {
  // A queue error is fatal to the queue; ROCR reports it here on its own thread. Waiters
  // watch the slot so that they return the error instead of waiting forever.
  std::fprintf(stderr, "hipcore: AQL queue %p failed: %s\n", static_cast<void*>(queue),
               statusName(status).c_str());
  auto* slot = static_cast<QueueErrorSlot*>(errors);
  uint64_t none = 0;  // the first queue to stop is the one that names the fault
  slot->queue.compare_exchange_strong(none, reinterpret_cast<uint64_t>(queue),
                                      std::memory_order_acq_rel);
  slot->status.store(status, std::memory_order_release);  // after the queue: waiters find it
}

}  // namespace

Result<std::unique_ptr<AqlQueue>> AqlQueue::create(uint64_t agent, uint32_t packets,
                                                   QueueErrorSlot* errors) {
  hsa_queue_t* queue = nullptr;
  hsa_status_t status = hsa_queue_create(hsa_agent_t{agent}, packets, HSA_QUEUE_TYPE_MULTI,
                                         onQueueError, errors, UINT32_MAX, UINT32_MAX, &queue);
  if (status != HSA_STATUS_SUCCESS)
    return hsaError(status, errorf("hsa_queue_create of %u packets", packets));
  auto created = std::unique_ptr<AqlQueue>(new AqlQueue(queue));
  created->doorbell_ = hardwareDoorbell(queue);  // fixed for the queue's life
  return created;
}

Result<void> AqlQueue::setComputeUnitMask(const std::vector<uint32_t>& mask) {
  // ROCR counts the mask in bits, a multiple of 32; no bits restores the default mask.
  hsa_status_t status =
      hsa_amd_queue_cu_set_mask(queueOf(queue_), static_cast<uint32_t>(mask.size() * 32),
                                mask.empty() ? nullptr : mask.data());
  // ROCR answers HSA_STATUS_CU_MASK_REDUCED when the mask names units the device lacks or
  // another limit removed: the units left apply.
  if (status != HSA_STATUS_SUCCESS && static_cast<int>(status) != HSA_STATUS_CU_MASK_REDUCED)
    return hsaError(status, "hsa_amd_queue_cu_set_mask");
  return loader::Ok{};
}

AqlQueue::~AqlQueue() {
  hsa_queue_destroy(queueOf(queue_));
}

void* AqlQueue::packets() const {
  return queueOf(queue_)->base_address;
}
uint32_t AqlQueue::size() const {
  return queueOf(queue_)->size;
}

// The three calls of every submission read and write the queue's memory directly, as
// hsa_queue_add_write_index_scacq_screl, hsa_queue_load_read_index_scacquire and the doorbell
// store do inside ROCR, without the calls through ROCR's function table.
uint64_t AqlQueue::reserve(uint64_t count) noexcept {
  return __atomic_fetch_add(&amdQueueOf(queue_)->write_dispatch_id, count, __ATOMIC_ACQ_REL);
}

uint64_t AqlQueue::readIndex() const noexcept {
  return __atomic_load_n(&amdQueueOf(queue_)->read_dispatch_id, __ATOMIC_ACQUIRE);
}

void AqlQueue::ringDoorbell(uint64_t index) noexcept {
  volatile uint64_t* doorbell = doorbell_;
  if (doorbell == nullptr) {
    hsa_signal_store_screlease(queueOf(queue_)->doorbell_signal,
                               static_cast<hsa_signal_value_t>(index));
    return;
  }
  // As ROCR does before a doorbell write: the packet stores are globally visible first even
  // if the doorbell page is mapped write-combining.
#if defined(__x86_64__)
  __builtin_ia32_sfence();
#endif
  __atomic_store_n(doorbell, index, __ATOMIC_RELEASE);
}

void AqlQueue::enableTimestamps() noexcept {
  // ROCR sets the queue's profiling bit, which the packet processor reads per packet; the
  // release order of the packet's header publishes it with the packet. Threads that race here
  // each set the bit before their own packet (setting it twice is harmless); one that finds
  // the flag set sees the bit through its acquire. Not std::call_once: that costs about 90
  // instructions per call even once done, a third of hipEventRecord.
  if (timestamps_.load(std::memory_order_acquire)) return;
  hsa_amd_profiling_set_profiler_enabled(queueOf(queue_), 1);
  timestamps_.store(true, std::memory_order_release);
}

uint64_t AqlQueue::address() const {
  return reinterpret_cast<uint64_t>(queue_);
}

}  // namespace hipcore::hsa
