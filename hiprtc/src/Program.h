// One hiprtc program: its source, headers and name expressions, and after a compile the log,
// the code and the lowered names.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <vector>

#include "CompileJob.h"
#include "hipcore/loader/Result.h"

namespace hiprtc {

enum class CompileStatus { Success, InvalidOption, CompilationFailed, InternalError };

// How a compile went, beyond its status (for tests and the bench).
struct CompileStats {
  bool cacheHit = false;
  std::string compiler;  // "comgr" or "clang"
  std::string target;
  std::string cacheKey;
};

class Program {
 public:
  Program(std::string source, std::string name, std::vector<NamedText> headers)
      : source_(std::move(source)), name_(std::move(name)), headers_(std::move(headers)) {}

  void addNameExpression(std::string expression) {
    nameExpressions_.push_back(std::move(expression));
  }
  bool compiled() const { return compiled_; }

  // Compiles for the options' target, or for `defaultTarget()` when they name none. Errors
  // (invalid options, compiler diagnostics, internal failures) end up in the log.
  CompileStatus compile(std::span<const char* const> options,
                        const std::function<hipcore::loader::Result<std::string>()>& defaultTarget);

  const std::string& log() const { return log_; }
  const std::string& code() const { return code_; }
  const CompileStats& stats() const { return stats_; }
  // The lowered name of an expression added before the compile, or nullptr.
  const char* loweredName(std::string_view expression) const;

 private:
  CompileStatus fail(CompileStatus status, const std::string& message);

  std::string source_;
  std::string name_;
  std::vector<NamedText> headers_;
  std::vector<std::string> nameExpressions_;
  std::vector<std::string> loweredNames_;
  bool compiled_ = false;
  std::string log_;
  std::string code_;
  CompileStats stats_;
};

}  // namespace hiprtc
