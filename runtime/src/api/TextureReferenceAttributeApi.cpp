// The sampling state of a texture reference, the driver API's hipTexRefGet*/hipTexRefSet*
// (deprecated in HIP): fields of the textureReference itself (the border colour, which the
// layout has no room for, is kept beside it). As in AMD's runtime and CUDA, a change takes
// effect at the reference's next binding, which makes a new texture object.
// The entry points of deprecated functions name themselves (api::call reports them by address).
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include <cstring>

#include "ApiCall.h"
#include "ApiState.h"
#include "TextureReferences.h"

using hipcore::api::finish;
using hipcore::core::fail;

namespace {

hipError_t nullArgument(const char* call) {
  return finish(call, fail(hipErrorInvalidValue, "null argument"));
}

bool validAddressMode(hipTextureAddressMode m) {
  return m >= hipAddressModeWrap && m <= hipAddressModeBorder;
}
bool validFilterMode(hipTextureFilterMode m) {
  return m == hipFilterModePoint || m == hipFilterModeLinear;
}

// The reference's read mode, coordinates and sRGB as HIP_TRSF_* flags.
constexpr unsigned kKnownFlags =
    HIP_TRSF_READ_AS_INTEGER | HIP_TRSF_NORMALIZED_COORDINATES | HIP_TRSF_SRGB;

}  // namespace

HIPCORE_API hipError_t hipTexRefSetAddressMode(textureReference* texRef, int dim,
                                               enum hipTextureAddressMode am) {
  return hipcore::api::call(
      "hipTexRefSetAddressMode", hipTexRefSetAddressMode,
      [&] {
        constexpr const char* call = "hipTexRefSetAddressMode";
        if (texRef == nullptr) return nullArgument(call);
        if (dim < 0 || dim > 2 || !validAddressMode(am))
          return finish(call, fail(hipErrorInvalidValue, "dimension %d, address mode %d", dim,
                                   static_cast<int>(am)));
        texRef->addressMode[dim] = am;
        return hipSuccess;
      },
      "texRef, dim, am", texRef, dim, am);
}

HIPCORE_API hipError_t hipTexRefGetAddressMode(enum hipTextureAddressMode* pam,
                                               const textureReference* texRef, int dim) {
  return hipcore::api::call(
      "hipTexRefGetAddressMode", hipTexRefGetAddressMode,
      [&] {
        constexpr const char* call = "hipTexRefGetAddressMode";
        if (pam == nullptr || texRef == nullptr) return nullArgument(call);
        if (dim < 0 || dim > 2)
          return finish(call, fail(hipErrorInvalidValue, "dimension %d", dim));
        *pam = texRef->addressMode[dim];
        return hipSuccess;
      },
      "pam, texRef, dim", pam, texRef, dim);
}

HIPCORE_API hipError_t hipTexRefSetFilterMode(textureReference* texRef,
                                              enum hipTextureFilterMode fm) {
  return hipcore::api::call(
      "hipTexRefSetFilterMode", hipTexRefSetFilterMode,
      [&] {
        constexpr const char* call = "hipTexRefSetFilterMode";
        if (texRef == nullptr) return nullArgument(call);
        if (!validFilterMode(fm))
          return finish(call, fail(hipErrorInvalidValue, "filter mode %d", static_cast<int>(fm)));
        texRef->filterMode = fm;
        return hipSuccess;
      },
      "texRef, fm", texRef, fm);
}

HIPCORE_API hipError_t hipTexRefGetFilterMode(enum hipTextureFilterMode* pfm,
                                              const textureReference* texRef) {
  return hipcore::api::call(
      "hipTexRefGetFilterMode", hipTexRefGetFilterMode,
      [&] {
        if (pfm == nullptr || texRef == nullptr) return nullArgument("hipTexRefGetFilterMode");
        *pfm = texRef->filterMode;
        return hipSuccess;
      },
      "pfm, texRef", pfm, texRef);
}

HIPCORE_API hipError_t hipTexRefSetFlags(textureReference* texRef, unsigned int Flags) {
  return hipcore::api::call(
      "hipTexRefSetFlags", hipTexRefSetFlags,
      [&] {
        constexpr const char* call = "hipTexRefSetFlags";
        if (texRef == nullptr) return nullArgument(call);
        if ((Flags & ~kKnownFlags) != 0)
          return finish(call, fail(hipErrorInvalidValue, "flags %#x", Flags));
        // Without HIP_TRSF_READ_AS_INTEGER, 8- and 16-bit integers read as normalized floats.
        texRef->readMode = (Flags & HIP_TRSF_READ_AS_INTEGER) ? hipReadModeElementType
                                                              : hipReadModeNormalizedFloat;
        texRef->normalized = (Flags & HIP_TRSF_NORMALIZED_COORDINATES) ? 1 : 0;
        texRef->sRGB = (Flags & HIP_TRSF_SRGB) ? 1 : 0;
        return hipSuccess;
      },
      "texRef, Flags", texRef, Flags);
}

