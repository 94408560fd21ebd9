// Surface-object reads and writes: surf1D/2D/3D read and write, the layered and the cubemap
// forms (a cubemap's face, or layerFace = 6 x layer + face for a layered cubemap: the array's
// slice, as CUDA numbers them). As in CUDA, x is a byte offset (a multiple of sizeof(T)); T is
// the element type. Outside the surface, reads return 0 and writes are dropped (the image
// instructions' rule), whatever the boundary mode.
#pragma once

#include <hip/device/image_library.h>
#include <hip/surface_types.h>

#define __HIPCORE_SURF __device__ inline

namespace __hipcore_image {
template <class T>
__device__ inline int texelX(int xBytes) {
  return xBytes / static_cast<int>(sizeof(T));
}
}  // namespace __hipcore_image

template <class T>
__HIPCORE_SURF void surf1Dread(T* out, hipSurfaceObject_t s, int x,
                               hipSurfaceBoundaryMode = hipBoundaryModeZero) {
  using namespace __hipcore_image;
  *out = fromTexel<T>(__ockl_image_load_1D(image(s), texelX<T>(x)));
}
template <class T>
__HIPCORE_SURF void surf2Dread(T* out, hipSurfaceObject_t s, int x, int y,
                               hipSurfaceBoundaryMode = hipBoundaryModeZero) {
  using namespace __hipcore_image;
  *out = fromTexel<T>(__ockl_image_load_2D(image(s), __hipcore_int2_t{texelX<T>(x), y}));
}
template <class T>
__HIPCORE_SURF void surf3Dread(T* out, hipSurfaceObject_t s, int x, int y, int z,
                               hipSurfaceBoundaryMode = hipBoundaryModeZero) {
  using namespace __hipcore_image;
  *out = fromTexel<T>(__ockl_image_load_3D(image(s), __hipcore_int4_t{texelX<T>(x), y, z, 0}));
}
template <class T>
__HIPCORE_SURF void surf1DLayeredread(T* out, hipSurfaceObject_t s, int x, int layer,
                                      hipSurfaceBoundaryMode = hipBoundaryModeZero) {
  using namespace __hipcore_image;
  *out = fromTexel<T>(__ockl_image_load_1Da(image(s), __hipcore_int2_t{texelX<T>(x), layer}));
}
template <class T>
__HIPCORE_SURF void surf2DLayeredread(T* out, hipSurfaceObject_t s, int x, int y, int layer,
                                      hipSurfaceBoundaryMode = hipBoundaryModeZero) {
  using namespace __hipcore_image;
  *out = fromTexel<T>(__ockl_image_load_2Da(image(s), __hipcore_int4_t{texelX<T>(x), y, layer, 0}));
}

template <class T>
__HIPCORE_SURF void surfCubemapread(T* out, hipSurfaceObject_t s, int x, int y, int face,
                                    hipSurfaceBoundaryMode = hipBoundaryModeZero) {
  using namespace __hipcore_image;
  *out = fromTexel<T>(__ockl_image_load_CM(image(s), __hipcore_int2_t{texelX<T>(x), y}, face));
}
template <class T>
__HIPCORE_SURF void surfCubemapLayeredread(T* out, hipSurfaceObject_t s, int x, int y,
                                           int layerFace,
                                           hipSurfaceBoundaryMode = hipBoundaryModeZero) {
  surfCubemapread(out, s, x, y, layerFace);
}

template <class T>
__HIPCORE_SURF T surf2Dread(hipSurfaceObject_t s, int x, int y,
                            hipSurfaceBoundaryMode mode = hipBoundaryModeZero) {
  T out;
  surf2Dread(&out, s, x, y, mode);
  return out;
}

template <class T>
__HIPCORE_SURF void surf1Dwrite(T data, hipSurfaceObject_t s, int x,
                                hipSurfaceBoundaryMode = hipBoundaryModeZero) {
  using namespace __hipcore_image;
  __ockl_image_store_1D(image(s), texelX<T>(x), toTexel(data));
}
template <class T>
__HIPCORE_SURF void surf2Dwrite(T data, hipSurfaceObject_t s, int x, int y,
                                hipSurfaceBoundaryMode = hipBoundaryModeZero) {
  using namespace __hipcore_image;
  __ockl_image_store_2D(image(s), __hipcore_int2_t{texelX<T>(x), y}, toTexel(data));
}
template <class T>
__HIPCORE_SURF void surf3Dwrite(T data, hipSurfaceObject_t s, int x, int y, int z,
                                hipSurfaceBoundaryMode = hipBoundaryModeZero) {
  using namespace __hipcore_image;
  __ockl_image_store_3D(image(s), __hipcore_int4_t{texelX<T>(x), y, z, 0}, toTexel(data));
}
template <class T>
__HIPCORE_SURF void surf1DLayeredwrite(T data, hipSurfaceObject_t s, int x, int layer,
                                       hipSurfaceBoundaryMode = hipBoundaryModeZero) {
  using namespace __hipcore_image;
  __ockl_image_store_1Da(image(s), __hipcore_int2_t{texelX<T>(x), layer}, toTexel(data));
}
template <class T>
__HIPCORE_SURF void surf2DLayeredwrite(T data, hipSurfaceObject_t s, int x, int y, int layer,
                                       hipSurfaceBoundaryMode = hipBoundaryModeZero) {
  using namespace __hipcore_image;
  __ockl_image_store_2Da(image(s), __hipcore_int4_t{texelX<T>(x), y, layer, 0}, toTexel(data));
}

template <class T>
__HIPCORE_SURF void surfCubemapwrite(T data, hipSurfaceObject_t s, int x, int y, int face,
                                     hipSurfaceBoundaryMode = hipBoundaryModeZero) {
  using namespace __hipcore_image;
  __ockl_image_store_CM(image(s), __hipcore_int2_t{texelX<T>(x), y}, face, toTexel(data));
}
template <class T>
__HIPCORE_SURF void surfCubemapLayeredwrite(T data, hipSurfaceObject_t s, int x, int y,
                                            int layerFace,
                                            hipSurfaceBoundaryMode = hipBoundaryModeZero) {
  surfCubemapwrite(data, s, x, y, layerFace);
}

#undef __HIPCORE_SURF
