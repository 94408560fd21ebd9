// The graph API: graphs and their nodes, executable graphs, stream capture and user objects
// (types in hip/api/graph_types.h). Included by hip_runtime_api.h.
#pragma once

// ---- Graphs and their structure ----
HIPCORE_API hipError_t hipGraphCreate(hipGraph_t* pGraph, unsigned int flags);
HIPCORE_API hipError_t hipGraphDestroy(hipGraph_t graph);
HIPCORE_API hipError_t hipGraphClone(hipGraph_t* pGraphClone, hipGraph_t originalGraph);
HIPCORE_API hipError_t hipGraphNodeFindInClone(hipGraphNode_t* pNode, hipGraphNode_t originalNode,
                                               hipGraph_t clonedGraph);
HIPCORE_API hipError_t hipGraphAddDependencies(hipGraph_t graph, const hipGraphNode_t* from,
                                               const hipGraphNode_t* to, size_t numDependencies);
HIPCORE_API hipError_t hipGraphRemoveDependencies(hipGraph_t graph, const hipGraphNode_t* from,
                                                  const hipGraphNode_t* to, size_t numDependencies);
HIPCORE_API hipError_t hipGraphGetEdges(hipGraph_t graph, hipGraphNode_t* from, hipGraphNode_t* to,
                                        size_t* numEdges);
HIPCORE_API hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t* nodes, size_t* numNodes);
HIPCORE_API hipError_t hipGraphGetRootNodes(hipGraph_t graph, hipGraphNode_t* pRootNodes,
                                            size_t* pNumRootNodes);
HIPCORE_API hipError_t hipGraphNodeGetDependencies(hipGraphNode_t node,
                                                   hipGraphNode_t* pDependencies,
                                                   size_t* pNumDependencies);
HIPCORE_API hipError_t hipGraphNodeGetDependentNodes(hipGraphNode_t node,
                                                     hipGraphNode_t* pDependentNodes,
                                                     size_t* pNumDependentNodes);
HIPCORE_API hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType* pType);
HIPCORE_API hipError_t hipGraphDestroyNode(hipGraphNode_t node);
HIPCORE_API hipError_t hipGraphDebugDotPrint(hipGraph_t graph, const char* path,
                                             unsigned int flags);

// ---- Nodes of each kind and their parameters ----
HIPCORE_API hipError_t hipGraphAddKernelNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                             const hipGraphNode_t* pDependencies,
                                             size_t numDependencies,
                                             const hipKernelNodeParams* pNodeParams);
HIPCORE_API hipError_t hipGraphKernelNodeGetParams(hipGraphNode_t node,
                                                   hipKernelNodeParams* pNodeParams);
HIPCORE_API hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node,
                                                   const hipKernelNodeParams* pNodeParams);
HIPCORE_API hipError_t hipGraphAddMemcpyNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                             const hipGraphNode_t* pDependencies,
                                             size_t numDependencies,
                                             const hipMemcpy3DParms* pCopyParams);
HIPCORE_API hipError_t hipGraphMemcpyNodeGetParams(hipGraphNode_t node,
                                                   hipMemcpy3DParms* pNodeParams);
HIPCORE_API hipError_t hipGraphMemcpyNodeSetParams(hipGraphNode_t node,
                                                   const hipMemcpy3DParms* pNodeParams);
HIPCORE_API hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                               const hipGraphNode_t* pDependencies,
                                               size_t numDependencies, void* dst, const void* src,
                                               size_t count, hipMemcpyKind kind);
HIPCORE_API hipError_t hipGraphMemcpyNodeSetParams1D(hipGraphNode_t node, void* dst,
                                                     const void* src, size_t count,
                                                     hipMemcpyKind kind);
HIPCORE_API hipError_t hipGraphAddMemcpyNodeFromSymbol(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                       const hipGraphNode_t* pDependencies,
                                                       size_t numDependencies, void* dst,
                                                       const void* symbol, size_t count,
                                                       size_t offset, hipMemcpyKind kind);
