// Image instructions as clang-19 emits them through the device libraries' ockl image functions
// (what texture and surface reads compile to), plus inline assembly for the forms ockl does
// not reach (depth-compare samples, get_resinfo). Each lane works on its own coordinates; the
// descriptors (T# 8 dwords, S# 4 dwords) come from memory the test fills.
#include <hip/hip_runtime.h>

typedef float Float2 __attribute__((ext_vector_type(2)));
typedef float Float4 __attribute__((ext_vector_type(4)));
typedef int Int2 __attribute__((ext_vector_type(2)));
typedef int Int4 __attribute__((ext_vector_type(4)));
typedef unsigned Words4 __attribute__((ext_vector_type(4)));
typedef unsigned Words8 __attribute__((ext_vector_type(8)));
typedef __attribute__((address_space(4))) const unsigned* Descriptor;

extern "C" {
__device__ Float4 __ockl_image_load_1D(Descriptor, int);
__device__ Float4 __ockl_image_load_2D(Descriptor, Int2);
__device__ Float4 __ockl_image_load_3D(Descriptor, Int4);
__device__ Float4 __ockl_image_load_1Da(Descriptor, Int2);
__device__ Float4 __ockl_image_load_2Da(Descriptor, Int4);
__device__ Float4 __ockl_image_load_CM(Descriptor, Int2, int);
__device__ Float4 __ockl_image_load_lod_2D(Descriptor, Int2, int);
__device__ void __ockl_image_store_2D(Descriptor, Int2, Float4);
__device__ void __ockl_image_store_3D(Descriptor, Int4, Float4);
__device__ void __ockl_image_store_2Da(Descriptor, Int4, Float4);
__device__ void __ockl_image_store_lod_2D(Descriptor, Int2, int, Float4);
__device__ Float4 __ockl_image_sample_1D(Descriptor, Descriptor, float);
__device__ Float4 __ockl_image_sample_2D(Descriptor, Descriptor, Float2);
__device__ Float4 __ockl_image_sample_3D(Descriptor, Descriptor, Float4);
__device__ Float4 __ockl_image_sample_1Da(Descriptor, Descriptor, Float2);
__device__ Float4 __ockl_image_sample_2Da(Descriptor, Descriptor, Float4);
__device__ Float4 __ockl_image_sample_lod_2D(Descriptor, Descriptor, Float2, float);
__device__ Float4 __ockl_image_sample_grad_2D(Descriptor, Descriptor, Float2, Float2, Float2);
__device__ Float4 __ockl_image_gather4r_2D(Descriptor, Descriptor, Float2);
__device__ Float4 __ockl_image_gather4g_2D(Descriptor, Descriptor, Float2);
}

__device__ Descriptor constant(const unsigned* p) {
  return (Descriptor)(p);
}

// Integer coordinates: xyzw[i] for lane i (unused components ignored by the instruction).
extern "C" __global__ void load_image(const unsigned* t, int dims, const Int4* xyzw, Float4* out) {
  const int i = threadIdx.x;
  const Int4 c = xyzw[i];
  Float4 r;
  switch (dims) {
    case 1:
      r = __ockl_image_load_1D(constant(t), c.x);
      break;
    case 2:
      r = __ockl_image_load_2D(constant(t), Int2{c.x, c.y});
      break;
    case 3:
      r = __ockl_image_load_3D(constant(t), c);
      break;
    case 11:
      r = __ockl_image_load_1Da(constant(t), Int2{c.x, c.y});
      break;
    case 12:
      r = __ockl_image_load_2Da(constant(t), c);
      break;
    default:
      r = __ockl_image_load_lod_2D(constant(t), Int2{c.x, c.y}, c.w);
      break;
  }
  out[i] = r;
}

extern "C" __global__ void store_image(const unsigned* t, int dims, const Int4* xyzw,
                                       const Float4* values) {
  const int i = threadIdx.x;
  const Int4 c = xyzw[i];
  switch (dims) {
    case 2:
      __ockl_image_store_2D(constant(t), Int2{c.x, c.y}, values[i]);
      break;
    case 3:
      __ockl_image_store_3D(constant(t), c, values[i]);
      break;
    case 12:
      __ockl_image_store_2Da(constant(t), c, values[i]);
      break;
    default:
      __ockl_image_store_lod_2D(constant(t), Int2{c.x, c.y}, c.w, values[i]);
      break;
  }
}

// Float coordinates; mode selects the instruction: 0 image_sample, 1 image_sample_l (lod in w),
// 2 image_sample_lz, 3 image_sample_d (derivatives d[i]), 4/5 image_gather4 of R/G.
extern "C" __global__ void sample_image(const unsigned* t, const unsigned* s, int dims, int mode,
                                        const Float4* coords, const Float4* d, Float4* out) {
  const int i = threadIdx.x;
  const Float4 c = coords[i];
  Float4 r;
  if (dims == 1)
    r = __ockl_image_sample_1D(constant(t), constant(s), c.x);
  else if (dims == 3)
    r = __ockl_image_sample_3D(constant(t), constant(s), c);
  else if (dims == 11)
    r = __ockl_image_sample_1Da(constant(t), constant(s), Float2{c.x, c.y});
  else if (dims == 12)
    r = __ockl_image_sample_2Da(constant(t), constant(s), c);
  else if (mode == 1)
    r = __ockl_image_sample_lod_2D(constant(t), constant(s), Float2{c.x, c.y}, c.w);
  else if (mode == 2)
    r = __ockl_image_sample_lod_2D(constant(t), constant(s), Float2{c.x, c.y}, 0.0f);
  else if (mode == 3)
    r = __ockl_image_sample_grad_2D(constant(t), constant(s), Float2{c.x, c.y},
                                    Float2{d[i].x, d[i].y}, Float2{d[i].z, d[i].w});
  else if (mode == 4)
    r = __ockl_image_gather4r_2D(constant(t), constant(s), Float2{c.x, c.y});
  else if (mode == 5)
    r = __ockl_image_gather4g_2D(constant(t), constant(s), Float2{c.x, c.y});
  else
    r = __ockl_image_sample_2D(constant(t), constant(s), Float2{c.x, c.y});
  out[i] = r;
}

