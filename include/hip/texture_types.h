// Texture types: texture objects, address and filter modes, read modes, the texture
// descriptor and the legacy texture reference.
#pragma once

#include <hip/driver_types.h>

struct __hip_texture;

typedef struct __hip_texture* hipTextureObject_t;

typedef enum hipTextureAddressMode {
  hipAddressModeWrap = 0,
  hipAddressModeClamp = 1,
  hipAddressModeMirror = 2,
  hipAddressModeBorder = 3,
} hipTextureAddressMode;

typedef enum hipTextureFilterMode {
  hipFilterModePoint = 0,
  hipFilterModeLinear = 1,
} hipTextureFilterMode;

typedef enum hipTextureReadMode {
  hipReadModeElementType = 0,
  hipReadModeNormalizedFloat = 1,
} hipTextureReadMode;

typedef struct textureReference {
  int normalized;
  enum hipTextureReadMode readMode;
  enum hipTextureFilterMode filterMode;
  enum hipTextureAddressMode addressMode[3];
  struct hipChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum hipTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  hipTextureObject_t textureObject;
  int numChannels;
  enum hipArray_Format format;
} textureReference;

typedef struct hipTextureDesc {
  enum hipTextureAddressMode addressMode[3];
  enum hipTextureFilterMode filterMode;
  enum hipTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum hipTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
} hipTextureDesc;

typedef textureReference* hipTexRef;

#define hipTextureType1D 0x01
#define hipTextureType2D 0x02
#define hipTextureType3D 0x03
#define hipTextureTypeCubemap 0x0C
#define hipTextureType1DLayered 0xF1
#define hipTextureType2DLayered 0xF2
#define hipTextureTypeCubemapLayered 0xFC
#define HIP_IMAGE_OBJECT_SIZE_DWORD 12
#define HIP_SAMPLER_OBJECT_SIZE_DWORD 8
#define HIP_SAMPLER_OBJECT_OFFSET_DWORD HIP_IMAGE_OBJECT_SIZE_DWORD
#define HIP_TEXTURE_OBJECT_SIZE_DWORD (HIP_IMAGE_OBJECT_SIZE_DWORD + HIP_SAMPLER_OBJECT_SIZE_DWORD)
