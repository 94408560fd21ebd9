// Converting between HIP_MEMCPY3D and hipMemcpy3DParms.
#include "DriverCopyParams.h"

namespace hipcore::api {

using core::fail;
using core::Status;

namespace {

// One side of the copy: its pointer by memory type (arrays are not supported here).
Status side(hipMemoryType type, const void* host, hipDeviceptr_t device, hipArray_t array,
            const char* role, void*& out) {
  switch (type) {
    case hipMemoryTypeHost:
      out = const_cast<void*>(host);
      break;
    case hipMemoryTypeDevice:
    case hipMemoryTypeUnified:
    case hipMemoryTypeManaged:
      out = device;
      break;
    case hipMemoryTypeArray:
      (void)array;
      return fail(hipErrorInvalidValue, "%s: hipArray copies are not supported", role);
    default:
      return fail(hipErrorInvalidValue, "%s memory type %d", role, static_cast<int>(type));
  }
  if (out == nullptr) return fail(hipErrorInvalidValue, "%s pointer is null", role);
  return Status::success();
}

}  // namespace

Status fromDriverCopy(const HIP_MEMCPY3D* given, hipMemcpy3DParms& out) {
  if (given == nullptr) return fail(hipErrorInvalidValue, "copy parameters are null");
  void *source = nullptr, *destination = nullptr;
  if (Status s = side(given->srcMemoryType, given->srcHost, given->srcDevice, given->srcArray,
                      "source", source);
      !s.ok())
    return s;
  if (Status s = side(given->dstMemoryType, given->dstHost, given->dstDevice, given->dstArray,
                      "destination", destination);
      !s.ok())
    return s;
  out = hipMemcpy3DParms{};
  // A pitch of 0 means rows of WidthInBytes; a height of 0, slices of Height rows.
  const size_t width = given->WidthInBytes;
  auto pitched = [&](void* pointer, size_t pitch, size_t height) {
    return make_hipPitchedPtr(pointer, pitch != 0 ? pitch : width, width,
                              height != 0 ? height : given->Height);
  };
  out.srcPtr = pitched(source, given->srcPitch, given->srcHeight);
  out.dstPtr = pitched(destination, given->dstPitch, given->dstHeight);
  out.srcPos = make_hipPos(given->srcXInBytes, given->srcY, given->srcZ);
  out.dstPos = make_hipPos(given->dstXInBytes, given->dstY, given->dstZ);
  out.extent = make_hipExtent(width, given->Height, given->Depth);
  out.kind = hipMemcpyDefault;
  return Status::success();
}

HIP_MEMCPY3D toDriverCopy(const hipMemcpy3DParms& p) {
  HIP_MEMCPY3D out{};
  out.srcXInBytes = p.srcPos.x;
  out.srcY = p.srcPos.y;
  out.srcZ = p.srcPos.z;
  out.srcMemoryType = hipMemoryTypeUnified;
  out.srcDevice = p.srcPtr.ptr;
  out.srcPitch = p.srcPtr.pitch;
  out.srcHeight = p.srcPtr.ysize;
  out.dstXInBytes = p.dstPos.x;
  out.dstY = p.dstPos.y;
  out.dstZ = p.dstPos.z;
  out.dstMemoryType = hipMemoryTypeUnified;
  out.dstDevice = p.dstPtr.ptr;
  out.dstPitch = p.dstPtr.pitch;
  out.dstHeight = p.dstPtr.ysize;
  out.WidthInBytes = p.extent.width;
  out.Height = p.extent.height;
  out.Depth = p.extent.depth;
  return out;
}

}  // namespace hipcore::api
