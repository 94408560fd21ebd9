// Calls through function pointers (targets known only at run time): vgpu decodes a target the
// first time a wave jumps there and keeps it for later jumps.
#include <random>
#include <vector>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

int reference(int which, int a, int b) {
  switch (which & 3) {
    case 0:
      return a + b;
    case 1:
      return a * b + 1;
    case 2: {
      int s = 0;
      for (int i = 0; i < (b & 7); ++i) s += a ^ i;
      return s;
    }
    default:
      return (((a ^ b) & 1) ? b * a + 1 : b + a) - 3;
  }
}

class IndirectCalls : public IsaTest {};

// Lane groups of 4 pick a function, plus scattered single lanes with another choice: every
// wave's waterfall loop runs several distinct targets, some of them nested indirect calls.
TEST_P(IndirectCalls, DivergentFunctionPointersPerLaneGroup) {
  const int n = 1000;
  std::vector<int> a(n), b(n), which(n), out(n, 0);
  std::mt19937 rng(11);
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<int>(rng() % 2001) - 1000;
    b[i] = static_cast<int>(rng() % 101) - 50;
    which[i] = (i / 4) % 4;
    if (rng() % 7 == 0) which[i] = static_cast<int>(rng() % 4);
  }
  vgpu::isa::Launch l = launch1d((n + 127) / 128, 128);
  l.arg(buffer(a, "a"))
      .arg(buffer(b, "b"))
      .arg(buffer(which, "which"))
      .arg(buffer(out, "out"))
      .arg(n);
  run("indirect_calls", "indirect_calls", l);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(out[i], reference(which[i], a[i], b[i])) << "work-item " << i << " op " << which[i];
}

INSTANTIATE_TEST_SUITE_P(AllTargets, IndirectCalls, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
