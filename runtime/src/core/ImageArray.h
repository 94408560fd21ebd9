// hipArray: a 1D, 2D, 3D, layered or cubemap image in linear device memory, the layout the image
// descriptors of ImageDescriptors.h describe (rows padded to 256 bytes, slices after rows).
// hipArray_t is a pointer to this struct (opaque to applications, as in HIP 6).
#pragma once

#include <hip/driver_types.h>

#include <cstddef>

#include "ImageDescriptors.h"
#include "Status.h"

struct hipArray {
  void* data = nullptr;  // device memory, rowPitch * rows * slices bytes
  int device = 0;
  hipChannelFormatDesc desc{};
  hipcore::core::TexelFormat format;  // read as the element type
  hipcore::core::ImageType type = hipcore::core::ImageType::d2;
  size_t width = 0, height = 0, depth = 0;  // as created (0: dimension unused)
  unsigned flags = 0;
  size_t rowPitch = 0;
  unsigned mipLevel = 0;  // of the mipmapped array owning it (then not freeable on its own)
  bool ownedByMipmap = false;

  size_t rows() const { return height ? height : 1; }
  size_t slices() const { return depth ? depth : 1; }
  size_t bytes() const { return rowPitch * rows() * slices(); }
  // The image layout of the whole array at its device address.
  hipcore::core::ImageLayout layout() const;
};

namespace hipcore::core {

// Fills everything of `out` but data and device from a channel descriptor, an extent (height
// and depth 0 for unused dimensions) and hipArray* flags; hipErrorInvalidValue with the reason
// otherwise.
Status describeArray(const hipChannelFormatDesc& desc, size_t width, size_t height, size_t depth,
                     unsigned flags, hipArray& out);

// The channel descriptor of a driver-API array format with `channels` channels.
Status channelDescOf(hipArray_Format format, unsigned channels, hipChannelFormatDesc& out);
// The driver-API format of an array's channel descriptor.
hipArray_Format arrayFormatOf(const hipChannelFormatDesc& desc);

}  // namespace hipcore::core
