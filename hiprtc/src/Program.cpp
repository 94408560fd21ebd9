// Compiling a program: options, target, compiler choice, cache key, cache lookup or compile,
// cache store, lowered names.
#include "Program.h"

#include "ClangCompiler.h"
#include "ComgrCompiler.h"
#include "CompileCache.h"
#include "EmbeddedHeaders.h"
#include "LoweredNames.h"
#include "Sha256.h"
#include "Toolchain.h"

namespace hiprtc {
namespace {

// Everything the output depends on: inputs, options, target, compiler and device libraries.
std::string cacheKey(const CompileJob& job, CompilerKind kind, const Toolchain& tc) {
  Sha256 hash;
  hash.field("hipcore-rtc-1").field(job.source.name).field(job.source.text);
  for (const NamedText& h : job.headers) hash.field(h.name).field(h.text);
  hash.field(job.options.canonical()).field(job.target);
  hash.field(kind == CompilerKind::Comgr ? Toolchain::comgrIdentity() + ";prefix=" + tc.prefix
                                         : tc.clangIdentity());
  hash.field(embeddedHeadersIdentity()).field(Toolchain::selfIdentity());
  return hash.hexDigest();
}

}  // namespace

CompileStatus Program::fail(CompileStatus status, const std::string& message) {
  log_ += message;
  if (!message.empty() && message.back() != '\n') log_ += '\n';
  return status;
}

CompileStatus Program::compile(
    std::span<const char* const> options,
    const std::function<hipcore::loader::Result<std::string>()>& defaultTarget) {
  log_.clear();
  code_.clear();
  loweredNames_.clear();
  compiled_ = false;
  stats_ = {};
  auto parsed = parseCompileOptions(options);
  if (!parsed) return fail(CompileStatus::InvalidOption, "hiprtc: " + parsed.message());
  CompileJob job{{name_, source_ + nameExpressionStubs(nameExpressions_)}, headers_, *parsed, {}};
  if (job.options.target.empty()) {
    auto target = defaultTarget();
    if (!target) return fail(CompileStatus::InvalidOption, "hiprtc: " + target.message());
    job.target = *target;
  } else {
    job.target = job.options.target;
  }
  // Once per compile: see Settings.h.
  const Settings settings = Settings::fromEnvironment();
  Toolchain tc = Toolchain::locate(settings);
  CompilerKind kind = tc.compilerFor(job.target);
  // comgr 2.4 aborts the process (report_fatal_error) on device libraries for an ISA it lacks.
  if (kind == CompilerKind::Comgr && !comgrKnowsProcessor(job.target))
    return fail(
        CompileStatus::InvalidOption,
        "hiprtc: HIPCORE_RTC_COMPILER=comgr, but the installed comgr does not know " + job.target);
  stats_.compiler = kind == CompilerKind::Comgr ? "comgr" : "clang";
  stats_.target = job.target;
  stats_.cacheKey = cacheKey(job, kind, tc);

  std::optional<CompileCache> cache = CompileCache::open(settings);
  std::optional<CompileOutput> output = cache ? cache->lookup(stats_.cacheKey) : std::nullopt;
  stats_.cacheHit = output.has_value();
  if (!output) {
    auto compiled =
        kind == CompilerKind::Comgr ? compileWithComgr(job, tc) : compileWithClang(job, tc);
    if (!compiled) return fail(CompileStatus::InternalError, "hiprtc: " + compiled.message());
    output = std::move(*compiled);
    if (!output->succeeded) return fail(CompileStatus::CompilationFailed, output->log);
    if (cache) cache->store(stats_.cacheKey, *output);
  }
  log_ = std::move(output->log);
  code_ = std::move(output->code);
  if (!nameExpressions_.empty() && !job.options.relocatable) {
    auto names = readLoweredNames(code_, nameExpressions_.size());
    if (!names) return fail(CompileStatus::InternalError, "hiprtc: " + names.message());
    loweredNames_ = std::move(*names);
  }
  compiled_ = true;
  return CompileStatus::Success;
}

const char* Program::loweredName(std::string_view expression) const {
  for (std::size_t i = 0; i < nameExpressions_.size() && i < loweredNames_.size(); ++i)
    if (nameExpressions_[i] == expression) return loweredNames_[i].c_str();
  return nullptr;
}

}  // namespace hiprtc
