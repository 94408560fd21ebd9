// The library API: hipLibraryLoadData/FromFile/Unload/GetKernel/GetKernelCount/
// EnumerateKernels, hipKernelGetLibrary/GetName (core/Library.h).
#include <fstream>
#include <iterator>
#include <vector>

#include "ApiCall.h"
#include "ApiState.h"
#include "JitOptions.h"
#include "core/Library.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Library;
using hipcore::core::LibraryKernel;
using hipcore::core::Status;

namespace {

// JIT and library options: arrays present when counted, every option one HIP defines.
Status checkOptions(hipJitOption* jitOptions, void** jitValues, unsigned jitCount,
                    hipLibraryOption* libraryOptions, void** libraryValues, unsigned libraryCount) {
  if (Status jit = hipcore::api::checkJitOptions(jitCount, jitOptions, jitValues); !jit.ok())
    return jit;
  if (libraryCount > 0 && (libraryOptions == nullptr || libraryValues == nullptr))
    return fail(hipErrorInvalidValue, "%u library options but no option or value array",
                libraryCount);
  for (unsigned i = 0; i < libraryCount; ++i)
    if (libraryOptions[i] != hipLibraryHostUniversalFunctionAndDataTable &&
        libraryOptions[i] != hipLibraryBinaryIsPreserved)
      return fail(hipErrorInvalidValue, "library option %u is %d, not a hipLibraryOption", i,
                  libraryOptions[i]);
  return Status::success();
}

Status libraryOf(hipLibrary_t handle, Library*& out) {
  out = reinterpret_cast<Library*>(handle);
  if (!hipcore::core::plausibleHandle(handle) || !out->valid())
    return fail(hipErrorInvalidResourceHandle, "%p is not a loaded library",
                static_cast<void*>(handle));
  return Status::success();
}

Status kernelOf(hipKernel_t handle, LibraryKernel*& out) {
  out = reinterpret_cast<LibraryKernel*>(handle);
  if (!hipcore::core::plausibleHandle(handle) || !out->valid())
    return fail(hipErrorInvalidHandle, "%p is not a library's kernel", static_cast<void*>(handle));
  return Status::success();
}

// The library and the calling thread's device, which its kernel queries load it on.
Status libraryOnDevice(hipLibrary_t handle, Library*& library, hipcore::core::Device*& device) {
  if (Status status = libraryOf(handle, library); !status.ok()) return status;
  return hipcore::api::currentDevice(device);
}

// Every kernel of the library, in metadata order.
Status kernelsOf(hipLibrary_t handle, std::vector<LibraryKernel*>& out) {
  Library* library = nullptr;
  hipcore::core::Device* device = nullptr;
  if (Status status = libraryOnDevice(handle, library, device); !status.ok()) return status;
  return library->kernels(*device, out);
}

hipError_t store(const char* call, const void* image, size_t size, hipLibrary_t* library) {
  hipcore::core::Device* device = nullptr;  // the runtime started, as for any load
  if (Status current = hipcore::api::currentDevice(device); !current.ok())
    return finish(call, std::move(current));
  *library = reinterpret_cast<hipLibrary_t>(
      Library::create(image, size, hipcore::api::runtime().deviceCount()).release());
  return hipSuccess;
}

}  // namespace

HIPCORE_API hipError_t hipLibraryLoadData(hipLibrary_t* library, const void* code,
                                          hipJitOption* jitOptions, void** jitOptionsValues,
                                          unsigned int numJitOptions,
                                          hipLibraryOption* libraryOptions,
                                          void** libraryOptionValues,
                                          unsigned int numLibraryOptions) {
  return hipcore::api::call(
      "hipLibraryLoadData", hipLibraryLoadData,
      [&] {
        if (library == nullptr || code == nullptr)
          return finish("hipLibraryLoadData", fail(hipErrorInvalidValue, "null argument"));
        if (Status status = checkOptions(jitOptions, jitOptionsValues, numJitOptions,
                                         libraryOptions, libraryOptionValues, numLibraryOptions);
            !status.ok())
          return finish("hipLibraryLoadData", std::move(status));
        return store("hipLibraryLoadData", code, 0, library);
      },
      "library, code, jitOptions, jitOptionsValues, numJitOptions, libraryOptions, "
      "libraryOptionValues, numLibraryOptions",
      library, code, jitOptions, jitOptionsValues, numJitOptions, libraryOptions,
      libraryOptionValues, numLibraryOptions);
}

