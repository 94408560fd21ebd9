// Graphs and stream capture: node kinds and their parameter records, instantiation and
// update results, capture modes and statuses, user objects.
#pragma once

#include <hip/api/external_types.h>
#include <hip/api/handle_types.h>
#include <hip/api/launch_types.h>
#include <hip/api/memory_types.h>
#include <hip/driver_types.h>
#include <stddef.h>

// Graphs, their nodes, their executable instances and user objects (opaque handles).
struct ihipGraph;

typedef struct ihipGraph* hipGraph_t;

struct hipGraphNode;

typedef struct hipGraphNode* hipGraphNode_t;

struct hipGraphExec;

typedef struct hipGraphExec* hipGraphExec_t;

struct hipUserObject;

typedef struct hipUserObject* hipUserObject_t;

// What a node does; hipGraphNodeParams.type and hipGraphNodeGetType.
typedef enum hipGraphNodeType {
  hipGraphNodeTypeKernel = 0,
  hipGraphNodeTypeMemcpy = 1,
  hipGraphNodeTypeMemset = 2,
  hipGraphNodeTypeHost = 3,
  hipGraphNodeTypeGraph = 4,
  hipGraphNodeTypeEmpty = 5,
  hipGraphNodeTypeWaitEvent = 6,
  hipGraphNodeTypeEventRecord = 7,
  hipGraphNodeTypeExtSemaphoreSignal = 8,
  hipGraphNodeTypeExtSemaphoreWait = 9,
  hipGraphNodeTypeMemAlloc = 10,
  hipGraphNodeTypeMemFree = 11,
  hipGraphNodeTypeMemcpyFromSymbol = 12,
  hipGraphNodeTypeMemcpyToSymbol = 13,
  hipGraphNodeTypeBatchMemOp = 14,
  hipGraphNodeTypeCount = 15,
} hipGraphNodeType;

// The parameter record of each node kind (hipGraphAdd*Node, hipGraph*NodeGet/SetParams).
typedef struct hipHostNodeParams {
  hipHostFn_t fn;
  void* userData;
} hipHostNodeParams;

typedef struct hipKernelNodeParams {
  dim3 blockDim;
  void** extra;
  void* func;
  dim3 gridDim;
  void** kernelParams;
  unsigned int sharedMemBytes;
} hipKernelNodeParams;

typedef struct hipMemsetParams {
  void* dst;
  unsigned int elementSize;
  size_t height;
  size_t pitch;
  unsigned int value;
  size_t width;
} hipMemsetParams;

typedef struct hipMemAllocNodeParams {
  hipMemPoolProps poolProps;
  const hipMemAccessDesc* accessDescs;
  size_t accessDescCount;
  size_t bytesize;
  void* dptr;
} hipMemAllocNodeParams;

typedef struct HIP_MEMSET_NODE_PARAMS {
  hipDeviceptr_t dst;
  size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  size_t width;
  size_t height;
} HIP_MEMSET_NODE_PARAMS;

// Results and flags of instantiation and of hipGraphExecUpdate.
typedef enum hipGraphExecUpdateResult {
  hipGraphExecUpdateSuccess = 0,
  hipGraphExecUpdateError = 1,
  hipGraphExecUpdateErrorTopologyChanged = 2,
  hipGraphExecUpdateErrorNodeTypeChanged = 3,
  hipGraphExecUpdateErrorFunctionChanged = 4,
  hipGraphExecUpdateErrorParametersChanged = 5,
  hipGraphExecUpdateErrorNotSupported = 6,
  hipGraphExecUpdateErrorUnsupportedFunctionChange = 7,
} hipGraphExecUpdateResult;

// Stream capture: which calls a capture forbids in other threads, and a stream's capture state.
typedef enum hipStreamCaptureMode {
  hipStreamCaptureModeGlobal = 0,
  hipStreamCaptureModeThreadLocal = 1,
  hipStreamCaptureModeRelaxed = 2,
} hipStreamCaptureMode;

typedef enum hipStreamCaptureStatus {
  hipStreamCaptureStatusNone = 0,
  hipStreamCaptureStatusActive = 1,
  hipStreamCaptureStatusInvalidated = 2,
} hipStreamCaptureStatus;

typedef enum hipStreamUpdateCaptureDependenciesFlags {
  hipStreamAddCaptureDependencies = 0,
  hipStreamSetCaptureDependencies = 1,
} hipStreamUpdateCaptureDependenciesFlags;

