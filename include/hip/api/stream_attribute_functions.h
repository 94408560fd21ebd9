// Stream attributes and identity (HIP 7.1/7.2: hipStreamGetAttribute/SetAttribute,
// hipStreamCopyAttributes, hipStreamGetId) and streams limited to some compute units
// (hipExtStreamCreateWithCUMask, hipExtStreamGetCUMask). Included by hip_runtime_api.h.
#pragma once

// The attributes a stream keeps: access policy window, synchronization policy, priority and the
// memory synchronization domain (map). Others answer hipErrorInvalidValue.
HIPCORE_API hipError_t hipStreamGetAttribute(hipStream_t stream, hipLaunchAttributeID attr,
                                             hipLaunchAttributeValue* value_out);
HIPCORE_API hipError_t hipStreamSetAttribute(hipStream_t stream, hipLaunchAttributeID attr,
                                             const hipLaunchAttributeValue* value);
HIPCORE_API hipError_t hipStreamCopyAttributes(hipStream_t dst, hipStream_t src);
// A number no other stream of the process has had.
HIPCORE_API hipError_t hipStreamGetId(hipStream_t stream, unsigned long long* streamId);

// A stream whose kernels run only on the compute units set in cuMask (cuMaskSize 32-bit words,
// bit i = unit i as hipDeviceProp_t::multiProcessorCount counts them). The stream has a
// hardware queue of its own, since the mask belongs to the queue.
HIPCORE_API hipError_t hipExtStreamCreateWithCUMask(hipStream_t* stream, uint32_t cuMaskSize,
                                                    const uint32_t* cuMask);
// The units a stream may use: its mask restricted to the device's units (every unit for the null
// stream and for streams without a mask). cuMaskSize must cover every unit.
HIPCORE_API hipError_t hipExtStreamGetCUMask(hipStream_t stream, uint32_t cuMaskSize,
                                             uint32_t* cuMask);
