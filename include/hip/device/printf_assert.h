// Device printf, assert and abort. clang lowers printf calls in device code to the hostcall
// protocol of the linked ockl (docs/PLATFORM.md section 5); hipcore's runtime serves it.
// assert() in device code reaches __assert_fail, which prints the failed expression with its
// place and the thread, then traps: the launch fails with hipErrorAssert on the host.
#pragma once

extern "C" __device__ int printf(const char* format, ...);

extern "C" __device__ inline __attribute__((noreturn)) void __assert_fail(const char* assertion,
                                                                          const char* file,
                                                                          unsigned int line,
                                                                          const char* function) {
  printf("%s:%u: %s: block [%u,%u,%u], thread [%u,%u,%u] Assertion `%s' failed.\n", file, line,
         function, __builtin_amdgcn_workgroup_id_x(), __builtin_amdgcn_workgroup_id_y(),
         __builtin_amdgcn_workgroup_id_z(), __builtin_amdgcn_workitem_id_x(),
         __builtin_amdgcn_workitem_id_y(), __builtin_amdgcn_workitem_id_z(), assertion);
  __builtin_trap();
}

extern "C" __device__ inline __attribute__((noreturn)) void abort() {
  __builtin_trap();
}
