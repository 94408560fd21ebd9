// A program built against AMD's HIP 5.2.3 (g++, Debian's /usr/include/hip, linked against
// Debian's libamdhip64.so.5 alone, where ROCm 5 kept hiprtc) that compiles a kernel with hiprtc
// and runs it. With hipcore serving libamdhip64.so.5 its hiprtc calls reach hipcore's exports,
// which forward to hipcore's libhiprtc (issue 22). Prints PASSED when every result is exact.
#include <dlfcn.h>
#include <hip/hip_runtime_api.h>
#include <hip/hiprtc.h>
#include <stdlib.h>

#include <cstdio>
#include <string>
#include <vector>

namespace {

const char* const kSource = R"(
#include <hip/hip_runtime.h>
extern "C" __global__ void triple_plus(int* out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 3 * static_cast<int>(i) - 77;
}
)";

int fail(const char* what, int code) {
  std::printf("FAILED: %s (%d)\n", what, code);
  return 1;
}

}  // namespace

int main() {
  setenv("HIPCORE_JIT_CACHE", "0", 1);  // a real compile, and no file left in the user's cache
  // Which runtime serves libamdhip64.so.5: hipcore defines its own extension.
  bool hipcore = dlsym(RTLD_DEFAULT, "hipcoreGetErrorDetail") != nullptr;
  std::printf("runtime: %s\n", hipcore ? "hipcore" : "AMD's");
  hiprtcProgram program = nullptr;
  hiprtcResult r = hiprtcCreateProgram(&program, kSource, "triple_plus.hip", 0, nullptr, nullptr);
  if (r != HIPRTC_SUCCESS) return fail("hiprtcCreateProgram", r);
  r = hiprtcCompileProgram(program, 0, nullptr);
  if (r != HIPRTC_SUCCESS) {
    size_t size = 0;
    hiprtcGetProgramLogSize(program, &size);
    std::string log(size, '\0');
    hiprtcGetProgramLog(program, &log[0]);
    std::printf("%s\n", log.c_str());
    return fail("hiprtcCompileProgram", r);
  }
  size_t size = 0;
  if ((r = hiprtcGetCodeSize(program, &size)) != HIPRTC_SUCCESS) return fail("GetCodeSize", r);
  std::vector<char> code(size);
  if ((r = hiprtcGetCode(program, code.data())) != HIPRTC_SUCCESS) return fail("GetCode", r);
  hiprtcDestroyProgram(&program);

  hipModule_t module = nullptr;
  hipFunction_t function = nullptr;
  hipError_t e = hipModuleLoadData(&module, code.data());
  if (e != hipSuccess) return fail("hipModuleLoadData", e);
  if ((e = hipModuleGetFunction(&function, module, "triple_plus")) != hipSuccess)
    return fail("hipModuleGetFunction", e);
  const unsigned n = 1500;
  int* out = nullptr;
  if ((e = hipMalloc(reinterpret_cast<void**>(&out), n * sizeof(int))) != hipSuccess)
    return fail("hipMalloc", e);
  unsigned count = n;
  void* params[] = {&out, &count};
  e = hipModuleLaunchKernel(function, (n + 255) / 256, 1, 1, 256, 1, 1, 0, nullptr, params,
                            nullptr);
  if (e != hipSuccess) return fail("hipModuleLaunchKernel", e);
  std::vector<int> host(n);
  if ((e = hipMemcpy(host.data(), out, n * sizeof(int), hipMemcpyDeviceToHost)) != hipSuccess)
    return fail("hipMemcpy", e);
  for (unsigned i = 0; i < n; ++i)
    if (host[i] != 3 * static_cast<int>(i) - 77) return fail("result", static_cast<int>(i));
  hipFree(out);
  hipModuleUnload(module);
  if (!hipcore) return fail("served by AMD's runtime, not hipcore", 0);
  std::printf("PASSED\n");
  return 0;
}
