// The extern "C" hiprtc linker functions.
#include <hip/hiprtc.h>

#include <fstream>
#include <new>
#include <sstream>

#include "../Linker.h"
#include "ApiState.h"

struct ihiprtcLinkState {
  hiprtc::Linker linker;
};

namespace {

// HIPRTC_JIT_IR_TO_ISA_OPT_EXT strings, counted by HIPRTC_JIT_IR_TO_ISA_OPT_COUNT_EXT.
hiprtcResult isaOptions(unsigned count, const hiprtcJIT_option* options, void** values,
                        std::vector<std::string>& out) {
  if (count > 0 && (!options || !values)) return HIPRTC_ERROR_INVALID_INPUT;
  const char** strings = nullptr;
  std::size_t stringCount = 0;
  for (unsigned i = 0; i < count; ++i) {
    if (options[i] == HIPRTC_JIT_IR_TO_ISA_OPT_EXT) strings = static_cast<const char**>(values[i]);
    if (options[i] == HIPRTC_JIT_IR_TO_ISA_OPT_COUNT_EXT)
      stringCount = reinterpret_cast<std::size_t>(values[i]);
  }
  if (stringCount > 0 && !strings) return HIPRTC_ERROR_INVALID_OPTION;
  for (std::size_t i = 0; i < stringCount; ++i) {
    if (!strings[i]) return HIPRTC_ERROR_INVALID_OPTION;
    out.push_back(strings[i]);
  }
  return HIPRTC_SUCCESS;
}

hiprtcResult inputKind(hiprtcJITInputType type, hiprtc::LinkInputKind& kind) {
  if (type == HIPRTC_JIT_INPUT_LLVM_BITCODE) kind = hiprtc::LinkInputKind::Bitcode;
  else if (type == HIPRTC_JIT_INPUT_LLVM_BUNDLED_BITCODE) kind = hiprtc::LinkInputKind::BundledBitcode;
  else return HIPRTC_ERROR_INVALID_INPUT;  // CUDA inputs and archives are not supported
  return HIPRTC_SUCCESS;
}

}  // namespace

extern "C" {

__attribute__((visibility("default"))) hiprtcResult hiprtcLinkCreate(
    unsigned int num_options, hiprtcJIT_option* option_ptr, void** option_vals_pptr,
    hiprtcLinkState* hip_link_state_ptr) {
  if (!hip_link_state_ptr) return HIPRTC_ERROR_INVALID_INPUT;
  std::vector<std::string> strings;
  if (auto r = isaOptions(num_options, option_ptr, option_vals_pptr, strings)) return r;
  auto linker = hiprtc::Linker::create(strings);
  if (!linker) return HIPRTC_ERROR_INVALID_OPTION;
  auto* state = new (std::nothrow) ihiprtcLinkState{std::move(*linker)};
  if (!state) return HIPRTC_ERROR_OUT_OF_MEMORY;
  *hip_link_state_ptr = state;
  return HIPRTC_SUCCESS;
}

__attribute__((visibility("default"))) hiprtcResult hiprtcLinkAddData(
    hiprtcLinkState state, hiprtcJITInputType input_type, void* image, size_t image_size,
    const char* name, unsigned int, hiprtcJIT_option*, void**) {
  if (!state || !image || image_size == 0) return HIPRTC_ERROR_INVALID_INPUT;
  hiprtc::LinkInputKind kind;
  if (auto r = inputKind(input_type, kind)) return r;
  state->linker.add(kind, name ? name : "data", std::string(static_cast<const char*>(image), image_size));
  return HIPRTC_SUCCESS;
}

__attribute__((visibility("default"))) hiprtcResult hiprtcLinkAddFile(
    hiprtcLinkState state, hiprtcJITInputType input_type, const char* file_path, unsigned int,
    hiprtcJIT_option*, void**) {
  if (!state || !file_path) return HIPRTC_ERROR_INVALID_INPUT;
  hiprtc::LinkInputKind kind;
  if (auto r = inputKind(input_type, kind)) return r;
  std::ifstream in(file_path, std::ios::binary);
  if (!in) return HIPRTC_ERROR_INVALID_INPUT;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  state->linker.add(kind, file_path, bytes.str());
  return HIPRTC_SUCCESS;
}

__attribute__((visibility("default"))) hiprtcResult hiprtcLinkComplete(
    hiprtcLinkState state, void** bin_out, size_t* size_out) {
  if (!state || !bin_out || !size_out) return HIPRTC_ERROR_INVALID_INPUT;
  if (!state->linker.complete(hiprtc::processDefaultTarget)) return HIPRTC_ERROR_LINKING;
  *bin_out = const_cast<char*>(state->linker.code().data());
  *size_out = state->linker.code().size();
  return HIPRTC_SUCCESS;
}

__attribute__((visibility("default"))) hiprtcResult hiprtcLinkDestroy(hiprtcLinkState state) {
  if (!state) return HIPRTC_ERROR_INVALID_INPUT;
  delete state;
  return HIPRTC_SUCCESS;
}

}  // extern "C"
