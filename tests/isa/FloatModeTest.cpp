// MODE's f32 denormal handling as compiled kernels set it: without and with
// -fgpu-flush-denormals-to-zero, checked bit-exactly against host IEEE references that flush
// (or keep) denormal inputs and results the same way.
#include <cfloat>
#include <cmath>
#include <cstring>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

// A denormal becomes zero of its sign (what MODE.FP_DENORM = 0 does to inputs and results).
float flush(float x) {
  return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x;
}

struct Case {
  float a, b;
};
// Denormal inputs, results that are denormal only when exact, and normal divisions.
const Case kCases[] = {
    {1e-39f, 1.0f},          {1.0f, 1e-39f},         {-1e-39f, 3.0f},
    {1e-20f, 1e-20f},        {FLT_MIN * 1.5f, 0.5f}, {1e-40f, 1e-40f},
    {1e-30f, 1e10f},         {3.0f, 7.0f},           {1.0f, 3.0f},
    {1e30f, 3e-5f},          {5.0f, 1e-37f},         {FLT_MIN, FLT_MIN},
    {2.0f, -FLT_MIN * 0.5f}, {7e-45f, 0.25f},        {1e-38f, 1e-38f},
    {123.456f, 0.001f},
};

class FloatModes : public IsaTest {
 protected:
  void checkDenormOps(const std::string& stem, bool flushing);
};

// Runs denorm_ops from the stem's code object and compares with the host, flushing or not.
void FloatModes::checkDenormOps(const std::string& stem, bool flushing) {
  std::vector<float> a, b;
  for (const Case& c : kCases) {
    a.push_back(c.a);
    b.push_back(c.b);
  }
  int n = static_cast<int>(a.size());
  std::vector<float> out(5 * n, 0);
  vgpu::isa::Launch l = launch1d(1, 32);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(out, "out")).arg(n);
  vgpu::DispatchOutcome o = tryRun(stem, "denorm_ops", l);
  ASSERT_TRUE(o.ok()) << o.report;
  auto in = [&](float x) { return flushing ? flush(x) : x; };
  auto res = [&](float x) { return flushing ? flush(x) : x; };
  for (int i = 0; i < n; ++i) {
    volatile float x = in(a[i]), y = in(b[i]);
    const float want[5] = {res(x * y), res(x + y), res(std::fma(x, y, x)), res(x / y),
                           res(std::sqrt(x))};
    static const char* const names[5] = {"mul", "add", "fma", "div", "sqrt"};
    for (int k = 0; k < 5; ++k)
      EXPECT_TRUE(sameFloatBits(out[5 * i + k], want[k]))
          << names[k] << "(" << a[i] << ", " << b[i] << ")" << (flushing ? " flushing" : "");
  }
}

TEST_P(FloatModes, DenormalsKeptByDefault) {
  checkDenormOps("denorm", false);
}

// -fgpu-flush-denormals-to-zero: RSRC1 starts the waves flushing; division (LLVM turns
// denormals on around its scaled fma steps) must still be correctly rounded.
TEST_P(FloatModes, DenormalsFlushedWithFlushDenormalsToZero) {
  checkDenormOps("denorm_ftz", true);
}

INSTANTIATE_TEST_SUITE_P(AllTargets, FloatModes, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
