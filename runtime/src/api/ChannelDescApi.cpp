// hipCreateChannelDesc: a channel format descriptor from its bit widths and kind (a value, no
// device involved; the texture and array calls take these descriptors).
#include <hip/channel_descriptor.h>

HIPCORE_API hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w,
                                                      enum hipChannelFormatKind f) {
  hipChannelFormatDesc desc;
  desc.x = x;
  desc.y = y;
  desc.z = z;
  desc.w = w;
  desc.f = f;
  return desc;
}
