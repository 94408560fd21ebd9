// The HIP host API as hipcore implements it (HIP 6.2 signatures), usable from C++ and from
// clang's HIP mode. Types and error codes keep HIP's names and numeric values so that programs
// written for HIP compile unchanged.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>  // AMD's hip_runtime_api.h brings memset, memcpy and strlen in

#include <hip/api/device_types.h>
#include <hip/api/error_types.h>
#include <hip/api/external_types.h>
#include <hip/api/flags.h>
#include <hip/api/graph_types.h>
#include <hip/api/handle_types.h>
#include <hip/api/launch_types.h>
#include <hip/api/memory_types.h>
#include <hip/driver_types.h>
#include <hip/hip_common.h>
#include <hip/hip_version.h>
#include <hip/surface_types.h>
#include <hip/texture_types.h>

#if defined(__cplusplus)
#define HIPCORE_EXTERN_C extern "C"
#define HIPCORE_DEFAULT(value) = value
#else
#define HIPCORE_EXTERN_C
#define HIPCORE_DEFAULT(value)
#endif

#define HIPCORE_API HIPCORE_EXTERN_C __attribute__((visibility("default")))

HIPCORE_API hipError_t hipGetDeviceCount(int* count);
HIPCORE_API hipError_t hipGetDevice(int* device);
HIPCORE_API hipError_t hipSetDevice(int device);
// The first device of the list becomes the thread's device (hipcore's threads may use all).
HIPCORE_API hipError_t hipSetValidDevices(int* device_arr, int len);
HIPCORE_API hipError_t hipGetDeviceProperties(hipDeviceProp_t* properties, int device);
// The device (index) meeting most of the non-zero fields of `properties` as minimums.
HIPCORE_API hipError_t hipChooseDevice(int* device, const hipDeviceProp_t* properties);
HIPCORE_API hipError_t hipDeviceSynchronize(void);
HIPCORE_API hipError_t hipRuntimeGetVersion(int* runtimeVersion);
HIPCORE_API hipError_t hipDriverGetVersion(int* driverVersion);
// Any exported HIP function by name, in the ABI of `hipVersion` (100 * major + minor, or
// HIP_VERSION); flags as CUDA's cuGetProcAddress (2: the per-thread default stream's forms).
HIPCORE_API hipError_t hipGetProcAddress(const char* symbol, void** pfn, int hipVersion,
                                         uint64_t flags,
                                         hipDriverProcAddressQueryResult* symbolStatus);
// The same over every export (flags hipEnable*; the _spt form defaults to the
// per-thread default stream's entry points).
HIPCORE_API hipError_t hipGetDriverEntryPoint(const char* symbol, void** funcPtr,
                                              unsigned long long flags,
                                              hipDriverEntryPointQueryResult* driverStatus);
HIPCORE_API hipError_t hipGetDriverEntryPoint_spt(const char* symbol, void** funcPtr,
                                                  unsigned long long flags,
                                                  hipDriverEntryPointQueryResult* driverStatus);

HIPCORE_API hipError_t hipStreamCreate(hipStream_t* stream);
HIPCORE_API hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags);
HIPCORE_API hipError_t hipStreamDestroy(hipStream_t stream);
HIPCORE_API hipError_t hipStreamSynchronize(hipStream_t stream);
HIPCORE_API hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event,
                                          unsigned int flags HIPCORE_DEFAULT(0));

HIPCORE_API hipError_t hipEventCreate(hipEvent_t* event);
HIPCORE_API hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned flags);
HIPCORE_API hipError_t hipEventDestroy(hipEvent_t event);
HIPCORE_API hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipEventRecordWithFlags(hipEvent_t event,
                                               hipStream_t stream HIPCORE_DEFAULT(0),
                                               unsigned int flags HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipEventSynchronize(hipEvent_t event);
HIPCORE_API hipError_t hipEventQuery(hipEvent_t event);
HIPCORE_API hipError_t hipEventElapsedTime(float* milliseconds, hipEvent_t start, hipEvent_t stop);

HIPCORE_API hipError_t hipMalloc(void** pointer, size_t size);
HIPCORE_API hipError_t hipFree(void* pointer);
HIPCORE_API hipError_t hipMemGetInfo(size_t* free, size_t* total);
// Stream-ordered allocation from the device's current memory pool.
HIPCORE_API hipError_t hipMallocAsync(void** pointer, size_t size, hipStream_t stream);
HIPCORE_API hipError_t hipFreeAsync(void* pointer, hipStream_t stream);

HIPCORE_API hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t* mem_pool, int device);
HIPCORE_API hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool);
HIPCORE_API hipError_t hipDeviceGetMemPool(hipMemPool_t* mem_pool, int device);
HIPCORE_API hipError_t hipMemPoolCreate(hipMemPool_t* mem_pool, const hipMemPoolProps* pool_props);
HIPCORE_API hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool);
HIPCORE_API hipError_t hipMallocFromPoolAsync(void** dev_ptr, size_t size, hipMemPool_t mem_pool,
                                              hipStream_t stream);
