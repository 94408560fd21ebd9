// __shfl, __shfl_up, __shfl_down and __shfl_xor for every width 1..warpSize, several deltas and
// value types, against CUDA's documented lane rules computed on the host.
#include <vector>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

// The lane each kind of shuffle reads, per the CUDA programming guide's warp shuffle rules:
// a wave is cut into segments of `width` lanes; up/down that would leave the segment, and xor
// that would reach a later segment, return the caller's own value.
struct Expected {
  unsigned wave;
  unsigned width;
  int delta;
  unsigned segmentStart(unsigned lane) const { return lane & ~(width - 1); }
  unsigned indexed(unsigned lane) const {
    return segmentStart(lane) + (unsigned(delta) & (width - 1));
  }
  unsigned up(unsigned lane) const {
    return (lane & (width - 1)) < unsigned(delta) ? lane : lane - delta;
  }
  unsigned down(unsigned lane) const {
    return (lane & (width - 1)) + unsigned(delta) >= width ? lane : lane + delta;
  }
  unsigned xored(unsigned lane) const {
    unsigned source = lane ^ unsigned(delta);
    return source >= segmentStart(lane) + width ? lane : source;
  }
  unsigned source(unsigned lane, int kind) const {
    switch (kind) {
      case 0:
        return indexed(lane);
      case 1:
        return up(lane);
      case 2:
        return down(lane);
      default:
        return xored(lane);
    }
  }
};

class Shuffles : public IsaTest {
 protected:
  std::vector<int> deltasFor(unsigned width) const {
    std::vector<int> deltas = {0, 1, 3, 5};
    deltas.push_back(int(width) - 1);
    deltas.push_back(int(width) + 1);
    return deltas;
  }
};

TEST_P(Shuffles, IntEveryWidthAndDelta) {
  const unsigned wave = waveSize();
  for (unsigned width = 1; width <= wave; width *= 2) {
    for (int delta : deltasFor(width)) {
      std::vector<int> out(wave * 4, -1);
      vgpu::isa::Launch l = launch1d(1, wave);
      l.arg(buffer(out, "out")).arg(int(width)).arg(delta);
      run("shuffles", "_Z11shuffle_intPiii", l);
      Expected e{wave, width, delta};
      for (unsigned lane = 0; lane < wave; ++lane)
        for (int kind = 0; kind < 4; ++kind)
          ASSERT_EQ(out[lane * 4 + kind], int(e.source(lane, kind) * 7 + 3))
              << "width " << width << " delta " << delta << " lane " << lane << " kind " << kind;
    }
  }
}

TEST_P(Shuffles, SixtyFourBitAndDouble) {
  const unsigned wave = waveSize();
  for (unsigned width : {2u, 8u, wave}) {
    for (int delta : {1, 2, 7}) {
      std::vector<long long> ll(wave * 4, -1);
      std::vector<double> d(wave * 4, -1.0);
      vgpu::isa::Launch l = launch1d(1, wave);
      l.arg(buffer(ll, "ll")).arg(buffer(d, "d")).arg(int(width)).arg(delta);
      run("shuffles", "_Z12shuffle_widePxPdii", l);
      Expected e{wave, width, delta};
      for (unsigned lane = 0; lane < wave; ++lane) {
        for (int kind = 0; kind < 4; ++kind) {
          unsigned s = e.source(lane, kind);
          ASSERT_EQ(ll[lane * 4 + kind], (static_cast<long long>(s + 1) << 40) | (s * 3))
              << "width " << width << " delta " << delta << " lane " << lane << " kind " << kind;
          ASSERT_EQ(d[lane * 4 + kind], s * 0.25 + 1e10) << "lane " << lane << " kind " << kind;
        }
      }
    }
  }
}

TEST_P(Shuffles, DivergentEvenLanesExchange) {
  const unsigned wave = waveSize();
  std::vector<int> out(wave, 0);
  vgpu::isa::Launch l = launch1d(1, wave);
  l.arg(buffer(out, "out"));
  run("shuffles", "_Z17shuffle_divergentPi", l);
  for (unsigned lane = 0; lane < wave; ++lane)
    EXPECT_EQ(out[lane], lane % 2 ? -1 : int((lane ^ 2u) * 10)) << lane;
}

TEST_P(Shuffles, ButterflyWarpSum) {
  const unsigned wave = waveSize();
  const unsigned blocks = 5;
  std::vector<float> in(blocks * wave), out(blocks, 0.0f);
  std::vector<float> expect(blocks, 0.0f);
  for (unsigned i = 0; i < in.size(); ++i) {
    in[i] = float(int(i % 13) - 6);  // small integers: every order of summation is exact
    expect[i / wave] += in[i];
  }
  vgpu::isa::Launch l = launch1d(blocks, wave);
  l.arg(buffer(in, "in")).arg(buffer(out, "out"));
  run("shuffles", "_Z8warp_sumPKfPf", l);
  for (unsigned b = 0; b < blocks; ++b) EXPECT_EQ(out[b], expect[b]) << b;
}

INSTANTIATE_TEST_SUITE_P(Variants, Shuffles, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
