// The table of texture references and their binding (TextureReferences.h).
#include "TextureReferences.h"

#include <cstring>

#include "ApiCall.h"
#include "ApiState.h"
#include "ImageObjectState.h"
#include "core/Device.h"
#include "core/LoadedModule.h"

using hipcore::core::fail;
using hipcore::core::Status;

namespace hipcore::api {

TextureReferences& textureReferences() {
  // Never destroyed, like the registry: references may be unbound from atexit handlers.
  static TextureReferences* table = new TextureReferences();
  return *table;
}

void TextureReferences::addStatic(const void* hostShadow) {
  std::lock_guard lock(mutex_);
  statics_.insert(hostShadow);
}

textureReference* TextureReferences::moduleReference(core::LoadedModule* module,
                                                     const std::string& name, void* address) {
  std::lock_guard lock(mutex_);
  for (auto& [ref, entry] : modules_)
    if (entry.module == module && entry.name == name) return entry.reference.get();
  auto reference = std::make_unique<textureReference>();
  textureReference& r = *reference;
  std::memset(&r, 0, sizeof(r));
  // The driver API's defaults (AMD's runtime gives the same): normalized-float reads of one
  // 32-bit float channel, point sampling, clamped, unnormalized coordinates.
  r.readMode = hipReadModeNormalizedFloat;
  r.filterMode = hipFilterModePoint;
  for (auto& mode : r.addressMode) mode = hipAddressModeClamp;
  r.format = HIP_AD_FORMAT_FLOAT;
  r.numChannels = 1;
  r.channelDesc = {32, 0, 0, 0, hipChannelFormatKindFloat};
  r.mipmapFilterMode = hipFilterModePoint;
  textureReference* raw = reference.get();
  modules_[raw] = ModuleReference{module, name, address, std::move(reference)};
  return raw;
}

std::vector<hipTextureObject_t> TextureReferences::forgetModule(const core::LoadedModule* module) {
  std::vector<hipTextureObject_t> bound;
  std::lock_guard lock(mutex_);
  for (auto it = modules_.begin(); it != modules_.end();) {
    if (it->second.module != module) {
      ++it;
      continue;
    }
    if (it->first->textureObject != nullptr) bound.push_back(it->first->textureObject);
    extras_.erase(it->first);
    it = modules_.erase(it);
  }
  return bound;
}

Status TextureReferences::deviceCopy(const textureReference* ref, core::Device*& device,
                                     void*& address) {
  {
    std::lock_guard lock(mutex_);
    if (auto it = modules_.find(ref); it != modules_.end()) {
      device = &const_cast<core::LoadedModule*>(it->second.module)->device();
      address = it->second.address;
      return Status::success();
    }
    if (ref == nullptr || statics_.count(ref) == 0)
      return fail(hipErrorInvalidSymbol,
                  "%p is neither a texture<> global nor a reference from hipModuleGetTexRef",
                  static_cast<const void*>(ref));
  }
  const core::Variable* variable = registry().findVariable(ref);
  if (variable == nullptr)
    return fail(hipErrorInvalidSymbol, "texture<> global %p was unregistered",
                static_cast<const void*>(ref));
  if (Status current = currentDevice(device); !current.ok()) return current;
  return device->variableAddress(*variable, address);
}

void TextureReferences::setBorderColor(const textureReference* ref, const float (&color)[4]) {
  std::lock_guard lock(mutex_);
  std::memcpy(extras_[ref].borderColor, color, sizeof(color));
}

void TextureReferences::borderColor(const textureReference* ref, float (&color)[4]) const {
  std::lock_guard lock(mutex_);
  auto it = extras_.find(ref);
  for (int i = 0; i < 4; ++i) color[i] = it == extras_.end() ? 0.0f : it->second.borderColor[i];
}

void TextureReferences::setOffset(const textureReference* ref, size_t offset) {
  std::lock_guard lock(mutex_);
  extras_[ref].offset = offset;
}

size_t TextureReferences::offset(const textureReference* ref) const {
  std::lock_guard lock(mutex_);
  auto it = extras_.find(ref);
  return it == extras_.end() ? 0 : it->second.offset;
}

hipTextureDesc textureDescOf(const textureReference& ref) {
  hipTextureDesc d{};
  for (int i = 0; i < 3; ++i) d.addressMode[i] = ref.addressMode[i];
  d.filterMode = ref.filterMode;
  d.readMode = ref.readMode;
  d.sRGB = ref.sRGB;
  d.normalizedCoords = ref.normalized;
  d.maxAnisotropy = ref.maxAnisotropy;
  d.mipmapFilterMode = ref.mipmapFilterMode;
  d.mipmapLevelBias = ref.mipmapLevelBias;
  d.minMipmapLevelClamp = ref.minMipmapLevelClamp;
  d.maxMipmapLevelClamp = ref.maxMipmapLevelClamp;
  textureReferences().borderColor(&ref, d.borderColor);
  return d;
}

bool channelDescOf(hipArray_Format format, unsigned channels, hipChannelFormatDesc& out) {
  int bits = 0;
  hipChannelFormatKind kind = hipChannelFormatKindUnsigned;
  switch (format) {
    case HIP_AD_FORMAT_UNSIGNED_INT8:
    case HIP_AD_FORMAT_SIGNED_INT8:
      bits = 8;
      break;
    case HIP_AD_FORMAT_UNSIGNED_INT16:
    case HIP_AD_FORMAT_SIGNED_INT16:
    case HIP_AD_FORMAT_HALF:
      bits = 16;
      break;
    case HIP_AD_FORMAT_UNSIGNED_INT32:
    case HIP_AD_FORMAT_SIGNED_INT32:
    case HIP_AD_FORMAT_FLOAT:
      bits = 32;
      break;
    default:
      return false;
  }
  if (format == HIP_AD_FORMAT_SIGNED_INT8 || format == HIP_AD_FORMAT_SIGNED_INT16 ||
      format == HIP_AD_FORMAT_SIGNED_INT32)
    kind = hipChannelFormatKindSigned;
  else if (format == HIP_AD_FORMAT_HALF || format == HIP_AD_FORMAT_FLOAT)
    kind = hipChannelFormatKindFloat;
  if (channels != 1 && channels != 2 && channels != 4) return false;
  out = {bits, channels > 1 ? bits : 0, channels > 2 ? bits : 0, channels > 3 ? bits : 0, kind};
  return true;
}

bool arrayFormatOf(const hipChannelFormatDesc& d, hipArray_Format& format, unsigned& channels) {
  channels = (d.x != 0) + (d.y != 0) + (d.z != 0) + (d.w != 0);
  const bool isSigned = d.f == hipChannelFormatKindSigned;
  switch (d.f == hipChannelFormatKindFloat ? -d.x : d.x) {
    case 8:
      format = isSigned ? HIP_AD_FORMAT_SIGNED_INT8 : HIP_AD_FORMAT_UNSIGNED_INT8;
      break;
    case 16:
      format = isSigned ? HIP_AD_FORMAT_SIGNED_INT16 : HIP_AD_FORMAT_UNSIGNED_INT16;
      break;
    case 32:
      format = isSigned ? HIP_AD_FORMAT_SIGNED_INT32 : HIP_AD_FORMAT_UNSIGNED_INT32;
      break;
    case -16:
      format = HIP_AD_FORMAT_HALF;
      break;
    case -32:
      format = HIP_AD_FORMAT_FLOAT;
      break;
    default:
      return false;
  }
  return d.f != hipChannelFormatKindNone && channels != 0;
}

namespace {

// Copies the reference (its handle included) into its device variable.
hipError_t publish(const char* call, const textureReference* ref, core::Device* device,
                   void* address) {
  return finish(
      call, device->copies().copy(address, ref, sizeof(textureReference), hipMemcpyHostToDevice));
}

}  // namespace

hipError_t bindReference(const char* call, const textureReference* ref,
                         const hipResourceDesc& resource) {
  core::Device* device = nullptr;
  void* address = nullptr;
  if (Status status = textureReferences().deviceCopy(ref, device, address); !status.ok()) {
    if (status.code == hipErrorInvalidSymbol) status.code = hipErrorInvalidValue;  // as HIP says
    return finish(call, std::move(status));
  }
  const hipTextureDesc sampling = textureDescOf(*ref);
  hipTextureObject_t object = nullptr;
  if (hipError_t e = createTexture(call, &object, &resource, &sampling, nullptr); e != hipSuccess)
    return e;
  auto* writable = const_cast<textureReference*>(ref);  // the API takes it const, as CUDA's
  const hipTextureObject_t previous = writable->textureObject;
  writable->textureObject = object;
  if (hipError_t e = publish(call, ref, device, address); e != hipSuccess) {
    writable->textureObject = previous;
    destroyTexture(call, object);
    return e;
  }
  // A handle the reference held that is no live object (a copied reference, or one unbound
  // elsewhere) is not an error of this binding.
  core::ImageObjects::Texture unused;
  if (findTexture(previous, unused)) return destroyTexture(call, previous);
  return hipSuccess;
}

hipError_t unbindReference(const char* call, const textureReference* ref) {
  if (ref == nullptr) return finish(call, fail(hipErrorInvalidValue, "null texture reference"));
  auto* writable = const_cast<textureReference*>(ref);
  const hipTextureObject_t previous = writable->textureObject;
  if (previous == nullptr) return hipSuccess;
  writable->textureObject = nullptr;
  core::Device* device = nullptr;
  void* address = nullptr;
  // Kernels launched after this read a null handle rather than a freed one.
  if (textureReferences().deviceCopy(ref, device, address).ok())
    if (hipError_t e = publish(call, ref, device, address); e != hipSuccess) return e;
  core::ImageObjects::Texture unused;
  if (findTexture(previous, unused)) return destroyTexture(call, previous);
  return hipSuccess;
}

}  // namespace hipcore::api