HIPCORE_API hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool, size_t min_bytes_to_hold);
HIPCORE_API hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr,
                                              void* value);
HIPCORE_API hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr,
                                              void* value);
HIPCORE_API hipError_t hipMemPoolSetAccess(hipMemPool_t mem_pool, const hipMemAccessDesc* desc_list,
                                           size_t count);
HIPCORE_API hipError_t hipMemPoolGetAccess(hipMemAccessFlags* flags, hipMemPool_t mem_pool,
                                           hipMemLocation* location);

// Host memory the GPU reads and writes directly (pinned, coherent); free with hipHostFree.
HIPCORE_API hipError_t hipHostMalloc(void** pointer, size_t size,
                                     unsigned int flags HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipHostFree(void* pointer);
// hipHostMalloc's name since HIP 6.3 (the same flags and memory).
HIPCORE_API hipError_t hipExtHostAlloc(void** ptr, size_t size, unsigned int flags);
// Device memory with hipDeviceMalloc* flags: default, fine-grained (coherent with the host while
// kernels run), uncached, contiguous, or (hipMallocSignalMemory, 8 bytes) a signal's word.
HIPCORE_API hipError_t hipExtMallocWithFlags(void** ptr, size_t sizeBytes, unsigned int flags);
HIPCORE_API hipError_t hipMallocManaged(void** pointer, size_t size,
                                        unsigned int flags HIPCORE_DEFAULT(hipMemAttachGlobal));
// Managed-memory hints (CUDA's semantics, page by page; the memory is coherent everywhere, so
// nothing migrates) and what hipMemRangeGetAttribute(s) reads back of them.
HIPCORE_API hipError_t hipMemAdvise(const void* dev_ptr, size_t count, hipMemoryAdvise advice,
                                    int device);
HIPCORE_API hipError_t hipMemPrefetchAsync(const void* dev_ptr, size_t count, int device,
                                           hipStream_t stream HIPCORE_DEFAULT(0));
// HIP 7.1's forms naming the location (a device, or the host) instead of a device number.
HIPCORE_API hipError_t hipMemAdvise_v2(const void* dev_ptr, size_t count, hipMemoryAdvise advice,
                                       hipMemLocation location);
HIPCORE_API hipError_t hipMemPrefetchAsync_v2(const void* dev_ptr, size_t count,
                                              hipMemLocation location, unsigned int flags,
                                              hipStream_t stream HIPCORE_DEFAULT(0));
// count prefetches; prefetchLocs[j] applies from range prefetchLocIdxs[j] on.
HIPCORE_API hipError_t hipMemPrefetchBatchAsync(void** dev_ptrs, size_t* sizes, size_t count,
                                                hipMemLocation* prefetch_locs,
                                                size_t* prefetch_loc_idxs, size_t num_prefetch_locs,
                                                unsigned long long flags, hipStream_t stream);
HIPCORE_API hipError_t hipMemRangeGetAttribute(void* data, size_t data_size,
                                               hipMemRangeAttribute attribute, const void* dev_ptr,
                                               size_t count);
HIPCORE_API hipError_t hipMemRangeGetAttributes(void** data, size_t* data_sizes,
                                                hipMemRangeAttribute* attributes,
                                                size_t num_attributes, const void* dev_ptr,
                                                size_t count);
HIPCORE_API hipError_t
hipStreamAttachMemAsync(hipStream_t stream, void* dev_ptr, size_t length HIPCORE_DEFAULT(0),
                        unsigned int flags HIPCORE_DEFAULT(hipMemAttachSingle));
HIPCORE_API hipError_t hipMemcpy(void* destination, const void* source, size_t size,
                                 hipMemcpyKind kind);
HIPCORE_API hipError_t hipMemcpyAsync(void* destination, const void* source, size_t size,
                                      hipMemcpyKind kind, hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemset(void* destination, int value, size_t size);

// Device variables, named by their host shadow: HIP_SYMBOL(x) is x itself, as in AMD's headers.
// In C++ the symbol calls below also take the variable (the templates at the end of this file
// pass its address); the C functions take the address, so `&HIP_SYMBOL(x)` names it in C and
// wherever a `const void*` symbol is expected (the graph calls).
#define HIP_SYMBOL(X) X
HIPCORE_API hipError_t hipGetSymbolAddress(void** devicePointer, const void* symbol);
HIPCORE_API hipError_t hipGetSymbolSize(size_t* size, const void* symbol);
HIPCORE_API hipError_t hipMemcpyToSymbol(const void* symbol, const void* source, size_t size,
                                         size_t offset HIPCORE_DEFAULT(0),
                                         hipMemcpyKind kind HIPCORE_DEFAULT(hipMemcpyHostToDevice));
HIPCORE_API hipError_t hipMemcpyFromSymbol(
    void* destination, const void* symbol, size_t size, size_t offset HIPCORE_DEFAULT(0),
    hipMemcpyKind kind HIPCORE_DEFAULT(hipMemcpyDeviceToHost));
HIPCORE_API hipError_t hipMemsetAsync(void* destination, int value, size_t size,
                                      hipStream_t stream HIPCORE_DEFAULT(0));

// ---- Devices ----
HIPCORE_API hipError_t hipInit(unsigned int flags);
HIPCORE_API hipError_t hipDeviceGet(hipDevice_t* device, int ordinal);
HIPCORE_API hipError_t hipDeviceGetAttribute(int* value, hipDeviceAttribute_t attribute,
                                             int device);
HIPCORE_API hipError_t hipDeviceGetName(char* name, int length, hipDevice_t device);
HIPCORE_API hipError_t hipDeviceGetPCIBusId(char* pciBusId, int length, int device);
HIPCORE_API hipError_t hipDeviceTotalMem(size_t* bytes, hipDevice_t device);
HIPCORE_API hipError_t hipDeviceReset(void);
HIPCORE_API hipError_t hipSetDeviceFlags(unsigned flags);
HIPCORE_API hipError_t hipGetDeviceFlags(unsigned int* flags);
HIPCORE_API hipError_t hipDeviceGetLimit(size_t* value, enum hipLimit_t limit);
HIPCORE_API hipError_t hipDeviceSetLimit(enum hipLimit_t limit, size_t value);
HIPCORE_API hipError_t hipDeviceCanAccessPeer(int* canAccessPeer, int deviceId, int peerDeviceId);
HIPCORE_API hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags);
HIPCORE_API hipError_t hipDeviceDisablePeerAccess(int peerDeviceId);
HIPCORE_API hipError_t hipDeviceGetUuid(hipUUID* uuid, hipDevice_t device);
HIPCORE_API hipError_t hipDeviceGetByPCIBusId(int* device, const char* pciBusId);
HIPCORE_API hipError_t hipDeviceComputeCapability(int* major, int* minor, hipDevice_t device);
// Peer links between devices; hipcore offers no peer access, so every attribute reads 0.
HIPCORE_API hipError_t hipDeviceGetP2PAttribute(int* value, hipDeviceP2PAttr attr, int srcDevice,
                                                int dstDevice);
// The link between two devices as ROCR's topology reports it: link type (hsa_amd_link_info_type_t)
// and hops.
HIPCORE_API hipError_t hipExtGetLinkTypeAndHopCount(int device1, int device2, uint32_t* linktype,
                                                    uint32_t* hopcount);

// ---- Streams ----
HIPCORE_API hipError_t hipStreamCreateWithPriority(hipStream_t* stream, unsigned int flags,
                                                   int priority);
HIPCORE_API hipError_t hipDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority);
HIPCORE_API hipError_t hipStreamQuery(hipStream_t stream);
HIPCORE_API hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int* flags);
HIPCORE_API hipError_t hipStreamGetPriority(hipStream_t stream, int* priority);
HIPCORE_API hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t* device);
// The device of a stream (the current device for the null stream), -1 for an invalid stream.
HIPCORE_API int hipGetStreamDeviceId(hipStream_t stream);
typedef void (*hipStreamCallback_t)(hipStream_t stream, hipError_t status, void* userData);
HIPCORE_API hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void* userData);
HIPCORE_API hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback,
                                            void* userData, unsigned int flags);