HIPCORE_API hipError_t hipGraphAddMemcpyNodeToSymbol(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                     const hipGraphNode_t* pDependencies,
                                                     size_t numDependencies, const void* symbol,
                                                     const void* src, size_t count, size_t offset,
                                                     hipMemcpyKind kind);
HIPCORE_API hipError_t hipGraphMemcpyNodeSetParamsFromSymbol(hipGraphNode_t node, void* dst,
                                                             const void* symbol, size_t count,
                                                             size_t offset, hipMemcpyKind kind);
HIPCORE_API hipError_t hipGraphMemcpyNodeSetParamsToSymbol(hipGraphNode_t node, const void* symbol,
                                                           const void* src, size_t count,
                                                           size_t offset, hipMemcpyKind kind);
HIPCORE_API hipError_t hipGraphAddMemsetNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                             const hipGraphNode_t* pDependencies,
                                             size_t numDependencies,
                                             const hipMemsetParams* pMemsetParams);
HIPCORE_API hipError_t hipGraphMemsetNodeGetParams(hipGraphNode_t node,
                                                   hipMemsetParams* pNodeParams);
HIPCORE_API hipError_t hipGraphMemsetNodeSetParams(hipGraphNode_t node,
                                                   const hipMemsetParams* pNodeParams);
HIPCORE_API hipError_t hipGraphAddHostNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                           const hipGraphNode_t* pDependencies,
                                           size_t numDependencies,
                                           const hipHostNodeParams* pNodeParams);
HIPCORE_API hipError_t hipGraphHostNodeGetParams(hipGraphNode_t node,
                                                 hipHostNodeParams* pNodeParams);
HIPCORE_API hipError_t hipGraphHostNodeSetParams(hipGraphNode_t node,
                                                 const hipHostNodeParams* pNodeParams);
HIPCORE_API hipError_t hipGraphAddChildGraphNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                 const hipGraphNode_t* pDependencies,
                                                 size_t numDependencies, hipGraph_t childGraph);
HIPCORE_API hipError_t hipGraphChildGraphNodeGetGraph(hipGraphNode_t node, hipGraph_t* pGraph);
HIPCORE_API hipError_t hipGraphAddEmptyNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                            const hipGraphNode_t* pDependencies,
                                            size_t numDependencies);
HIPCORE_API hipError_t hipGraphAddEventRecordNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                  const hipGraphNode_t* pDependencies,
                                                  size_t numDependencies, hipEvent_t event);
HIPCORE_API hipError_t hipGraphEventRecordNodeGetEvent(hipGraphNode_t node, hipEvent_t* event_out);
HIPCORE_API hipError_t hipGraphEventRecordNodeSetEvent(hipGraphNode_t node, hipEvent_t event);
HIPCORE_API hipError_t hipGraphAddEventWaitNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                const hipGraphNode_t* pDependencies,
                                                size_t numDependencies, hipEvent_t event);
HIPCORE_API hipError_t hipGraphEventWaitNodeGetEvent(hipGraphNode_t node, hipEvent_t* event_out);
HIPCORE_API hipError_t hipGraphEventWaitNodeSetEvent(hipGraphNode_t node, hipEvent_t event);

// ---- Executable graphs ----
HIPCORE_API hipError_t hipGraphInstantiate(hipGraphExec_t* pGraphExec, hipGraph_t graph,
                                           hipGraphNode_t* pErrorNode, char* pLogBuffer,
                                           size_t bufferSize);
HIPCORE_API hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t* pGraphExec, hipGraph_t graph,
                                                    unsigned long long flags);
HIPCORE_API hipError_t hipGraphInstantiateWithParams(hipGraphExec_t* pGraphExec, hipGraph_t graph,
                                                     hipGraphInstantiateParams* instantiateParams);