// image_sample_c_lz on a 2D image: depth compare of reference c.z against channel X.
extern "C" __global__ void sample_compare(Words8 t, Words4 s, const Float4* coords, float* out) {
  const int i = threadIdx.x;
  const Float4 c = coords[i];
  float r;
  asm volatile(
      "image_sample_c_lz %0, [%1, %2, %3], %4, %5 dmask:0x1 dim:SQ_RSRC_IMG_2D\n\t"
      "s_waitcnt vmcnt(0)"
      : "=v"(r)
      : "v"(c.z), "v"(c.x), "v"(c.y), "s"(t), "s"(s));
  out[i] = r;
}

// image_get_resinfo for mip level lod[i]: width, height, depth/layers, levels.
extern "C" __global__ void resource_info(Words8 t, int dim, const int* lod, Int4* out) {
  const int i = threadIdx.x;
  Int4 r;
  if (dim == 3)
    asm volatile(
        "image_get_resinfo %0, %1, %2 dmask:0xf dim:SQ_RSRC_IMG_3D unorm\n\t"
        "s_waitcnt vmcnt(0)"
        : "=v"(r)
        : "v"(lod[i]), "s"(t));
  else if (dim == 12)
    asm volatile(
        "image_get_resinfo %0, %1, %2 dmask:0xf dim:SQ_RSRC_IMG_2D_ARRAY unorm\n\t"
        "s_waitcnt vmcnt(0)"
        : "=v"(r)
        : "v"(lod[i]), "s"(t));
  else
    asm volatile(
        "image_get_resinfo %0, %1, %2 dmask:0xf dim:SQ_RSRC_IMG_2D unorm\n\t"
        "s_waitcnt vmcnt(0)"
        : "=v"(r)
        : "v"(lod[i]), "s"(t));
  out[i] = r;
}

// image_sample with the level of detail from the quad's coordinate differences (lanes 4i..4i+3).
extern "C" __global__ void sample_implicit(Words8 t, Words4 s, const Float2* coords, Float4* out) {
  const int i = threadIdx.x;
  Float4 r;
  asm volatile("image_sample %0, %1, %2, %3 dmask:0xf dim:SQ_RSRC_IMG_2D\n\ts_waitcnt vmcnt(0)"
               : "=v"(r)
               : "v"(coords[i]), "s"(t), "s"(s));
  out[i] = r;
}

// v_cubeid/sc/tc/ma_f32 of lane i's direction, as {id, sc, tc, ma}.
extern "C" __global__ void cube_coordinates(const Float4* directions, Float4* out) {
  const int i = threadIdx.x;
  const Float4 d = directions[i];
  out[i] = Float4{__builtin_amdgcn_cubeid(d.x, d.y, d.z), __builtin_amdgcn_cubesc(d.x, d.y, d.z),
                  __builtin_amdgcn_cubetc(d.x, d.y, d.z), __builtin_amdgcn_cubema(d.x, d.y, d.z)};
}

// Cube images: image_sample_lz (mode 0) or image_sample_l with level c.w (mode 1) at face
// coordinates (c.x, c.y, face + 8 * cube in c.z); image_load of texel (x, y, face slice).
extern "C" __global__ void sample_cube(Words8 t, Words4 s, int mode, const Float4* coords,
                                       Float4* out) {
  const int i = threadIdx.x;
  const Float4 c = coords[i];
  Float4 r;
  if (mode == 1)
    asm volatile(
        "image_sample_l %0, [%1, %2, %3, %4], %5, %6 dmask:0xf dim:SQ_RSRC_IMG_CUBE\n\t"
        "s_waitcnt vmcnt(0)"
        : "=v"(r)
        : "v"(c.x), "v"(c.y), "v"(c.z), "v"(c.w), "s"(t), "s"(s));
  else
    asm volatile(
        "image_sample_lz %0, [%1, %2, %3], %4, %5 dmask:0xf dim:SQ_RSRC_IMG_CUBE\n\t"
        "s_waitcnt vmcnt(0)"
        : "=v"(r)
        : "v"(c.x), "v"(c.y), "v"(c.z), "s"(t), "s"(s));
  out[i] = r;
}

extern "C" __global__ void load_cube(const unsigned* t, const Int4* xyzw, Float4* out) {
  const int i = threadIdx.x;
  const Int4 c = xyzw[i];
  out[i] = __ockl_image_load_CM(constant(t), Int2{c.x, c.y}, c.z);
}