// ---- Memory ----
HIPCORE_API hipError_t hipMemsetD8(hipDeviceptr_t destination, unsigned char value, size_t count);
HIPCORE_API hipError_t hipMemsetD16(hipDeviceptr_t destination, unsigned short value, size_t count);
HIPCORE_API hipError_t hipMemsetD32(hipDeviceptr_t destination, int value, size_t count);
HIPCORE_API hipError_t hipMemsetD8Async(hipDeviceptr_t destination, unsigned char value,
                                        size_t count, hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemsetD16Async(hipDeviceptr_t destination, unsigned short value,
                                         size_t count, hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemsetD32Async(hipDeviceptr_t destination, int value, size_t count,
                                         hipStream_t stream HIPCORE_DEFAULT(0));
// The driver API's pitched element fills: `width` elements per row, rows `dstPitch` bytes apart.
HIPCORE_API hipError_t hipMemsetD2D8(hipDeviceptr_t dst, size_t dstPitch, unsigned char value,
                                     size_t width, size_t height);
HIPCORE_API hipError_t hipMemsetD2D8Async(hipDeviceptr_t dst, size_t dstPitch, unsigned char value,
                                          size_t width, size_t height,
                                          hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemsetD2D16(hipDeviceptr_t dst, size_t dstPitch, unsigned short value,
                                      size_t width, size_t height);
HIPCORE_API hipError_t hipMemsetD2D16Async(hipDeviceptr_t dst, size_t dstPitch,
                                           unsigned short value, size_t width, size_t height,
                                           hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemsetD2D32(hipDeviceptr_t dst, size_t dstPitch, unsigned int value,
                                      size_t width, size_t height);
HIPCORE_API hipError_t hipMemsetD2D32Async(hipDeviceptr_t dst, size_t dstPitch, unsigned int value,
                                           size_t width, size_t height,
                                           hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMallocPitch(void** pointer, size_t* pitch, size_t width, size_t height);
HIPCORE_API hipError_t hipMemcpy2D(void* destination, size_t destinationPitch, const void* source,
                                   size_t sourcePitch, size_t width, size_t height,
                                   hipMemcpyKind kind);
HIPCORE_API hipError_t hipMemcpy2DAsync(void* destination, size_t destinationPitch,
                                        const void* source, size_t sourcePitch, size_t width,
                                        size_t height, hipMemcpyKind kind,
                                        hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemset2D(void* destination, size_t pitch, int value, size_t width,
                                   size_t height);
HIPCORE_API hipError_t hipMemset2DAsync(void* destination, size_t pitch, int value, size_t width,
                                        size_t height, hipStream_t stream HIPCORE_DEFAULT(0));
// 3D memory, laid out as in HIP: a pitched pointer (row pitch, and the row width and row count
// of the allocation), an extent in bytes x rows x slices, and a position in the same units.
static inline hipPitchedPtr make_hipPitchedPtr(void* ptr, size_t pitch, size_t xsize,
                                               size_t ysize) {
  hipPitchedPtr p = {ptr, pitch, xsize, ysize};
  return p;
}
static inline hipExtent make_hipExtent(size_t width, size_t height, size_t depth) {
  hipExtent e = {width, height, depth};
  return e;
}
static inline hipPos make_hipPos(size_t x, size_t y, size_t z) {
  hipPos p = {x, y, z};
  return p;
}
HIPCORE_API hipError_t hipMalloc3D(hipPitchedPtr* pitchedDevPtr, hipExtent extent);
HIPCORE_API hipError_t hipMemcpy3D(const hipMemcpy3DParms* p);
HIPCORE_API hipError_t hipMemcpy3DAsync(const hipMemcpy3DParms* p,
                                        hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipDrvMemcpy3D(const HIP_MEMCPY3D* pCopy);
HIPCORE_API hipError_t hipDrvMemcpy3DAsync(const HIP_MEMCPY3D* pCopy, hipStream_t stream);
// The driver API's 2D copy (the first slice of a HIP_MEMCPY3D).
HIPCORE_API hipError_t hipMemcpyParam2D(const hip_Memcpy2D* pCopy);
HIPCORE_API hipError_t hipMemcpyParam2DAsync(const hip_Memcpy2D* pCopy,
                                             hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipDrvMemcpy2DUnaligned(const hip_Memcpy2D* pCopy);
HIPCORE_API hipError_t hipMemset3D(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent);
HIPCORE_API hipError_t hipMemset3DAsync(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent,
                                        hipStream_t stream HIPCORE_DEFAULT(0));
// Copies between devices; with one device, source and destination device are the same.
HIPCORE_API hipError_t hipMemcpyPeer(void* dst, int dstDevice, const void* src, int srcDevice,
                                     size_t sizeBytes);
HIPCORE_API hipError_t hipMemcpyPeerAsync(void* dst, int dstDevice, const void* src, int srcDevice,
                                          size_t sizeBytes, hipStream_t stream HIPCORE_DEFAULT(0));
// The driver-style 1D copies (direction in the name, as a check only) and a synchronous copy
// ordered on a stream.
HIPCORE_API hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void* src, size_t sizeBytes);
HIPCORE_API hipError_t hipMemcpyDtoH(void* dst, hipDeviceptr_t src, size_t sizeBytes);
HIPCORE_API hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes);
HIPCORE_API hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void* src, size_t sizeBytes,
                                          hipStream_t stream);
HIPCORE_API hipError_t hipMemcpyDtoHAsync(void* dst, hipDeviceptr_t src, size_t sizeBytes,
                                          hipStream_t stream);
HIPCORE_API hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes,
                                          hipStream_t stream);
HIPCORE_API hipError_t hipMemcpyWithStream(void* dst, const void* src, size_t sizeBytes,
                                           hipMemcpyKind kind, hipStream_t stream);
HIPCORE_API hipError_t hipHostRegister(void* hostPointer, size_t size, unsigned int flags);
HIPCORE_API hipError_t hipHostUnregister(void* hostPointer);
HIPCORE_API hipError_t hipHostGetDevicePointer(void** devicePointer, void* hostPointer,
                                               unsigned int flags);
HIPCORE_API hipError_t hipHostGetFlags(unsigned int* flags, void* hostPointer);
HIPCORE_API hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes,
                                               const void* pointer);
// The driver API's pointer attributes, one at a time or several (value types as CUDA's).
HIPCORE_API hipError_t hipPointerGetAttribute(void* data, hipPointer_attribute attribute,
                                              hipDeviceptr_t ptr);
HIPCORE_API hipError_t hipDrvPointerGetAttributes(unsigned int numAttributes,
                                                  hipPointer_attribute* attributes, void** data,
                                                  hipDeviceptr_t ptr);
HIPCORE_API hipError_t hipPointerSetAttribute(const void* value, hipPointer_attribute attribute,
                                              hipDeviceptr_t ptr);
HIPCORE_API hipError_t hipMemPtrGetInfo(void* pointer, size_t* size);
HIPCORE_API hipError_t hipMemGetAddressRange(hipDeviceptr_t* base, size_t* size,
                                             hipDeviceptr_t pointer);
// Older names of hipHostMalloc/hipHostFree and the driver API's pitched allocation.
HIPCORE_API __attribute__((deprecated("use hipHostMalloc instead"))) hipError_t
hipHostAlloc(void** pointer, size_t size, unsigned int flags);
HIPCORE_API __attribute__((deprecated("use hipHostMalloc instead"))) hipError_t
hipMallocHost(void** pointer, size_t size);
HIPCORE_API __attribute__((deprecated("use hipHostMalloc instead"))) hipError_t
hipMemAllocHost(void** pointer, size_t size);
HIPCORE_API __attribute__((deprecated("use hipHostFree instead"))) hipError_t
hipFreeHost(void* pointer);
HIPCORE_API hipError_t hipMemAllocPitch(hipDeviceptr_t* pointer, size_t* pitch, size_t widthInBytes,
                                        size_t height, unsigned int elementSizeBytes);
HIPCORE_API hipError_t hipMemcpyToSymbolAsync(const void* symbol, const void* source, size_t size,
                                              size_t offset, hipMemcpyKind kind,
                                              hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemcpyFromSymbolAsync(void* destination, const void* symbol, size_t size,
                                                size_t offset, hipMemcpyKind kind,
                                                hipStream_t stream HIPCORE_DEFAULT(0));

// ---- Functions ----
HIPCORE_API hipError_t hipFuncGetAttributes(hipFuncAttributes* attributes, const void* function);
HIPCORE_API hipError_t hipFuncGetAttribute(int* value, hipFunction_attribute attribute,
                                           hipFunction_t function);
// A registered kernel's hipFunction_t (its host handle), usable with hipModuleLaunchKernel and
// hipFuncGetAttribute; the names of module functions and kernels (null for anything else).
HIPCORE_API hipError_t hipGetFuncBySymbol(hipFunction_t* functionPtr, const void* symbolPtr);
HIPCORE_API const char* hipKernelNameRef(const hipFunction_t f);
HIPCORE_API const char* hipKernelNameRefByPtr(const void* hostFunction, hipStream_t stream);

// ---- AMD's profiler interface (roctracer), runtime/src/api/ApiCallbacks.h ----
// The name of a HIP API operation id (AMD's hip_api_id_t numbering), "unknown" for any other.
HIPCORE_API const char* hipApiName(uint32_t id);
// HIP 5.2.3's per-id callbacks (AMD dropped the declarations in HIP 5.3; roctracer 5.2 calls
// them): `fun` is void(uint32_t domain, uint32_t id, const void* hip_api_data, void* arg),
// called on entry and exit of every call with that id; hipErrorInvalidValue outside 1..418.
HIPCORE_API hipError_t hipRegisterApiCallback(uint32_t id, void* fun, void* arg);
HIPCORE_API hipError_t hipRemoveApiCallback(uint32_t id);
HIPCORE_API hipError_t hipRegisterActivityCallback(uint32_t id, void* fun, void* arg);
HIPCORE_API hipError_t hipRemoveActivityCallback(uint32_t id);
// The name of an activity record's command kind (AMD's hip_runtime_prof.h).
HIPCORE_API const char* hipGetCmdName(uint32_t id);
HIPCORE_API hipError_t hipFuncSetCacheConfig(const void* function, hipFuncCache_t config);
HIPCORE_API hipError_t hipDeviceSetCacheConfig(hipFuncCache_t config);
// AMD GPUs have a fixed L1/LDS split and four-byte LDS banks: the queries answer that, valid
// settings are accepted and change nothing, invalid ones are refused.
HIPCORE_API hipError_t hipDeviceGetCacheConfig(hipFuncCache_t* config);
HIPCORE_API hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig* config);
HIPCORE_API hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config);
HIPCORE_API hipError_t hipFuncSetSharedMemConfig(const void* function, hipSharedMemConfig config);
HIPCORE_API hipError_t hipFuncSetAttribute(const void* function, hipFuncAttribute attr, int value);

// Occupancy: blocks one CU (HIP's multiprocessor) runs at once, from the kernel's VGPRs, LDS
// and wave size. The flags (hipOccupancyDefault, hipOccupancyDisableCachingOverride) change
// nothing on AMD GPUs.
HIPCORE_API hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks,
                                                                    const void* function,
                                                                    int blockSize,
                                                                    size_t dynSharedMemPerBlk);
HIPCORE_API hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, const void* function, int blockSize, size_t dynSharedMemPerBlk,
    unsigned int flags);
