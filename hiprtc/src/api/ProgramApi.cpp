// The extern "C" hiprtc program functions: validate arguments, call Program, map the status.
#include <hip/hiprtc.h>
#include <hip/hiprtc_hipcore_ext.h>

#include <cstring>
#include <new>

#include "../Program.h"
#include "ApiState.h"

struct _hiprtcProgram {
  hiprtc::Program program;
};

namespace {

hiprtcResult toResult(hiprtc::CompileStatus status) {
  switch (status) {
    case hiprtc::CompileStatus::Success:
      return HIPRTC_SUCCESS;
    case hiprtc::CompileStatus::InvalidOption:
      return HIPRTC_ERROR_INVALID_OPTION;
    case hiprtc::CompileStatus::CompilationFailed:
      return HIPRTC_ERROR_COMPILATION;
    case hiprtc::CompileStatus::InternalError:
      return HIPRTC_ERROR_INTERNAL_ERROR;
  }
  return HIPRTC_ERROR_INTERNAL_ERROR;
}

}  // namespace

extern "C" {

__attribute__((visibility("default"))) const char* hiprtcGetErrorString(hiprtcResult result) {
  switch (result) {
    case HIPRTC_SUCCESS:
      return "HIPRTC_SUCCESS";
    case HIPRTC_ERROR_OUT_OF_MEMORY:
      return "HIPRTC_ERROR_OUT_OF_MEMORY";
    case HIPRTC_ERROR_PROGRAM_CREATION_FAILURE:
      return "HIPRTC_ERROR_PROGRAM_CREATION_FAILURE";
    case HIPRTC_ERROR_INVALID_INPUT:
      return "HIPRTC_ERROR_INVALID_INPUT";
    case HIPRTC_ERROR_INVALID_PROGRAM:
      return "HIPRTC_ERROR_INVALID_PROGRAM";
    case HIPRTC_ERROR_INVALID_OPTION:
      return "HIPRTC_ERROR_INVALID_OPTION";
    case HIPRTC_ERROR_COMPILATION:
      return "HIPRTC_ERROR_COMPILATION";
    case HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE:
      return "HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE";
    case HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION:
      return "HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION";
    case HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION:
      return "HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION";
    case HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID:
      return "HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID";
    case HIPRTC_ERROR_INTERNAL_ERROR:
      return "HIPRTC_ERROR_INTERNAL_ERROR";
    case HIPRTC_ERROR_LINKING:
      return "HIPRTC_ERROR_LINKING";
  }
  return "Invalid HIPRTC error code";
}

__attribute__((visibility("default"))) hiprtcResult hiprtcVersion(int* major, int* minor) {
  if (!major || !minor) return HIPRTC_ERROR_INVALID_INPUT;
  *major = HIPRTC_API_VERSION_MAJOR;
  *minor = HIPRTC_API_VERSION_MINOR;
  return HIPRTC_SUCCESS;
}

__attribute__((visibility("default"))) hiprtcResult
hiprtcCreateProgram(hiprtcProgram* prog, const char* src, const char* name, int numHeaders,
                    const char* const* headers, const char* const* includeNames) {
  if (!prog || !src || numHeaders < 0) return HIPRTC_ERROR_INVALID_INPUT;
  if (numHeaders > 0 && (!headers || !includeNames)) return HIPRTC_ERROR_INVALID_INPUT;
  std::vector<hiprtc::NamedText> list;
  for (int i = 0; i < numHeaders; ++i) {
    if (!headers[i] || !includeNames[i]) return HIPRTC_ERROR_INVALID_INPUT;
    list.push_back({includeNames[i], headers[i]});
  }
  auto* p = new (std::nothrow) _hiprtcProgram{
      hiprtc::Program(src, name && *name ? name : "default_program", std::move(list))};
  if (!p) return HIPRTC_ERROR_OUT_OF_MEMORY;
  *prog = p;
  return HIPRTC_SUCCESS;
}

__attribute__((visibility("default"))) hiprtcResult hiprtcDestroyProgram(hiprtcProgram* prog) {
  if (!prog || !*prog) return HIPRTC_ERROR_INVALID_PROGRAM;
  delete *prog;
  *prog = nullptr;
  return HIPRTC_SUCCESS;
}

__attribute__((visibility("default"))) hiprtcResult
hiprtcCompileProgram(hiprtcProgram prog, int numOptions, const char* const* options) {
  if (!prog) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (numOptions < 0 || (numOptions > 0 && !options)) return HIPRTC_ERROR_INVALID_INPUT;
  std::span<const char* const> list(options, options ? std::size_t(numOptions) : 0);
  return toResult(prog->program.compile(list, hiprtc::processDefaultTarget));
}

__attribute__((visibility("default"))) hiprtcResult
hiprtcAddNameExpression(hiprtcProgram prog, const char* name_expression) {
  if (!prog) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!name_expression || !*name_expression) return HIPRTC_ERROR_INVALID_INPUT;
  if (prog->program.compiled()) return HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION;
  prog->program.addNameExpression(name_expression);
  return HIPRTC_SUCCESS;
}

