// hip_complex.h in kernels (device library test): every function and operator of both
// precisions, one row per input triple (complex_ops.h).
#include <hip/hip_complex.h>
#include <hip/hip_runtime.h>

#include "complex_ops.h"

#define CX_KERNEL(name, C, R, Other)                                                     \
  extern "C" __global__ void name(const C* p, const C* q, const C* r, C* rows, R* reals, \
                                  int* flags, Other* other, int count) {                 \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                                       \
    if (i >= count) return;                                                              \
    cx::computeRow(p[i], q[i], r[i], rows + i * cx::kRows, reals + i * cx::kReals,       \
                   flags + i * cx::kFlags, other + i);                                   \
  }
CX_KERNEL(complex_float_ops, hipFloatComplex, float, hipDoubleComplex)
CX_KERNEL(complex_double_ops, hipDoubleComplex, double, hipFloatComplex)
