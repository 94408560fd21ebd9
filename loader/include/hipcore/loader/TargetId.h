// AMDGPU target ids ("gfx90a:sramecc+:xnack-") and choosing the code object for an agent.
//
// A code object built for a processor with a feature unspecified ("any") runs with the feature
// on or off; one built with it on/off runs only where it matches. Generic targets
// (gfx10-3-generic, gfx11-generic, ...) run on every processor of their family.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hipcore/loader/Result.h"

namespace hipcore::loader {

enum class FeatureSetting { Any, On, Off };

struct TargetId {
  std::string processor;  // "gfx1030", "gfx11-generic"
  FeatureSetting xnack = FeatureSetting::Any;
  FeatureSetting sramecc = FeatureSetting::Any;

  // Accepts "gfx1030", "gfx90a:xnack+:sramecc-", and full ISA names as ROCR reports them
  // ("amdgcn-amd-amdhsa--gfx1030:xnack-").
  static Result<TargetId> parse(std::string_view text);
  std::string str() const;
  bool operator==(const TargetId&) const = default;
};

// The parts of a bundle entry id: "<kind>-<arch>-<vendor>-<os>-<env>[-<target id>]".
struct BundleEntryId {
  std::string kind;    // "host", "hip", "hipv4", "openmp"
  std::string triple;  // "amdgcn-amd-amdhsa-"
  std::optional<TargetId> target;

  static Result<BundleEntryId> parse(std::string_view id);
  bool isHipDevice() const;  // kind hip/hipv4 and an amdgcn triple with a target
};

// The generic target covering `processor`, if any ("gfx1031" -> "gfx10-3-generic").
std::optional<std::string_view> genericTargetOf(std::string_view processor);

// How well a code object's target fits an agent; higher is better, nothing means unusable.
// Exact match > feature-compatible (fewer "any" ranks higher) > generic target.
std::optional<int> compatibilityScore(const TargetId& codeObject, const TargetId& agent);

// Index of the best code object for `agent` among `candidates`, or nothing.
std::optional<size_t> chooseCodeObject(const std::vector<TargetId>& candidates,
                                       const TargetId& agent);

}  // namespace hipcore::loader