HIPCORE_API hipError_t hipGraphLaunch(hipGraphExec_t graphExec, hipStream_t stream);
HIPCORE_API hipError_t hipGraphLaunch_spt(hipGraphExec_t graphExec, hipStream_t stream);
HIPCORE_API hipError_t hipGraphUpload(hipGraphExec_t graphExec, hipStream_t stream);
HIPCORE_API hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec);
HIPCORE_API hipError_t hipGraphExecGetFlags(hipGraphExec_t graphExec, unsigned long long* flags);
HIPCORE_API hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph,
                                          hipGraphNode_t* hErrorNode_out,
                                          hipGraphExecUpdateResult* updateResult_out);
HIPCORE_API hipError_t hipGraphExecKernelNodeSetParams(hipGraphExec_t hGraphExec,
                                                       hipGraphNode_t node,
                                                       const hipKernelNodeParams* pNodeParams);
HIPCORE_API hipError_t hipGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec,
                                                       hipGraphNode_t node,
                                                       hipMemcpy3DParms* pNodeParams);
HIPCORE_API hipError_t hipGraphExecMemcpyNodeSetParams1D(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t node, void* dst,
                                                         const void* src, size_t count,
                                                         hipMemcpyKind kind);
HIPCORE_API hipError_t hipGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec,
                                                       hipGraphNode_t node,
                                                       const hipMemsetParams* pNodeParams);
HIPCORE_API hipError_t hipGraphExecHostNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                                     const hipHostNodeParams* pNodeParams);
HIPCORE_API hipError_t hipGraphExecEventRecordNodeSetEvent(hipGraphExec_t hGraphExec,
                                                           hipGraphNode_t hNode, hipEvent_t event);
HIPCORE_API hipError_t hipGraphExecEventWaitNodeSetEvent(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t hNode, hipEvent_t event);
HIPCORE_API hipError_t hipGraphNodeSetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                              unsigned int isEnabled);
HIPCORE_API hipError_t hipGraphNodeGetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                              unsigned int* isEnabled);

// ---- Stream capture ----
HIPCORE_API hipError_t hipStreamBeginCaptureToGraph(hipStream_t stream, hipGraph_t graph,
                                                    const hipGraphNode_t* dependencies,
                                                    const hipGraphEdgeData* dependencyData,
                                                    size_t numDependencies,
                                                    hipStreamCaptureMode mode);
HIPCORE_API hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode);
HIPCORE_API hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t* pGraph);
HIPCORE_API hipError_t hipStreamIsCapturing(hipStream_t stream,
                                            hipStreamCaptureStatus* pCaptureStatus);