HIPCORE_API hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
    int* numBlocks, hipFunction_t function, int blockSize, size_t dynSharedMemPerBlk);
HIPCORE_API hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, hipFunction_t function, int blockSize, size_t dynSharedMemPerBlk,
    unsigned int flags);
// The block size with the most resident threads per CU, and the grid that fills every CU.
HIPCORE_API hipError_t hipOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize,
                                                         const void* function,
                                                         size_t dynSharedMemPerBlk,
                                                         int blockSizeLimit);
HIPCORE_API hipError_t hipModuleOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize,
                                                               hipFunction_t function,
                                                               size_t dynSharedMemPerBlk,
                                                               int blockSizeLimit);
HIPCORE_API hipError_t hipModuleOccupancyMaxPotentialBlockSizeWithFlags(
    int* gridSize, int* blockSize, hipFunction_t function, size_t dynSharedMemPerBlk,
    int blockSizeLimit, unsigned int flags);

// Cooperative launch: every block of the grid is resident at once, so the kernel may use
// cooperative_groups::this_grid().sync(). Grids larger than occupancy x CUs are refused with
// hipErrorCooperativeLaunchTooLarge.
HIPCORE_API hipError_t hipLaunchCooperativeKernel(const void* function, dim3 gridDim, dim3 blockDim,
                                                  void** kernelParams, unsigned int sharedMemBytes,
                                                  hipStream_t stream);
