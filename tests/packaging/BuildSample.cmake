# Configures, builds and runs one sample's standalone CMakeLists.txt (samples/<name>/) against an
# installed hipcore prefix, as a user who copied the folder would.
# Inputs: SAMPLE, SAMPLES_DIR, PREFIX, WORK_DIR, CLANG, LAUNCHER.
cmake_policy(VERSION 3.25)
file(REMOVE_RECURSE "${WORK_DIR}")
set(configure_command "${CMAKE_COMMAND}" -S "${SAMPLES_DIR}/${SAMPLE}" -B "${WORK_DIR}" -DCMAKE_PREFIX_PATH=${PREFIX}
    -DCMAKE_HIP_COMPILER=${CLANG} -DCMAKE_HIP_COMPILER_ROCM_ROOT=${PREFIX}
    -DCMAKE_HIP_ARCHITECTURES=gfx1030\;gfx1100 -DCMAKE_HIP_FLAGS=--rocm-path=${PREFIX})
# What the sample needs on its command line and in its environment.
set(run_command ${LAUNCHER} "${WORK_DIR}/${SAMPLE}")
if(SAMPLE STREQUAL "module_api")
  list(APPEND run_command "${WORK_DIR}/module_kernels.co")
elseif(SAMPLE STREQUAL "runtime_compilation")
  set(ENV{XDG_CACHE_HOME} "${WORK_DIR}/cache")  # hiprtc's code-object cache
endif()

foreach(step configure build run)
  if(step STREQUAL "configure")
    set(command ${configure_command})
  elseif(step STREQUAL "build")
    set(command "${CMAKE_COMMAND}" --build "${WORK_DIR}")
  else()
    set(command ${run_command})
  endif()
  execute_process(COMMAND ${command} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${SAMPLE}: ${step} failed (${status}):\n${out}\n${err}")
  endif()
endforeach()
if(NOT out MATCHES "PASSED")
  message(FATAL_ERROR "${SAMPLE}: the program did not pass:\n${out}")
endif()
message(STATUS "${SAMPLE}: ${out}")
