// hipDrvMemcpy3D and hipDrvMemcpy3DAsync: the driver API's 3D copy, as hipMemcpy3D(Async).
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
