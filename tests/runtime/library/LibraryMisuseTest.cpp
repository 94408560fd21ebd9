// Misuse of the library, kernel, module-count and linker calls: null and stale arguments,
// unknown options and input types, each answered with HIP's error (AMD's runtime's where
// HIP's documentation says nothing), and the runtime still usable afterwards.
#include "LibraryTestSupport.h"

namespace librarytest {
namespace {

TEST(LibraryMisuse, LoadsRefuseNullArgumentsAndUnknownOptions) {
  std::vector<char> image = readData("library_kernels.bundle");
  hipLibrary_t library = nullptr;
  EXPECT_EQ(hipLibraryLoadData(nullptr, image.data(), nullptr, nullptr, 0, nullptr, nullptr, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipLibraryLoadData(&library, nullptr, nullptr, nullptr, 0, nullptr, nullptr, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipLibraryLoadData(&library, image.data(), nullptr, nullptr, 1, nullptr, nullptr, 0),
            hipErrorInvalidValue);
  hipJitOption unknownJit[] = {static_cast<hipJitOption>(4242)};
  void* values[] = {nullptr};
  EXPECT_EQ(hipLibraryLoadData(&library, image.data(), unknownJit, values, 1, nullptr, nullptr, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipLibraryLoadData(&library, image.data(), nullptr, nullptr, 0, nullptr, nullptr, 2),
            hipErrorInvalidValue);
  hipLibraryOption unknownOption[] = {static_cast<hipLibraryOption>(2)};
  EXPECT_EQ(
      hipLibraryLoadData(&library, image.data(), nullptr, nullptr, 0, unknownOption, values, 1),
      hipErrorInvalidValue);
  EXPECT_EQ(hipLibraryLoadFromFile(nullptr, nullptr, nullptr, nullptr, 0, nullptr, nullptr, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipLibraryLoadFromFile(&library, "", nullptr, nullptr, 0, nullptr, nullptr, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipLibraryLoadFromFile(&library, "/nonexistent/hipcore/library.co", nullptr, nullptr, 0,
                                   nullptr, nullptr, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipLibraryLoadFromFile(nullptr, dataPath("library_kernels.bundle").c_str(), nullptr,
                                   nullptr, 0, nullptr, nullptr, 0),
            hipErrorInvalidValue);
}

TEST(LibraryMisuse, QueriesRefuseNullAndStaleHandles) {
  std::vector<char> image = readData("library_kernels.bundle");
  hipLibrary_t library = nullptr;
  ASSERT_HIP(hipLibraryLoadData(&library, image.data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
  hipKernel_t kernel = nullptr;
  unsigned count = 0;
  EXPECT_EQ(hipLibraryGetKernel(nullptr, library, "scale_add"), hipErrorInvalidValue);
  EXPECT_EQ(hipLibraryGetKernel(&kernel, nullptr, "scale_add"), hipErrorInvalidValue);
  EXPECT_EQ(hipLibraryGetKernel(&kernel, library, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipLibraryGetKernel(&kernel, library, "no_such_kernel"), hipErrorNotFound);
  EXPECT_EQ(hipLibraryGetKernelCount(nullptr, library), hipErrorInvalidValue);
  EXPECT_EQ(hipLibraryGetKernelCount(&count, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipLibraryEnumerateKernels(nullptr, 3, library), hipErrorInvalidValue);
  EXPECT_EQ(hipLibraryEnumerateKernels(&kernel, 1, nullptr), hipErrorInvalidValue);
  ASSERT_HIP(hipLibraryGetKernel(&kernel, library, "fill_index"));
  hipLibrary_t owner = nullptr;
  const char* name = nullptr;
  EXPECT_EQ(hipKernelGetLibrary(nullptr, kernel), hipErrorInvalidValue);
  EXPECT_EQ(hipKernelGetLibrary(&owner, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipKernelGetName(nullptr, kernel), hipErrorInvalidValue);
  EXPECT_EQ(hipKernelGetName(&name, nullptr), hipErrorInvalidValue);
  // A handle of another kind is no kernel, and no library.
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  EXPECT_EQ(hipKernelGetName(&name, reinterpret_cast<hipKernel_t>(stream)), hipErrorInvalidHandle);
  EXPECT_EQ(hipLibraryGetKernelCount(&count, reinterpret_cast<hipLibrary_t>(stream)),
            hipErrorInvalidResourceHandle);
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipLibraryUnload(library));
  EXPECT_EQ(hipLibraryUnload(library), hipErrorInvalidResourceHandle);
  EXPECT_EQ(hipLibraryUnload(nullptr), hipErrorInvalidResourceHandle);
  EXPECT_EQ(hipLibraryGetKernel(&kernel, library, "fill_index"), hipErrorInvalidResourceHandle);
  EXPECT_EQ(hipKernelGetLibrary(&owner, kernel), hipErrorInvalidHandle);
}

TEST(LibraryMisuse, ModuleCallsRefuseNullArguments) {
  hipModule_t module = nullptr;
  unsigned count = 0;
  EXPECT_EQ(hipModuleLoadFatBinary(&module, nullptr), hipErrorInvalidValue);
  std::vector<char> image = readData("library_kernels.bundle");
  EXPECT_EQ(hipModuleLoadFatBinary(nullptr, image.data()), hipErrorInvalidValue);
  const char garbage[64] = "not a fat binary";
  EXPECT_EQ(hipModuleLoadFatBinary(&module, garbage), hipErrorInvalidImage);
  EXPECT_EQ(hipModuleGetFunctionCount(&count, nullptr), hipErrorInvalidResourceHandle);
  ASSERT_HIP(hipModuleLoadFatBinary(&module, image.data()));
  EXPECT_EQ(hipModuleGetFunctionCount(nullptr, module), hipErrorInvalidValue);
  ASSERT_HIP(hipModuleUnload(module));
}

TEST(LibraryMisuse, LinkerCallsRefuseBadStatesInputsAndOptions) {
  hipLinkState_t state = nullptr;
  EXPECT_EQ(hipLinkCreate(0, nullptr, nullptr, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipLinkCreate(1, nullptr, nullptr, &state), hipErrorInvalidValue);
  hipJitOption unknown[] = {static_cast<hipJitOption>(4242)};
  void* values[] = {nullptr};
  EXPECT_EQ(hipLinkCreate(1, unknown, values, &state), hipErrorInvalidValue);
  // An IR-to-ISA option the linker does not know.
  const char* isa[] = {"-fbogus"};
  hipJitOption isaOptions[] = {hipJitOptionIRtoISAOptExt, hipJitOptionIRtoISAOptCountExt};
  void* isaValues[] = {isa, reinterpret_cast<void*>(size_t{1})};
  EXPECT_EQ(hipLinkCreate(2, isaOptions, isaValues, &state), hipErrorInvalidValue);
  ASSERT_HIP(hipLinkCreate(0, nullptr, nullptr, &state));
  char byte = 0;
  EXPECT_EQ(hipLinkAddData(state, hipJitInputLLVMBitcode, nullptr, 1, "x", 0, nullptr, nullptr),
            hipErrorInvalidImage);
  EXPECT_EQ(hipLinkAddData(state, hipJitInputLLVMBitcode, &byte, 0, "x", 0, nullptr, nullptr),
            hipErrorInvalidImage);
  EXPECT_EQ(hipLinkAddData(state, hipJitInputPtx, &byte, 1, "x", 0, nullptr, nullptr),
            hipErrorInvalidValue);
  EXPECT_EQ(hipLinkAddData(nullptr, hipJitInputLLVMBitcode, &byte, 1, "x", 0, nullptr, nullptr),
            hipErrorInvalidHandle);
  EXPECT_EQ(hipLinkAddData(state, hipJitInputLLVMBitcode, &byte, 1, "x", 1, nullptr, nullptr),
            hipErrorInvalidValue);
  std::string helper = dataPath("link_helper.bc.bundle");
  EXPECT_EQ(
      hipLinkAddFile(nullptr, hipJitInputLLVMBundledBitcode, helper.c_str(), 0, nullptr, nullptr),
      hipErrorInvalidHandle);
  EXPECT_EQ(hipLinkAddFile(state, hipJitInputLLVMBundledBitcode, nullptr, 0, nullptr, nullptr),
            hipErrorInvalidValue);
  EXPECT_EQ(hipLinkAddFile(state, hipJitInputCubin, helper.c_str(), 0, nullptr, nullptr),
            hipErrorInvalidValue);
  EXPECT_EQ(hipLinkAddFile(state, hipJitInputLLVMBundledBitcode, "/nonexistent/hipcore/x.bc", 0,
                           nullptr, nullptr),
            hipErrorFileNotFound);
  void* binary = nullptr;
  size_t size = 0;
  EXPECT_EQ(hipLinkComplete(state, nullptr, &size), hipErrorInvalidValue);
  EXPECT_EQ(hipLinkComplete(state, &binary, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipLinkComplete(nullptr, &binary, &size), hipErrorInvalidValue);
  // Nothing added: nothing to link.
  EXPECT_EQ(hipLinkComplete(state, &binary, &size), hipErrorInvalidConfiguration);
  ASSERT_HIP(hipLinkDestroy(state));
  EXPECT_EQ(hipLinkDestroy(state), hipErrorInvalidValue);
  EXPECT_EQ(hipLinkDestroy(nullptr), hipErrorInvalidValue);
  EXPECT_EQ(
      hipLinkAddFile(state, hipJitInputLLVMBundledBitcode, helper.c_str(), 0, nullptr, nullptr),
      hipErrorInvalidHandle);
}

// After all of the above, kernels still run.
TEST(LibraryMisuse, TheRuntimeStaysUsable) {
  std::vector<char> image = readData("library_kernels.bundle");
  hipLibrary_t library = nullptr;
  EXPECT_EQ(hipLibraryUnload(nullptr), hipErrorInvalidResourceHandle);
  ASSERT_HIP(hipLibraryLoadData(&library, image.data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
  hipKernel_t kernel = nullptr;
  ASSERT_HIP(hipLibraryGetKernel(&kernel, library, "scale_add"));
  expectScaleAddRuns(reinterpret_cast<hipFunction_t>(kernel));
  ASSERT_HIP(hipLibraryUnload(library));
}

}  // namespace
}  // namespace librarytest
