# Every HIP source of the build (samples, tests, kernels) compiled with hipcore's headers only:
# the dependency files clang wrote name include/hip/hip_runtime.h of the source tree, and no file of a
# system HIP installation (/usr/include/hip, /opt/rocm). Usage: cmake -DDEPFILES_DIR=... -P
file(GLOB depfiles "${DEPFILES_DIR}/*.d")
set(hipcore_users 0)
foreach(depfile IN LISTS depfiles)
  file(READ "${depfile}" text)
  if(text MATCHES "/usr/include/hip/|/opt/rocm[^ ]*/include/hip/")
    message(FATAL_ERROR "${depfile} lists a system HIP header:\n${text}")
  endif()
  if(text MATCHES "/include/hip/hip_runtime.h")  # system trees failed above
    math(EXPR hipcore_users "${hipcore_users} + 1")
  endif()
endforeach()
if(hipcore_users LESS 20)
  message(FATAL_ERROR "only ${hipcore_users} HIP compiles found in ${DEPFILES_DIR}: is the build complete?")
endif()
message(STATUS "${hipcore_users} HIP compiles, each with hipcore's hip_runtime.h and no system HIP header")
