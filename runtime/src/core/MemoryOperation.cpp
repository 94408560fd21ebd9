// Stream memory operations in the packet processor's terms.
#include "MemoryOperation.h"

#include <hsa/hsa.h>

#include "Device.h"

namespace hipcore::core {

namespace {

// The operation as the barrier-value packet tests it: a condition on (value at address & mask).
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

}  // namespace

unsigned memoryOperationBytes(hipStreamBatchMemOpType type) {
  switch (type) {
    case hipStreamMemOpWaitValue32:
    case hipStreamMemOpWriteValue32:
      return 4;
    case hipStreamMemOpWaitValue64:
    case hipStreamMemOpWriteValue64:
      return 8;
    default:
      return 0;
  }
}

Status checkMemoryOperation(const hipStreamBatchMemOpParams& op) {
  WaitTest test{};
  switch (op.operation) {
    case hipStreamMemOpWaitValue32:
    case hipStreamMemOpWaitValue64:
      return waitTest(op.waitValue.flags, 0, 0, test);
    case hipStreamMemOpWriteValue32:
    case hipStreamMemOpWriteValue64:
      // hipStreamWriteValueDefault is the only flag (CUDA's NO_MEMORY_BARRIER has no meaning
      // here: every packet carries system-scope fences).
      if (op.writeValue.flags != 0)
        return fail(hipErrorInvalidValue, "write flags 0x%x", op.writeValue.flags);
      return Status::success();
    case hipStreamMemOpBarrier:
      return Status::success();
    default:
      return fail(hipErrorInvalidValue, "operation type %d", static_cast<int>(op.operation));
  }
}

Status queueMemoryOperation(Device& device, Stream* queue, const hipStreamBatchMemOpParams& op,
                            uint64_t mask) {
  const unsigned bytes = memoryOperationBytes(op.operation);
  switch (op.operation) {
    case hipStreamMemOpWaitValue32:
    case hipStreamMemOpWaitValue64: {
      const uint64_t value = bytes == 4 ? op.waitValue.value : op.waitValue.value64;
      WaitTest test{};
      if (Status valid = waitTest(op.waitValue.flags, value, mask, test); !valid.ok()) return valid;
      return device.copies().waitValue(queue, op.waitValue.address, test.value, test.mask,
                                       test.condition, bytes);
    }
    case hipStreamMemOpWriteValue32:
    case hipStreamMemOpWriteValue64: {
      const uint64_t value = bytes == 4 ? op.writeValue.value : op.writeValue.value64;
      return device.copies().writeValue(queue, op.writeValue.address, value, bytes);
    }
    default:  // a memory barrier: every packet already fences at system scope
      return Status::success();
  }
}

}  // namespace hipcore::core
