// Stream memory operations: a stream waits for a value in memory, or writes one, in its order
// (hipStreamWaitValue32/64, hipStreamWriteValue32/64, hipStreamBatchMemOp). The conditions are
// the hipStreamWaitValue* flags of hip/api/flags.h. Included by hip_runtime_api.h.
#pragma once

typedef enum hipStreamBatchMemOpType {
  hipStreamMemOpWaitValue32 = 0x1,
  hipStreamMemOpWriteValue32 = 0x2,
  hipStreamMemOpWaitValue64 = 0x4,
  hipStreamMemOpWriteValue64 = 0x5,
  hipStreamMemOpBarrier = 0x6,
  hipStreamMemOpFlushRemoteWrites = 0x3
} hipStreamBatchMemOpType;

// One operation of hipStreamBatchMemOp; `operation` selects the member. `alias` is CUDA's and
// unused on AMD GPUs.
typedef union hipStreamBatchMemOpParams_union {
  hipStreamBatchMemOpType operation;
  struct hipStreamMemOpWaitValueParams_t {
    hipStreamBatchMemOpType operation;
    hipDeviceptr_t address;
    union {
      uint32_t value;
      uint64_t value64;
    };
    unsigned int flags;
    hipDeviceptr_t alias;
  } waitValue;
  struct hipStreamMemOpWriteValueParams_t {
    hipStreamBatchMemOpType operation;
    hipDeviceptr_t address;
    union {
      uint32_t value;
      uint64_t value64;
    };
    unsigned int flags;
    hipDeviceptr_t alias;
  } writeValue;
  struct hipStreamMemOpFlushRemoteWritesParams_t {
    hipStreamBatchMemOpType operation;
    unsigned int flags;
  } flushRemoteWrites;
  struct hipStreamMemOpMemoryBarrierParams_t {
    hipStreamBatchMemOpType operation;
    unsigned int flags;
  } memoryBarrier;
  uint64_t pad[6];
} hipStreamBatchMemOpParams;

// A graph node of batched stream memory operations.
typedef struct hipBatchMemOpNodeParams {
  hipCtx_t ctx;
  unsigned int count;
  hipStreamBatchMemOpParams* paramArray;
  unsigned int flags;
} hipBatchMemOpNodeParams;

#ifdef __cplusplus
HIPCORE_API hipError_t hipStreamWaitValue32(hipStream_t stream, void* ptr, uint32_t value,
                                            unsigned int flags, uint32_t mask = 0xFFFFFFFFu);
HIPCORE_API hipError_t hipStreamWaitValue64(hipStream_t stream, void* ptr, uint64_t value,
                                            unsigned int flags,
                                            uint64_t mask = 0xFFFFFFFFFFFFFFFFull);
#else
HIPCORE_API hipError_t hipStreamWaitValue32(hipStream_t stream, void* ptr, uint32_t value,
                                            unsigned int flags, uint32_t mask);
HIPCORE_API hipError_t hipStreamWaitValue64(hipStream_t stream, void* ptr, uint64_t value,
                                            unsigned int flags, uint64_t mask);
#endif
HIPCORE_API hipError_t hipStreamWriteValue32(hipStream_t stream, void* ptr, uint32_t value,
                                             unsigned int flags);
HIPCORE_API hipError_t hipStreamWriteValue64(hipStream_t stream, void* ptr, uint64_t value,
                                             unsigned int flags);
HIPCORE_API hipError_t hipStreamBatchMemOp(hipStream_t stream, unsigned int count,
                                           hipStreamBatchMemOpParams* paramArray,
                                           unsigned int flags);
