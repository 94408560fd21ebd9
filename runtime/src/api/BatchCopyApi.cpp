// Copies in batches (hipMemcpyBatchAsync, hipMemcpy3DBatchAsync) and 3D copies between devices
// (hipMemcpy3DPeer, hipMemcpy3DPeerAsync). A batch is its copies queued in order on one stream:
// the batch is checked as a whole first, then each copy goes through the single-copy path, so a
// batch behaves exactly as the same copies made one by one. hipcore reads every source in stream
// order, which each hipMemcpySrcAccessOrder allows.
#include <cstdint>
#include <vector>

#include "ApiCall.h"
#include "ApiState.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

constexpr size_t kWholeBatch = SIZE_MAX;  // failIdx when no single copy is at fault

Status checkOrder(hipMemcpySrcAccessOrder order) {
  if (order < hipMemcpySrcAccessOrderStream || order > hipMemcpySrcAccessOrderAny)
    return fail(hipErrorInvalidValue, "source access order %d", static_cast<int>(order));
  return Status::success();
}

// Attribute j applies from copy attrsIdxs[j] on: the first from copy 0, each later one later.
Status checkAttributes(const hipMemcpyAttributes* attrs, const size_t* attrsIdxs, size_t numAttrs,
                       size_t count) {
  if (attrs == nullptr || attrsIdxs == nullptr || numAttrs == 0 || numAttrs > count)
    return fail(hipErrorInvalidValue, "%zu attributes for %zu copies", numAttrs, count);
  for (size_t j = 0; j < numAttrs; ++j) {
    if ((j == 0 && attrsIdxs[j] != 0) || (j > 0 && attrsIdxs[j] <= attrsIdxs[j - 1]) ||
        attrsIdxs[j] >= count)
      return fail(hipErrorInvalidValue, "attribute %zu starts at copy %zu", j, attrsIdxs[j]);
    if (Status bad = checkOrder(attrs[j].srcAccessOrder); !bad.ok()) return bad;
    if ((attrs[j].flags & ~unsigned{hipMemcpyFlagPreferOverlapWithCompute}) != 0)
      return fail(hipErrorInvalidValue, "copy flags 0x%x", attrs[j].flags);
  }
  return Status::success();
}

// The bytes of one element of an array (its channels' bits over 8).
Status elementBytes(hipArray_t array, size_t& out) {
  hipChannelFormatDesc desc{};
  hipExtent extent{};
  unsigned flags = 0;
  if (hipError_t bad = hipArrayGetInfo(&desc, &extent, &flags, array); bad != hipSuccess)
    return fail(bad, "%p is not an array", static_cast<void*>(array));
  out = static_cast<size_t>(desc.x + desc.y + desc.z + desc.w) / 8;
  return Status::success();
}

// One side of a batched 3D copy as hipMemcpy3D's. Extents and offsets count elements: an array's
// when either side is one, bytes otherwise (CUDA's rule).
Status side(const hipMemcpy3DOperand& operand, const hipExtent& extent, size_t element,
            hipArray_t& array, hipPos& position, hipPitchedPtr& pointer) {
  switch (operand.type) {
    case hipMemcpyOperandTypePointer: {
      if (operand.op.ptr.ptr == nullptr) return fail(hipErrorInvalidValue, "a null pointer");
      const size_t rowLength =
          operand.op.ptr.rowLength != 0 ? operand.op.ptr.rowLength : extent.width;
      const size_t layerHeight =
          operand.op.ptr.layerHeight != 0 ? operand.op.ptr.layerHeight : extent.height;
      if (rowLength < extent.width || layerHeight < extent.height)
        return fail(hipErrorInvalidValue, "rows of %zu and layers of %zu hold less than %zux%zu",
                    rowLength, layerHeight, extent.width, extent.height);
      pointer = hipPitchedPtr{operand.op.ptr.ptr, rowLength * element, rowLength, layerHeight};
      return Status::success();
    }
    case hipMemcpyOperandTypeArray:
      array = operand.op.array.array;
      position =
          hipPos{operand.op.array.offset.x, operand.op.array.offset.y, operand.op.array.offset.z};
      return Status::success();
    default:
      return fail(hipErrorInvalidValue, "operand type %d", static_cast<int>(operand.type));
  }
}

Status batchOperation(const hipMemcpy3DBatchOp& op, hipMemcpy3DParms& out) {
  if (Status bad = checkOrder(op.srcAccessOrder); !bad.ok()) return bad;
  if ((op.flags & ~unsigned{hipMemcpyFlagPreferOverlapWithCompute}) != 0)
    return fail(hipErrorInvalidValue, "copy flags 0x%x", op.flags);
  size_t element = 1;
  const hipMemcpy3DOperand* arraySide = op.src.type == hipMemcpyOperandTypeArray   ? &op.src
                                        : op.dst.type == hipMemcpyOperandTypeArray ? &op.dst
                                                                                   : nullptr;
  if (arraySide != nullptr)
    if (Status bad = elementBytes(arraySide->op.array.array, element); !bad.ok()) return bad;
  out = hipMemcpy3DParms{};
  out.extent = op.extent;
  out.kind = hipMemcpyDefault;
  if (Status bad = side(op.src, op.extent, element, out.srcArray, out.srcPos, out.srcPtr);
      !bad.ok())
    return bad;
  return side(op.dst, op.extent, element, out.dstArray, out.dstPos, out.dstPtr);
}

