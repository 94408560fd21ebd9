// Mipmapped arrays: hipMallocMipmappedArray / hipMipmappedArrayCreate allocate every level in one
// block laid out as the image descriptors expect (core/ImageDescriptors.h, mipLevelOffset); each
// level is also a hipArray (hipGetMipmappedArrayLevel) that copies and surfaces take.
#include <algorithm>
#include <new>
#include <vector>

#include "ApiCall.h"
#include "ApiState.h"
#include "ImageObjectState.h"
#include "core/ImageArray.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

// Levels a chain from this extent can have: down to 1 x 1 x 1 (layers do not shrink).
unsigned fullChain(const hipArray& a) {
  size_t largest = std::max(a.width, a.height);
  if (a.type == hipcore::core::ImageType::d3) largest = std::max(largest, a.depth);
  unsigned levels = 1;
  while (largest >>= 1) ++levels;
  return levels;
}

hipError_t createMipmap(const char* call, hipMipmappedArray_t* out,
                        const hipChannelFormatDesc* desc, hipExtent extent, unsigned numLevels,
                        unsigned flags) {
  if (out == nullptr || desc == nullptr)
    return finish(call, fail(hipErrorInvalidValue, "%s: null argument", call));
  *out = nullptr;
  hipArray base;
  Status status =
      hipcore::core::describeArray(*desc, extent.width, extent.height, extent.depth, flags, base);
  if (!status.ok()) return finish(call, std::move(status));
  // More levels than the chain down to 1x1x1 has are refused, as both vendors' runtimes do
  // (AMD's Unit_hipMallocMipmappedArray_Negative_NumLevels runs on CUDA too, although CUDA's
  // documentation speaks of clamping); 0 asks for the base level alone.
  if (numLevels > fullChain(base))
    return finish(call,
                  fail(hipErrorInvalidValue, "%s: %u levels, a %zux%zux%zu extent has %u", call,
                       numLevels, extent.width, extent.height, extent.depth, fullChain(base)));
  const unsigned levels = std::max(numLevels, 1u);
  hipcore::core::ImageLayout layout = base.layout();
  layout.levels = levels;
  int device = 0;
  if (hipError_t e = hipGetDevice(&device); e != hipSuccess) return e;
  void* data = nullptr;
  if (hipError_t e = hipMalloc(&data, hipcore::core::mipLevelOffset(layout, levels));
      e != hipSuccess)
    return e;
  layout.address = reinterpret_cast<std::uint64_t>(data);
  std::vector<hipArray*> arrays;
  auto* mipmap = new (std::nothrow) hipMipmappedArray{};
  for (unsigned l = 0; l < levels && mipmap != nullptr; ++l) {
    const hipcore::core::ImageLayout level = hipcore::core::mipLevel(layout, l);
    hipArray* a = new (std::nothrow) hipArray(base);
    if (a == nullptr) break;
    a->data = reinterpret_cast<void*>(level.address);
    a->device = device;
    a->width = level.width;
    a->height = base.height ? level.height : 0;
    a->depth = base.type == hipcore::core::ImageType::d3 ? level.depth : base.depth;
    a->rowPitch = level.rowPitch;
    a->mipLevel = l;
    a->ownedByMipmap = true;
    arrays.push_back(a);
  }
  if (mipmap == nullptr || arrays.size() != levels) {
    for (hipArray* a : arrays) delete a;
    delete mipmap;
    hipFree(data);
    return finish(call, fail(hipErrorOutOfMemory, "%s: array objects", call));
  }
  mipmap->data = data;
  mipmap->desc = *desc;
  mipmap->type = static_cast<unsigned>(base.type);
  mipmap->width = static_cast<unsigned>(base.width);
  mipmap->height = static_cast<unsigned>(base.height);
  mipmap->depth = static_cast<unsigned>(base.depth);
  mipmap->min_mipmap_level = 0;
  mipmap->max_mipmap_level = levels - 1;
  mipmap->flags = flags;
  mipmap->format = hipcore::core::arrayFormatOf(*desc);
  mipmap->num_channels = base.format.channels;
  hipcore::api::imageObjects().addMipmap(mipmap, arrays);
  *out = mipmap;
  return hipSuccess;
}

hipError_t levelOf(const char* call, hipArray_t* out, hipMipmappedArray_const_t mipmap,
                   unsigned level) {
  if (out == nullptr) return finish(call, fail(hipErrorInvalidValue, "%s: null output", call));
  std::vector<hipArray*> levels;
  if (!hipcore::api::imageObjects().findMipmap(mipmap, levels))
    return finish(call, fail(hipErrorInvalidHandle, "%s: not a mipmapped array", call));
  if (level >= levels.size())
    return finish(call,
                  fail(hipErrorInvalidValue, "%s: level %u of %zu", call, level, levels.size()));
  *out = levels[level];
  return hipSuccess;
}

