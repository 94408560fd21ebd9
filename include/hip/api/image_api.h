// Arrays (images in device memory), copies to and from them, texture objects and surface
// objects: the HIP host calls textures and surfaces are built from (HIP 6.2 signatures).
// Included by hip_runtime_api.h after HIPCORE_API is defined.
#pragma once

#include <hip/driver_types.h>
#include <hip/surface_types.h>
#include <hip/texture_types.h>

// hipMallocArray / hipMalloc3DArray flags.
#define hipArrayDefault 0x00
#define hipArrayLayered 0x01
#define hipArraySurfaceLoadStore 0x02
#define hipArrayCubemap 0x04
#define hipArrayTextureGather 0x08

HIPCORE_API hipError_t hipMallocArray(hipArray_t* array, const hipChannelFormatDesc* desc,
                                      size_t width, size_t height HIPCORE_DEFAULT(0),
                                      unsigned int flags HIPCORE_DEFAULT(hipArrayDefault));
HIPCORE_API hipError_t hipMalloc3DArray(hipArray_t* array, const struct hipChannelFormatDesc* desc,
                                        struct hipExtent extent, unsigned int flags);
HIPCORE_API hipError_t hipArrayCreate(hipArray_t* pHandle,
                                      const HIP_ARRAY_DESCRIPTOR* pAllocateArray);
HIPCORE_API hipError_t hipArray3DCreate(hipArray_t* array,
                                        const HIP_ARRAY3D_DESCRIPTOR* pAllocateArray);
HIPCORE_API hipError_t hipFreeArray(hipArray_t array);
HIPCORE_API hipError_t hipArrayDestroy(hipArray_t array);
HIPCORE_API hipError_t hipArrayGetInfo(hipChannelFormatDesc* desc, hipExtent* extent,
                                       unsigned int* flags, hipArray_t array);
HIPCORE_API hipError_t hipArrayGetDescriptor(HIP_ARRAY_DESCRIPTOR* pArrayDescriptor,
                                             hipArray_t array);
HIPCORE_API hipError_t hipArray3DGetDescriptor(HIP_ARRAY3D_DESCRIPTOR* pArrayDescriptor,
                                               hipArray_t array);
HIPCORE_API hipError_t hipGetChannelDesc(hipChannelFormatDesc* desc, hipArray_const_t array);

// Mipmapped arrays: numLevels is clamped to [1, the full chain down to 1 x 1 x 1]; each level is
// a hipArray owned by the mipmapped array (copies and surfaces take it; hipFreeArray refuses it).
HIPCORE_API hipError_t hipMallocMipmappedArray(hipMipmappedArray_t* mipmappedArray,
                                               const struct hipChannelFormatDesc* desc,
                                               struct hipExtent extent, unsigned int numLevels,
                                               unsigned int flags HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMipmappedArrayCreate(hipMipmappedArray_t* pHandle,
                                               HIP_ARRAY3D_DESCRIPTOR* pMipmappedArrayDesc,
                                               unsigned int numMipmapLevels);
HIPCORE_API hipError_t hipGetMipmappedArrayLevel(hipArray_t* levelArray,
                                                 hipMipmappedArray_const_t mipmappedArray,
                                                 unsigned int level);
HIPCORE_API hipError_t hipMipmappedArrayGetLevel(hipArray_t* pLevelArray,
                                                 hipMipmappedArray_t hMipMappedArray,
                                                 unsigned int level);
HIPCORE_API hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmappedArray);
HIPCORE_API hipError_t hipMipmappedArrayDestroy(hipMipmappedArray_t hMipmappedArray);

// Copies: offsets and widths in bytes (wOffset, width, spitch/dpitch), rows in hOffset/height.
HIPCORE_API hipError_t hipMemcpy2DToArray(hipArray_t dst, size_t wOffset, size_t hOffset,
                                          const void* src, size_t spitch, size_t width,
                                          size_t height, hipMemcpyKind kind);
