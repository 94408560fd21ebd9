// amd_mixed_dot in all six forms, plain and saturating: 12 results per input triple.
#include <hip/hip_runtime.h>

__global__ void dot_ops(const unsigned* a, const unsigned* b, const unsigned* c, unsigned* out,
                        int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], z = c[i];
  short2 sx = make_short2(short(x), short(x >> 16)), sy = make_short2(short(y), short(y >> 16));
  ushort2 ux = make_ushort2((unsigned short)x, (unsigned short)(x >> 16));
  ushort2 uy = make_ushort2((unsigned short)y, (unsigned short)(y >> 16));
  char4 cx = make_char4(char(x), char(x >> 8), char(x >> 16), char(x >> 24));
  char4 cy = make_char4(char(y), char(y >> 8), char(y >> 16), char(y >> 24));
  uchar4 bx = make_uchar4(x, x >> 8, x >> 16, x >> 24),
         by = make_uchar4(y, y >> 8, y >> 16, y >> 24);
  unsigned* row = out + i * 12;
  for (int s = 0; s < 2; ++s) {
    bool sat = s == 1;
    row[6 * s + 0] = (unsigned)amd_mixed_dot(sx, sy, (int)z, sat);
    row[6 * s + 1] = amd_mixed_dot(ux, uy, z, sat);
    row[6 * s + 2] = (unsigned)amd_mixed_dot(cx, cy, (int)z, sat);
    row[6 * s + 3] = amd_mixed_dot(bx, by, z, sat);
    row[6 * s + 4] = (unsigned)amd_mixed_dot((int)x, (int)y, (int)z, sat);
    row[6 * s + 5] = amd_mixed_dot(x, y, z, sat);
  }
}
