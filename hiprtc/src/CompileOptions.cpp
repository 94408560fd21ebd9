// Parsing of hiprtcCompileProgram options (the subset of clang's HIP options hiprtc documents).
#include "CompileOptions.h"

#include <string_view>

#include "hipcore/loader/TargetId.h"

namespace hiprtc {

using hipcore::loader::errorf;
using hipcore::loader::Result;

namespace {

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// "--gpu-architecture=gfx1030:xnack-" and friends: checks the target id's syntax.
Result<std::string> parseTarget(std::string_view option, std::string_view value) {
  auto id = hipcore::loader::TargetId::parse(value);
  if (!id)
    return errorf("option '%.*s': %s", int(option.size()), option.data(), id.message().c_str());
  return id->str();
}

// One option that takes a value either joined ("-DX") or as the next argument ("-D", "X").
struct Valued {
  std::string_view flag;
  std::vector<std::string> CompileOptions::* list;
  const char* prefixInList;
};
constexpr Valued kValued[] = {
    {"-D", &CompileOptions::defines, "-D"},
    {"--define-macro=", &CompileOptions::defines, "-D"},
    {"-I", &CompileOptions::includeDirs, ""},
    {"--include-path=", &CompileOptions::includeDirs, ""},
};

struct Switch {
  std::string_view flag;
  bool CompileOptions::* field;
  bool value;
};
constexpr Switch kSwitches[] = {
    {"-ffast-math", &CompileOptions::fastMath, true},
    {"-fno-fast-math", &CompileOptions::fastMath, false},
    {"-fgpu-rdc", &CompileOptions::relocatable, true},
    {"-fno-gpu-rdc", &CompileOptions::relocatable, false},
    {"-mcumode", &CompileOptions::cuMode, true},
    {"-mno-cumode", &CompileOptions::cuMode, false},
    {"-mwavefrontsize64", &CompileOptions::wave64, true},
    {"-mno-wavefrontsize64", &CompileOptions::wave64, false},
    {"-g", &CompileOptions::debugInfo, true},
};

const char* const kAccepted =
    "accepted: -O0..-O3, -D<macro>[=value], -I<dir>, --gpu-architecture=gfxNNNN[:features], "
    "--offload-arch=gfxNNNN[:features], -std=c++11/14/17/20, -ffast-math, -fgpu-rdc, -mcumode, "
    "-mwavefrontsize64, -g";

}  // namespace

Result<CompileOptions> parseCompileOptions(std::span<const char* const> options) {
  CompileOptions parsed;
  for (std::size_t i = 0; i < options.size(); ++i) {
    if (options[i] == nullptr) return errorf("option %zu is a null pointer", i);
    std::string_view option = options[i];
    if (option.empty()) continue;
    if (option == "-O0" || option == "-O1" || option == "-O2" || option == "-O3") {
      parsed.optimization = option;
      continue;
    }
    if (option == "-std=c++11" || option == "-std=c++14" || option == "-std=c++17" ||
        option == "-std=c++20") {
      parsed.languageStandard = option;
      continue;
    }
    bool handled = false;
    for (std::string_view archFlag : {"--gpu-architecture=", "--offload-arch=", "-arch="}) {
      if (!startsWith(option, archFlag)) continue;
      auto target = parseTarget(option, option.substr(archFlag.size()));
      if (!target) return target.error();
      parsed.target = *target;
      handled = true;
    }
    for (const Switch& s : kSwitches) {
      if (option != s.flag) continue;
      parsed.*s.field = s.value;
      handled = true;
    }
    for (const Valued& v : kValued) {
      if (handled || !startsWith(option, v.flag)) continue;
      std::string_view value = option.substr(v.flag.size());
      if (value.empty() && v.flag.back() != '=') {
        if (i + 1 >= options.size() || options[i + 1] == nullptr)
          return errorf("option '%s' needs a value", options[i]);
        value = options[++i];
      }
      if (value.empty()) return errorf("option '%s' needs a value", options[i]);
      (parsed.*v.list).push_back(std::string(v.prefixInList) + std::string(value));
      handled = true;
    }
    if (!handled) return errorf("unknown option '%s' (%s)", options[i], kAccepted);
  }
  return parsed;
}

std::vector<std::string> CompileOptions::languageFlags() const {
  std::vector<std::string> flags = {optimization, languageStandard};
  // As with NVRTC and AMD's hiprtc, a program uses the HIP built-ins (threadIdx, __syncthreads,
  // atomics ...) without including anything: hipcore's own hip_runtime.h, from the embedded
  // headers, comes first on both the clang and the comgr path.
  flags.insert(flags.end(), {"-include", "hip/hip_runtime.h"});
  for (const std::string& d : defines) flags.push_back(d);
  for (const std::string& dir : includeDirs) flags.push_back("-I" + dir);
  if (fastMath) flags.push_back("-ffast-math");
  if (cuMode) flags.push_back("-mcumode");
  if (wave64) flags.push_back("-mwavefrontsize64");
  if (debugInfo) flags.push_back("-g");
  return flags;
}

std::string CompileOptions::canonical() const {
  std::string text = "target=" + target + ";rdc=" + (relocatable ? "1" : "0");
  for (const std::string& flag : languageFlags()) text += ";" + flag;
  return text;
}

}  // namespace hiprtc