HIPCORE_API hipError_t hipTexRefGetFlags(unsigned int* pFlags, const textureReference* texRef) {
  return hipcore::api::call(
      "hipTexRefGetFlags", hipTexRefGetFlags,
      [&] {
        if (pFlags == nullptr || texRef == nullptr) return nullArgument("hipTexRefGetFlags");
        *pFlags = (texRef->readMode == hipReadModeElementType ? HIP_TRSF_READ_AS_INTEGER : 0u) |
                  (texRef->normalized ? HIP_TRSF_NORMALIZED_COORDINATES : 0u) |
                  (texRef->sRGB ? HIP_TRSF_SRGB : 0u);
        return hipSuccess;
      },
      "pFlags, texRef", pFlags, texRef);
}

HIPCORE_API hipError_t hipTexRefSetFormat(textureReference* texRef, hipArray_Format fmt,
                                          int NumPackedComponents) {
  return hipcore::api::call(
      "hipTexRefSetFormat", hipTexRefSetFormat,
      [&] {
        constexpr const char* call = "hipTexRefSetFormat";
        if (texRef == nullptr) return nullArgument(call);
        hipChannelFormatDesc desc;
        if (NumPackedComponents <= 0 ||
            !hipcore::api::channelDescOf(fmt, static_cast<unsigned>(NumPackedComponents), desc))
          return finish(call, fail(hipErrorInvalidValue, "format %d with %d channels",
                                   static_cast<int>(fmt), NumPackedComponents));
        texRef->format = fmt;
        texRef->numChannels = NumPackedComponents;
        texRef->channelDesc = desc;
        return hipSuccess;
      },
      "texRef, fmt, NumPackedComponents", texRef, fmt, NumPackedComponents);
}

HIPCORE_API hipError_t hipTexRefGetFormat(hipArray_Format* pFormat, int* pNumChannels,
                                          const textureReference* texRef) {
  return hipcore::api::call(
      "hipTexRefGetFormat", hipTexRefGetFormat,
      [&] {
        if (pFormat == nullptr || pNumChannels == nullptr || texRef == nullptr)
          return nullArgument("hipTexRefGetFormat");
        *pFormat = texRef->format;
        *pNumChannels = texRef->numChannels;
        return hipSuccess;
      },
      "pFormat, pNumChannels, texRef", pFormat, pNumChannels, texRef);
}

HIPCORE_API hipError_t hipTexRefSetMaxAnisotropy(textureReference* texRef, unsigned int maxAniso) {
  return hipcore::api::call(
      "hipTexRefSetMaxAnisotropy", hipTexRefSetMaxAnisotropy,
      [&] {
        if (texRef == nullptr) return nullArgument("hipTexRefSetMaxAnisotropy");
        texRef->maxAnisotropy = maxAniso;
        return hipSuccess;
      },
      "texRef, maxAniso", texRef, maxAniso);
}

HIPCORE_API hipError_t hipTexRefGetMaxAnisotropy(int* pmaxAnsio, const textureReference* texRef) {
  return hipcore::api::call(
      "hipTexRefGetMaxAnisotropy", hipTexRefGetMaxAnisotropy,
      [&] {
        if (pmaxAnsio == nullptr || texRef == nullptr)
          return nullArgument("hipTexRefGetMaxAnisotropy");
        *pmaxAnsio = static_cast<int>(texRef->maxAnisotropy);
        return hipSuccess;
      },
      "pmaxAnsio, texRef", pmaxAnsio, texRef);
}

HIPCORE_API hipError_t hipTexRefSetBorderColor(textureReference* texRef, float* pBorderColor) {
  return hipcore::api::call(
      "hipTexRefSetBorderColor", hipTexRefSetBorderColor,
      [&] {
        if (texRef == nullptr || pBorderColor == nullptr)
          return nullArgument("hipTexRefSetBorderColor");
        float color[4];
        std::memcpy(color, pBorderColor, sizeof(color));
        hipcore::api::textureReferences().setBorderColor(texRef, color);
        return hipSuccess;
      },
      "texRef, pBorderColor", texRef, pBorderColor);
}

