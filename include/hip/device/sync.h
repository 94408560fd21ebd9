// Block-level barriers and memory fences (HIP programming guide, "Synchronization functions").
#pragma once

// A workgroup barrier that also orders LDS and global memory between the block's threads:
// release before the barrier, acquire after it, at workgroup scope, as CUDA's __syncthreads.
__device__ inline void __syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

// The predicate variants reduce through one LDS word. The second barrier keeps a fast thread
// from resetting the word for a later call before the slowest one has read it.
__device__ inline int __hipcore_syncthreads_reduce(int predicate, int mode) {
  __shared__ int counter;
  if (__builtin_amdgcn_workitem_id_x() == 0 && __builtin_amdgcn_workitem_id_y() == 0 &&
      __builtin_amdgcn_workitem_id_z() == 0)
    counter = 0;
  __syncthreads();
  if (predicate)
    __hip_atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __syncthreads();
  int count = counter;
  __syncthreads();
  if (mode == 0) return count;
  unsigned threads = __builtin_amdgcn_workgroup_size_x() * __builtin_amdgcn_workgroup_size_y() *
                     __builtin_amdgcn_workgroup_size_z();
  return mode == 1 ? count == (int)threads : count != 0;
}

// Number of threads of the block for which predicate is non-zero.
__device__ inline int __syncthreads_count(int predicate) {
  return __hipcore_syncthreads_reduce(predicate, 0);
}
// Non-zero when predicate is non-zero for every thread of the block.
__device__ inline int __syncthreads_and(int predicate) {
  return __hipcore_syncthreads_reduce(predicate, 1);
}
// Non-zero when predicate is non-zero for any thread of the block.
__device__ inline int __syncthreads_or(int predicate) {
  return __hipcore_syncthreads_reduce(predicate, 2);
}

__device__ inline void __threadfence_block() {
  __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
}
__device__ inline void __threadfence() {
  __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent");
}
__device__ inline void __threadfence_system() {
  __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "");
}