// Graph-owned memory (hipDeviceGetGraphMemAttribute) and user-object ownership flags.
typedef enum hipGraphMemAttributeType {
  hipGraphMemAttrUsedMemCurrent = 0,
  hipGraphMemAttrUsedMemHigh = 1,
  hipGraphMemAttrReservedMemCurrent = 2,
  hipGraphMemAttrReservedMemHigh = 3,
} hipGraphMemAttributeType;

typedef enum hipUserObjectFlags {
  hipUserObjectNoDestructorSync = 1,
} hipUserObjectFlags;

typedef enum hipUserObjectRetainFlags {
  hipGraphUserObjectMove = 1,
} hipUserObjectRetainFlags;

typedef enum hipGraphInstantiateFlags {
  hipGraphInstantiateFlagAutoFreeOnLaunch = 1,
  hipGraphInstantiateFlagUpload = 2,
  hipGraphInstantiateFlagDeviceLaunch = 4,
  hipGraphInstantiateFlagUseNodePriority = 8,
} hipGraphInstantiateFlags;

// What hipGraphDebugDotPrint writes for each node.
typedef enum hipGraphDebugDotFlags {
  hipGraphDebugDotFlagsVerbose = 1,
  hipGraphDebugDotFlagsKernelNodeParams = 4,
  hipGraphDebugDotFlagsMemcpyNodeParams = 8,
  hipGraphDebugDotFlagsMemsetNodeParams = 16,
  hipGraphDebugDotFlagsHostNodeParams = 32,
  hipGraphDebugDotFlagsEventNodeParams = 64,
  hipGraphDebugDotFlagsExtSemasSignalNodeParams = 128,
  hipGraphDebugDotFlagsExtSemasWaitNodeParams = 256,
  hipGraphDebugDotFlagsKernelNodeAttributes = 512,
  hipGraphDebugDotFlagsHandles = 1024,
} hipGraphDebugDotFlags;

typedef enum hipGraphInstantiateResult {
  hipGraphInstantiateSuccess = 0,
  hipGraphInstantiateError = 1,
  hipGraphInstantiateInvalidStructure = 2,
  hipGraphInstantiateNodeOperationNotSupported = 3,
  hipGraphInstantiateMultipleDevicesNotSupported = 4,
} hipGraphInstantiateResult;

typedef struct hipGraphInstantiateParams {
  hipGraphNode_t errNode_out;
  unsigned long long flags;
  hipGraphInstantiateResult result_out;
  hipStream_t uploadStream;
} hipGraphInstantiateParams;

typedef struct hipMemcpyNodeParams {
  int flags;
  int reserved[3];
  hipMemcpy3DParms copyParams;
} hipMemcpyNodeParams;

typedef struct hipChildGraphNodeParams {
  hipGraph_t graph;
} hipChildGraphNodeParams;

typedef struct hipEventWaitNodeParams {
  hipEvent_t event;
} hipEventWaitNodeParams;

typedef struct hipEventRecordNodeParams {
  hipEvent_t event;
} hipEventRecordNodeParams;

typedef struct hipMemFreeNodeParams {
  void* dptr;
} hipMemFreeNodeParams;

// Any node's parameters in one record (hipGraphAddNode, hipGraphNodeSetParams): `type` selects the
// union member; the reserved words keep HIP's 256-byte size.
typedef struct hipGraphNodeParams {
  hipGraphNodeType type;
  int reserved0[3];
  union {
    long long reserved1[29];
    hipKernelNodeParams kernel;
    hipMemcpyNodeParams memcpy;
    hipMemsetParams memset;
    hipHostNodeParams host;
    hipChildGraphNodeParams graph;
    hipEventWaitNodeParams eventWait;
    hipEventRecordNodeParams eventRecord;
    hipExternalSemaphoreSignalNodeParams extSemSignal;
    hipExternalSemaphoreWaitNodeParams extSemWait;
    hipMemAllocNodeParams alloc;
    hipMemFreeNodeParams free;
  };
  long long reserved2;
} hipGraphNodeParams;

// Edges with data: the dependency type and the ports of programmatic launches.
typedef enum hipGraphDependencyType {
  hipGraphDependencyTypeDefault = 0,
  hipGraphDependencyTypeProgrammatic = 1,
} hipGraphDependencyType;

typedef struct hipGraphEdgeData {
  unsigned char from_port;
  unsigned char reserved[5];
  unsigned char to_port;
  unsigned char type;
} hipGraphEdgeData;
