// An AQL queue created through ROCR, exposed as a PacketQueue.
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <cstdio>

#include "Hsa.h"

namespace hipcore::hsa {
namespace {

hsa_queue_t* queueOf(void* queue) { return static_cast<hsa_queue_t*>(queue); }

void onQueueError(hsa_status_t status, hsa_queue_t* queue, void* errorSlot) {
  // A queue error is fatal to the queue; ROCR reports it here on its own thread. Waiters
  // watch the slot so that they return the error instead of waiting forever.
  std::fprintf(stderr, "hipcore: AQL queue %p failed: %s\n", static_cast<void*>(queue),
               statusName(status).c_str());
  static_cast<std::atomic<int>*>(errorSlot)->store(status, std::memory_order_release);
}

}  // namespace

Result<std::unique_ptr<AqlQueue>> AqlQueue::create(uint64_t agent, uint32_t packets,
                                                   std::atomic<int>* errorSlot) {
  hsa_queue_t* queue = nullptr;
  hsa_status_t status = hsa_queue_create(hsa_agent_t{agent}, packets, HSA_QUEUE_TYPE_MULTI,
                                         onQueueError, errorSlot, UINT32_MAX, UINT32_MAX, &queue);
  if (status != HSA_STATUS_SUCCESS)
    return errorf("hsa_queue_create of %u packets: %s", packets, statusName(status).c_str());
  // Timestamps on completion signals: only packets with a signal (events, synchronisation)
  // carry one, so dispatches pay nothing for it.
  hsa_amd_profiling_set_profiler_enabled(queue, 1);
  return std::unique_ptr<AqlQueue>(new AqlQueue(queue));
}

AqlQueue::~AqlQueue() { hsa_queue_destroy(queueOf(queue_)); }

void* AqlQueue::packets() const { return queueOf(queue_)->base_address; }
uint32_t AqlQueue::size() const { return queueOf(queue_)->size; }

uint64_t AqlQueue::reserve(uint64_t count) noexcept {
  return hsa_queue_add_write_index_scacq_screl(queueOf(queue_), count);
}

uint64_t AqlQueue::readIndex() const noexcept {
  return hsa_queue_load_read_index_scacquire(queueOf(queue_));
}

void AqlQueue::ringDoorbell(uint64_t index) noexcept {
  hsa_signal_store_screlease(queueOf(queue_)->doorbell_signal, static_cast<hsa_signal_value_t>(index));
}

uint64_t AqlQueue::address() const { return reinterpret_cast<uint64_t>(queue_); }

}  // namespace hipcore::hsa