HIPCORE_API hipError_t hipStreamGetCaptureInfo_v2(
    hipStream_t stream, hipStreamCaptureStatus* captureStatus_out,
    unsigned long long* id_out HIPCORE_DEFAULT(0), hipGraph_t* graph_out HIPCORE_DEFAULT(0),
    const hipGraphNode_t** dependencies_out HIPCORE_DEFAULT(0),
    size_t* numDependencies_out HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipStreamGetCaptureInfo(hipStream_t stream,
                                               hipStreamCaptureStatus* pCaptureStatus,
                                               unsigned long long* pId);
HIPCORE_API hipError_t hipStreamUpdateCaptureDependencies(hipStream_t stream,
                                                          hipGraphNode_t* dependencies,
                                                          size_t numDependencies,
                                                          unsigned int flags HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode* mode);
HIPCORE_API hipError_t hipStreamBeginCapture_spt(hipStream_t stream, hipStreamCaptureMode mode);
HIPCORE_API hipError_t hipStreamEndCapture_spt(hipStream_t stream, hipGraph_t* pGraph);
HIPCORE_API hipError_t hipStreamIsCapturing_spt(hipStream_t stream,
                                                hipStreamCaptureStatus* pCaptureStatus);
HIPCORE_API hipError_t hipStreamGetCaptureInfo_spt(hipStream_t stream,
                                                   hipStreamCaptureStatus* pCaptureStatus,
                                                   unsigned long long* pId);
HIPCORE_API hipError_t hipStreamGetCaptureInfo_v2_spt(
    hipStream_t stream, hipStreamCaptureStatus* captureStatus_out,
    unsigned long long* id_out HIPCORE_DEFAULT(0), hipGraph_t* graph_out HIPCORE_DEFAULT(0),
    const hipGraphNode_t** dependencies_out HIPCORE_DEFAULT(0),
    size_t* numDependencies_out HIPCORE_DEFAULT(0));

// ---- User objects ----
HIPCORE_API hipError_t hipUserObjectCreate(hipUserObject_t* object_out, void* ptr,
                                           hipHostFn_t destroy, unsigned int initialRefcount,
                                           unsigned int flags);
HIPCORE_API hipError_t hipUserObjectRetain(hipUserObject_t object,
                                           unsigned int count HIPCORE_DEFAULT(1));
HIPCORE_API hipError_t hipUserObjectRelease(hipUserObject_t object,
                                            unsigned int count HIPCORE_DEFAULT(1));
HIPCORE_API hipError_t hipGraphRetainUserObject(hipGraph_t graph, hipUserObject_t object,
                                                unsigned int count HIPCORE_DEFAULT(1),
                                                unsigned int flags HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipGraphReleaseUserObject(hipGraph_t graph, hipUserObject_t object,
                                                 unsigned int count HIPCORE_DEFAULT(1));

// ---- Graph-owned memory ----
HIPCORE_API hipError_t hipGraphAddMemAllocNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                               const hipGraphNode_t* pDependencies,
                                               size_t numDependencies,
                                               hipMemAllocNodeParams* pNodeParams);
HIPCORE_API hipError_t hipGraphMemAllocNodeGetParams(hipGraphNode_t node,
                                                     hipMemAllocNodeParams* pNodeParams);
HIPCORE_API hipError_t hipGraphAddMemFreeNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                              const hipGraphNode_t* pDependencies,
                                              size_t numDependencies, void* dev_ptr);
HIPCORE_API hipError_t hipGraphMemFreeNodeGetParams(hipGraphNode_t node, void* dev_ptr);
HIPCORE_API hipError_t hipDeviceGraphMemTrim(int device);
HIPCORE_API hipError_t hipDeviceGetGraphMemAttribute(int device, hipGraphMemAttributeType attr,
                                                     void* value);
HIPCORE_API hipError_t hipDeviceSetGraphMemAttribute(int device, hipGraphMemAttributeType attr,
                                                     void* value);

// ---- Executable graphs: child graphs and symbol copies ----
HIPCORE_API hipError_t hipGraphExecChildGraphNodeSetParams(hipGraphExec_t hGraphExec,
                                                           hipGraphNode_t node,
                                                           hipGraph_t childGraph);
HIPCORE_API hipError_t hipGraphExecMemcpyNodeSetParamsToSymbol(hipGraphExec_t hGraphExec,
                                                               hipGraphNode_t node,
                                                               const void* symbol, const void* src,
                                                               size_t count, size_t offset,
                                                               hipMemcpyKind kind);
HIPCORE_API hipError_t hipGraphExecMemcpyNodeSetParamsFromSymbol(hipGraphExec_t hGraphExec,
                                                                 hipGraphNode_t node, void* dst,
                                                                 const void* symbol, size_t count,
                                                                 size_t offset, hipMemcpyKind kind);

// ---- Kernel node attributes ----
HIPCORE_API hipError_t hipGraphKernelNodeSetAttribute(hipGraphNode_t hNode,
                                                      hipKernelNodeAttrID attr,
                                                      const hipKernelNodeAttrValue* value);
HIPCORE_API hipError_t hipGraphKernelNodeGetAttribute(hipGraphNode_t hNode,
                                                      hipKernelNodeAttrID attr,
                                                      hipKernelNodeAttrValue* value);
HIPCORE_API hipError_t hipGraphKernelNodeCopyAttributes(hipGraphNode_t hSrc, hipGraphNode_t hDst);

// ---- Nodes of any kind ----
HIPCORE_API hipError_t hipGraphAddNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                       const hipGraphNode_t* pDependencies, size_t numDependencies,
                                       hipGraphNodeParams* nodeParams);
