// Libraries (hipLibrary*), their kernels (hipKernel*) and modules by other names
// (hipModuleLoadFatBinary, hipModuleGetFunctionCount): loaded from data and from a file,
// counted and enumerated with their exact names, launched with host-checked results.
#include <algorithm>
#include <cstring>

#include "LibraryTestSupport.h"

namespace librarytest {
namespace {

const std::vector<std::string> kKernelNames = {"_Z6squarePi", "fill_index", "scale_add"};

std::vector<std::string> namesOf(const std::vector<hipKernel_t>& kernels) {
  std::vector<std::string> names;
  for (hipKernel_t kernel : kernels) {
    const char* name = nullptr;
    EXPECT_EQ(hipKernelGetName(&name, kernel), hipSuccess);
    names.push_back(name ? name : "");
  }
  std::sort(names.begin(), names.end());
  return names;
}

TEST(Library, LoadedFromDataCountsAndEnumeratesItsKernels) {
  std::vector<char> image = readData("library_kernels.bundle");
  ASSERT_FALSE(image.empty());
  hipLibrary_t library = nullptr;
  ASSERT_HIP(hipLibraryLoadData(&library, image.data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
  // The image was copied: the caller's bytes may go at once.
  std::fill(image.begin(), image.end(), '\0');
  unsigned count = 0;
  ASSERT_HIP(hipLibraryGetKernelCount(&count, library));
  EXPECT_EQ(count, 3u);
  std::vector<hipKernel_t> kernels(count);
  ASSERT_HIP(hipLibraryEnumerateKernels(kernels.data(), count, library));
  EXPECT_EQ(namesOf(kernels), kKernelNames);
  for (hipKernel_t kernel : kernels) {
    hipLibrary_t owner = nullptr;
    ASSERT_HIP(hipKernelGetLibrary(&owner, kernel));
    EXPECT_EQ(owner, library);
    // hipLibraryGetKernel gives the same handle as the enumeration.
    const char* name = nullptr;
    ASSERT_HIP(hipKernelGetName(&name, kernel));
    hipKernel_t byName = nullptr;
    ASSERT_HIP(hipLibraryGetKernel(&byName, library, name));
    EXPECT_EQ(byName, kernel) << name;
  }
  // Fewer slots than kernels: exactly that many are written.
  hipKernel_t sentinel = reinterpret_cast<hipKernel_t>(uintptr_t{0x5a5a});
  std::vector<hipKernel_t> two = {nullptr, sentinel};
  ASSERT_HIP(hipLibraryEnumerateKernels(two.data(), 1, library));
  EXPECT_EQ(two[0], kernels[0]);
  EXPECT_EQ(two[1], sentinel);
  // More slots than kernels: the rest are left alone.
  std::vector<hipKernel_t> five(5, sentinel);
  ASSERT_HIP(hipLibraryEnumerateKernels(five.data(), 5, library));
  EXPECT_EQ(std::vector<hipKernel_t>(five.begin(), five.begin() + 3), kernels);
  EXPECT_EQ(five[3], sentinel);
  EXPECT_EQ(five[4], sentinel);
  hipKernel_t scaleAdd = nullptr;
  ASSERT_HIP(hipLibraryGetKernel(&scaleAdd, library, "scale_add"));
  expectScaleAddRuns(reinterpret_cast<hipFunction_t>(scaleAdd));
  ASSERT_HIP(hipLibraryUnload(library));
}

TEST(Library, LoadedFromFileLaunchesItsKernelsOnAStream) {
  hipLibrary_t library = nullptr;
  // Options are checked and accepted (the code is finished; nothing to tune).
  hipJitOption jit[] = {hipJitOptionOptimizationLevel};
  void* jitValues[] = {reinterpret_cast<void*>(uintptr_t{3})};
  hipLibraryOption options[] = {hipLibraryBinaryIsPreserved};
  void* optionValues[] = {nullptr};
  ASSERT_HIP(hipLibraryLoadFromFile(&library, dataPath("library_kernels.bundle").c_str(), jit,
                                    jitValues, 1, options, optionValues, 1));
  hipKernel_t scaleAdd = nullptr, fill = nullptr;
  ASSERT_HIP(hipLibraryGetKernel(&scaleAdd, library, "scale_add"));
  ASSERT_HIP(hipLibraryGetKernel(&fill, library, "fill_index"));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  expectScaleAddRuns(reinterpret_cast<hipFunction_t>(scaleAdd), stream);
  // A kernel handle answers function queries as a hipFunction_t.
  int maxThreads = 0;
  ASSERT_HIP(hipFuncGetAttribute(&maxThreads, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                                 reinterpret_cast<hipFunction_t>(fill)));
  EXPECT_EQ(maxThreads, 1024);
  int blocks = 0;
  ASSERT_HIP(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
      &blocks, reinterpret_cast<hipFunction_t>(fill), 256, 0));
  EXPECT_GT(blocks, 0);
  const unsigned n = 4099;
  unsigned* out = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&out), n * sizeof(unsigned)));
  unsigned count = n;
  void* params[] = {&out, &count};
  ASSERT_HIP(hipModuleLaunchKernel(reinterpret_cast<hipFunction_t>(fill), (n + 255) / 256, 1, 1,
                                   256, 1, 1, 0, stream, params, nullptr));
  std::vector<unsigned> host(n);
  ASSERT_HIP(hipMemcpyAsync(host.data(), out, n * sizeof(unsigned), hipMemcpyDeviceToHost, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  for (unsigned i = 0; i < n; ++i) ASSERT_EQ(host[i], 3 * i + 1) << i;
  ASSERT_HIP(hipFree(out));
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipLibraryUnload(library));
  // Its kernels went with it.
  const char* name = nullptr;
  EXPECT_EQ(hipKernelGetName(&name, scaleAdd), hipErrorInvalidHandle);
  EXPECT_EQ(hipModuleLaunchKernel(reinterpret_cast<hipFunction_t>(scaleAdd), 1, 1, 1, 1, 1, 1, 0,
                                  nullptr, params, nullptr),
            hipErrorInvalidResourceHandle);
}

// A library's kernel in a graph: a kernel node takes it as its function, as cuGraphAddKernelNode
// takes a CUkernel; the executable graph runs it each launch.
TEST(Library, KernelsRunAsGraphKernelNodes) {
  hipLibrary_t library = nullptr;
  ASSERT_HIP(hipLibraryLoadFromFile(&library, dataPath("library_kernels.bundle").c_str(), nullptr,
                                    nullptr, 0, nullptr, nullptr, 0));
  hipKernel_t fill = nullptr, scaleAdd = nullptr;
  ASSERT_HIP(hipLibraryGetKernel(&fill, library, "fill_index"));
  ASSERT_HIP(hipLibraryGetKernel(&scaleAdd, library, "scale_add"));
  const unsigned n = 777;
  unsigned* out = nullptr;
  int *y = nullptr, *x = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&out), n * sizeof(unsigned)));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&y), n * sizeof(int)));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&x), n * sizeof(int)));
  std::vector<int> hostX(n), hostY(n);
  for (unsigned i = 0; i < n; ++i) {
    hostX[i] = static_cast<int>(i % 13) - 6;
    hostY[i] = static_cast<int>(2 * i);
  }
  ASSERT_HIP(hipMemcpy(x, hostX.data(), n * sizeof(int), hipMemcpyHostToDevice));
  ASSERT_HIP(hipMemcpy(y, hostY.data(), n * sizeof(int), hipMemcpyHostToDevice));
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  unsigned count = n;
  int factor = -4;
  void* fillArgs[] = {&out, &count};
  void* scaleArgs[] = {&y, &x, &factor, &count};
  hipKernelNodeParams params = {};
  params.func = reinterpret_cast<void*>(fill);
  params.gridDim = dim3((n + 63) / 64);
  params.blockDim = dim3(64);
  params.kernelParams = fillArgs;
  hipGraphNode_t fillNode = nullptr, scaleNode = nullptr;
  ASSERT_HIP(hipGraphAddKernelNode(&fillNode, graph, nullptr, 0, &params));
  params.func = reinterpret_cast<void*>(scaleAdd);
  params.kernelParams = scaleArgs;
  ASSERT_HIP(hipGraphAddKernelNode(&scaleNode, graph, &fillNode, 1, &params));
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  const int launches = 2;  // y = y - 4x, twice
  for (int i = 0; i < launches; ++i) ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  std::vector<unsigned> filled(n);
  std::vector<int> result(n);
  ASSERT_HIP(hipMemcpy(filled.data(), out, n * sizeof(unsigned), hipMemcpyDeviceToHost));
  ASSERT_HIP(hipMemcpy(result.data(), y, n * sizeof(int), hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; ++i) {
    ASSERT_EQ(filled[i], 3 * i + 1) << i;
    ASSERT_EQ(result[i], hostY[i] + launches * factor * hostX[i]) << i;
  }
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipFree(out));
  ASSERT_HIP(hipFree(y));
  ASSERT_HIP(hipFree(x));
  ASSERT_HIP(hipLibraryUnload(library));
}

