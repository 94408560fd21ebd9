// The table of live arrays, texture and surface objects (a mutex: creation and destruction are
// rare).
#include "ImageObjects.h"

namespace hipcore::core {

void ImageObjects::addTexture(const void* handle, const Texture& t) {
  std::lock_guard<std::mutex> lock(mutex_);
  textures_[handle] = t;
}

bool ImageObjects::findTexture(const void* handle, Texture& out) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = textures_.find(handle);
  if (it == textures_.end()) return false;
  out = it->second;
  return true;
}

bool ImageObjects::removeTexture(const void* handle) {
  std::lock_guard<std::mutex> lock(mutex_);
  return textures_.erase(handle) != 0;
}

void ImageObjects::addSurface(const void* handle, const hipResourceDesc& resource) {
  std::lock_guard<std::mutex> lock(mutex_);
  surfaces_[handle] = resource;
}

bool ImageObjects::removeSurface(const void* handle) {
  std::lock_guard<std::mutex> lock(mutex_);
  return surfaces_.erase(handle) != 0;
}

void ImageObjects::addArray(const hipArray* array) {
  std::lock_guard<std::mutex> lock(mutex_);
  arrays_.insert(array);
}

bool ImageObjects::removeArray(const hipArray* array) {
  std::lock_guard<std::mutex> lock(mutex_);
  return arrays_.erase(array) != 0;
}

bool ImageObjects::knowsArray(const hipArray* array) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return arrays_.count(array) != 0;
}

void ImageObjects::addMipmap(const hipMipmappedArray* mipmap,
                             const std::vector<hipArray*>& levels) {
  std::lock_guard<std::mutex> lock(mutex_);
  mipmaps_[mipmap] = levels;
  arrays_.insert(levels.begin(), levels.end());
}

bool ImageObjects::findMipmap(const hipMipmappedArray* mipmap,
                              std::vector<hipArray*>& levels) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = mipmaps_.find(mipmap);
  if (it == mipmaps_.end()) return false;
  levels = it->second;
  return true;
}

bool ImageObjects::removeMipmap(const hipMipmappedArray* mipmap, std::vector<hipArray*>& levels) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = mipmaps_.find(mipmap);
  if (it == mipmaps_.end()) return false;
  levels = std::move(it->second);
  mipmaps_.erase(it);
  for (hipArray* level : levels) arrays_.erase(level);
  return true;
}

}  // namespace hipcore::core