// CUDA's oldest execution control: configure, set up each argument at its offset, launch.
HIPCORE_API hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim,
                                        size_t sharedMem HIPCORE_DEFAULT(0),
                                        hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipSetupArgument(const void* arg, size_t size, size_t offset);
HIPCORE_API hipError_t hipLaunchByPtr(const void* func);
// One ordinary launch per device, each on its entry's stream.
HIPCORE_API hipError_t hipExtLaunchMultiKernelMultiDevice(hipLaunchParams* launchParamsList,
                                                          int numDevices, unsigned int flags);
// A module function (or hipGetFuncBySymbol's handle) launched cooperatively.
HIPCORE_API hipError_t hipModuleLaunchCooperativeKernel(
    hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
    unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
    unsigned int sharedMemBytes, hipStream_t stream, void** kernelParams);
HIPCORE_API hipError_t hipModuleLaunchCooperativeKernelMultiDevice(
    hipFunctionLaunchParams* launchParamsList, unsigned int numDevices, unsigned int flags);
// One launch per device; hipcore supports one device per call (numDevices == 1).
HIPCORE_API hipError_t hipLaunchCooperativeKernelMultiDevice(hipLaunchParams* launchParamsList,
                                                             int numDevices, unsigned int flags);

HIPCORE_API hipError_t hipGetLastError(void);
HIPCORE_API hipError_t hipPeekAtLastError(void);
HIPCORE_API const char* hipGetErrorName(hipError_t error);
HIPCORE_API const char* hipGetErrorString(hipError_t error);
HIPCORE_API hipError_t hipExtGetLastError(void);
// Marks on HIPCORE_TRACE's timeline (deprecated in HIP 6, as in AMD's headers).
HIPCORE_API __attribute__((deprecated("use HIPCORE_TRACE instead"))) hipError_t
hipProfilerStart(void);
HIPCORE_API __attribute__((deprecated("use HIPCORE_TRACE instead"))) hipError_t
hipProfilerStop(void);
// The driver API's forms: hipErrorInvalidValue (and a null string) for a code HIP lacks.
HIPCORE_API hipError_t hipDrvGetErrorName(hipError_t hipError, const char** errorString);
HIPCORE_API hipError_t hipDrvGetErrorString(hipError_t hipError, const char** errorString);

