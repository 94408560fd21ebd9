// Target-id parsing and the code-object chooser.
#include "hipcore/loader/TargetId.h"

#include <array>

namespace hipcore::loader {
namespace {

struct GenericFamily {
  std::string_view generic;
  std::array<std::string_view, 8> members;
};

// The processors each generic target runs on (AMDGPUUsage, "Generic processor versions").
constexpr std::array<GenericFamily, 6> kGenericFamilies{{
    {"gfx9-generic", {"gfx900", "gfx902", "gfx904", "gfx906", "gfx909", "gfx90c"}},
    {"gfx9-4-generic", {"gfx940", "gfx941", "gfx942", "gfx950"}},
    {"gfx10-1-generic", {"gfx1010", "gfx1011", "gfx1012", "gfx1013"}},
    {"gfx10-3-generic",
     {"gfx1030", "gfx1031", "gfx1032", "gfx1033", "gfx1034", "gfx1035", "gfx1036"}},
    {"gfx11-generic",
     {"gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1152", "gfx1153"}},
    {"gfx12-generic", {"gfx1200", "gfx1201"}},
}};

const char* settingSuffix(FeatureSetting setting) {
  return setting == FeatureSetting::On ? "+" : "-";
}

// A feature of the code object is usable on the agent when unspecified or equal.
bool featureFits(FeatureSetting codeObject, FeatureSetting agent) {
  return codeObject == FeatureSetting::Any || codeObject == agent;
}

}  // namespace

Result<TargetId> TargetId::parse(std::string_view text) {
  // A full ISA name carries the triple first; the target id follows the last "--" or '-'
  // that precedes the processor ("amdgcn-amd-amdhsa--gfx1030").
  if (auto position = text.rfind("--"); position != std::string_view::npos)
    text = text.substr(position + 2);
  TargetId id;
  size_t colon = text.find(':');
  id.processor = std::string(text.substr(0, colon));
  if (id.processor.size() < 4 || id.processor.compare(0, 3, "gfx") != 0)
    return errorf("target id '%.*s': processor '%s' is not gfx...", int(text.size()), text.data(),
                  id.processor.c_str());
  while (colon != std::string_view::npos) {
    size_t next = text.find(':', colon + 1);
    std::string_view feature =
        text.substr(colon + 1, next == std::string_view::npos ? next : next - colon - 1);
    colon = next;
    if (feature.size() < 2 || (feature.back() != '+' && feature.back() != '-'))
      return errorf("target id '%.*s': feature '%.*s' lacks + or -", int(text.size()), text.data(),
                    int(feature.size()), feature.data());
    FeatureSetting setting = feature.back() == '+' ? FeatureSetting::On : FeatureSetting::Off;
    std::string_view name = feature.substr(0, feature.size() - 1);
    if (name == "xnack") {
      id.xnack = setting;
    } else if (name == "sramecc") {
      id.sramecc = setting;
    } else {
      return errorf("target id '%.*s': unknown feature '%.*s'", int(text.size()), text.data(),
                    int(name.size()), name.data());
    }
  }
  return id;
}

std::string TargetId::str() const {
  // Canonical order is alphabetical (sramecc before xnack), as clang prints it.
  std::string text = processor;
  if (sramecc != FeatureSetting::Any) text += std::string(":sramecc") + settingSuffix(sramecc);
  if (xnack != FeatureSetting::Any) text += std::string(":xnack") + settingSuffix(xnack);
  return text;
}

Result<BundleEntryId> BundleEntryId::parse(std::string_view id) {
  // kind, then a four-component triple, then an optional target id: split on the first five
  // dashes. The environment component is usually empty ("amdgcn-amd-amdhsa--gfx1030").
  std::array<std::string_view, 6> parts;
  size_t count = 0;
  size_t start = 0;
  while (count < 5) {
    size_t dash = id.find('-', start);
    if (dash == std::string_view::npos) break;
    parts[count++] = id.substr(start, dash - start);
    start = dash + 1;
  }
  parts[count++] = id.substr(start);
  if (count < 5)
    return errorf("bundle entry id '%.*s' is not <kind>-<arch>-<vendor>-<os>-<env>[-<target>]",
                  int(id.size()), id.data());
  BundleEntryId result;
  result.kind = std::string(parts[0]);
  result.triple = std::string(parts[1]) + "-" + std::string(parts[2]) + "-" +
                  std::string(parts[3]) + "-" + std::string(parts[4]);
  if (count == 6 && !parts[5].empty() && parts[1] == "amdgcn") {
    auto target = TargetId::parse(parts[5]);
    if (!target) return withContext("bundle entry id '" + std::string(id) + "'", target.error());
    result.target = std::move(target).value();
  }
  return result;
}

bool BundleEntryId::isHipDevice() const {
  return (kind == "hip" || kind == "hipv4") && triple.starts_with("amdgcn-amd-amdhsa") &&
         target.has_value();
}

std::optional<std::string_view> genericTargetOf(std::string_view processor) {
  for (const GenericFamily& family : kGenericFamilies)
    for (std::string_view member : family.members)
      if (!member.empty() && member == processor) return family.generic;
  return std::nullopt;
}

std::optional<int> compatibilityScore(const TargetId& codeObject, const TargetId& agent) {
  if (!featureFits(codeObject.xnack, agent.xnack) ||
      !featureFits(codeObject.sramecc, agent.sramecc))
    return std::nullopt;
  int specified =
      (codeObject.xnack != FeatureSetting::Any) + (codeObject.sramecc != FeatureSetting::Any);
  if (codeObject.processor == agent.processor) {
    if (codeObject == agent) return 300;
    return 200 + specified;
  }
  if (genericTargetOf(agent.processor) == std::string_view(codeObject.processor))
    return 100 + specified;
  return std::nullopt;
}

std::optional<size_t> chooseCodeObject(const std::vector<TargetId>& candidates,
                                       const TargetId& agent) {
  std::optional<size_t> best;
  int bestScore = -1;
  for (size_t i = 0; i < candidates.size(); ++i) {
    auto score = compatibilityScore(candidates[i], agent);
    if (score && *score > bestScore) {
      best = i;
      bestScore = *score;
    }
  }
  return best;
}

}  // namespace hipcore::loader
