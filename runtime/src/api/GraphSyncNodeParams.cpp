// Checking and copying the parameters of external-semaphore and batch memory-operation nodes.
#include <cstdint>
#include <string>

#include "ApiState.h"
#include "GraphNodeParams.h"
#include "core/ExternalMemory.h"
#include "core/MemoryOperation.h"

namespace hipcore::api {

using core::fail;
using core::Status;

namespace {

// The semaphores of a node: a non-empty list of live imported semaphores with a parameter record
// each.
Status semaphores(hipExternalSemaphore_t* list, const void* params, unsigned count,
                  graph::SemaphoreOperation& out) {
  if (list == nullptr || params == nullptr || count == 0)
    return fail(hipErrorInvalidValue, "%u semaphores at %p with parameters at %p", count,
                static_cast<void*>(list), params);
  core::Runtime& rt = runtime();
  if (!rt.initStatus().ok()) return rt.initStatus();
  core::ExternalMemory& external = rt.externalMemory();
  for (unsigned i = 0; i < count; ++i)
    if (!external.liveSemaphore(static_cast<const core::ImportedSemaphore*>(list[i])))
      return fail(hipErrorInvalidValue, "semaphore %u (%p) is not an imported semaphore", i,
                  static_cast<void*>(list[i]));
  out.external = &external;
  out.semaphores.assign(list, list + count);
  return Status::success();
}

}  // namespace

Status semaphoreSignalNode(const hipExternalSemaphoreSignalNodeParams* given,
                           graph::NodeParams& out) {
  if (given == nullptr) return fail(hipErrorInvalidValue, "node parameters are null");
  graph::SemaphoreOperation op;
  if (Status valid = semaphores(given->extSemArray, given->paramsArray, given->numExtSems, op);
      !valid.ok())
    return valid;
  op.signals.assign(given->paramsArray, given->paramsArray + given->numExtSems);
  out.type = hipGraphNodeTypeExtSemaphoreSignal;
  out.semaphores = std::move(op);
  return Status::success();
}

Status semaphoreWaitNode(const hipExternalSemaphoreWaitNodeParams* given, graph::NodeParams& out) {
  if (given == nullptr) return fail(hipErrorInvalidValue, "node parameters are null");
  graph::SemaphoreOperation op;
  if (Status valid = semaphores(given->extSemArray, given->paramsArray, given->numExtSems, op);
      !valid.ok())
    return valid;
  op.waits.assign(given->paramsArray, given->paramsArray + given->numExtSems);
  out.type = hipGraphNodeTypeExtSemaphoreWait;
  out.semaphores = std::move(op);
  return Status::success();
}

Status memoryOperationsNode(const hipBatchMemOpNodeParams* given, graph::NodeParams& out,
                            const uint64_t* masks) {
  if (given == nullptr) return fail(hipErrorInvalidValue, "node parameters are null");
  // hipStreamBatchMemOp's limits: 1 to 255 operations, no flags.
  if (given->count == 0 || given->count >= 256 || given->paramArray == nullptr || given->flags != 0)
    return fail(hipErrorInvalidValue, "count %u (1 to 255), paramArray %p, flags 0x%x (must be 0)",
                given->count, static_cast<void*>(given->paramArray), given->flags);
  graph::MemoryOperations batch;
  batch.context = given->ctx;
  batch.flags = given->flags;
  batch.operations.assign(given->paramArray, given->paramArray + given->count);
  batch.masks.assign(given->count, UINT64_MAX);
  for (unsigned i = 0; i < given->count; ++i) {
    const hipStreamBatchMemOpParams& op = batch.operations[i];
    Status status = core::checkMemoryOperation(op);
    // The address is the caller's to keep valid until launch (then checked against the memory
    // the GPU reaches); null or misaligned it can never be.
    const unsigned bytes = core::memoryOperationBytes(op.operation);
    const bool wait =
        op.operation == hipStreamMemOpWaitValue32 || op.operation == hipStreamMemOpWaitValue64;
    const void* address = wait ? op.waitValue.address : op.writeValue.address;
    if (status.ok() && bytes != 0 &&
        (address == nullptr || reinterpret_cast<uintptr_t>(address) % bytes != 0))
      status = fail(hipErrorInvalidValue, "address %p (%u-byte aligned, not null)", address, bytes);
    if (!status.ok()) {
      status.addContext("operation " + std::to_string(i) + " of the batch");
      return status;
    }
    if (masks != nullptr) batch.masks[i] = masks[i];
  }
  out.type = hipGraphNodeTypeBatchMemOp;
  out.memoryOperations = std::move(batch);
  return Status::success();
}

}  // namespace hipcore::api
