// DPP16 lane controls and v_permlane16/x16 (RDNA2 ISA sections 6.2.3 and 6.3, unchanged in
// RDNA3) against a host reference written from each control's definition on rows of 16 lanes.
#include <functional>
#include <optional>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

class DppControls : public IsaTest {};

constexpr unsigned kSelLo = 0x02468aceu, kSelHi = 0x13579bdfu;

// The source lane of lane i (in its row of 16), or nullopt when it lies outside the row.
using Source = std::function<std::optional<unsigned>(unsigned)>;
unsigned rowBase(unsigned i) {
  return i & ~15u;
}
unsigned permSelect(unsigned i) {
  const unsigned r = i & 15;
  return ((r < 8 ? kSelLo : kSelHi) >> (4 * (r & 7))) & 15;
}

struct Slot {
  Source source;
  unsigned rowMask = 0xf, bankMask = 0xf;
  bool boundCtrl = false;
};

std::vector<Slot> slots() {
  return {
      {[](unsigned i) { return rowBase(i) + 3; }},
      {[](unsigned i) { return rowBase(i) + ((i & 15) ^ 5); }},
      {[](unsigned i) -> std::optional<unsigned> {
        if ((i & 15) + 4 > 15) return std::nullopt;
        return i + 4;
      }},
      {[](unsigned i) -> std::optional<unsigned> {
         if ((i & 15) + 4 > 15) return std::nullopt;
         return i + 4;
       },
       0xf, 0xf, true},
      {[](unsigned i) -> std::optional<unsigned> {
         if ((i & 15) < 3) return std::nullopt;
         return i - 3;
       },
       0xa},
      {[](unsigned i) { return rowBase(i) + (((i & 15) + 16 - 11) & 15); }, 0xf, 0x5},
      {[](unsigned i) { return rowBase(i) + 15 - (i & 15); }},
      {[](unsigned i) { return (i & ~7u) + 7 - (i & 7); }},
      {[](unsigned i) { return (i & ~3u) + 3 - (i & 3); }},
      {[](unsigned i) { return rowBase(i) + 15; }},
      {[](unsigned i) { return rowBase(i) + permSelect(i); }},
      {[](unsigned i) { return (rowBase(i) ^ 16u) + permSelect(i); }},  // the other row of 32
  };
}

TEST_P(DppControls, EveryControlMatchesItsRowDefinition) {
  const int blocks = 2, threads = 128, n = blocks * threads;
  std::vector<int> in(n), out(12 * n, 0x5a5a5a5a);
  for (int i = 0; i < n; ++i) in[i] = i * 13 + 7;
  vgpu::isa::Launch l = launch1d(blocks, threads);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(n).arg(kSelLo).arg(kSelHi);
  run("dpp_controls", "dpp_controls", l);
  const std::vector<Slot> s = slots();
  for (unsigned k = 0; k < s.size(); ++k)
    for (unsigned i = 0; i < static_cast<unsigned>(n); ++i) {
      const unsigned lane = i % waveSize(), row = lane / 16, bank = (lane & 15) / 4;
      const int old = -1 - static_cast<int>(i);
      int want = old;  // disabled rows and banks keep the old value
      if ((s[k].rowMask >> row & 1) && (s[k].bankMask >> bank & 1)) {
        std::optional<unsigned> src = s[k].source(i);
        want = src ? in[*src] : s[k].boundCtrl ? 0 : old;
      }
      ASSERT_EQ(out[k * n + i], want) << "slot " << k << " item " << i;
    }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, DppControls, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
