// Copies in batches (HIP 7.1: hipMemcpyBatchAsync, hipMemcpy3DBatchAsync) and 3D copies between
// devices (hipMemcpy3DPeer, hipMemcpy3DPeerAsync). Included by hip_runtime_api.h.
#pragma once

typedef enum hipMemcpyFlags {
  hipMemcpyFlagDefault = 0x0,
  hipMemcpyFlagPreferOverlapWithCompute = 0x1,
} hipMemcpyFlags;

// When a batch's copies may read their sources (hipcore reads them in stream order always, which
// every order allows).
typedef enum hipMemcpySrcAccessOrder {
  hipMemcpySrcAccessOrderInvalid = 0x0,
  hipMemcpySrcAccessOrderStream = 0x1,
  hipMemcpySrcAccessOrderDuringApiCall = 0x2,
  hipMemcpySrcAccessOrderAny = 0x3,
  hipMemcpySrcAccessOrderMax = 0x7FFFFFFF,
} hipMemcpySrcAccessOrder;

typedef struct hipMemcpyAttributes {
  hipMemcpySrcAccessOrder srcAccessOrder;
  hipMemLocation srcLocHint;
  hipMemLocation dstLocHint;
  unsigned int flags;
} hipMemcpyAttributes;

typedef enum hipMemcpy3DOperandType {
  hipMemcpyOperandTypePointer = 0x1,
  hipMemcpyOperandTypeArray = 0x2,
  hipMemcpyOperandTypeMax = 0x7FFFFFFF,
} hipMemcpy3DOperandType;

typedef struct hipOffset3D {
  size_t x;
  size_t y;
  size_t z;
} hipOffset3D;

// One side of a batched 3D copy: memory with its row length and layer height in elements, or an
// array with an offset in elements.
typedef struct hipMemcpy3DOperand {
  hipMemcpy3DOperandType type;
  union {
    struct {
      void* ptr;
      size_t rowLength;
      size_t layerHeight;
      hipMemLocation locHint;
    } ptr;
    struct {
      hipArray_t array;
      hipOffset3D offset;
    } array;
  } op;
} hipMemcpy3DOperand;

typedef struct hipMemcpy3DBatchOp {
  hipMemcpy3DOperand src;
  hipMemcpy3DOperand dst;
  hipExtent extent;
  hipMemcpySrcAccessOrder srcAccessOrder;
  unsigned int flags;
} hipMemcpy3DBatchOp;

typedef struct hipMemcpy3DPeerParms {
  hipArray_t srcArray;
  hipPos srcPos;
  hipPitchedPtr srcPtr;
  int srcDevice;
  hipArray_t dstArray;
  hipPos dstPos;
  hipPitchedPtr dstPtr;
  int dstDevice;
  hipExtent extent;
} hipMemcpy3DPeerParms;

// count copies of sizes[i] bytes from srcs[i] to dsts[i] in stream order. attrs[j] applies from
// copy attrsIdxs[j] on (attrsIdxs[0] must be 0). On an error *failIdx names the copy at fault
// (SIZE_MAX when the batch as a whole is invalid); the copies before it stay queued.
HIPCORE_API hipError_t hipMemcpyBatchAsync(void** dsts, void** srcs, size_t* sizes, size_t count,
                                           hipMemcpyAttributes* attrs, size_t* attrsIdxs,
                                           size_t numAttrs, size_t* failIdx, hipStream_t stream);
HIPCORE_API hipError_t hipMemcpy3DBatchAsync(size_t numOps, hipMemcpy3DBatchOp* opList,
                                             size_t* failIdx, unsigned long long flags,
                                             hipStream_t stream);
HIPCORE_API hipError_t hipMemcpy3DPeer(hipMemcpy3DPeerParms* p);
HIPCORE_API hipError_t hipMemcpy3DPeerAsync(hipMemcpy3DPeerParms* p,
                                            hipStream_t stream HIPCORE_DEFAULT(0));