HIPCORE_API hipError_t hipLibraryLoadFromFile(hipLibrary_t* library, const char* fileName,
                                              hipJitOption* jitOptions, void** jitOptionsValues,
                                              unsigned int numJitOptions,
                                              hipLibraryOption* libraryOptions,
                                              void** libraryOptionValues,
                                              unsigned int numLibraryOptions) {
  return hipcore::api::call(
      "hipLibraryLoadFromFile", hipLibraryLoadFromFile,
      [&] {
        if (library == nullptr || fileName == nullptr || *fileName == '\0')
          return finish("hipLibraryLoadFromFile",
                        fail(hipErrorInvalidValue, "null argument or empty file name"));
        if (Status status = checkOptions(jitOptions, jitOptionsValues, numJitOptions,
                                         libraryOptions, libraryOptionValues, numLibraryOptions);
            !status.ok())
          return finish("hipLibraryLoadFromFile", std::move(status));
        // A file that cannot be read is hipErrorInvalidValue, as in AMD's runtime.
        std::ifstream in(fileName, std::ios::binary);
        if (!in)
          return finish("hipLibraryLoadFromFile",
                        fail(hipErrorInvalidValue, "cannot open %s", fileName));
        std::vector<char> bytes{std::istreambuf_iterator<char>(in),
                                std::istreambuf_iterator<char>()};
        if (bytes.empty())
          return finish("hipLibraryLoadFromFile",
                        fail(hipErrorInvalidValue, "%s is empty", fileName));
        return store("hipLibraryLoadFromFile", bytes.data(), bytes.size(), library);
      },
      "library, fileName, jitOptions, jitOptionsValues, numJitOptions, libraryOptions, "
      "libraryOptionValues, numLibraryOptions",
      library, fileName, jitOptions, jitOptionsValues, numJitOptions, libraryOptions,
      libraryOptionValues, numLibraryOptions);
}

HIPCORE_API hipError_t hipLibraryUnload(hipLibrary_t handle) {
  return hipcore::api::call(
      "hipLibraryUnload", hipLibraryUnload,
      [&] {
        Library* library = nullptr;
        Status status = libraryOf(handle, library);
        if (status.ok()) status = library->synchronize();  // its kernels may still run
        if (status.ok()) delete library;
        return finish("hipLibraryUnload", std::move(status));
      },
      "handle", handle);
}

HIPCORE_API hipError_t hipLibraryGetKernel(hipKernel_t* pKernel, hipLibrary_t handle,
                                           const char* name) {
  return hipcore::api::call(
      "hipLibraryGetKernel", hipLibraryGetKernel,
      [&] {
        if (pKernel == nullptr || handle == nullptr || name == nullptr)
          return finish("hipLibraryGetKernel", fail(hipErrorInvalidValue, "null argument"));
        Library* library = nullptr;
        hipcore::core::Device* device = nullptr;
        LibraryKernel* kernel = nullptr;
        Status status = libraryOnDevice(handle, library, device);
        if (status.ok()) status = library->kernel(*device, name, kernel);
        if (status.ok()) *pKernel = reinterpret_cast<hipKernel_t>(kernel);
        return finish("hipLibraryGetKernel", std::move(status));
      },
      "pKernel, handle, name", pKernel, handle, name);
}

HIPCORE_API hipError_t hipLibraryGetKernelCount(unsigned int* count, hipLibrary_t handle) {
  return hipcore::api::call(
      "hipLibraryGetKernelCount", hipLibraryGetKernelCount,
      [&] {
        if (count == nullptr || handle == nullptr)
          return finish("hipLibraryGetKernelCount", fail(hipErrorInvalidValue, "null argument"));
        std::vector<LibraryKernel*> kernels;
        Status status = kernelsOf(handle, kernels);
        if (status.ok()) *count = static_cast<unsigned>(kernels.size());
        return finish("hipLibraryGetKernelCount", std::move(status));
      },
      "count, handle", count, handle);
}

HIPCORE_API hipError_t hipLibraryEnumerateKernels(hipKernel_t* kernels, unsigned int numKernels,
                                                  hipLibrary_t handle) {
  return hipcore::api::call(
      "hipLibraryEnumerateKernels", hipLibraryEnumerateKernels,
      [&] {
        if (kernels == nullptr || handle == nullptr)
          return finish("hipLibraryEnumerateKernels", fail(hipErrorInvalidValue, "null argument"));
        std::vector<LibraryKernel*> all;
        Status status = kernelsOf(handle, all);
        for (size_t i = 0; status.ok() && i < all.size() && i < numKernels; ++i)
          kernels[i] = reinterpret_cast<hipKernel_t>(all[i]);
        return finish("hipLibraryEnumerateKernels", std::move(status));
      },
      "kernels, numKernels, handle", kernels, numKernels, handle);
}

HIPCORE_API hipError_t hipKernelGetLibrary(hipLibrary_t* library, hipKernel_t handle) {
  return hipcore::api::call(
      "hipKernelGetLibrary", hipKernelGetLibrary,
      [&] {
        if (library == nullptr || handle == nullptr)
          return finish("hipKernelGetLibrary", fail(hipErrorInvalidValue, "null argument"));
        LibraryKernel* kernel = nullptr;
        Status status = kernelOf(handle, kernel);
        if (status.ok()) *library = reinterpret_cast<hipLibrary_t>(&kernel->library());
        return finish("hipKernelGetLibrary", std::move(status));
      },
      "library, handle", library, handle);
}

HIPCORE_API hipError_t hipKernelGetName(const char** name, hipKernel_t handle) {
  return hipcore::api::call(
      "hipKernelGetName", hipKernelGetName,
      [&] {
        if (name == nullptr || handle == nullptr)
          return finish("hipKernelGetName", fail(hipErrorInvalidValue, "null argument"));
        LibraryKernel* kernel = nullptr;
        Status status = kernelOf(handle, kernel);
        if (status.ok()) *name = kernel->name().c_str();
        return finish("hipKernelGetName", std::move(status));
      },
      "name, handle", name, handle);
}
