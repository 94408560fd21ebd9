// Memory: pointer attributes, managed-memory advice and ranges, memory pools, virtual memory
// management (allocation properties, granularity, mapping) and sparse array mapping.
#pragma once

#include <hip/driver_types.h>
#include <stddef.h>
#include <stdint.h>

// What hipPointerGetAttributes reports. HIP 6 renamed memoryType to type; both names are
// accepted here (one field).
typedef struct hipPointerAttribute_t {
#if defined(__cplusplus) || (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L)
  union {
    enum hipMemoryType type;
    enum hipMemoryType memoryType;
  };
#else
  enum hipMemoryType type;
#endif
  int device;
  void* devicePointer;
  void* hostPointer;
  int isManaged;
  unsigned int allocationFlags;
} hipPointerAttribute_t;

struct ihipMemPoolHandle_t;

typedef struct ihipMemPoolHandle_t* hipMemPool_t;

// Managed memory: hipMemAdvise's advice and the attributes hipMemRangeGetAttribute reads.
typedef enum hipMemoryAdvise {
  hipMemAdviseSetReadMostly = 1,
  hipMemAdviseUnsetReadMostly = 2,
  hipMemAdviseSetPreferredLocation = 3,
  hipMemAdviseUnsetPreferredLocation = 4,
  hipMemAdviseSetAccessedBy = 5,
  hipMemAdviseUnsetAccessedBy = 6,
  hipMemAdviseSetCoarseGrain = 100,
  hipMemAdviseUnsetCoarseGrain = 101,
} hipMemoryAdvise;

typedef enum hipMemRangeCoherencyMode {
  hipMemRangeCoherencyModeFineGrain = 0,
  hipMemRangeCoherencyModeCoarseGrain = 1,
  hipMemRangeCoherencyModeIndeterminate = 2,
} hipMemRangeCoherencyMode;

typedef enum hipMemRangeAttribute {
  hipMemRangeAttributeReadMostly = 1,
  hipMemRangeAttributePreferredLocation = 2,
  hipMemRangeAttributeAccessedBy = 3,
  hipMemRangeAttributeLastPrefetchLocation = 4,
  hipMemRangeAttributeCoherencyMode = 100,
} hipMemRangeAttribute;

// Memory pools (hipMemPoolCreate, hipMallocFromPoolAsync): attributes, where a pool's memory
// lives, who may access it, and how it may be shared.
typedef enum hipMemPoolAttr {
  hipMemPoolReuseFollowEventDependencies = 1,
  hipMemPoolReuseAllowOpportunistic = 2,
  hipMemPoolReuseAllowInternalDependencies = 3,
  hipMemPoolAttrReleaseThreshold = 4,
  hipMemPoolAttrReservedMemCurrent = 5,
  hipMemPoolAttrReservedMemHigh = 6,
  hipMemPoolAttrUsedMemCurrent = 7,
  hipMemPoolAttrUsedMemHigh = 8,
} hipMemPoolAttr;

typedef enum hipMemLocationType {
  hipMemLocationTypeInvalid = 0,
  hipMemLocationTypeNone = 0,
  hipMemLocationTypeDevice = 1,
  hipMemLocationTypeHost = 2,
  hipMemLocationTypeHostNuma = 3,
  hipMemLocationTypeHostNumaCurrent = 4,
} hipMemLocationType;

typedef struct hipMemLocation {
  hipMemLocationType type;
  int id;
} hipMemLocation;

typedef enum hipMemAccessFlags {
  hipMemAccessFlagsProtNone = 0,
  hipMemAccessFlagsProtRead = 1,
  hipMemAccessFlagsProtReadWrite = 3,
} hipMemAccessFlags;

typedef struct hipMemAccessDesc {
  hipMemLocation location;
  hipMemAccessFlags flags;
} hipMemAccessDesc;

typedef enum hipMemAllocationType {
  hipMemAllocationTypeInvalid = 0,
  hipMemAllocationTypePinned = 1,
  hipMemAllocationTypeMax = 2147483647,
} hipMemAllocationType;

typedef enum hipMemAllocationHandleType {
  hipMemHandleTypeNone = 0,
  hipMemHandleTypePosixFileDescriptor = 1,
  hipMemHandleTypeWin32 = 2,
  hipMemHandleTypeWin32Kmt = 4,
} hipMemAllocationHandleType;

typedef struct hipMemPoolProps {
  hipMemAllocationType allocType;
  hipMemAllocationHandleType handleTypes;
  hipMemLocation location;
  void* win32SecurityAttributes;
  size_t maxSize;
  unsigned char reserved[56];
} hipMemPoolProps;

typedef struct hipMemPoolPtrExportData {
  unsigned char reserved[64];
} hipMemPoolPtrExportData;

// Virtual memory management (hipMemCreate, hipMemMap, hipMemSetAccess): a physical allocation's
// properties and handle, the granularity query and sparse array mapping (hipMemMapArrayAsync).
typedef struct hipMemAllocationProp {
  hipMemAllocationType type;
  hipMemAllocationHandleType requestedHandleType;
  hipMemLocation location;
  void* win32HandleMetaData;
  struct {
    unsigned char compressionType;
    unsigned char gpuDirectRDMACapable;
    unsigned short usage;
  } allocFlags;
} hipMemAllocationProp;

struct ihipMemGenericAllocationHandle;

typedef struct ihipMemGenericAllocationHandle* hipMemGenericAllocationHandle_t;

typedef enum hipMemAllocationGranularity_flags {
  hipMemAllocationGranularityMinimum = 0,
  hipMemAllocationGranularityRecommended = 1,
} hipMemAllocationGranularity_flags;

typedef enum hipMemHandleType {
  hipMemHandleTypeGeneric = 0,
} hipMemHandleType;

typedef enum hipMemOperationType {
  hipMemOperationTypeMap = 1,
  hipMemOperationTypeUnmap = 2,
} hipMemOperationType;

typedef enum hipArraySparseSubresourceType {
  hipArraySparseSubresourceTypeSparseLevel = 0,
  hipArraySparseSubresourceTypeMiptail = 1,
} hipArraySparseSubresourceType;

typedef struct hipArrayMapInfo {
  hipResourceType resourceType;
  union {
    hipMipmappedArray mipmap;
    hipArray_t array;
  } resource;
  hipArraySparseSubresourceType subresourceType;
  union {
    struct {
      unsigned int level;
      unsigned int layer;
      unsigned int offsetX;
      unsigned int offsetY;
      unsigned int offsetZ;
      unsigned int extentWidth;
      unsigned int extentHeight;
      unsigned int extentDepth;
    } sparseLevel;
    struct {
      unsigned int layer;
      unsigned long long offset;
      unsigned long long size;
    } miptail;
  } subresource;
  hipMemOperationType memOperationType;
  hipMemHandleType memHandleType;
  union {
    hipMemGenericAllocationHandle_t memHandle;
  } memHandle;
  unsigned long long offset;
  unsigned int deviceBitMask;
  unsigned int flags;
  unsigned int reserved[2];
} hipArrayMapInfo;
