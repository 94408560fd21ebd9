// Block-level barriers and memory fences (HIP programming guide, "Synchronization functions").
#pragma once

// A workgroup barrier that also orders LDS and global memory between the block's threads:
// release before the barrier, acquire after it, at workgroup scope, as CUDA's __syncthreads.
__device__ inline void __syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

__device__ inline void __threadfence_block() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup"); }
__device__ inline void __threadfence() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent"); }
__device__ inline void __threadfence_system() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, ""); }
