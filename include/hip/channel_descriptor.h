// Channel format descriptors: hipCreateChannelDesc(x, y, z, w, kind) gives each channel's bit
// width, and hipCreateChannelDesc<T>() derives them from an element type (a scalar or a vector
// type of 1 to 4 components).
#pragma once

#include <hip/driver_types.h>
#include <hip/hip_runtime_api.h>

HIPCORE_API hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w,
                                                      enum hipChannelFormatKind f);

#if defined(__cplusplus)
#include <hip/hip_vector_types.h>

// Half-precision channels: 16-bit floats, one or two of them.
static inline hipChannelFormatDesc hipCreateChannelDescHalf() {
  return hipCreateChannelDesc(16, 0, 0, 0, hipChannelFormatKindFloat);
}
static inline hipChannelFormatDesc hipCreateChannelDescHalf1() {
  return hipCreateChannelDesc(16, 0, 0, 0, hipChannelFormatKindFloat);
}
static inline hipChannelFormatDesc hipCreateChannelDescHalf2() {
  return hipCreateChannelDesc(16, 16, 0, 0, hipChannelFormatKindFloat);
}
static inline hipChannelFormatDesc hipCreateChannelDescHalf4() {
  return hipCreateChannelDesc(16, 16, 16, 16, hipChannelFormatKindFloat);
}

// A type that is not a channel format has no channels.
template <class T>
static inline hipChannelFormatDesc hipCreateChannelDesc() {
  return hipCreateChannelDesc(0, 0, 0, 0, hipChannelFormatKindNone);
}

// One specialization per element type with `components` channels of sizeof(scalar) bytes.
#define __HIPCORE_CHANNEL_DESC(type, scalar, components, kind)                                  \
  template <>                                                                                   \
  inline hipChannelFormatDesc hipCreateChannelDesc<type>() {                                    \
    constexpr int bits = int(sizeof(scalar) * 8);                                               \
    return hipCreateChannelDesc(bits, (components) > 1 ? bits : 0, (components) > 2 ? bits : 0, \
                                (components) > 3 ? bits : 0, kind);                             \
  }
#define __HIPCORE_CHANNEL_DESC_VECTORS(base, scalar, kind) \
  __HIPCORE_CHANNEL_DESC(base##1, scalar, 1, kind)         \
  __HIPCORE_CHANNEL_DESC(base##2, scalar, 2, kind)         \
  __HIPCORE_CHANNEL_DESC(base##4, scalar, 4, kind)

// Plain char's signedness is the platform's (signed on x86-64 and AMDGPU).
__HIPCORE_CHANNEL_DESC(char, char, 1,
                       char(-1) < 0 ? hipChannelFormatKindSigned : hipChannelFormatKindUnsigned)
__HIPCORE_CHANNEL_DESC(signed char, signed char, 1, hipChannelFormatKindSigned)
__HIPCORE_CHANNEL_DESC(unsigned char, unsigned char, 1, hipChannelFormatKindUnsigned)
__HIPCORE_CHANNEL_DESC(short, short, 1, hipChannelFormatKindSigned)
__HIPCORE_CHANNEL_DESC(unsigned short, unsigned short, 1, hipChannelFormatKindUnsigned)
__HIPCORE_CHANNEL_DESC(int, int, 1, hipChannelFormatKindSigned)
__HIPCORE_CHANNEL_DESC(unsigned int, unsigned int, 1, hipChannelFormatKindUnsigned)
__HIPCORE_CHANNEL_DESC(float, float, 1, hipChannelFormatKindFloat)
__HIPCORE_CHANNEL_DESC_VECTORS(char, signed char, hipChannelFormatKindSigned)
__HIPCORE_CHANNEL_DESC_VECTORS(uchar, unsigned char, hipChannelFormatKindUnsigned)
__HIPCORE_CHANNEL_DESC_VECTORS(short, short, hipChannelFormatKindSigned)
__HIPCORE_CHANNEL_DESC_VECTORS(ushort, unsigned short, hipChannelFormatKindUnsigned)
__HIPCORE_CHANNEL_DESC_VECTORS(int, int, hipChannelFormatKindSigned)
__HIPCORE_CHANNEL_DESC_VECTORS(uint, unsigned int, hipChannelFormatKindUnsigned)
__HIPCORE_CHANNEL_DESC_VECTORS(float, float, hipChannelFormatKindFloat)
#undef __HIPCORE_CHANNEL_DESC_VECTORS
#undef __HIPCORE_CHANNEL_DESC
#endif

// The texture<> type of the texture-reference API, which takes its channel format from here.
#include <hip/api/texture_references.h>
