// Libraries and their kernels (HIP 7.2, CUDA's cuLibrary*/cuKernel*), modules by other names
// (HIP 7.1) and the JIT linker (HIP 6.4, CUDA's cuLink*).
#pragma once

// A library is a code object or offload bundle loaded for every device: the image is copied
// at load and loaded on a device the first time that device needs it (a query about its
// kernels loads it on the calling thread's device). An image that is no code object loads
// and is refused with hipErrorInvalidImage at that first use, as in AMD's runtime. JIT options
// (hipJitOption) and library options are checked and otherwise change nothing.
HIPCORE_API hipError_t hipLibraryLoadData(hipLibrary_t* library, const void* code,
                                          hipJitOption* jitOptions, void** jitOptionsValues,
                                          unsigned int numJitOptions,
                                          hipLibraryOption* libraryOptions,
                                          void** libraryOptionValues,
                                          unsigned int numLibraryOptions);
HIPCORE_API hipError_t hipLibraryLoadFromFile(hipLibrary_t* library, const char* fileName,
                                              hipJitOption* jitOptions, void** jitOptionsValues,
                                              unsigned int numJitOptions,
                                              hipLibraryOption* libraryOptions,
                                              void** libraryOptionValues,
                                              unsigned int numLibraryOptions);
// Waits for the devices it is loaded on; its kernel handles become invalid.
HIPCORE_API hipError_t hipLibraryUnload(hipLibrary_t library);
// A kernel handle is the same for every device and stays valid until the library is unloaded.
// Cast to hipFunction_t it launches through hipModuleLaunchKernel (and answers
// hipFuncGetAttribute) on the stream's device, as AMD's hipKernel_t does.
HIPCORE_API hipError_t hipLibraryGetKernel(hipKernel_t* pKernel, hipLibrary_t library,
                                           const char* name);
HIPCORE_API hipError_t hipLibraryGetKernelCount(unsigned int* count, hipLibrary_t library);
// Up to numKernels handles, in the order of the code object's metadata.
HIPCORE_API hipError_t hipLibraryEnumerateKernels(hipKernel_t* kernels, unsigned int numKernels,
                                                  hipLibrary_t library);
HIPCORE_API hipError_t hipKernelGetLibrary(hipLibrary_t* library, hipKernel_t kernel);
// The kernel's symbol name (mangled unless extern "C"), valid while its library is loaded.
HIPCORE_API hipError_t hipKernelGetName(const char** name, hipKernel_t kernel);

// hipModuleLoadData under CUDA's name for loading a fat binary (an offload bundle here).
HIPCORE_API hipError_t hipModuleLoadFatBinary(hipModule_t* module, const void* fatbin);
// The kernels in the module's code object.
HIPCORE_API hipError_t hipModuleGetFunctionCount(unsigned int* count, hipModule_t mod);

// The JIT linker: LLVM bitcode (hipJitInputLLVMBitcode, e.g. hiprtc's -fgpu-rdc output) and
// offload bundles of it (hipJitInputLLVMBundledBitcode), linked into one code object for
// hipModuleLoadData. Done by libhiprtc's linker (the same as hiprtcLink*), loaded on first use.
// Options: the log buffers (hipJitOption{Info,Error}LogBuffer[SizeBytes]) and
// hipJitOptionIRtoISAOptExt/CountExt (-mcpu=gfxNNNN, else the current device's target).
HIPCORE_API hipError_t hipLinkCreate(unsigned int numOptions, hipJitOption* options,
                                     void** optionValues, hipLinkState_t* stateOut);
HIPCORE_API hipError_t hipLinkAddData(hipLinkState_t state, hipJitInputType type, void* data,
                                      size_t size, const char* name, unsigned int numOptions,
                                      hipJitOption* options, void** optionValues);
HIPCORE_API hipError_t hipLinkAddFile(hipLinkState_t state, hipJitInputType type, const char* path,
                                      unsigned int numOptions, hipJitOption* options,
                                      void** optionValues);
// The code object stays owned by the link state until hipLinkDestroy.
HIPCORE_API hipError_t hipLinkComplete(hipLinkState_t state, void** hipBinOut, size_t* sizeOut);
HIPCORE_API hipError_t hipLinkDestroy(hipLinkState_t state);
