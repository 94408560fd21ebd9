// libFuzzer target: target-id and bundle-entry-id parsing and the code-object chooser. The
// input is lines: the agent's target id first, then candidate ids (plain or bundle entry ids).
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "hipcore/loader/TargetId.h"

using namespace hipcore::loader;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string_view> lines;
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  std::vector<TargetId> candidates;
  for (std::string_view line : lines) {
    if (auto id = TargetId::parse(line)) {
      // The canonical text names the same target.
      auto again = TargetId::parse(id->str());
      if (!again || !(*again == *id)) std::abort();
      candidates.push_back(*id);
    }
    if (auto entry = BundleEntryId::parse(line); entry && entry->isHipDevice())
      candidates.push_back(*entry->target);
    (void)genericTargetOf(line);
  }
  auto agent = TargetId::parse(lines.front());
  if (!agent) return 0;
  auto best = chooseCodeObject(candidates, *agent);
  if (!best) return 0;
  if (*best >= candidates.size()) std::abort();
  // Nothing else may score higher than the choice; an exact match always scores highest.
  int chosen = *compatibilityScore(candidates[*best], *agent);
  for (const TargetId& candidate : candidates) {
    auto score = compatibilityScore(candidate, *agent);
    if (score && *score > chosen) std::abort();
    if (candidate == *agent && chosen != *score) std::abort();
  }
  return 0;
}
