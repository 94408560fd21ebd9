// HIP vector types in kernels (device library test): every operator family per element type and
// rank (vector_ops.h), and vectors passed by value as kernel arguments.
#include <hip/hip_runtime.h>

#include "vector_ops.h"

// vector_ops_<type>(a, b, sh, rows, flags, count): row i of rows/flags from a[i], b[i], sh[i].
#define VT_KERNEL(type)                                                                      \
  extern "C" __global__ void vector_ops_##type(const type* a, const type* b, const type* sh, \
                                               type* rows, int* flags, int count) {          \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                                           \
    if (i >= count) return;                                                                  \
    vt::computeRow(a[i], b[i], sh[i], rows + i * vt::kRows, flags + i * vt::kFlags);         \
  }
#define VT_KERNELS(name) VT_KERNEL(name##1) VT_KERNEL(name##2) VT_KERNEL(name##3) VT_KERNEL(name##4)
VT_KERNELS(char)
VT_KERNELS(uchar)
VT_KERNELS(short)
VT_KERNELS(ushort)
VT_KERNELS(int)
VT_KERNELS(uint)
VT_KERNELS(long)
VT_KERNELS(ulong)
VT_KERNELS(longlong)
VT_KERNELS(ulonglong)
VT_KERNELS(float)
VT_KERNELS(double)

// Vectors by value: the kernel argument layout is the host's (the test packs it with g++'s
// sizes and alignments); each component is stored as a double.
__global__ void by_value(char3 c, float4 f, short3 s, double2 d, uchar1 u, long3 l, double* out) {
  double values[] = {double(c.x), double(c.y), double(c.z), f.x,         f.y, f.z,
                     f.w,         double(s.x), double(s.y), double(s.z), d.x, d.y,
                     double(u.x), double(l.x), double(l.y), double(l.z)};
  for (int k = 0; k < 16; ++k) out[k] = values[k];
}