HIPCORE_API hipError_t hipMemcpy2DToArrayAsync(hipArray_t dst, size_t wOffset, size_t hOffset,
                                               const void* src, size_t spitch, size_t width,
                                               size_t height, hipMemcpyKind kind,
                                               hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemcpy2DFromArray(void* dst, size_t dpitch, hipArray_const_t src,
                                            size_t wOffset, size_t hOffset, size_t width,
                                            size_t height, hipMemcpyKind kind);
HIPCORE_API hipError_t hipMemcpy2DFromArrayAsync(void* dst, size_t dpitch, hipArray_const_t src,
                                                 size_t wOffset, size_t hOffset, size_t width,
                                                 size_t height, hipMemcpyKind kind,
                                                 hipStream_t stream HIPCORE_DEFAULT(0));
// count bytes from (wOffset, hOffset) on, continuing on the next rows.
HIPCORE_API hipError_t hipMemcpyToArray(hipArray_t dst, size_t wOffset, size_t hOffset,
                                        const void* src, size_t count, hipMemcpyKind kind);
HIPCORE_API hipError_t hipMemcpyFromArray(void* dst, hipArray_const_t srcArray, size_t wOffset,
                                          size_t hOffset, size_t count, hipMemcpyKind kind);
HIPCORE_API hipError_t hipMemcpyHtoA(hipArray_t dstArray, size_t dstOffset, const void* srcHost,
                                     size_t count);
HIPCORE_API hipError_t hipMemcpyAtoH(void* dst, hipArray_t srcArray, size_t srcOffset,
                                     size_t count);
HIPCORE_API hipError_t hipMemcpyHtoAAsync(hipArray_t dstArray, size_t dstOffset,
                                          const void* srcHost, size_t ByteCount,
                                          hipStream_t stream);
HIPCORE_API hipError_t hipMemcpyAtoHAsync(void* dstHost, hipArray_t srcArray, size_t srcOffset,
                                          size_t ByteCount, hipStream_t stream);
HIPCORE_API hipError_t hipMemcpyDtoA(hipArray_t dstArray, size_t dstOffset,
                                     hipDeviceptr_t srcDevice, size_t ByteCount);
HIPCORE_API hipError_t hipMemcpyAtoD(hipDeviceptr_t dstDevice, hipArray_t srcArray,
                                     size_t srcOffset, size_t ByteCount);
HIPCORE_API hipError_t hipMemcpyAtoA(hipArray_t dstArray, size_t dstOffset, hipArray_t srcArray,
                                     size_t srcOffset, size_t ByteCount);
HIPCORE_API hipError_t hipMemcpy2DArrayToArray(hipArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                                               hipArray_const_t src, size_t wOffsetSrc,
                                               size_t hOffsetSrc, size_t width, size_t height,
                                               hipMemcpyKind kind);

HIPCORE_API hipError_t hipCreateTextureObject(hipTextureObject_t* pTexObject,
                                              const hipResourceDesc* pResDesc,
                                              const hipTextureDesc* pTexDesc,
                                              const struct hipResourceViewDesc* pResViewDesc);
HIPCORE_API hipError_t hipDestroyTextureObject(hipTextureObject_t textureObject);
HIPCORE_API hipError_t hipGetTextureObjectResourceDesc(hipResourceDesc* pResDesc,
                                                       hipTextureObject_t textureObject);
HIPCORE_API hipError_t hipGetTextureObjectResourceViewDesc(struct hipResourceViewDesc* pResViewDesc,
                                                           hipTextureObject_t textureObject);
HIPCORE_API hipError_t hipGetTextureObjectTextureDesc(hipTextureDesc* pTexDesc,
                                                      hipTextureObject_t textureObject);
HIPCORE_API hipError_t hipCreateSurfaceObject(hipSurfaceObject_t* pSurfObject,
                                              const hipResourceDesc* pResDesc);
HIPCORE_API hipError_t hipDestroySurfaceObject(hipSurfaceObject_t surfaceObject);
// The widest 1D texture over linear memory (hipResourceTypeLinear) of that element format.
HIPCORE_API hipError_t hipDeviceGetTexture1DLinearMaxWidth(size_t* maxWidthInElements,
                                                           const hipChannelFormatDesc* fmtDesc,
                                                           int device);

// The driver API's texture objects: the same objects as hipCreateTextureObject's, described
// with HIP_RESOURCE_DESC (formats as hipArray_Format and a channel count) and HIP_TEXTURE_DESC
// (read mode, coordinates and sRGB as HIP_TRSF_* flags).
HIPCORE_API hipError_t hipTexObjectCreate(hipTextureObject_t* pTexObject,
                                          const HIP_RESOURCE_DESC* pResDesc,
                                          const HIP_TEXTURE_DESC* pTexDesc,
                                          const HIP_RESOURCE_VIEW_DESC* pResViewDesc);
HIPCORE_API hipError_t hipTexObjectDestroy(hipTextureObject_t texObject);
HIPCORE_API hipError_t hipTexObjectGetResourceDesc(HIP_RESOURCE_DESC* pResDesc,
                                                   hipTextureObject_t texObject);
HIPCORE_API hipError_t hipTexObjectGetResourceViewDesc(HIP_RESOURCE_VIEW_DESC* pResViewDesc,
                                                       hipTextureObject_t texObject);
HIPCORE_API hipError_t hipTexObjectGetTextureDesc(HIP_TEXTURE_DESC* pTexDesc,
                                                  hipTextureObject_t texObject);
