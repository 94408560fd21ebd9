// libFuzzer target: the plain offload-bundle reader, its pointer-only extent() and the entry ids.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "hipcore/loader/OffloadBundle.h"
#include "hipcore/loader/TargetId.h"

using namespace hipcore::loader;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Bytes input(data, size);
  auto bundle = OffloadBundle::parse(input);
  if (!bundle) return 0;
  // Every entry must lie inside the input (or the decompressed copy the bundle owns).
  std::vector<TargetId> targets;
  for (const BundleEntry& entry : bundle->entries()) {
    if (!bundle->wasCompressed() &&
        (entry.image.data() < data || entry.image.data() + entry.image.size() > data + size))
      std::abort();
    auto id = BundleEntryId::parse(entry.id);
    if (id && id->isHipDevice()) targets.push_back(*id->target);
  }
  auto agent = TargetId::parse("gfx1030:xnack-");
  if (auto best = chooseCodeObject(targets, *agent); best && *best >= targets.size()) std::abort();
  // A plain bundle that parses from `size` bytes has headers extent() can read inside them,
  // and extent() may not claim more than parse() accepted.
  if (!bundle->wasCompressed()) {
    auto extent = OffloadBundle::extent(data);
    if (!extent || *extent > size) std::abort();
  }
  return 0;
}
