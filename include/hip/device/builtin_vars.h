// threadIdx, blockIdx, blockDim and gridDim: the built-in variables of a HIP kernel.
//
// clang's HIP wrapper does not provide them (docs/PLATFORM.md section 2). Each is a read-only
// object whose members are properties, so `threadIdx.x` compiles to the intrinsic that reads the
// hardware register (work-item ids in VGPRs, workgroup ids in SGPRs) and `auto i = threadIdx.x`
// deduces unsigned int, as in CUDA.
#pragma once

#if !defined(__HIP__)
#error "hip/device/builtin_vars.h is for device compiles (clang -x hip)"
#endif

extern "C" __device__ __attribute__((const)) unsigned long __ockl_get_num_groups(unsigned int);

#define __HIPCORE_BUILTIN_PROPERTY(member, getter) \
  __declspec(property(get = getter)) unsigned int member

struct __hipcore_thread_idx {
  __HIPCORE_BUILTIN_PROPERTY(x, __get_x);
  __HIPCORE_BUILTIN_PROPERTY(y, __get_y);
  __HIPCORE_BUILTIN_PROPERTY(z, __get_z);
  static __device__ unsigned int __get_x() { return __builtin_amdgcn_workitem_id_x(); }
  static __device__ unsigned int __get_y() { return __builtin_amdgcn_workitem_id_y(); }
  static __device__ unsigned int __get_z() { return __builtin_amdgcn_workitem_id_z(); }
  __device__ operator dim3() const { return dim3(__get_x(), __get_y(), __get_z()); }
};

struct __hipcore_block_idx {
  __HIPCORE_BUILTIN_PROPERTY(x, __get_x);
  __HIPCORE_BUILTIN_PROPERTY(y, __get_y);
  __HIPCORE_BUILTIN_PROPERTY(z, __get_z);
  static __device__ unsigned int __get_x() { return __builtin_amdgcn_workgroup_id_x(); }
  static __device__ unsigned int __get_y() { return __builtin_amdgcn_workgroup_id_y(); }
  static __device__ unsigned int __get_z() { return __builtin_amdgcn_workgroup_id_z(); }
  __device__ operator dim3() const { return dim3(__get_x(), __get_y(), __get_z()); }
};

// The launch's block size, not the (possibly smaller) size of a partial last block: CUDA's
// blockDim. The builtin reads the dispatch packet (code object v4) or the hidden kernel
// arguments (v5), whichever the code object version selects.
struct __hipcore_block_dim {
  __HIPCORE_BUILTIN_PROPERTY(x, __get_x);
  __HIPCORE_BUILTIN_PROPERTY(y, __get_y);
  __HIPCORE_BUILTIN_PROPERTY(z, __get_z);
  static __device__ unsigned int __get_x() { return __builtin_amdgcn_workgroup_size_x(); }
  static __device__ unsigned int __get_y() { return __builtin_amdgcn_workgroup_size_y(); }
  static __device__ unsigned int __get_z() { return __builtin_amdgcn_workgroup_size_z(); }
  __device__ operator dim3() const { return dim3(__get_x(), __get_y(), __get_z()); }
};

// Number of blocks per dimension, from ockl (which knows both code object versions).
struct __hipcore_grid_dim {
  __HIPCORE_BUILTIN_PROPERTY(x, __get_x);
  __HIPCORE_BUILTIN_PROPERTY(y, __get_y);
  __HIPCORE_BUILTIN_PROPERTY(z, __get_z);
  static __device__ unsigned int __get_x() { return __ockl_get_num_groups(0); }
  static __device__ unsigned int __get_y() { return __ockl_get_num_groups(1); }
  static __device__ unsigned int __get_z() { return __ockl_get_num_groups(2); }
  __device__ operator dim3() const { return dim3(__get_x(), __get_y(), __get_z()); }
};

#undef __HIPCORE_BUILTIN_PROPERTY

extern const __device__ __attribute__((weak)) __hipcore_thread_idx threadIdx;
extern const __device__ __attribute__((weak)) __hipcore_block_idx blockIdx;
extern const __device__ __attribute__((weak)) __hipcore_block_dim blockDim;
extern const __device__ __attribute__((weak)) __hipcore_grid_dim gridDim;

#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)