Status peerParameters(const hipMemcpy3DPeerParms* p, hipMemcpy3DParms& out) {
  if (p == nullptr) return fail(hipErrorInvalidValue, "the parameters are null");
  hipcore::core::Device* device = nullptr;
  if (Status bad = hipcore::api::deviceAt(p->srcDevice, device); !bad.ok()) return bad;
  if (Status bad = hipcore::api::deviceAt(p->dstDevice, device); !bad.ok()) return bad;
  // One address space holds every device's memory: the copy finds each side's device itself.
  out = hipMemcpy3DParms{p->srcArray, p->srcPos, p->srcPtr, p->dstArray,
                         p->dstPos,   p->dstPtr, p->extent, hipMemcpyDefault};
  return Status::success();
}

}  // namespace

HIPCORE_API hipError_t hipMemcpyBatchAsync(void** dsts, void** srcs, size_t* sizes, size_t count,
                                           hipMemcpyAttributes* attrs, size_t* attrsIdxs,
                                           size_t numAttrs, size_t* failIdx, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpyBatchAsync", hipMemcpyBatchAsync,
      [&] {
        const char* call = "hipMemcpyBatchAsync";
        if (failIdx != nullptr) *failIdx = kWholeBatch;
        if (dsts == nullptr || srcs == nullptr || sizes == nullptr || count == 0)
          return finish(call, fail(hipErrorInvalidValue, "an empty batch (%zu copies)", count));
        if (Status bad = checkAttributes(attrs, attrsIdxs, numAttrs, count); !bad.ok())
          return finish(call, std::move(bad));
        for (size_t i = 0; i < count; ++i)
          if (sizes[i] != 0 && (dsts[i] == nullptr || srcs[i] == nullptr)) {
            if (failIdx != nullptr) *failIdx = i;
            return finish(call, fail(hipErrorInvalidValue, "copy %zu has a null pointer", i));
          }
        for (size_t i = 0; i < count; ++i) {
          if (sizes[i] == 0) continue;
          if (hipError_t failed =
                  hipMemcpyAsync(dsts[i], srcs[i], sizes[i], hipMemcpyDefault, stream);
              failed != hipSuccess) {
            if (failIdx != nullptr) *failIdx = i;
            return failed;
          }
        }
        return hipSuccess;
      },
      "dsts, srcs, sizes, count, attrs, attrsIdxs, numAttrs, failIdx, stream", dsts, srcs, sizes,
      count, attrs, attrsIdxs, numAttrs, failIdx, stream);
}

HIPCORE_API hipError_t hipMemcpy3DBatchAsync(size_t numOps, hipMemcpy3DBatchOp* opList,
                                             size_t* failIdx, unsigned long long flags,
                                             hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpy3DBatchAsync", hipMemcpy3DBatchAsync,
      [&] {
        const char* call = "hipMemcpy3DBatchAsync";
        if (failIdx != nullptr) *failIdx = kWholeBatch;
        if (opList == nullptr || numOps == 0 || flags != 0)
          return finish(call,
                        fail(hipErrorInvalidValue, "%zu operations, flags 0x%llx", numOps, flags));
        std::vector<hipMemcpy3DParms> copies(numOps);
        for (size_t i = 0; i < numOps; ++i)
          if (Status bad = batchOperation(opList[i], copies[i]); !bad.ok()) {
            if (failIdx != nullptr) *failIdx = i;
            return finish(call, std::move(bad));
          }
        for (size_t i = 0; i < numOps; ++i)
          if (hipError_t failed = hipMemcpy3DAsync(&copies[i], stream); failed != hipSuccess) {
            if (failIdx != nullptr) *failIdx = i;
            return failed;
          }
        return hipSuccess;
      },
      "numOps, opList, failIdx, flags, stream", numOps, opList, failIdx, flags, stream);
}

HIPCORE_API hipError_t hipMemcpy3DPeer(hipMemcpy3DPeerParms* p) {
  return hipcore::api::call(
      "hipMemcpy3DPeer", hipMemcpy3DPeer,
      [&] {
        hipMemcpy3DParms copy{};
        if (Status bad = peerParameters(p, copy); !bad.ok())
          return finish("hipMemcpy3DPeer", std::move(bad));
        return hipMemcpy3D(&copy);
      },
      "p", p);
}

HIPCORE_API hipError_t hipMemcpy3DPeerAsync(hipMemcpy3DPeerParms* p, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpy3DPeerAsync", hipMemcpy3DPeerAsync,
      [&] {
        hipMemcpy3DParms copy{};
        if (Status bad = peerParameters(p, copy); !bad.ok())
          return finish("hipMemcpy3DPeerAsync", std::move(bad));
        return hipMemcpy3DAsync(&copy, stream);
      },
      "p, stream", p, stream);
}
