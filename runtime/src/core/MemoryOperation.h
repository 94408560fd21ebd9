// One stream memory operation, as hipStreamWaitValue*/hipStreamWriteValue* give it, as an entry
// of hipStreamBatchMemOp, or as an entry of a batch memory-operation graph node: checked, then
// queued on a stream (DeviceCopies::waitValue / writeValue).
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstdint>

#include "Status.h"

namespace hipcore::core {

class Device;
class Stream;

// Whether `op` is one hipcore runs: a 32/64-bit wait whose flags are hipStreamWaitValueGte, Eq,
// And or Nor, a 32/64-bit write whose flags are 0, or a memory barrier (every packet fences at
// system scope already). Flushing remote writes is refused, as AMD's runtime refuses it.
Status checkMemoryOperation(const hipStreamBatchMemOpParams& op);
// Queues `op` (checked) on `queue` of `device` (null: the device's null stream); a wait compares
// the value ANDed with `mask`, which hipStreamWaitValue* take and batches do not (all ones).
Status queueMemoryOperation(Device& device, Stream* queue, const hipStreamBatchMemOpParams& op,
                            uint64_t mask);
// The bytes a wait or write operation reads or writes (4 or 8), 0 for a barrier.
unsigned memoryOperationBytes(hipStreamBatchMemOpType type);

}  // namespace hipcore::core