HIPCORE_API hipError_t hipLaunchKernel(const void* function, dim3 numBlocks, dim3 dimBlocks,
                                       void** args, size_t sharedMemBytes HIPCORE_DEFAULT(0),
                                       hipStream_t stream HIPCORE_DEFAULT(0));
// A launch bracketed by start and stop events (AMD's extension, declared here as AMD's header
// does; hipExtLaunchKernelGGL, its typed form, is in hip_ext.h).
HIPCORE_API hipError_t hipExtLaunchKernel(const void* function, dim3 numBlocks, dim3 dimBlocks,
                                          void** args, size_t sharedMemBytes, hipStream_t stream,
                                          hipEvent_t startEvent, hipEvent_t stopEvent, int flags);

// Code objects loaded at run time: a bare AMDGPU ELF or an offload bundle (plain or compressed).
HIPCORE_API hipError_t hipModuleLoad(hipModule_t* module, const char* path);
HIPCORE_API hipError_t hipModuleLoadData(hipModule_t* module, const void* image);
// Options of hipModuleLoadDataEx (CUDA's cuModuleLoadDataEx options, in the same order). Code
// objects are already compiled, so only the log options have an effect: the error log receives
// the reason a load failed, the info log is left empty. As in CUDA, a *SizeBytes option's value
// slot holds the buffer's capacity itself ((void*)(uintptr_t)bytes) and on return the bytes
// written, not counting the terminating zero.
HIPCORE_API hipError_t hipModuleLoadDataEx(hipModule_t* module, const void* image,
                                           unsigned int numOptions, hipJitOption* options,
                                           void** optionValues);