HIPCORE_API hipError_t hipGraphNodeSetParams(hipGraphNode_t node, hipGraphNodeParams* nodeParams);
HIPCORE_API hipError_t hipGraphExecNodeSetParams(hipGraphExec_t graphExec, hipGraphNode_t node,
                                                 hipGraphNodeParams* nodeParams);

// ---- Driver-API graph calls ----
HIPCORE_API hipError_t hipDrvGraphAddMemcpyNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                const hipGraphNode_t* dependencies,
                                                size_t numDependencies,
                                                const HIP_MEMCPY3D* copyParams, hipCtx_t ctx);
HIPCORE_API hipError_t hipDrvGraphMemcpyNodeGetParams(hipGraphNode_t hNode,
                                                      HIP_MEMCPY3D* nodeParams);
HIPCORE_API hipError_t hipDrvGraphMemcpyNodeSetParams(hipGraphNode_t hNode,
                                                      const HIP_MEMCPY3D* nodeParams);
HIPCORE_API hipError_t hipDrvGraphAddMemsetNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                const hipGraphNode_t* dependencies,
                                                size_t numDependencies,
                                                const HIP_MEMSET_NODE_PARAMS* memsetParams,
                                                hipCtx_t ctx);
HIPCORE_API hipError_t hipDrvGraphAddMemFreeNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                 const hipGraphNode_t* dependencies,
                                                 size_t numDependencies, hipDeviceptr_t dptr);
HIPCORE_API hipError_t hipDrvGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec,
                                                          hipGraphNode_t hNode,
                                                          const HIP_MEMCPY3D* copyParams,
                                                          hipCtx_t ctx);
HIPCORE_API hipError_t
hipDrvGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                   const HIP_MEMSET_NODE_PARAMS* memsetParams, hipCtx_t ctx);

// ---- External-semaphore and batch memory-operation nodes ----
HIPCORE_API hipError_t hipGraphAddExternalSemaphoresSignalNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
    size_t numDependencies, const hipExternalSemaphoreSignalNodeParams* nodeParams);
HIPCORE_API hipError_t hipGraphAddExternalSemaphoresWaitNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
    size_t numDependencies, const hipExternalSemaphoreWaitNodeParams* nodeParams);
HIPCORE_API hipError_t hipGraphExternalSemaphoresSignalNodeGetParams(
    hipGraphNode_t hNode, hipExternalSemaphoreSignalNodeParams* params_out);
HIPCORE_API hipError_t hipGraphExternalSemaphoresSignalNodeSetParams(
    hipGraphNode_t hNode, const hipExternalSemaphoreSignalNodeParams* nodeParams);
HIPCORE_API hipError_t hipGraphExternalSemaphoresWaitNodeGetParams(
    hipGraphNode_t hNode, hipExternalSemaphoreWaitNodeParams* params_out);
HIPCORE_API hipError_t hipGraphExternalSemaphoresWaitNodeSetParams(
    hipGraphNode_t hNode, const hipExternalSemaphoreWaitNodeParams* nodeParams);
HIPCORE_API hipError_t hipGraphExecExternalSemaphoresSignalNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
    const hipExternalSemaphoreSignalNodeParams* nodeParams);
HIPCORE_API hipError_t hipGraphExecExternalSemaphoresWaitNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
    const hipExternalSemaphoreWaitNodeParams* nodeParams);
HIPCORE_API hipError_t hipGraphAddBatchMemOpNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                 const hipGraphNode_t* dependencies,
                                                 size_t numDependencies,
                                                 const hipBatchMemOpNodeParams* nodeParams);
HIPCORE_API hipError_t hipGraphBatchMemOpNodeGetParams(hipGraphNode_t hNode,
                                                       hipBatchMemOpNodeParams* nodeParams_out);
HIPCORE_API hipError_t hipGraphBatchMemOpNodeSetParams(hipGraphNode_t hNode,
                                                       hipBatchMemOpNodeParams* nodeParams);
HIPCORE_API hipError_t hipGraphExecBatchMemOpNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t hNode, const hipBatchMemOpNodeParams* nodeParams);
