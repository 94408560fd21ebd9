// The extern "C" hiprtc linker functions.
#include <hip/hiprtc.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <new>
#include <sstream>

#include "../Linker.h"
#include "ApiState.h"

// The log buffers the caller may pass to hiprtcLinkCreate (HIPRTC_JIT_INFO/ERROR_LOG_BUFFER).
struct LogBuffers {
  char* info = nullptr;
  std::size_t infoSize = 0;
  char* error = nullptr;
  std::size_t errorSize = 0;
};

struct ihiprtcLinkState {
  hiprtc::Linker linker;
  LogBuffers logs;
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

LogBuffers logBuffers(unsigned count, const hiprtcJIT_option* options, void** values) {
  LogBuffers logs;
  for (unsigned i = 0; i < count && options && values; ++i) {
    switch (options[i]) {
      case HIPRTC_JIT_INFO_LOG_BUFFER:
        logs.info = static_cast<char*>(values[i]);
        break;
      case HIPRTC_JIT_INFO_LOG_BUFFER_SIZE_BYTES:
        logs.infoSize = reinterpret_cast<std::size_t>(values[i]);
        break;
      case HIPRTC_JIT_ERROR_LOG_BUFFER:
        logs.error = static_cast<char*>(values[i]);
        break;
      case HIPRTC_JIT_ERROR_LOG_BUFFER_SIZE_BYTES:
        logs.errorSize = reinterpret_cast<std::size_t>(values[i]);
        break;
      default:
        break;  // CUDA tuning options have no meaning here
    }
  }
  return logs;
}

// Copies as much of `text` as fits, always NUL-terminated.
void copyLog(const std::string& text, char* buffer, std::size_t size) {
  if (!buffer || size == 0) return;
  std::size_t n = std::min(text.size(), size - 1);
  std::memcpy(buffer, text.data(), n);
  buffer[n] = '\0';
}

hiprtcResult inputKind(hiprtcJITInputType type, hiprtc::LinkInputKind& kind) {
  if (type == HIPRTC_JIT_INPUT_LLVM_BITCODE)
    kind = hiprtc::LinkInputKind::Bitcode;
  else if (type == HIPRTC_JIT_INPUT_LLVM_BUNDLED_BITCODE)
    kind = hiprtc::LinkInputKind::BundledBitcode;
  else
    return HIPRTC_ERROR_INVALID_INPUT;  // CUDA inputs and archives are not supported
  return HIPRTC_SUCCESS;
}

}  // namespace

extern "C" {

__attribute__((visibility("default"))) hiprtcResult
hiprtcLinkCreate(unsigned int num_options, hiprtcJIT_option* option_ptr, void** option_vals_pptr,
                 hiprtcLinkState* hip_link_state_ptr) {
  if (!hip_link_state_ptr) return HIPRTC_ERROR_INVALID_INPUT;
  std::vector<std::string> strings;
  if (auto r = isaOptions(num_options, option_ptr, option_vals_pptr, strings)) return r;
  auto linker = hiprtc::Linker::create(strings);
  if (!linker) return HIPRTC_ERROR_INVALID_OPTION;
  auto* state = new (std::nothrow)
      ihiprtcLinkState{std::move(*linker), logBuffers(num_options, option_ptr, option_vals_pptr)};
  if (!state) return HIPRTC_ERROR_OUT_OF_MEMORY;
  *hip_link_state_ptr = state;
  return HIPRTC_SUCCESS;
}

__attribute__((visibility("default"))) hiprtcResult
hiprtcLinkAddData(hiprtcLinkState state, hiprtcJITInputType input_type, void* image,
                  size_t image_size, const char* name, unsigned int, hiprtcJIT_option*, void**) {
  if (!state || !image || image_size == 0) return HIPRTC_ERROR_INVALID_INPUT;
  hiprtc::LinkInputKind kind;
  if (auto r = inputKind(input_type, kind)) return r;
  state->linker.add(kind, name ? name : "data",
                    std::string(static_cast<const char*>(image), image_size));
  return HIPRTC_SUCCESS;
}

__attribute__((visibility("default"))) hiprtcResult hiprtcLinkAddFile(hiprtcLinkState state,
                                                                      hiprtcJITInputType input_type,
                                                                      const char* file_path,
                                                                      unsigned int,
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

__attribute__((visibility("default"))) hiprtcResult hiprtcLinkComplete(hiprtcLinkState state,
                                                                       void** bin_out,
                                                                       size_t* size_out) {
  if (!state || !bin_out || !size_out) return HIPRTC_ERROR_INVALID_INPUT;
  auto linked = state->linker.complete(hiprtc::processDefaultTarget);
  if (!linked) {
    copyLog(linked.message(), state->logs.error, state->logs.errorSize);
    return HIPRTC_ERROR_LINKING;
  }
  copyLog(state->linker.log(), state->logs.info, state->logs.infoSize);
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