HIPCORE_API hipError_t hipModuleUnload(hipModule_t module);
HIPCORE_API hipError_t hipModuleGetFunction(hipFunction_t* function, hipModule_t module,
                                            const char* name);
HIPCORE_API hipError_t hipModuleGetGlobal(hipDeviceptr_t* pointer, size_t* bytes,
                                          hipModule_t module, const char* name);
// Arguments come either as kernelParams (one pointer per argument) or packed in one buffer:
// extra = {HIP_LAUNCH_PARAM_BUFFER_POINTER, buffer, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size,
// HIP_LAUNCH_PARAM_END}.
HIPCORE_API hipError_t hipModuleLaunchKernel(hipFunction_t function, unsigned int gridDimX,
                                             unsigned int gridDimY, unsigned int gridDimZ,
                                             unsigned int blockDimX, unsigned int blockDimY,
                                             unsigned int blockDimZ, unsigned int sharedMemBytes,
                                             hipStream_t stream, void** kernelParams, void** extra);

HIPCORE_API hipError_t hipLaunchKernel_spt(const void* function, dim3 numBlocks, dim3 dimBlocks,
                                           void** args, size_t sharedMemBytes HIPCORE_DEFAULT(0),
                                           hipStream_t stream HIPCORE_DEFAULT(0));

// Called by the code clang emits for `kernel<<<grid, block, shared, stream>>>(args...)`.
HIPCORE_API hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                                  size_t sharedMem HIPCORE_DEFAULT(0),
                                                  hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t __hipPopCallConfiguration(dim3* gridDim, dim3* blockDim, size_t* sharedMem,
                                                 hipStream_t* stream);

#if defined(__cplusplus) && defined(__HIP__)
// hipLaunchKernelGGL(kernel, grid, block, shared, stream, args...): HIP's macro-style launch.
#define hipLaunchKernelGGL(kernel, numBlocks, dimBlocks, sharedMemBytes, stream, ...) \
  kernel<<<(numBlocks), (dimBlocks), (sharedMemBytes), (stream)>>>(__VA_ARGS__)
#endif

#if defined(__cplusplus)
// HIP's C++ overloads taking the kernel itself rather than its handle as const void*.
template <typename Kernel>
inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, Kernel kernel,
                                                               int blockSize,
                                                               size_t dynSharedMemPerBlk) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessor(
      numBlocks, reinterpret_cast<const void*>(kernel), blockSize, dynSharedMemPerBlk);
}
template <typename Kernel>
inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, Kernel kernel, int blockSize, size_t dynSharedMemPerBlk, unsigned flags) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, reinterpret_cast<const void*>(kernel), blockSize, dynSharedMemPerBlk, flags);
}
template <typename Kernel>
inline hipError_t hipOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize, Kernel kernel,
                                                    size_t dynSharedMemPerBlk = 0,
                                                    int blockSizeLimit = 0) {
  return hipOccupancyMaxPotentialBlockSize(gridSize, blockSize,
                                           reinterpret_cast<const void*>(kernel),
                                           dynSharedMemPerBlk, blockSizeLimit);
}
template <typename Kernel>
inline hipError_t hipLaunchCooperativeKernel(Kernel kernel, dim3 gridDim, dim3 blockDim,
                                             void** kernelParams, unsigned int sharedMemBytes,
                                             hipStream_t stream) {
  return hipLaunchCooperativeKernel(reinterpret_cast<const void*>(kernel), gridDim, blockDim,
                                    kernelParams, sharedMemBytes, stream);
}
#endif

