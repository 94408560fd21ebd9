// Stream memory operations: hipStreamWaitValue32/64, hipStreamWriteValue32/64 and
// hipStreamBatchMemOp. A wait is AMD's barrier-value packet on the stream's queue: the packet
// processor holds the queue until the value holds, occupying no compute unit (AMD's runtime spins
// a kernel by default); a write is a one-work-item kernel (core/MemoryOperation.h). Both are
// ordered with the stream's other work like a kernel. While the stream captures, each call
// becomes one batch memory-operation node of the graph (a wait keeps its mask there).
#include "ApiCall.h"
#include "ApiState.h"
#include "CapturedCalls.h"
#include "core/Device.h"
#include "core/MemoryOperation.h"

#include <string>

using hipcore::api::finish;
using hipcore::core::Device;
using hipcore::core::fail;
using hipcore::core::Status;
using hipcore::core::Stream;

namespace {

// Checks `count` operations, then queues them in order on `stream` or records them as one node
// of its capture. An operation refused while queueing (a bad address) leaves the ones before it
// queued, as AMD's runtime does. `batch` names the operation in messages.
Status run(hipStream_t stream, const hipStreamBatchMemOpParams* ops, unsigned count,
           const uint64_t* masks, bool batch) {
  auto where = [batch](Status status, unsigned i) {
    if (batch && !status.ok())
      status.addContext("operation " + std::to_string(i) + " of the batch");
    return status;
  };
  for (unsigned i = 0; i < count; ++i)
    if (Status valid = hipcore::core::checkMemoryOperation(ops[i]); !valid.ok())
      return where(std::move(valid), i);
  Device* device = nullptr;
  Stream* queue = nullptr;
  if (Status status = hipcore::api::streamOf(stream, device, queue); !status.ok()) return status;
  if (queue != nullptr && queue->capture != nullptr)
    return hipcore::api::captureMemoryOperations(*queue, ops, count, masks);
  for (unsigned i = 0; i < count; ++i) {
    Status status = hipcore::core::queueMemoryOperation(*device, queue, ops[i],
                                                        masks != nullptr ? masks[i] : UINT64_MAX);
    if (!status.ok()) return where(std::move(status), i);
  }
  return Status::success();
}

hipStreamBatchMemOpParams waitOperation(hipStreamBatchMemOpType type, void* ptr, uint64_t value,
                                        unsigned flags) {
  hipStreamBatchMemOpParams op{};
  op.waitValue.operation = type;
  op.waitValue.address = ptr;
  if (type == hipStreamMemOpWaitValue32)
    op.waitValue.value = static_cast<uint32_t>(value);
  else
    op.waitValue.value64 = value;
  op.waitValue.flags = flags;
  return op;
}

hipStreamBatchMemOpParams writeOperation(hipStreamBatchMemOpType type, void* ptr, uint64_t value,
                                         unsigned flags) {
  hipStreamBatchMemOpParams op{};
  op.writeValue.operation = type;
  op.writeValue.address = ptr;
  if (type == hipStreamMemOpWriteValue32)
    op.writeValue.value = static_cast<uint32_t>(value);
  else
    op.writeValue.value64 = value;
  op.writeValue.flags = flags;
  return op;
}

}  // namespace

HIPCORE_API hipError_t hipStreamWaitValue32(hipStream_t stream, void* ptr, uint32_t value,
                                            unsigned int flags, uint32_t mask) {
  return hipcore::api::call(
      "hipStreamWaitValue32", hipStreamWaitValue32,
      [&] {
        const hipStreamBatchMemOpParams op =
            waitOperation(hipStreamMemOpWaitValue32, ptr, value, flags);
        const uint64_t masks[] = {mask};
        return finish("hipStreamWaitValue32", run(stream, &op, 1, masks, false));
      },
      "stream, ptr, value, flags, mask", stream, ptr, value, flags, mask);
}

HIPCORE_API hipError_t hipStreamWaitValue64(hipStream_t stream, void* ptr, uint64_t value,
                                            unsigned int flags, uint64_t mask) {
  return hipcore::api::call(
      "hipStreamWaitValue64", hipStreamWaitValue64,
      [&] {
        const hipStreamBatchMemOpParams op =
            waitOperation(hipStreamMemOpWaitValue64, ptr, value, flags);
        const uint64_t masks[] = {mask};
        return finish("hipStreamWaitValue64", run(stream, &op, 1, masks, false));
      },
      "stream, ptr, value, flags, mask", stream, ptr, value, flags, mask);
}

HIPCORE_API hipError_t hipStreamWriteValue32(hipStream_t stream, void* ptr, uint32_t value,
                                             unsigned int flags) {
  return hipcore::api::call(
      "hipStreamWriteValue32", hipStreamWriteValue32,
      [&] {
        const hipStreamBatchMemOpParams op =
            writeOperation(hipStreamMemOpWriteValue32, ptr, value, flags);
        return finish("hipStreamWriteValue32", run(stream, &op, 1, nullptr, false));
      },
      "stream, ptr, value, flags", stream, ptr, value, flags);
}

HIPCORE_API hipError_t hipStreamWriteValue64(hipStream_t stream, void* ptr, uint64_t value,
                                             unsigned int flags) {
  return hipcore::api::call(
      "hipStreamWriteValue64", hipStreamWriteValue64,
      [&] {
        const hipStreamBatchMemOpParams op =
            writeOperation(hipStreamMemOpWriteValue64, ptr, value, flags);
        return finish("hipStreamWriteValue64", run(stream, &op, 1, nullptr, false));
      },
      "stream, ptr, value, flags", stream, ptr, value, flags);
}

HIPCORE_API hipError_t hipStreamBatchMemOp(hipStream_t stream, unsigned int count,
                                           hipStreamBatchMemOpParams* paramArray,
                                           unsigned int flags) {
  return hipcore::api::call(
      "hipStreamBatchMemOp", hipStreamBatchMemOp,
      [&] {
        // AMD's documented limit: fewer than 256 operations per batch.
        if (count == 0 || count >= 256 || paramArray == nullptr || flags != 0)
          return finish("hipStreamBatchMemOp",
                        fail(hipErrorInvalidValue,
                             "count %u (1 to 255), paramArray %p, flags 0x%x (must be 0)", count,
                             static_cast<void*>(paramArray), flags));
        return finish("hipStreamBatchMemOp", run(stream, paramArray, count, nullptr, true));
      },
      "stream, count, paramArray, flags", stream, count, paramArray, flags);
}
