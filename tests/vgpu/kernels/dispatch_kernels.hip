// Kernels the vgpu dispatch tests load through ROCR's own code-object loader and run on the
// interpreter. Built-ins only (no hipcore headers): the tests are about vgpu, not the runtime.

// c[i] = a[i] + b[i] for i < n, one work-item per element.
extern "C" __global__ void vector_add(const float* a, const float* b, float* c, unsigned n) {
  unsigned i = __builtin_amdgcn_workgroup_id_x() * 64 + __builtin_amdgcn_workitem_id_x();
  if (i < n) c[i] = a[i] + b[i];
}

// Stores through a pointer the test chooses (an unmapped address makes a memory fault).
extern "C" __global__ void store_to(unsigned* target) {
  target[__builtin_amdgcn_workitem_id_x()] = 0xDEADu;
}

// Ends in s_trap (what assert/abort compile to).
extern "C" __global__ void trap_kernel() {
  __builtin_trap();
}

// Spins until *flag becomes non-zero (the watchdog test never sets it).
extern "C" __global__ void spin_until(volatile unsigned* flag) {
  while (*flag == 0) {
  }
}
