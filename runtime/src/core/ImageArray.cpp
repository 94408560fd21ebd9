// hipArray shapes and formats (HIP's array rules: CUDA's cudaMalloc3DArray).
#include "ImageArray.h"

#include <hip/hip_runtime_api.h>

hipcore::core::ImageLayout hipArray::layout() const {
  hipcore::core::ImageLayout l;
  l.address = reinterpret_cast<std::uint64_t>(data);
  l.format = format;
  l.type = type;
  l.width = static_cast<std::uint32_t>(width);
  l.height = static_cast<std::uint32_t>(rows());
  l.depth = static_cast<std::uint32_t>(slices());
  l.rowPitch = rowPitch;
  return l;
}

namespace hipcore::core {

Status describeArray(const hipChannelFormatDesc& desc, size_t width, size_t height, size_t depth,
                     unsigned flags, hipArray& out) {
  constexpr unsigned kKnownFlags =
      hipArrayLayered | hipArraySurfaceLoadStore | hipArrayCubemap | hipArrayTextureGather;
  if (flags & ~kKnownFlags) return fail(hipErrorInvalidValue, "unknown array flags 0x%x", flags);
  if (!texelFormatOf(desc, /*normalizedRead=*/false, out.format))
    return fail(hipErrorInvalidValue,
                "channel format {%d, %d, %d, %d, kind %d} has no image format", desc.x, desc.y,
                desc.z, desc.w, static_cast<int>(desc.f));
  const bool layered = flags & hipArrayLayered;
  if (width == 0 || (depth != 0 && height == 0 && !layered) || (layered && depth == 0))
    return fail(hipErrorInvalidValue, "array extent %zu x %zu x %zu (flags 0x%x)", width, height,
                depth, flags);
  if (width > kMaxImageExtent || height > kMaxImageExtent || depth > kMaxImageDepth)
    return fail(hipErrorInvalidValue, "array extent %zu x %zu x %zu exceeds %u x %u x %u", width,
                height, depth, kMaxImageExtent, kMaxImageExtent, kMaxImageDepth);
  // Cubemaps (CUDA's rule): square faces, six slices, or a multiple of six when layered.
  const bool cube = flags & hipArrayCubemap;
  if (cube && (width != height || depth == 0 || depth % 6 != 0 || (!layered && depth != 6)))
    return fail(hipErrorInvalidValue,
                "cubemap array %zu x %zu x %zu: square faces and 6 slices (a multiple of 6 "
                "when layered)",
                width, height, depth);
  if (cube)
    out.type = ImageType::cube;
  else if (layered)
    out.type = height == 0 ? ImageType::d1Array : ImageType::d2Array;
  else
    out.type = depth != 0 ? ImageType::d3 : height != 0 ? ImageType::d2 : ImageType::d1;
  out.desc = desc;
  out.width = width;
  out.height = height;
  out.depth = depth;
  out.flags = flags;
  const size_t row = width * out.format.bytes();
  out.rowPitch = (row + kImageRowAlignment - 1) / kImageRowAlignment * kImageRowAlignment;
  return Status::success();
}

Status channelDescOf(hipArray_Format format, unsigned channels, hipChannelFormatDesc& out) {
  if (channels != 1 && channels != 2 && channels != 4)
    return fail(hipErrorInvalidValue, "%u channels (1, 2 or 4)", channels);
  int bits = 0;
  hipChannelFormatKind kind = hipChannelFormatKindUnsigned;
  switch (format) {
    case HIP_AD_FORMAT_UNSIGNED_INT8:
      bits = 8;
      break;
    case HIP_AD_FORMAT_UNSIGNED_INT16:
      bits = 16;
      break;
    case HIP_AD_FORMAT_UNSIGNED_INT32:
      bits = 32;
      break;
    case HIP_AD_FORMAT_SIGNED_INT8:
      bits = 8;
      kind = hipChannelFormatKindSigned;
      break;
    case HIP_AD_FORMAT_SIGNED_INT16:
      bits = 16;
      kind = hipChannelFormatKindSigned;
      break;
    case HIP_AD_FORMAT_SIGNED_INT32:
      bits = 32;
      kind = hipChannelFormatKindSigned;
      break;
    case HIP_AD_FORMAT_HALF:
      bits = 16;
      kind = hipChannelFormatKindFloat;
      break;
    case HIP_AD_FORMAT_FLOAT:
      bits = 32;
      kind = hipChannelFormatKindFloat;
      break;
    default:
      return fail(hipErrorInvalidValue, "array format %d", static_cast<int>(format));
  }
  out = hipChannelFormatDesc{bits, channels > 1 ? bits : 0, channels > 2 ? bits : 0,
                             channels > 3 ? bits : 0, kind};
  return Status::success();
}

hipArray_Format arrayFormatOf(const hipChannelFormatDesc& d) {
  const bool isSigned = d.f == hipChannelFormatKindSigned;
  if (d.f == hipChannelFormatKindFloat) return d.x == 16 ? HIP_AD_FORMAT_HALF : HIP_AD_FORMAT_FLOAT;
  switch (d.x) {
    case 8:
      return isSigned ? HIP_AD_FORMAT_SIGNED_INT8 : HIP_AD_FORMAT_UNSIGNED_INT8;
    case 16:
      return isSigned ? HIP_AD_FORMAT_SIGNED_INT16 : HIP_AD_FORMAT_UNSIGNED_INT16;
    default:
      return isSigned ? HIP_AD_FORMAT_SIGNED_INT32 : HIP_AD_FORMAT_UNSIGNED_INT32;
  }
}

}  // namespace hipcore::core
