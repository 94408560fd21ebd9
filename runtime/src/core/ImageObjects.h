// Live arrays, texture objects and surface objects. An array handle is a host object; a texture
// or surface handle is the device address of the object's descriptor block (what kernels
// receive and hand to image instructions). The table refuses handles that were never made (or
// were destroyed) and remembers what each texture was created from, for hipGetTextureObject*Desc.
#pragma once

#include <hip/driver_types.h>
#include <hip/texture_types.h>

#include <mutex>
#include <unordered_map>
#include <unordered_set>
#include <vector>

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
  void addArray(const hipArray* array);
  bool removeArray(const hipArray* array);
  bool knowsArray(const hipArray* array) const;
  // A mipmapped array's level arrays (level 0 first), registered as arrays too.
  void addMipmap(const hipMipmappedArray* mipmap, const std::vector<hipArray*>& levels);
  bool findMipmap(const hipMipmappedArray* mipmap, std::vector<hipArray*>& levels) const;
  bool removeMipmap(const hipMipmappedArray* mipmap, std::vector<hipArray*>& levels);

 private:
  mutable std::mutex mutex_;
  std::unordered_map<const void*, Texture> textures_;
  std::unordered_map<const void*, hipResourceDesc> surfaces_;
  std::unordered_set<const hipArray*> arrays_;
  std::unordered_map<const hipMipmappedArray*, std::vector<hipArray*>> mipmaps_;
};

}  // namespace hipcore::core
