// The flag words and special values of the HIP API, with HIP's values (programs pass them as
// plain integers, so they are ABI like the enums).
#pragma once

// Streams (hipStreamCreateWithFlags) and the special stream handles.
#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01
#define hipStreamLegacy ((hipStream_t)1)
#define hipStreamPerThread ((hipStream_t)2)

// Events (hipEventCreateWithFlags, hipEventRecordWithFlags).
#define hipEventDefault 0x0
#define hipEventBlockingSync 0x1
#define hipEventDisableTiming 0x2
#define hipEventInterprocess 0x4
#define hipEventDisableSystemFence 0x20000000
#define hipEventReleaseToDevice 0x40000000
#define hipEventReleaseToSystem 0x80000000

// Host allocations (hipHostMalloc) and registrations (hipHostRegister).
#define hipHostMallocDefault 0x0
#define hipHostMallocPortable 0x1
#define hipHostMallocMapped 0x2
#define hipHostMallocWriteCombined 0x4
#define hipHostMallocNumaUser 0x20000000
#define hipHostMallocCoherent 0x40000000
#define hipHostMallocNonCoherent 0x80000000
#define hipHostRegisterDefault 0x0
#define hipHostRegisterPortable 0x1
#define hipHostRegisterMapped 0x2
#define hipHostRegisterIoMemory 0x4
#define hipHostRegisterReadOnly 0x08
#define hipExtHostRegisterCoarseGrained 0x8

// Managed memory (hipMallocManaged, hipStreamAttachMemAsync) and device allocations
// (hipExtMallocWithFlags).
#define hipMemAttachGlobal 0x01
#define hipMemAttachHost 0x02
#define hipMemAttachSingle 0x04
#define hipDeviceMallocDefault 0x0
#define hipDeviceMallocFinegrained 0x1
#define hipMallocSignalMemory 0x2
#define hipDeviceMallocUncached 0x3
#define hipDeviceMallocContiguous 0x4

// Device scheduling and mapping (hipSetDeviceFlags).
#define hipDeviceScheduleAuto 0x0
#define hipDeviceScheduleSpin 0x1
#define hipDeviceScheduleYield 0x2
#define hipDeviceScheduleBlockingSync 0x4
#define hipDeviceScheduleMask 0x7
#define hipDeviceMapHost 0x8
#define hipDeviceLmemResizeToMax 0x10

// Device ids with a meaning of their own (hipMemAdvise, hipMemPrefetchAsync).
#define hipCpuDeviceId ((int)-1)
#define hipInvalidDeviceId ((int)-2)

// Arrays (hipMallocArray, hipArray3DCreate).
#define hipArrayDefault 0x00
#define hipArrayLayered 0x01
#define hipArraySurfaceLoadStore 0x02
#define hipArrayCubemap 0x04
#define hipArrayTextureGather 0x08

// IPC (hipIpcOpenMemHandle) and the size of its handles.
#define hipIpcMemLazyEnablePeerAccess 0x01
#define HIP_IPC_HANDLE_SIZE 64

// Occupancy queries and cooperative multi-device launches.
#define hipOccupancyDefault 0x00
#define hipOccupancyDisableCachingOverride 0x01
#define hipCooperativeLaunchMultiDeviceNoPreSync 0x01
#define hipCooperativeLaunchMultiDeviceNoPostSync 0x02
#define hipExtAnyOrderLaunch 0x01

// hipEventRecordWithFlags (CUDA's values).
#define hipEventRecordDefault 0x00
#define hipEventRecordExternal 0x01

// Stream memory operations (hipStreamWaitValue32/64).
#define hipStreamWaitValueGte 0x0
#define hipStreamWaitValueEq 0x1
#define hipStreamWaitValueAnd 0x2
#define hipStreamWaitValueNor 0x3

// External memory (hipExternalMemoryHandleDesc.flags).
#define hipExternalMemoryDedicated 0x1

// Kernel-node attributes are launch attributes under their graph names; graph kernel-node ports.
#define hipKernelNodeAttrID hipLaunchAttributeID
#define hipKernelNodeAttributeAccessPolicyWindow hipLaunchAttributeAccessPolicyWindow
#define hipKernelNodeAttributeCooperative hipLaunchAttributeCooperative
#define hipKernelNodeAttributePriority hipLaunchAttributePriority
#define hipKernelNodeAttrValue hipLaunchAttributeValue
#define hipGraphKernelNodePortDefault 0
#define hipGraphKernelNodePortProgrammatic 1
#define hipGraphKernelNodePortLaunchCompletion 2

// Packed kernel arguments of hipModuleLaunchKernel's `extra`:
// {HIP_LAUNCH_PARAM_BUFFER_POINTER, buffer, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size,
// HIP_LAUNCH_PARAM_END}.
#define HIP_LAUNCH_PARAM_BUFFER_POINTER ((void*)0x01)
#define HIP_LAUNCH_PARAM_BUFFER_SIZE ((void*)0x02)
#define HIP_LAUNCH_PARAM_END ((void*)0x03)

// Launches go through hipLaunchKernel (clang's <<<>>>); kept for code that tests it.
#define GENERIC_GRID_LAUNCH 1
#define USE_PEER_NON_UNIFIED 1