// Loading is lazy (as in AMD's runtime): bytes that are no code object load, and the first
// question about the library's kernels says what is wrong.
TEST(Library, AnImageThatIsNoCodeObjectFailsAtFirstUse) {
  const char code[] = "call me ishmael";
  hipLibrary_t library = nullptr;
  ASSERT_HIP(hipLibraryLoadData(&library, code, nullptr, nullptr, 0, nullptr, nullptr, 0));
  hipKernel_t kernel = nullptr;
  EXPECT_EQ(hipLibraryGetKernel(&kernel, library, "moby"), hipErrorInvalidImage);
  unsigned count = 7;
  EXPECT_EQ(hipLibraryGetKernelCount(&count, library), hipErrorInvalidImage);
  EXPECT_EQ(count, 7u);
  ASSERT_HIP(hipLibraryUnload(library));
}

TEST(ModuleByOtherNames, FatBinaryLoadsAndCountsItsFunctions) {
  std::vector<char> image = readData("library_kernels.bundle");
  ASSERT_FALSE(image.empty());
  hipModule_t module = nullptr;
  ASSERT_HIP(hipModuleLoadFatBinary(&module, image.data()));
  unsigned count = 0;
  ASSERT_HIP(hipModuleGetFunctionCount(&count, module));
  EXPECT_EQ(count, 3u);
  hipFunction_t scaleAdd = nullptr;
  ASSERT_HIP(hipModuleGetFunction(&scaleAdd, module, "scale_add"));
  expectScaleAddRuns(scaleAdd);
  ASSERT_HIP(hipModuleUnload(module));
  EXPECT_EQ(hipModuleGetFunctionCount(&count, module), hipErrorInvalidHandle);
}

// One kernel handle, two devices: the library is loaded on each as it is used there.
TEST(LibraryTwoGpus, OneKernelHandleRunsOnBothDevices) {
  int devices = 0;
  ASSERT_HIP(hipGetDeviceCount(&devices));
  ASSERT_EQ(devices, 2);
  std::vector<char> image = readData("library_kernels.bundle");
  hipLibrary_t library = nullptr;
  ASSERT_HIP(hipLibraryLoadData(&library, image.data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
  hipKernel_t scaleAdd = nullptr;
  ASSERT_HIP(hipLibraryGetKernel(&scaleAdd, library, "scale_add"));
  for (int device : {1, 0}) {
    ASSERT_HIP(hipSetDevice(device));
    expectScaleAddRuns(reinterpret_cast<hipFunction_t>(scaleAdd));
  }
  ASSERT_HIP(hipLibraryUnload(library));
}

}  // namespace
}  // namespace librarytest