__attribute__((visibility("default"))) hiprtcResult
hiprtcGetLoweredName(hiprtcProgram prog, const char* name_expression, const char** lowered_name) {
  if (!prog) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!name_expression || !lowered_name) return HIPRTC_ERROR_INVALID_INPUT;
  if (!prog->program.compiled()) return HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION;
  const char* name = prog->program.loweredName(name_expression);
  if (!name) return HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID;
  *lowered_name = name;
  return HIPRTC_SUCCESS;
}

__attribute__((visibility("default"))) hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog,
                                                                            size_t* logSizeRet) {
  if (!prog) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!logSizeRet) return HIPRTC_ERROR_INVALID_INPUT;
  *logSizeRet = prog->program.log().size() + 1;  // with the terminating NUL
  return HIPRTC_SUCCESS;
}

__attribute__((visibility("default"))) hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog,
                                                                        char* log) {
  if (!prog) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!log) return HIPRTC_ERROR_INVALID_INPUT;
  const std::string& text = prog->program.log();
  std::memcpy(log, text.c_str(), text.size() + 1);
  return HIPRTC_SUCCESS;
}

__attribute__((visibility("default"))) hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog,
                                                                      size_t* codeSizeRet) {
  if (!prog) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!codeSizeRet) return HIPRTC_ERROR_INVALID_INPUT;
  *codeSizeRet = prog->program.code().size();
  return HIPRTC_SUCCESS;
}

__attribute__((visibility("default"))) hiprtcResult hiprtcGetCode(hiprtcProgram prog, char* code) {
  if (!prog) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!code) return HIPRTC_ERROR_INVALID_INPUT;
  if (!prog->program.compiled()) return HIPRTC_ERROR_INVALID_PROGRAM;
  std::memcpy(code, prog->program.code().data(), prog->program.code().size());
  return HIPRTC_SUCCESS;
}

__attribute__((visibility("default"))) hiprtcResult hiprtcGetBitcodeSize(hiprtcProgram prog,
                                                                         size_t* bitcode_size) {
  return hiprtcGetCodeSize(prog, bitcode_size);
}

__attribute__((visibility("default"))) hiprtcResult hiprtcGetBitcode(hiprtcProgram prog,
                                                                     char* bitcode) {
  return hiprtcGetCode(prog, bitcode);
}

__attribute__((visibility("default"))) hiprtcResult
hipcoreRtcGetCompileInfo(hiprtcProgram prog, hipcoreRtcCompileInfo* info) {
  if (!prog) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!info) return HIPRTC_ERROR_INVALID_INPUT;
  const hiprtc::CompileStats& stats = prog->program.stats();
  info->cacheHit = stats.cacheHit ? 1 : 0;
  info->compiler = stats.compiler.c_str();
  info->target = stats.target.c_str();
  info->cacheKey = stats.cacheKey.c_str();
  return HIPRTC_SUCCESS;
}

}  // extern "C"
