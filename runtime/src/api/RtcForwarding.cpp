// The hiprtc functions exported by libhipcore (under AMD's version nodes, exports.map), each
// forwarded to libhiprtc (RtcForwarding.h).
#include "RtcForwarding.h"

#include <dlfcn.h>
#include <hip/hiprtc.h>
#include <limits.h>
#include <stdlib.h>

#include <cstdio>
#include <string>
#include <vector>

namespace hipcore::api {
namespace {

std::string directoryOf(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

// libhiprtc beside libhipcore: in the directory it was loaded from (a build tree's lib/, an
// install's lib/), else beside the file a symbolic link there names, else by the loader's
// search path.
void* openRtc() {
  std::vector<std::string> candidates;
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&openRtc), &info) != 0 && info.dli_fname != nullptr) {
    candidates.push_back(directoryOf(info.dli_fname) + "/" HIPCORE_HIPRTC_SONAME);
    char real[PATH_MAX];
    if (realpath(info.dli_fname, real) != nullptr)
      candidates.push_back(directoryOf(real) + "/" HIPCORE_HIPRTC_SONAME);
  }
  candidates.push_back(HIPCORE_HIPRTC_SONAME);
  for (const std::string& candidate : candidates)
    if (void* handle = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL)) return handle;
  std::fprintf(stderr, "hipcore: hiprtc needs %s, which cannot be loaded: %s\n",
               HIPCORE_HIPRTC_SONAME, dlerror());
  return nullptr;
}

// One forwarder per function: the target is looked up once.
template <auto& Self, class... Args>
hiprtcResult forward(const char* name, Args... args) {
  static auto* target = rtcFunction(&Self, name);
  return target != nullptr ? target(args...) : HIPRTC_ERROR_INTERNAL_ERROR;
}

}  // namespace

void* rtcSymbol(const char* name) {
  static void* library = openRtc();
  return library != nullptr ? dlsym(library, name) : nullptr;
}

}  // namespace hipcore::api

using hipcore::api::forward;

extern "C" {

const char* hiprtcGetErrorString(hiprtcResult result) {
  static auto* target = hipcore::api::rtcFunction(&hiprtcGetErrorString, "hiprtcGetErrorString");
  return target != nullptr ? target(result) : "HIPRTC_ERROR_INTERNAL_ERROR (no libhiprtc)";
}

hiprtcResult hiprtcVersion(int* major, int* minor) {
  return forward<hiprtcVersion>("hiprtcVersion", major, minor);
}

hiprtcResult hiprtcCreateProgram(hiprtcProgram* prog, const char* src, const char* name,
                                 int numHeaders, const char* const* headers,
                                 const char* const* includeNames) {
  return forward<hiprtcCreateProgram>("hiprtcCreateProgram", prog, src, name, numHeaders, headers,
                                      includeNames);
}

hiprtcResult hiprtcDestroyProgram(hiprtcProgram* prog) {
  return forward<hiprtcDestroyProgram>("hiprtcDestroyProgram", prog);
}

hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions, const char* const* options) {
  return forward<hiprtcCompileProgram>("hiprtcCompileProgram", prog, numOptions, options);
}

hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog, const char* name_expression) {
  return forward<hiprtcAddNameExpression>("hiprtcAddNameExpression", prog, name_expression);
}

hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog, const char* name_expression,
                                  const char** lowered_name) {
  return forward<hiprtcGetLoweredName>("hiprtcGetLoweredName", prog, name_expression, lowered_name);
}

hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t* logSizeRet) {
  return forward<hiprtcGetProgramLogSize>("hiprtcGetProgramLogSize", prog, logSizeRet);
}

hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char* log) {
  return forward<hiprtcGetProgramLog>("hiprtcGetProgramLog", prog, log);
}

hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog, size_t* codeSizeRet) {
  return forward<hiprtcGetCodeSize>("hiprtcGetCodeSize", prog, codeSizeRet);
}

hiprtcResult hiprtcGetCode(hiprtcProgram prog, char* code) {
  return forward<hiprtcGetCode>("hiprtcGetCode", prog, code);
}

hiprtcResult hiprtcGetBitcodeSize(hiprtcProgram prog, size_t* bitcode_size) {
  return forward<hiprtcGetBitcodeSize>("hiprtcGetBitcodeSize", prog, bitcode_size);
}

hiprtcResult hiprtcGetBitcode(hiprtcProgram prog, char* bitcode) {
  return forward<hiprtcGetBitcode>("hiprtcGetBitcode", prog, bitcode);
}

hiprtcResult hiprtcLinkCreate(unsigned int num_options, hiprtcJIT_option* option_ptr,
                              void** option_vals_pptr, hiprtcLinkState* hip_link_state_ptr) {
  return forward<hiprtcLinkCreate>("hiprtcLinkCreate", num_options, option_ptr, option_vals_pptr,
                                   hip_link_state_ptr);
}

hiprtcResult hiprtcLinkAddFile(hiprtcLinkState hip_link_state, hiprtcJITInputType input_type,
                               const char* file_path, unsigned int num_options,
                               hiprtcJIT_option* options_ptr, void** option_values) {
  return forward<hiprtcLinkAddFile>("hiprtcLinkAddFile", hip_link_state, input_type, file_path,
                                    num_options, options_ptr, option_values);
}

hiprtcResult hiprtcLinkAddData(hiprtcLinkState hip_link_state, hiprtcJITInputType input_type,
                               void* image, size_t image_size, const char* name,
                               unsigned int num_options, hiprtcJIT_option* options_ptr,
                               void** option_values) {
  return forward<hiprtcLinkAddData>("hiprtcLinkAddData", hip_link_state, input_type, image,
                                    image_size, name, num_options, options_ptr, option_values);
}

hiprtcResult hiprtcLinkComplete(hiprtcLinkState hip_link_state, void** bin_out, size_t* size_out) {
  return forward<hiprtcLinkComplete>("hiprtcLinkComplete", hip_link_state, bin_out, size_out);
}

hiprtcResult hiprtcLinkDestroy(hiprtcLinkState hip_link_state) {
  return forward<hiprtcLinkDestroy>("hiprtcLinkDestroy", hip_link_state);
}

}  // extern "C"
