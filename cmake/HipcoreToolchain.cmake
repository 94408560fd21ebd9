# Finds the external tools and libraries hipcore builds with; all come from Debian 12 packages
# (packaging/install-deps.sh installs them).

find_program(HIPCORE_CLANG NAMES clang++-19 REQUIRED
  DOC "clang 19: compiles HIP sources (code object v5, gfx1030 and gfx1100)")
# Code object v4 test inputs come from the compiler of the distribution's ROCm: clang 15 on
# Debian 12 (ROCm 5.2.3), clang 17 on Debian 13 (ROCm 5.7/6.1, which has no clang 15); the
# compiles ask for version 4 explicitly (clang 17 defaults to 5).
find_program(HIPCORE_CLANG15 NAMES clang++-15 clang++-17
  DOC "the compiler of Debian's ROCm (clang 15, or 17 on Debian 13) for code object v4 inputs")
find_program(HIPCORE_LLVM_AS NAMES llvm-as-19 REQUIRED
  DOC "assembles the generated oclc_isa_version control libraries")

set(HIPCORE_SYSTEM_BITCODE_DIR "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode" CACHE PATH
  "Debian's rocm-device-libs bitcode directory")
if(NOT EXISTS "${HIPCORE_SYSTEM_BITCODE_DIR}/ockl.bc")
  message(FATAL_ERROR "rocm-device-libs not found in ${HIPCORE_SYSTEM_BITCODE_DIR}; "
                      "run packaging/install-deps.sh")
endif()

# ROCR (libhsa-runtime64) and the thunk headers.
find_path(HSA_INCLUDE_DIR hsa/hsa.h REQUIRED)
find_library(HSA_RUNTIME_LIBRARY NAMES hsa-runtime64 REQUIRED)
add_library(hsa::runtime SHARED IMPORTED)
set_target_properties(hsa::runtime PROPERTIES IMPORTED_LOCATION "${HSA_RUNTIME_LIBRARY}"
  INTERFACE_INCLUDE_DIRECTORIES "${HSA_INCLUDE_DIR}")
# Debian 12 puts hsakmt.h in /usr/include, libhsakmt 6.x (Debian 13) in /usr/include/hsakmt.
find_path(HSAKMT_INCLUDE_DIR hsakmt.h PATH_SUFFIXES hsakmt REQUIRED)