#if defined(__cplusplus)
// HIP's typed allocation overloads: `float* p; hipMalloc(&p, bytes);` compiles as with AMD's
// headers, without a cast to void**. The C-style cast also accepts `volatile T*` and `const T*`
// pointers, whose qualifier a reinterpret_cast could not drop.
template <class T>
inline hipError_t hipMalloc(T** pointer, size_t size) {
  return hipMalloc((void**)(pointer), size);
}
template <class T>
inline hipError_t hipHostMalloc(T** pointer, size_t size, unsigned int flags = 0) {
  return hipHostMalloc((void**)(pointer), size, flags);
}
template <class T>
inline hipError_t hipMallocManaged(T** pointer, size_t size,
                                   unsigned int flags = hipMemAttachGlobal) {
  return hipMallocManaged((void**)(pointer), size, flags);
}
template <class T>
inline hipError_t hipMallocPitch(T** pointer, size_t* pitch, size_t width, size_t height) {
  return hipMallocPitch((void**)(pointer), pitch, width, height);
}

// HIP's symbol overloads: `hipMemcpyToSymbol(HIP_SYMBOL(x), ...)` passes the variable, whose
// address names it. (As with AMD's headers, a typed pointer such as `&x` also binds here, not
// to the `const void*` function: name symbols with HIP_SYMBOL or a `const void*`.)
template <class T>
inline hipError_t hipGetSymbolAddress(void** devicePointer, const T& symbol) {
  return hipGetSymbolAddress(devicePointer, (const void*)&symbol);
}
template <class T>
inline hipError_t hipGetSymbolSize(size_t* size, const T& symbol) {
  return hipGetSymbolSize(size, (const void*)&symbol);
}
template <class T>
inline hipError_t hipMemcpyToSymbol(const T& symbol, const void* source, size_t size,
                                    size_t offset = 0, hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return hipMemcpyToSymbol((const void*)&symbol, source, size, offset, kind);
}
template <class T>
inline hipError_t hipMemcpyToSymbolAsync(const T& symbol, const void* source, size_t size,
                                         size_t offset, hipMemcpyKind kind,
                                         hipStream_t stream = 0) {
  return hipMemcpyToSymbolAsync((const void*)&symbol, source, size, offset, kind, stream);
}
template <class T>
inline hipError_t hipMemcpyFromSymbol(void* destination, const T& symbol, size_t size,
                                      size_t offset = 0,
                                      hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return hipMemcpyFromSymbol(destination, (const void*)&symbol, size, offset, kind);
}
template <class T>
inline hipError_t hipMemcpyFromSymbolAsync(void* destination, const T& symbol, size_t size,
                                           size_t offset, hipMemcpyKind kind,
                                           hipStream_t stream = 0) {
  return hipMemcpyFromSymbolAsync(destination, (const void*)&symbol, size, offset, kind, stream);
}
#endif

// Stream memory operations (wait for and write values in stream order).
#include <hip/api/stream_memory_functions.h>

// Stream attributes and ids, CU-masked streams.
#include <hip/api/stream_attribute_functions.h>

// Launches with a configuration and launch attributes.
#include <hip/api/launch_config_functions.h>

// Batched copies and 3D copies between devices.
#include <hip/api/batch_copy_functions.h>

// Graphs, stream capture and user objects.
#include <hip/api/graph_functions.h>

// The driver API's contexts (deprecated).
#include <hip/api/context_functions.h>

// Arrays, texture objects and surface objects.
#include <hip/api/image_api.h>

// Virtual memory management, IPC, external memory and semaphores.
#include <hip/api/memory_sharing_api.h>

// Libraries and kernels, modules by other names, and the JIT linker.
#include <hip/api/library_functions.h>

// The per-thread default stream's `_spt` entry points, and under HIP_API_PER_THREAD_DEFAULT_STREAM
// (clang's -fgpu-default-stream=per-thread) the mapping of the plain names onto them.
#include <hip/hip_per_thread_stream.h>

// Registered graphics resources (OpenGL buffers and images, hip/hip_gl_interop.h): none can be
// registered on hipcore's devices, so every handle is refused (hipErrorInvalidHandle).
HIPCORE_API hipError_t hipGraphicsMapResources(int count, hipGraphicsResource_t* resources,
                                               hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipGraphicsUnmapResources(int count, hipGraphicsResource_t* resources,
                                                 hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipGraphicsResourceGetMappedPointer(void** devPtr, size_t* size,
                                                           hipGraphicsResource_t resource);
HIPCORE_API hipError_t hipGraphicsSubResourceGetMappedArray(hipArray_t* array,
                                                            hipGraphicsResource_t resource,
                                                            unsigned int arrayIndex,
                                                            unsigned int mipLevel);
HIPCORE_API hipError_t hipGraphicsUnregisterResource(hipGraphicsResource_t resource);

// hipCreateChannelDesc, which AMD's headers bring in with the texture types, and after it the
// deprecated texture-reference API with the texture<> type.
#include <hip/channel_descriptor.h>
