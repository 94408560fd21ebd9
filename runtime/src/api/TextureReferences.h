// Texture references hipcore binds: file-scope texture<> globals, which clang's module
// constructor registers through __hipRegisterTexture (found by their host shadow in the
// registry), and the references hipModuleGetTexRef hands out for a loaded module's globals
// (owned here until the module unloads). A reference is AMD's textureReference: its fields are
// the sampling state, its textureObject the object its binding made; binding copies the whole
// reference into the device variable, where the device functions read the handle.
#pragma once

#include <hip/hip_runtime_api.h>

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/Status.h"

namespace hipcore::core {
class Device;
class LoadedModule;
}  // namespace hipcore::core

namespace hipcore::api {

class TextureReferences {
 public:
  // A texture<> global's host shadow, as __hipRegisterTexture names it.
  void addStatic(const void* hostShadow);
  // The reference of global `name` of `module` at device `address`: made on the first request
  // with the driver API's defaults, the same one afterwards.
  textureReference* moduleReference(core::LoadedModule* module, const std::string& name,
                                    void* address);
  // Drops the references of a module being unloaded; returns their bound objects to destroy.
  std::vector<hipTextureObject_t> forgetModule(const core::LoadedModule* module);
  // Where the device copy of `ref` lives: a module reference's global, or a registered
  // texture<> global's variable on the current device; hipErrorInvalidSymbol for a pointer
  // that is neither.
  core::Status deviceCopy(const textureReference* ref, core::Device*& device, void*& address);

  // What textureReference has no field for: the border colour and the offset a binding of
  // unaligned memory returned (hipGetTextureAlignmentOffset).
  void setBorderColor(const textureReference* ref, const float (&color)[4]);
  void borderColor(const textureReference* ref, float (&color)[4]) const;
  void setOffset(const textureReference* ref, size_t offset);
  size_t offset(const textureReference* ref) const;

 private:
  struct ModuleReference {
    const core::LoadedModule* module = nullptr;
    std::string name;
    void* address = nullptr;
    std::unique_ptr<textureReference> reference;
  };
  struct Extra {
    float borderColor[4] = {0, 0, 0, 0};
    size_t offset = 0;
  };
  mutable std::mutex mutex_;
  std::unordered_map<const textureReference*, ModuleReference> modules_;
  std::unordered_map<const textureReference*, Extra> extras_;
  std::unordered_set<const void*> statics_;
};

TextureReferences& textureReferences();

// The texture descriptor of a reference's sampling state.
hipTextureDesc textureDescOf(const textureReference& ref);
// The channel format of the driver API's (format, channel count), or false.
bool channelDescOf(hipArray_Format format, unsigned channels, hipChannelFormatDesc& out);
// The driver API's format and channel count of a channel format, or false.
bool arrayFormatOf(const hipChannelFormatDesc& desc, hipArray_Format& format, unsigned& channels);

// Binds `ref` to `resource`: makes a texture object with the reference's sampling state, copies
// the reference holding it to the device variable, then destroys the object it replaces. On
// failure the previous binding stays; a pointer that is no reference is hipErrorInvalidValue
// (HIP's documented error; AMD's runtime answers hipErrorInvalidSymbol or hipErrorNotFound).
hipError_t bindReference(const char* call, const textureReference* ref,
                         const hipResourceDesc& resource);
// Destroys the reference's object and writes the unbound reference to the device variable.
hipError_t unbindReference(const char* call, const textureReference* ref);

}  // namespace hipcore::api
