// Live texture and surface objects. A handle is the device address of the object's descriptor
// block (what kernels receive and hand to image instructions); this table remembers what each
// was created from, for hipGetTextureObject*Desc and to refuse handles that were never made.
#pragma once

#include <hip/driver_types.h>
#include <hip/texture_types.h>

#include <mutex>
#include <unordered_map>

namespace hipcore::core {

class ImageObjects {
 public:
  struct Texture {
    hipResourceDesc resource{};
    hipTextureDesc texture{};
    hipResourceViewDesc view{};
  };

  void addTexture(const void* handle, const Texture& t);
  bool findTexture(const void* handle, Texture& out) const;
  bool removeTexture(const void* handle);
  void addSurface(const void* handle, const hipResourceDesc& resource);
  bool removeSurface(const void* handle);

 private:
  mutable std::mutex mutex_;
  std::unordered_map<const void*, Texture> textures_;
  std::unordered_map<const void*, hipResourceDesc> surfaces_;
};

}  // namespace hipcore::core
