// Converting between HIP_MEMCPY3D and hipMemcpy3DParms.
#include "DriverCopyParams.h"

#include "ImageObjectState.h"
#include "core/ImageArray.h"

namespace hipcore::api {

using core::fail;
using core::Status;

namespace {

// One side of the copy as a pitched pointer in bytes. Driver-API positions and widths are bytes
// even when the side is an array (CUDA's CUDA_MEMCPY3D), so an array is its linear memory:
// rows of rowPitch bytes, slices (depth, layers or cube faces) of its rows.
struct Side {
  hipPitchedPtr pitched{};
  const hipArray* array = nullptr;
};

Status side(hipMemoryType type, const void* host, hipDeviceptr_t device, hipArray_t array,
            size_t pitch, size_t height, const HIP_MEMCPY3D& copy, const char* role, Side& out) {
  void* pointer = nullptr;
  switch (type) {
    case hipMemoryTypeHost:
      pointer = const_cast<void*>(host);
      break;
    case hipMemoryTypeDevice:
    case hipMemoryTypeUnified:
    case hipMemoryTypeManaged:
      pointer = device;
      break;
    case hipMemoryTypeArray:
      if (!knownArray(array))
        return fail(hipErrorInvalidValue, "%s array %p is not an array", role,
                    static_cast<const void*>(array));
      out.array = array;
      out.pitched = make_hipPitchedPtr(array->data, array->rowPitch,
                                       array->width * array->format.bytes(), array->rows());
      return Status::success();
    default:
      return fail(hipErrorInvalidValue, "%s memory type %d", role, static_cast<int>(type));
  }
  if (pointer == nullptr) return fail(hipErrorInvalidValue, "%s pointer is null", role);
  // A pitch of 0 means rows of WidthInBytes; a height of 0, slices of Height rows.
  const size_t width = copy.WidthInBytes;
  out.pitched = make_hipPitchedPtr(pointer, pitch != 0 ? pitch : width, width,
                                   height != 0 ? height : copy.Height);
  return Status::success();
}

// The pitched pointer's pitch is the array's row pitch, wider than its rows; the copy itself
// only checks against the pitch.
Status insideArray(const Side& side, const hipPos& position, const HIP_MEMCPY3D& copy,
                   const char* role) {
  const hipArray* a = side.array;
  if (a == nullptr) return Status::success();
  const size_t rowBytes = a->width * a->format.bytes();
  if (position.x + copy.WidthInBytes > rowBytes || position.y + copy.Height > a->rows() ||
      position.z + copy.Depth > a->slices())
    return fail(hipErrorInvalidValue,
                "%s array: bytes [%zu, %zu) x rows [%zu, %zu) x slices [%zu, %zu) exceed its %zu "
                "bytes x %zu rows x %zu slices",
                role, position.x, position.x + copy.WidthInBytes, position.y,
                position.y + copy.Height, position.z, position.z + copy.Depth, rowBytes, a->rows(),
                a->slices());
  return Status::success();
}

}  // namespace

Status fromDriverCopy(const HIP_MEMCPY3D* given, hipMemcpy3DParms& out) {
  if (given == nullptr) return fail(hipErrorInvalidValue, "copy parameters are null");
  Side source, destination;
  if (Status s = side(given->srcMemoryType, given->srcHost, given->srcDevice, given->srcArray,
                      given->srcPitch, given->srcHeight, *given, "source", source);
      !s.ok())
    return s;
  if (Status s = side(given->dstMemoryType, given->dstHost, given->dstDevice, given->dstArray,
                      given->dstPitch, given->dstHeight, *given, "destination", destination);
      !s.ok())
    return s;
  out = hipMemcpy3DParms{};
  out.srcPtr = source.pitched;
  out.dstPtr = destination.pitched;
  out.srcPos = make_hipPos(given->srcXInBytes, given->srcY, given->srcZ);
  out.dstPos = make_hipPos(given->dstXInBytes, given->dstY, given->dstZ);
  out.extent = make_hipExtent(given->WidthInBytes, given->Height, given->Depth);
  out.kind = hipMemcpyDefault;
  if (Status s = insideArray(source, out.srcPos, *given, "source"); !s.ok()) return s;
  return insideArray(destination, out.dstPos, *given, "destination");
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