hipError_t destroyMipmap(const char* call, hipMipmappedArray_t mipmap) {
  std::vector<hipArray*> levels;
  // As destroyArray: null is an invalid value, anything else not live a destroyed context.
  if (mipmap == nullptr) return finish(call, fail(hipErrorInvalidValue, "%s: null", call));
  if (!hipcore::api::imageObjects().removeMipmap(mipmap, levels))
    return finish(call, fail(hipErrorContextIsDestroyed, "%s: %p is not a live mipmapped array",
                             call, static_cast<const void*>(mipmap)));
  hipError_t error = hipFree(mipmap->data);
  for (hipArray* a : levels) delete a;
  delete mipmap;
  return error;
}

}  // namespace

HIPCORE_API hipError_t hipMallocMipmappedArray(hipMipmappedArray_t* mipmappedArray,
                                               const struct hipChannelFormatDesc* desc,
                                               struct hipExtent extent, unsigned int numLevels,
                                               unsigned int flags) {
  return hipcore::api::call(
      "hipMallocMipmappedArray", hipMallocMipmappedArray,
      [&] {
        return createMipmap("hipMallocMipmappedArray", mipmappedArray, desc, extent, numLevels,
                            flags);
      },
      "mipmappedArray, desc, extent, numLevels, flags", mipmappedArray, desc, extent, numLevels,
      flags);
}

HIPCORE_API hipError_t hipMipmappedArrayCreate(hipMipmappedArray_t* pHandle,
                                               HIP_ARRAY3D_DESCRIPTOR* pMipmappedArrayDesc,
                                               unsigned int numMipmapLevels) {
  return hipcore::api::call(
      "hipMipmappedArrayCreate", hipMipmappedArrayCreate,
      [&] {
        constexpr const char* call = "hipMipmappedArrayCreate";
        if (pMipmappedArrayDesc == nullptr)
          return finish(call, fail(hipErrorInvalidValue, "null descriptor"));
        const HIP_ARRAY3D_DESCRIPTOR& d = *pMipmappedArrayDesc;
        hipChannelFormatDesc desc;
        Status status = hipcore::core::channelDescOf(d.Format, d.NumChannels, desc);
        if (!status.ok()) return finish(call, std::move(status));
        return createMipmap(call, pHandle, &desc, hipExtent{d.Width, d.Height, d.Depth},
                            numMipmapLevels, d.Flags);
      },
      "pHandle, pMipmappedArrayDesc, numMipmapLevels", pHandle, pMipmappedArrayDesc,
      numMipmapLevels);
}

HIPCORE_API hipError_t hipGetMipmappedArrayLevel(hipArray_t* levelArray,
                                                 hipMipmappedArray_const_t mipmappedArray,
                                                 unsigned int level) {
  return hipcore::api::call(
      "hipGetMipmappedArrayLevel", hipGetMipmappedArrayLevel,
      [&] { return levelOf("hipGetMipmappedArrayLevel", levelArray, mipmappedArray, level); },
      "levelArray, mipmappedArray, level", levelArray, mipmappedArray, level);
}

HIPCORE_API hipError_t hipMipmappedArrayGetLevel(hipArray_t* pLevelArray,
                                                 hipMipmappedArray_t hMipMappedArray,
                                                 unsigned int level) {
  return hipcore::api::call(
      "hipMipmappedArrayGetLevel", hipMipmappedArrayGetLevel,
      [&] { return levelOf("hipMipmappedArrayGetLevel", pLevelArray, hMipMappedArray, level); },
      "pLevelArray, hMipMappedArray, level", pLevelArray, hMipMappedArray, level);
}

HIPCORE_API hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmappedArray) {
  return hipcore::api::call(
      "hipFreeMipmappedArray", hipFreeMipmappedArray,
      [&] { return destroyMipmap("hipFreeMipmappedArray", mipmappedArray); }, "mipmappedArray",
      mipmappedArray);
}

HIPCORE_API hipError_t hipMipmappedArrayDestroy(hipMipmappedArray_t hMipmappedArray) {
  return hipcore::api::call(
      "hipMipmappedArrayDestroy", hipMipmappedArrayDestroy,
      [&] { return destroyMipmap("hipMipmappedArrayDestroy", hMipmappedArray); }, "hMipmappedArray",
      hMipmappedArray);
}
