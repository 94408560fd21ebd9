// The JIT linker's and the library loader's option and input types (AMD's hip/linker_types.h
// names and values; CUDA's CUjit_option and CUjitInputType in CUDA's order).
#pragma once

// Options of hipModuleLoadDataEx, hipLibraryLoad* and hipLink* (CUDA's cuModuleLoadDataEx
// options, in the same order). Options CUDA alone gives a meaning are accepted and ignored. As
// in CUDA, a *SizeBytes option's value slot holds the buffer's capacity itself
// ((void*)(uintptr_t)bytes). HIP 6.4 appended CUDA-only options 17-28 (and so moved
// hipJitOptionNumOptions to 29); hipcore keeps HIP 6.2's list, the ABI its headers follow, plus
// the two AMD options of the linker.
typedef enum hipJitOption {
  hipJitOptionMaxRegisters = 0,
  hipJitOptionThreadsPerBlock = 1,
  hipJitOptionWallTime = 2,
  hipJitOptionInfoLogBuffer = 3,
  hipJitOptionInfoLogBufferSizeBytes = 4,
  hipJitOptionErrorLogBuffer = 5,
  hipJitOptionErrorLogBufferSizeBytes = 6,
  hipJitOptionOptimizationLevel = 7,
  hipJitOptionTargetFromContext = 8,
  hipJitOptionTarget = 9,
  hipJitOptionFallbackStrategy = 10,
  hipJitOptionGenerateDebugInfo = 11,
  hipJitOptionLogVerbose = 12,
  hipJitOptionGenerateLineInfo = 13,
  hipJitOptionCacheMode = 14,
  hipJitOptionSm3xOpt = 15,
  hipJitOptionFastCompile = 16,
  hipJitOptionNumOptions = 17,
  // hipLink*: the options of the IR-to-ISA step, a const char** array ("-mcpu=gfx1030", "-O2",
  // "-mwavefrontsize64"), and its length as (void*)(size_t)count.
  hipJitOptionIRtoISAOptExt = 10000,
  hipJitOptionIRtoISAOptCountExt = 10001,
} hipJitOption;

// What hipLinkAddData/AddFile is given. hipcore links LLVM bitcode (-fgpu-rdc output) and
// offload bundles of it; the CUDA inputs, archives and SPIR-V are refused.
typedef enum hipJitInputType {
  hipJitInputCubin = 0,
  hipJitInputPtx = 1,
  hipJitInputFatBinary = 2,
  hipJitInputObject = 3,
  hipJitInputLibrary = 4,
  hipJitInputNvvm = 5,
  hipJitNumLegacyInputTypes = 6,
  hipJitInputLLVMBitcode = 100,
  hipJitInputLLVMBundledBitcode = 101,
  hipJitInputLLVMArchivesOfBundledBitcode = 102,
  hipJitInputSpirv = 103,
  hipJitNumInputTypes = 10,
} hipJitInputType;

typedef enum hipJitCacheMode {
  hipJitCacheOptionNone = 0,
  hipJitCacheOptionCG = 1,
  hipJitCacheOptionCA = 2,
} hipJitCacheMode;

typedef enum hipJitFallback {
  hipJitPreferPTX = 0,
  hipJitPreferBinary = 1,
} hipJitFallback;

// Options of hipLibraryLoad*. hipcore always copies the image (so BinaryIsPreserved changes
// nothing) and has no host function table; both are accepted.
typedef enum hipLibraryOption_e {
  hipLibraryHostUniversalFunctionAndDataTable = 0,
  hipLibraryBinaryIsPreserved = 1,
} hipLibraryOption;
