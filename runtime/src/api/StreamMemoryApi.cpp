// Stream memory operations: hipStreamWaitValue32/64, hipStreamWriteValue32/64 and
// hipStreamBatchMemOp. A wait is AMD's barrier-value packet on the stream's queue: the packet
// processor holds the queue until the value holds, occupying no compute unit (AMD's runtime spins
// a kernel by default); a write is a one-work-item kernel. Both are ordered with the stream's
// other work like a kernel. While the stream captures they are refused (graphs have no
// memory-operation nodes yet) and the capture is invalidated.
#include "ApiCall.h"
#include "ApiState.h"
#include "CapturedCalls.h"
#include "core/Device.h"

#include <hsa/hsa.h>

#include <string>

using hipcore::api::finish;
using hipcore::core::Device;
using hipcore::core::fail;
using hipcore::core::Status;
using hipcore::core::Stream;

namespace {

// The operation in the packet processor's terms: a condition on (value at address & mask).
struct WaitTest {
  uint64_t value;
  uint64_t mask;
  hsa_signal_condition_t condition;
};

// HIP's conditions (CUDA's cuStreamWaitValue semantics), on x = *address & mask:
//   Gte: x >= value; Eq: x == value; And: (x & value) != 0; Nor: ~(x | value) != 0 within the
//   mask, i.e. some bit of the mask is clear in both x and value.
Status waitTest(unsigned flags, uint64_t value, uint64_t mask, WaitTest& out) {
  switch (flags) {
    case hipStreamWaitValueGte:
      out = {value, mask, HSA_SIGNAL_CONDITION_GTE};
      return Status::success();
    case hipStreamWaitValueEq:
      out = {value, mask, HSA_SIGNAL_CONDITION_EQ};
      return Status::success();
    case hipStreamWaitValueAnd:
      out = {0, value & mask, HSA_SIGNAL_CONDITION_NE};
      return Status::success();
    case hipStreamWaitValueNor: {
      // A bit of the mask clear in value must also be clear in x: x & that set differs from it.
      uint64_t clearInValue = ~value & mask;
      out = {clearInValue, clearInValue, HSA_SIGNAL_CONDITION_NE};
      return Status::success();
    }
    default:
      return fail(hipErrorInvalidValue,
                  "wait flags 0x%x (not hipStreamWaitValueGte, Eq, And or Nor)", flags);
  }
}

Status resolve(const char* call, hipStream_t stream, Device*& device, Stream*& queue) {
  if (Status status = hipcore::api::streamOf(stream, device, queue); !status.ok()) return status;
  if (queue != nullptr && queue->capture != nullptr)
    return hipcore::api::refuseWhileCapturing(*queue, call);
  return Status::success();
}

Status waitValue(const char* call, hipStream_t stream, void* ptr, uint64_t value, unsigned flags,
                 uint64_t mask, unsigned bytes) {
  WaitTest test;
  if (Status valid = waitTest(flags, value, mask, test); !valid.ok()) return valid;
  Device* device = nullptr;
  Stream* queue = nullptr;
  if (Status status = resolve(call, stream, device, queue); !status.ok()) return status;
  return device->copies().waitValue(queue, ptr, test.value, test.mask, test.condition, bytes);
}

Status writeValue(const char* call, hipStream_t stream, void* ptr, uint64_t value, unsigned flags,
                  unsigned bytes) {
  // hipStreamWriteValueDefault is the only flag (CUDA's NO_MEMORY_BARRIER has no meaning here:
  // every packet carries system-scope fences).
  if (flags != 0) return fail(hipErrorInvalidValue, "write flags 0x%x", flags);
  Device* device = nullptr;
  Stream* queue = nullptr;
  if (Status status = resolve(call, stream, device, queue); !status.ok()) return status;
  return device->copies().writeValue(queue, ptr, value, bytes);
}

}  // namespace

HIPCORE_API hipError_t hipStreamWaitValue32(hipStream_t stream, void* ptr, uint32_t value,
                                            unsigned int flags, uint32_t mask) {
  return hipcore::api::call(
      "hipStreamWaitValue32", hipStreamWaitValue32,
      [&] {
        return finish("hipStreamWaitValue32",
                      waitValue("hipStreamWaitValue32", stream, ptr, value, flags, mask, 4));
      },
      "stream, ptr, value, flags, mask", stream, ptr, value, flags, mask);
}

