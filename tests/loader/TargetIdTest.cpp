// Tests of target-id parsing, bundle entry ids and the code-object chooser.
#include "hipcore/loader/TargetId.h"

#include <gtest/gtest.h>

namespace hipcore::loader {
namespace {

TargetId id(const char* text) {
  auto parsed = TargetId::parse(text);
  if (!parsed) throw std::runtime_error(parsed.message());
  return *parsed;
}

TEST(TargetId, ParsesProcessorsFeaturesAndIsaNames) {
  EXPECT_EQ(id("gfx1030").processor, "gfx1030");
  EXPECT_EQ(id("gfx1030").xnack, FeatureSetting::Any);
  TargetId mi = id("gfx90a:sramecc+:xnack-");
  EXPECT_EQ(mi.processor, "gfx90a");
  EXPECT_EQ(mi.sramecc, FeatureSetting::On);
  EXPECT_EQ(mi.xnack, FeatureSetting::Off);
  EXPECT_EQ(id("gfx90a:xnack-:sramecc+").str(), "gfx90a:sramecc+:xnack-");
  EXPECT_EQ(id("amdgcn-amd-amdhsa--gfx1100").processor, "gfx1100");
  EXPECT_EQ(id("amdgcn-amd-amdhsa--gfx908:xnack+").xnack, FeatureSetting::On);
  EXPECT_EQ(id("gfx11-generic").processor, "gfx11-generic");
}

TEST(TargetId, RejectsMalformedIds) {
  EXPECT_FALSE(TargetId::parse("sm_80"));
  EXPECT_FALSE(TargetId::parse("gfx1030:xnack"));
  EXPECT_FALSE(TargetId::parse("gfx1030:wavefrontsize64+"));
  auto bad = TargetId::parse("gfx90a:xnack*");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.message().find("gfx90a:xnack*"), std::string::npos);
}

TEST(TargetId, ParsesBundleEntryIdsOfBothDrivers) {
  auto old = BundleEntryId::parse("hipv4-amdgcn-amd-amdhsa--gfx1030");
  ASSERT_TRUE(old) << old.message();
  EXPECT_EQ(old->kind, "hipv4");
  EXPECT_EQ(old->triple, "amdgcn-amd-amdhsa-");
  EXPECT_TRUE(old->isHipDevice());
  EXPECT_EQ(old->target->processor, "gfx1030");
  auto newer = BundleEntryId::parse("hip-amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+");
  ASSERT_TRUE(newer) << newer.message();
  EXPECT_EQ(newer->kind, "hip");
  EXPECT_TRUE(newer->isHipDevice());
  EXPECT_EQ(newer->target->xnack, FeatureSetting::On);
  EXPECT_EQ(newer->target->sramecc, FeatureSetting::Off);
  auto host = BundleEntryId::parse("host-x86_64-unknown-linux--");
  ASSERT_TRUE(host) << host.message();
  EXPECT_FALSE(host->isHipDevice());
  EXPECT_FALSE(BundleEntryId::parse("hip-amdgcn"));
  EXPECT_FALSE(BundleEntryId::parse("hip-amdgcn-amd-amdhsa--gfx1030:bogus+"));
}

TEST(TargetId, ChooserPrefersExactThenCompatibleThenGeneric) {
  std::vector<TargetId> candidates{id("gfx10-3-generic"), id("gfx1030"), id("gfx1100")};
  EXPECT_EQ(chooseCodeObject(candidates, id("gfx1030")), 1u);
  EXPECT_EQ(chooseCodeObject(candidates, id("gfx1100")), 2u);
  EXPECT_EQ(chooseCodeObject(candidates, id("gfx1031")), 0u);  // only the generic one fits
  EXPECT_EQ(chooseCodeObject(candidates, id("gfx1101")), std::nullopt);
  EXPECT_EQ(chooseCodeObject(candidates, id("gfx906")), std::nullopt);
  std::vector<TargetId> generic11{id("gfx11-generic")};
  EXPECT_EQ(chooseCodeObject(generic11, id("gfx1101")), 0u);
}

TEST(TargetId, ChooserHonoursXnackAndSramecc) {
  TargetId agentOff = id("gfx90a:sramecc+:xnack-");
  std::vector<TargetId> candidates{id("gfx90a:xnack+"), id("gfx90a"), id("gfx90a:xnack-"),
                                   id("gfx90a:sramecc+:xnack-")};
  EXPECT_EQ(chooseCodeObject(candidates, agentOff), 3u);  // exact
  candidates.pop_back();
  EXPECT_EQ(chooseCodeObject(candidates, agentOff), 2u);  // more specific beats "any"
  candidates.pop_back();
  EXPECT_EQ(chooseCodeObject(candidates, agentOff), 1u);  // "any" runs with xnack off
  candidates.pop_back();
  EXPECT_EQ(chooseCodeObject(candidates, agentOff), std::nullopt);  // xnack+ never on xnack-
  EXPECT_EQ(compatibilityScore(id("gfx90a:xnack+"), id("gfx90a:xnack+")), 300);
  EXPECT_EQ(genericTargetOf("gfx1036"), "gfx10-3-generic");
  EXPECT_EQ(genericTargetOf("gfx1030"), "gfx10-3-generic");
  EXPECT_EQ(genericTargetOf("gfx803"), std::nullopt);
}

}  // namespace
}  // namespace hipcore::loader
