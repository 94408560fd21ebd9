// The driver API's copies: hipDrvMemcpy3D(Async), hipMemcpyParam2D(Async) and
// hipDrvMemcpy2DUnaligned, as hipMemcpy3D(Async).
#include "ApiCall.h"
#include "ApiState.h"
#include "DriverCopyParams.h"

using hipcore::api::finish;
using hipcore::core::Status;

HIPCORE_API hipError_t hipDrvMemcpy3DAsync(const HIP_MEMCPY3D* pCopy, hipStream_t stream) {
  return hipcore::api::call(
      "hipDrvMemcpy3DAsync", hipDrvMemcpy3DAsync,
      [&] {
        hipMemcpy3DParms params{};
        Status status = hipcore::api::fromDriverCopy(pCopy, params);
        if (!status.ok()) return finish("hipDrvMemcpy3DAsync", std::move(status));
        return hipMemcpy3DAsync(&params, stream);
      },
      "pCopy, stream", pCopy, stream);
}

HIPCORE_API hipError_t hipDrvMemcpy3D(const HIP_MEMCPY3D* pCopy) {
  return hipcore::api::call(
      "hipDrvMemcpy3D", hipDrvMemcpy3D,
      [&] {
        hipMemcpy3DParms params{};
        Status status = hipcore::api::fromDriverCopy(pCopy, params);
        if (!status.ok()) return finish("hipDrvMemcpy3D", std::move(status));
        return hipMemcpy3D(&params);
      },
      "pCopy", pCopy);
}

namespace {

// hip_Memcpy2D is HIP_MEMCPY3D's first slice: the same fields without z, level and depth.
HIP_MEMCPY3D asThreeD(const hip_Memcpy2D& c) {
  HIP_MEMCPY3D copy{};
  copy.srcXInBytes = c.srcXInBytes;
  copy.srcY = c.srcY;
  copy.srcMemoryType = c.srcMemoryType;
  copy.srcHost = c.srcHost;
  copy.srcDevice = c.srcDevice;
  copy.srcArray = c.srcArray;
  copy.srcPitch = c.srcPitch;
  copy.dstXInBytes = c.dstXInBytes;
  copy.dstY = c.dstY;
  copy.dstMemoryType = c.dstMemoryType;
  copy.dstHost = c.dstHost;
  copy.dstDevice = c.dstDevice;
  copy.dstArray = c.dstArray;
  copy.dstPitch = c.dstPitch;
  copy.WidthInBytes = c.WidthInBytes;
  copy.Height = c.Height;
  copy.Depth = 1;
  return copy;
}

}  // namespace

HIPCORE_API hipError_t hipMemcpyParam2DAsync(const hip_Memcpy2D* pCopy, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpyParam2DAsync", hipMemcpyParam2DAsync,
      [&] {
        if (pCopy == nullptr)
          return finish("hipMemcpyParam2DAsync",
                        hipcore::core::fail(hipErrorInvalidValue, "pCopy is null"));
        HIP_MEMCPY3D copy = asThreeD(*pCopy);
        return hipDrvMemcpy3DAsync(&copy, stream);
      },
      "pCopy, stream", pCopy, stream);
}

HIPCORE_API hipError_t hipMemcpyParam2D(const hip_Memcpy2D* pCopy) {
  return hipcore::api::call(
      "hipMemcpyParam2D", hipMemcpyParam2D,
      [&] {
        if (pCopy == nullptr)
          return finish("hipMemcpyParam2D",
                        hipcore::core::fail(hipErrorInvalidValue, "pCopy is null"));
        HIP_MEMCPY3D copy = asThreeD(*pCopy);
        return hipDrvMemcpy3D(&copy);
      },
      "pCopy", pCopy);
}

// CUDA's unaligned form lifts alignment limits of its DMA path; hipcore's copies take any
// alignment, so it is hipMemcpyParam2D.
HIPCORE_API hipError_t hipDrvMemcpy2DUnaligned(const hip_Memcpy2D* pCopy) {
  return hipcore::api::call(
      "hipDrvMemcpy2DUnaligned", hipDrvMemcpy2DUnaligned, [&] { return hipMemcpyParam2D(pCopy); },
      "pCopy", pCopy);
}
