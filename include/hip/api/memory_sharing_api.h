// Memory shared across address spaces and processes: virtual memory management (physical
// allocations mapped into reserved ranges), IPC memory and event handles, memory-pool export and
// import, and external memory and semaphores (AMD's HIP 6 signatures). Included by
// hip_runtime_api.h after HIPCORE_API is defined.
#pragma once

#include <hip/api/external_types.h>
#include <hip/api/handle_types.h>
#include <hip/api/memory_types.h>
#include <stddef.h>

// Virtual memory management.
HIPCORE_API hipError_t hipMemCreate(hipMemGenericAllocationHandle_t* handle, size_t size,
                                    const hipMemAllocationProp* prop, unsigned long long flags);
HIPCORE_API hipError_t hipMemRelease(hipMemGenericAllocationHandle_t handle);
HIPCORE_API hipError_t hipMemAddressReserve(void** ptr, size_t size, size_t alignment, void* addr,
                                            unsigned long long flags);
HIPCORE_API hipError_t hipMemAddressFree(void* devPtr, size_t size);
HIPCORE_API hipError_t hipMemMap(void* ptr, size_t size, size_t offset,
                                 hipMemGenericAllocationHandle_t handle, unsigned long long flags);
HIPCORE_API hipError_t hipMemUnmap(void* ptr, size_t size);
HIPCORE_API hipError_t hipMemMapArrayAsync(hipArrayMapInfo* mapInfoList, unsigned int count,
                                           hipStream_t stream);
HIPCORE_API hipError_t hipMemSetAccess(void* ptr, size_t size, const hipMemAccessDesc* desc,
                                       size_t count);
HIPCORE_API hipError_t hipMemGetAccess(unsigned long long* flags, const hipMemLocation* location,
                                       void* ptr);
HIPCORE_API hipError_t hipMemGetAllocationGranularity(size_t* granularity,
                                                      const hipMemAllocationProp* prop,
                                                      hipMemAllocationGranularity_flags option);
HIPCORE_API hipError_t hipMemGetAllocationPropertiesFromHandle(
    hipMemAllocationProp* prop, hipMemGenericAllocationHandle_t handle);
HIPCORE_API hipError_t hipMemRetainAllocationHandle(hipMemGenericAllocationHandle_t* handle,
                                                    void* addr);
HIPCORE_API hipError_t hipMemExportToShareableHandle(void* shareableHandle,
                                                     hipMemGenericAllocationHandle_t handle,
                                                     hipMemAllocationHandleType handleType,
                                                     unsigned long long flags);
HIPCORE_API hipError_t hipMemImportFromShareableHandle(hipMemGenericAllocationHandle_t* handle,
                                                       void* osHandle,
                                                       hipMemAllocationHandleType shHandleType);

// A dma-buf file descriptor for a range of device memory (HIP 6.5, CUDA's
// cuMemGetHandleForAddressRange): `handle` points at an int that receives it; flags must be 0.
typedef enum hipMemRangeHandleType {
  hipMemRangeHandleTypeDmaBufFd = 0x1,
  hipMemRangeHandleTypeMax = 0x7fffffff
} hipMemRangeHandleType;
HIPCORE_API hipError_t hipMemGetHandleForAddressRange(void* handle, hipDeviceptr_t dptr,
                                                      size_t size, hipMemRangeHandleType handleType,
                                                      unsigned long long flags);

// IPC: device memory and events of one process opened in another.
HIPCORE_API hipError_t hipIpcGetMemHandle(hipIpcMemHandle_t* handle, void* devPtr);
HIPCORE_API hipError_t hipIpcOpenMemHandle(void** devPtr, hipIpcMemHandle_t handle,
                                           unsigned int flags);
HIPCORE_API hipError_t hipIpcCloseMemHandle(void* devPtr);
HIPCORE_API hipError_t hipIpcGetEventHandle(hipIpcEventHandle_t* handle, hipEvent_t event);
HIPCORE_API hipError_t hipIpcOpenEventHandle(hipEvent_t* event, hipIpcEventHandle_t handle);

// Memory pools shared between processes.
HIPCORE_API hipError_t hipMemPoolExportToShareableHandle(void* shared_handle, hipMemPool_t mem_pool,
                                                         hipMemAllocationHandleType handle_type,
                                                         unsigned int flags);
HIPCORE_API hipError_t hipMemPoolImportFromShareableHandle(hipMemPool_t* mem_pool,
                                                           void* shared_handle,
                                                           hipMemAllocationHandleType handle_type,
                                                           unsigned int flags);
HIPCORE_API hipError_t hipMemPoolExportPointer(hipMemPoolPtrExportData* export_data, void* dev_ptr);
HIPCORE_API hipError_t hipMemPoolImportPointer(void** dev_ptr, hipMemPool_t mem_pool,
                                               hipMemPoolPtrExportData* export_data);

// External memory and semaphores.
HIPCORE_API hipError_t hipImportExternalMemory(hipExternalMemory_t* extMem_out,
                                               const hipExternalMemoryHandleDesc* memHandleDesc);
HIPCORE_API hipError_t hipExternalMemoryGetMappedBuffer(
    void** devPtr, hipExternalMemory_t extMem, const hipExternalMemoryBufferDesc* bufferDesc);
HIPCORE_API hipError_t hipDestroyExternalMemory(hipExternalMemory_t extMem);
HIPCORE_API hipError_t hipImportExternalSemaphore(
    hipExternalSemaphore_t* extSem_out, const hipExternalSemaphoreHandleDesc* semHandleDesc);
HIPCORE_API hipError_t hipSignalExternalSemaphoresAsync(
    const hipExternalSemaphore_t* extSemArray, const hipExternalSemaphoreSignalParams* paramsArray,
    unsigned int numExtSems, hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipWaitExternalSemaphoresAsync(
    const hipExternalSemaphore_t* extSemArray, const hipExternalSemaphoreWaitParams* paramsArray,
    unsigned int numExtSems, hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipDestroyExternalSemaphore(hipExternalSemaphore_t extSem);