HIPCORE_API hipError_t hipStreamWaitValue64(hipStream_t stream, void* ptr, uint64_t value,
                                            unsigned int flags, uint64_t mask) {
  return hipcore::api::call(
      "hipStreamWaitValue64", hipStreamWaitValue64,
      [&] {
        return finish("hipStreamWaitValue64",
                      waitValue("hipStreamWaitValue64", stream, ptr, value, flags, mask, 8));
      },
      "stream, ptr, value, flags, mask", stream, ptr, value, flags, mask);
}

HIPCORE_API hipError_t hipStreamWriteValue32(hipStream_t stream, void* ptr, uint32_t value,
                                             unsigned int flags) {
  return hipcore::api::call(
      "hipStreamWriteValue32", hipStreamWriteValue32,
      [&] {
        return finish("hipStreamWriteValue32",
                      writeValue("hipStreamWriteValue32", stream, ptr, value, flags, 4));
      },
      "stream, ptr, value, flags", stream, ptr, value, flags);
}

HIPCORE_API hipError_t hipStreamWriteValue64(hipStream_t stream, void* ptr, uint64_t value,
                                             unsigned int flags) {
  return hipcore::api::call(
      "hipStreamWriteValue64", hipStreamWriteValue64,
      [&] {
        return finish("hipStreamWriteValue64",
                      writeValue("hipStreamWriteValue64", stream, ptr, value, flags, 8));
      },
      "stream, ptr, value, flags", stream, ptr, value, flags);
}

HIPCORE_API hipError_t hipStreamBatchMemOp(hipStream_t stream, unsigned int count,
                                           hipStreamBatchMemOpParams* paramArray,
                                           unsigned int flags) {
  return hipcore::api::call(
      "hipStreamBatchMemOp", hipStreamBatchMemOp,
      [&] {
        const char* call = "hipStreamBatchMemOp";
        // AMD's documented limit: fewer than 256 operations per batch.
        if (count == 0 || count >= 256 || paramArray == nullptr || flags != 0)
          return finish(call, fail(hipErrorInvalidValue,
                                   "count %u (1 to 255), paramArray %p, flags 0x%x (must be 0)",
                                   count, static_cast<void*>(paramArray), flags));
        // Every operation's type is checked before any is queued; an operation refused later
        // (a bad address) leaves the ones before it queued, as AMD's runtime does.
        for (unsigned i = 0; i < count; ++i) {
          hipStreamBatchMemOpType op = paramArray[i].operation;
          bool known = op == hipStreamMemOpWaitValue32 || op == hipStreamMemOpWaitValue64 ||
                       op == hipStreamMemOpWriteValue32 || op == hipStreamMemOpWriteValue64 ||
                       op == hipStreamMemOpBarrier;
          if (!known)
            return finish(call, fail(hipErrorInvalidValue, "operation %u has type %d", i,
                                     static_cast<int>(op)));
        }
        for (unsigned i = 0; i < count; ++i) {
          const hipStreamBatchMemOpParams& p = paramArray[i];
          Status status;
          switch (p.operation) {
            case hipStreamMemOpWaitValue32:
              status = waitValue(call, stream, p.waitValue.address, p.waitValue.value,
                                 p.waitValue.flags, UINT32_MAX, 4);
              break;
            case hipStreamMemOpWaitValue64:
              status = waitValue(call, stream, p.waitValue.address, p.waitValue.value64,
                                 p.waitValue.flags, UINT64_MAX, 8);
              break;
            case hipStreamMemOpWriteValue32:
              status = writeValue(call, stream, p.writeValue.address, p.writeValue.value,
                                  p.writeValue.flags, 4);
              break;
            case hipStreamMemOpWriteValue64:
              status = writeValue(call, stream, p.writeValue.address, p.writeValue.value64,
                                  p.writeValue.flags, 8);
              break;
            default:  // a memory barrier: every packet already fences at system scope
              break;
          }
          if (!status.ok()) {
            status.addContext("operation " + std::to_string(i) + " of the batch");
            return finish(call, std::move(status));
          }
        }
        return hipSuccess;
      },
      "stream, count, paramArray, flags", stream, count, paramArray, flags);
}
