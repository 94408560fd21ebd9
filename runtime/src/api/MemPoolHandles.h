// hipMemPool_t handles to core MemPools, shared by the pool and stream-ordered allocation APIs.
#pragma once

#include <cstdint>

#include "core/MemPool.h"
#include "core/Status.h"

namespace hipcore::api {

// The live pool behind `handle`; null, small integers and destroyed pools (their storage is
// type-stable, MemPool.h) are refused with hipErrorInvalidValue, as CUDA documents.
inline core::Status poolOf(hipMemPool_t handle, core::MemPool*& out) {
  out = reinterpret_cast<core::MemPool*>(handle);
  if (!hipcore::core::plausibleHandle(handle) || !out->valid())
    return core::fail(hipErrorInvalidValue, "%p is not a live memory pool",
                      static_cast<void*>(handle));
  return core::Status::success();
}

}  // namespace hipcore::api
