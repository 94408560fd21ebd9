// Linking -fgpu-rdc bitcode: option parsing, bundle unpacking, compiler choice.
#include "Linker.h"

#include "ClangCompiler.h"
#include "ComgrCompiler.h"
#include "Toolchain.h"
#include "hipcore/loader/OffloadBundle.h"
#include "hipcore/loader/TargetId.h"

namespace hiprtc {

using hipcore::loader::errorf;
using hipcore::loader::Ok;
using hipcore::loader::Result;

Result<Linker> Linker::create(const std::vector<std::string>& isaOptions) {
  Linker linker;
  for (const std::string& option : isaOptions) {
    std::string_view o = option;
    bool known = false;
    for (std::string_view flag : {"-mcpu=", "--offload-arch=", "--gpu-architecture="}) {
      if (!o.starts_with(flag)) continue;
      auto id = hipcore::loader::TargetId::parse(o.substr(flag.size()));
      if (!id) return errorf("link option '%s': %s", option.c_str(), id.message().c_str());
      linker.target_ = id->str();
      known = true;
    }
    if (o == "-O0" || o == "-O1" || o == "-O2" || o == "-O3") {
      linker.optimization_ = option;
      known = true;
    }
    if (o == "-mwavefrontsize64") linker.wave64_ = known = true;
    if (!known)
      return errorf(
          "unknown link option '%s' (accepted: -mcpu=gfxNNNN, -O0..-O3, -mwavefrontsize64)",
          option.c_str());
  }
  return linker;
}

namespace {

// The bitcode of a bundle's entry for `target` ("hip-amdgcn-amd-amdhsa--gfx1030").
Result<std::string> bundleEntryFor(const NamedText& input, const std::string& target) {
  auto bundle = hipcore::loader::OffloadBundle::parse(hipcore::loader::asBytes(input.text));
  if (!bundle) return errorf("link input %s: %s", input.name.c_str(), bundle.message().c_str());
  auto wanted = hipcore::loader::TargetId::parse(target);
  for (const auto& entry : bundle->entries()) {
    auto id = hipcore::loader::BundleEntryId::parse(entry.id);
    if (id && id->isHipDevice() && wanted && id->target->processor == wanted->processor)
      return std::string(hipcore::loader::asText(entry.image));
  }
  return errorf("link input %s has no entry for %s", input.name.c_str(), target.c_str());
}

}  // namespace

Result<void> Linker::complete(const std::function<Result<std::string>()>& defaultTarget) {
  if (inputs_.empty()) return errorf("nothing to link: no input was added");
  LinkJob job;
  if (target_.empty()) {
    auto target = defaultTarget();
    if (!target) return target.error();
    target_ = *target;
  }
  job.target = target_;
  job.optimization = optimization_;
  job.wave64 = wave64_;
  for (const Input& input : inputs_) {
    if (input.kind == LinkInputKind::Bitcode) {
      job.bitcode.push_back(input.data);
      continue;
    }
    auto bitcode = bundleEntryFor(input.data, target_);
    if (!bitcode) return bitcode.error();
    job.bitcode.push_back({input.data.name, std::move(*bitcode)});
  }
  Toolchain tc = Toolchain::locate(Settings::fromEnvironment());
  auto linked =
      tc.compilerFor(target_) == CompilerKind::Comgr ? linkWithComgr(job) : linkWithClang(job, tc);
  if (!linked) {
    log_ = linked.message();
    return linked.error();
  }
  log_ = linked->log;
  if (!linked->succeeded) return errorf("link for %s failed:\n%s", target_.c_str(), log_.c_str());
  code_ = std::move(linked->code);
  return Ok{};
}

}  // namespace hiprtc