HIPCORE_API hipError_t hipTexRefGetBorderColor(float* pBorderColor,
                                               const textureReference* texRef) {
  return hipcore::api::call(
      "hipTexRefGetBorderColor", hipTexRefGetBorderColor,
      [&] {
        if (pBorderColor == nullptr || texRef == nullptr)
          return nullArgument("hipTexRefGetBorderColor");
        float color[4];
        hipcore::api::textureReferences().borderColor(texRef, color);
        std::memcpy(pBorderColor, color, sizeof(color));
        return hipSuccess;
      },
      "pBorderColor, texRef", pBorderColor, texRef);
}

HIPCORE_API hipError_t hipTexRefSetMipmapFilterMode(textureReference* texRef,
                                                    enum hipTextureFilterMode fm) {
  return hipcore::api::call(
      "hipTexRefSetMipmapFilterMode", hipTexRefSetMipmapFilterMode,
      [&] {
        constexpr const char* call = "hipTexRefSetMipmapFilterMode";
        if (texRef == nullptr) return nullArgument(call);
        if (!validFilterMode(fm))
          return finish(call, fail(hipErrorInvalidValue, "filter mode %d", static_cast<int>(fm)));
        texRef->mipmapFilterMode = fm;
        return hipSuccess;
      },
      "texRef, fm", texRef, fm);
}

HIPCORE_API hipError_t hipTexRefGetMipmapFilterMode(enum hipTextureFilterMode* pfm,
                                                    const textureReference* texRef) {
  return hipcore::api::call(
      "hipTexRefGetMipmapFilterMode", hipTexRefGetMipmapFilterMode,
      [&] {
        if (pfm == nullptr || texRef == nullptr)
          return nullArgument("hipTexRefGetMipmapFilterMode");
        *pfm = texRef->mipmapFilterMode;
        return hipSuccess;
      },
      "pfm, texRef", pfm, texRef);
}

HIPCORE_API hipError_t hipTexRefSetMipmapLevelBias(textureReference* texRef, float bias) {
  return hipcore::api::call(
      "hipTexRefSetMipmapLevelBias", hipTexRefSetMipmapLevelBias,
      [&] {
        if (texRef == nullptr) return nullArgument("hipTexRefSetMipmapLevelBias");
        texRef->mipmapLevelBias = bias;
        return hipSuccess;
      },
      "texRef, bias", texRef, bias);
}

HIPCORE_API hipError_t hipTexRefGetMipmapLevelBias(float* pbias, const textureReference* texRef) {
  return hipcore::api::call(
      "hipTexRefGetMipmapLevelBias", hipTexRefGetMipmapLevelBias,
      [&] {
        if (pbias == nullptr || texRef == nullptr)
          return nullArgument("hipTexRefGetMipmapLevelBias");
        *pbias = texRef->mipmapLevelBias;
        return hipSuccess;
      },
      "pbias, texRef", pbias, texRef);
}

HIPCORE_API hipError_t hipTexRefSetMipmapLevelClamp(textureReference* texRef,
                                                    float minMipMapLevelClamp,
                                                    float maxMipMapLevelClamp) {
  return hipcore::api::call(
      "hipTexRefSetMipmapLevelClamp", hipTexRefSetMipmapLevelClamp,
      [&] {
        constexpr const char* call = "hipTexRefSetMipmapLevelClamp";
        if (texRef == nullptr) return nullArgument(call);
        if (!(minMipMapLevelClamp <= maxMipMapLevelClamp) || minMipMapLevelClamp < 0)
          return finish(call, fail(hipErrorInvalidValue, "level clamp [%g, %g]",
                                   minMipMapLevelClamp, maxMipMapLevelClamp));
        texRef->minMipmapLevelClamp = minMipMapLevelClamp;
        texRef->maxMipmapLevelClamp = maxMipMapLevelClamp;
        return hipSuccess;
      },
      "texRef, minMipMapLevelClamp, maxMipMapLevelClamp", texRef, minMipMapLevelClamp,
      maxMipMapLevelClamp);
}

HIPCORE_API hipError_t hipTexRefGetMipmapLevelClamp(float* pminMipmapLevelClamp,
                                                    float* pmaxMipmapLevelClamp,
                                                    const textureReference* texRef) {
  return hipcore::api::call(
      "hipTexRefGetMipmapLevelClamp", hipTexRefGetMipmapLevelClamp,
      [&] {
        if (pminMipmapLevelClamp == nullptr || pmaxMipmapLevelClamp == nullptr || texRef == nullptr)
          return nullArgument("hipTexRefGetMipmapLevelClamp");
        *pminMipmapLevelClamp = texRef->minMipmapLevelClamp;
        *pmaxMipmapLevelClamp = texRef->maxMipmapLevelClamp;
        return hipSuccess;
      },
      "pminMipmapLevelClamp, pmaxMipmapLevelClamp, texRef", pminMipmapLevelClamp,
      pmaxMipmapLevelClamp, texRef);
}
