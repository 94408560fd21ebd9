# The imported targets every hipcore CMake package builds on; included by hipcore-config.cmake,
# hip-config.cmake and hip-lang-config.cmake with _hipcore_prefix set to the install prefix.
include_guard(GLOBAL)

if(NOT TARGET hipcore::hipcore)
  # The runtime library, for host code (any C++ compiler).
  add_library(hipcore::hipcore SHARED IMPORTED)
  set_target_properties(hipcore::hipcore PROPERTIES
    IMPORTED_LOCATION "${_hipcore_prefix}/lib/libhipcore.so"
    INTERFACE_INCLUDE_DIRECTORIES "${_hipcore_prefix}/include"
    INTERFACE_COMPILE_DEFINITIONS "__HIP_PLATFORM_AMD__=1;__HIP_PLATFORM_HCC__=1")
endif()

if(NOT TARGET hipcore::device)
  # Sources of a target linking this are HIP, compiled by clang for the GPUs in GPU_TARGETS
  # (or AMDGPU_TARGETS, the older name). The C++ compiler must be clang++-19.
  set(_hipcore_targets "${GPU_TARGETS}")
  if(NOT _hipcore_targets)
    set(_hipcore_targets "${AMDGPU_TARGETS}")
  endif()
  if(NOT _hipcore_targets)
    set(_hipcore_targets gfx1030 gfx1100)
  endif()
  set(_hipcore_device_options -x hip "--rocm-path=${_hipcore_prefix}")
  foreach(_hipcore_target IN LISTS _hipcore_targets)
    list(APPEND _hipcore_device_options "--offload-arch=${_hipcore_target}")
  endforeach()
  add_library(hipcore::device INTERFACE IMPORTED)
  set_target_properties(hipcore::device PROPERTIES
    INTERFACE_COMPILE_OPTIONS "$<$<COMPILE_LANGUAGE:CXX>:${_hipcore_device_options}>"
    INTERFACE_LINK_OPTIONS "--rocm-path=${_hipcore_prefix}"
    INTERFACE_LINK_LIBRARIES hipcore::hipcore)
endif()
