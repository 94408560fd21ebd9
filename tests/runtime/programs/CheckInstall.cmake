# Installs the runtime's part of the prefix (the public headers and the runtime) into PREFIX, builds hello_world against it with the
# documented clang line, and checks that the program needs only hipcore and runs (without a GPU
# it must exit 2 with "no GPU found"; with one, 0 and PASSED).
file(REMOVE_RECURSE "${PREFIX}")
foreach(script IN LISTS INSTALL_SCRIPTS)
  execute_process(COMMAND ${CMAKE_COMMAND} -DCMAKE_INSTALL_PREFIX=${PREFIX} -P "${script}"
    RESULT_VARIABLE status OUTPUT_QUIET)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "installing ${script} into ${PREFIX} failed")
  endif()
endforeach()
foreach(file lib/libhipcore.so lib/libamdhip64.so lib/libamdhip64.so.5 lib/libamdhip64.so.6
             include/hip/hip_runtime.h include/hip/device/builtin_vars.h
             share/hip/version bin/.hipVersion amdgcn/bitcode/ockl.bc amdgcn/bitcode/oclc_isa_version_1100.bc)
  if(NOT EXISTS "${PREFIX}/${file}")
    message(FATAL_ERROR "${PREFIX}/${file} was not installed")
  endif()
endforeach()
if(IS_SYMLINK "${PREFIX}/amdgcn/bitcode/ockl.bc")
  message(FATAL_ERROR "device libraries must be installed as files, not symlinks")
endif()
execute_process(COMMAND "${CLANG}" -x hip --offload-arch=gfx1030,gfx1100 --rocm-path=${PREFIX}
  -isystem ${PREFIX}/include -L ${PREFIX}/lib -Wl,-rpath,${PREFIX}/lib "${SOURCE}" -o "${PREFIX}/hello_world"
  RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "clang against the installed prefix failed: ${errors}")
endif()
# hipcore's SONAME is libamdhip64.so.5: the program must find it in the prefix, as hipcore.
execute_process(COMMAND ldd "${PREFIX}/hello_world" OUTPUT_VARIABLE resolved)
if(NOT resolved MATCHES "libamdhip64\\.so\\.5 => ${PREFIX}/lib/libamdhip64\\.so\\.5")
  message(FATAL_ERROR "hello_world links the wrong runtime: ${resolved}")
endif()
file(REAL_PATH "${PREFIX}/lib/libamdhip64.so.5" file)
if(NOT file MATCHES "/libhipcore\\.so\\.[0-9.]+$")
  message(FATAL_ERROR "${PREFIX}/lib/libamdhip64.so.5 is ${file}, not hipcore")
endif()
execute_process(COMMAND "${PREFIX}/hello_world" RESULT_VARIABLE code OUTPUT_VARIABLE out)
if(NOT ((code EQUAL 2 AND out MATCHES "no GPU found") OR (code EQUAL 0 AND out MATCHES "PASSED")))
  message(FATAL_ERROR "hello_world from the installed prefix: exit ${code}: ${out}")
endif()
message(STATUS "installed prefix works: ${out}")
