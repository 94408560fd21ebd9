// The hip_complex.h expressions under test, shared by the kernels (complex.hip) and the host test
// that runs them on g++'s side of the header: one row of results per input triple (p, q, r).
#pragma once

#include <hip/hip_complex.h>

#if defined(__HIP__)
#define CX_HOST_DEVICE __host__ __device__
#else
#define CX_HOST_DEVICE
#endif

namespace cx {

// Complex results per element, by index.
enum Row {
  kAdd,
  kSub,
  kMul,
  kDiv,
  kConj,
  kMake,
  kFma,
  kOpAdd,
  kOpSub,
  kOpMul,
  kOpDiv,
  kOpNeg,
  kScaleDouble,
  kScaleInt,
  kRows
};
// Real results per element.
enum Real { kAbs, kSqabs, kReal, kImag, kReals };
enum Flag { kEq, kNe, kEqSelf, kFlags };

// Float: the hipC*f functions; `other` receives hipComplexFloatToDouble(p).
CX_HOST_DEVICE inline void computeRow(hipFloatComplex p, hipFloatComplex q, hipFloatComplex r,
                                      hipFloatComplex* out, float* reals, int* flags,
                                      hipDoubleComplex* other) {
  out[kAdd] = hipCaddf(p, q);
  out[kSub] = hipCsubf(p, q);
  out[kMul] = hipCmulf(p, q);
  out[kDiv] = hipCdivf(p, q);
  out[kConj] = hipConjf(p);
  out[kMake] = make_hipComplex(hipCrealf(p), hipCimagf(q));
  out[kFma] = hipCfmaf(p, q, r);
  out[kOpAdd] = p + q;
  out[kOpSub] = p - q;
  out[kOpMul] = p * q;
  out[kOpDiv] = p / q;
  out[kOpNeg] = -p;
  out[kScaleDouble] = p * 0.1;
  out[kScaleInt] = p * 3;
  reals[kAbs] = hipCabsf(p);
  reals[kSqabs] = hipCsqabsf(p);
  reals[kReal] = hipCrealf(make_hipFloatComplex(p.y, p.x));
  reals[kImag] = hipCimagf(make_hipFloatComplex(p.y, p.x));
  flags[kEq] = p == q;
  flags[kNe] = p != q;
  flags[kEqSelf] = p == p;
  *other = hipComplexFloatToDouble(p);
}

// Double: the hipC* functions; `other` receives hipComplexDoubleToFloat(p).
CX_HOST_DEVICE inline void computeRow(hipDoubleComplex p, hipDoubleComplex q, hipDoubleComplex r,
                                      hipDoubleComplex* out, double* reals, int* flags,
                                      hipFloatComplex* other) {
  out[kAdd] = hipCadd(p, q);
  out[kSub] = hipCsub(p, q);
  out[kMul] = hipCmul(p, q);
  out[kDiv] = hipCdiv(p, q);
  out[kConj] = hipConj(p);
  out[kMake] = make_hipDoubleComplex(hipCreal(p), hipCimag(q));
  out[kFma] = hipCfma(p, q, r);
  out[kOpAdd] = p + q;
  out[kOpSub] = p - q;
  out[kOpMul] = p * q;
  out[kOpDiv] = p / q;
  out[kOpNeg] = -p;
  out[kScaleDouble] = p * 0.1;
  out[kScaleInt] = p * 3;
  reals[kAbs] = hipCabs(p);
  reals[kSqabs] = hipCsqabs(p);
  reals[kReal] = hipCreal(make_hipDoubleComplex(p.y, p.x));
  reals[kImag] = hipCimag(make_hipDoubleComplex(p.y, p.x));
  flags[kEq] = p == q;
  flags[kNe] = p != q;
  flags[kEqSelf] = p == p;
  *other = hipComplexDoubleToFloat(p);
}

}  // namespace cx
