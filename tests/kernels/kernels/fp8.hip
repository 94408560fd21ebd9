// hip_fp8.h over input arrays (device library test): every fp8 pattern of the four kinds
// decoded, floats and halves encoded with and without saturation, the struct types and packs.
#include <hip/hip_fp8.h>

#define INDEX()                                  \
  int i = blockIdx.x * blockDim.x + threadIdx.x; \
  if (i >= n) return

// in[i] is a pattern 0..255; per kind k (E4M3, E5M2, E4M3_FNUZ, E5M2_FNUZ): half bits, float
// from the struct, int from the struct.
__global__ void fp8_decode(const unsigned* in, unsigned short* halves, float* floats, int* ints,
                           int n) {
  INDEX();
  __hip_fp8_storage_t x = (__hip_fp8_storage_t)in[i];
  for (int k = 0; k < 4; ++k)
    halves[i * 4 + k] = __half_raw(__hip_cvt_fp8_to_halfraw(x, (__hip_fp8_interpretation_t)k)).x;
  __hip_fp8_e4m3 a;
  a.__x = x;
  __hip_fp8_e5m2 b;
  b.__x = x;
  __hip_fp8_e4m3_fnuz c;
  c.__x = x;
  __hip_fp8_e5m2_fnuz d;
  d.__x = x;
  floats[i * 4 + 0] = float(a);
  floats[i * 4 + 1] = float(b);
  floats[i * 4 + 2] = float(c);
  floats[i * 4 + 3] = float(d);
  ints[i * 4 + 0] = int(a);
  ints[i * 4 + 1] = int(b);
  ints[i * 4 + 2] = (int)(unsigned char)c;
  ints[i * 4 + 3] = (int)(short)d;
}

// Float to fp8: per kind, no saturation then saturation (8 bytes), then the four struct types
// (which saturate) from the float.
__global__ void fp8_encode(const float* in, unsigned char* out, int n) {
  INDEX();
  float f = in[i];
  unsigned char* row = out + i * 12;
  for (int k = 0; k < 4; ++k) {
    row[k * 2] = __hip_cvt_float_to_fp8(f, __HIP_NOSAT, (__hip_fp8_interpretation_t)k);
    row[k * 2 + 1] = __hip_cvt_float_to_fp8(f, __HIP_SATFINITE, (__hip_fp8_interpretation_t)k);
  }
  row[8] = __hip_fp8_e4m3(f).__x;
  row[9] = __hip_fp8_e5m2(f).__x;
  row[10] = __hip_fp8_e4m3_fnuz(f).__x;
  row[11] = __hip_fp8_e5m2_fnuz(f).__x;
}

// Half to fp8 (every half pattern): per kind, no saturation then saturation; then the x2 and
// x4 packs of (h, -h) saturating as E4M3 and E5M2, and the pair decoded back.
__global__ void fp8_from_half(const unsigned short* in, unsigned char* out, unsigned* packs,
                              int n) {
  INDEX();
  __half_raw r;
  r.x = in[i];
  unsigned char* row = out + i * 8;
  for (int k = 0; k < 4; ++k) {
    row[k * 2] = __hip_cvt_halfraw_to_fp8(r, __HIP_NOSAT, (__hip_fp8_interpretation_t)k);
    row[k * 2 + 1] = __hip_cvt_halfraw_to_fp8(r, __HIP_SATFINITE, (__hip_fp8_interpretation_t)k);
  }
  __half h(r);
  __half2 pair(h, __hneg(h));
  __hip_fp8x2_e4m3 p2(pair);
  __hip_fp8x4_e5m2 p4(pair, __lowhigh2highlow(pair));
  __half2 back = p2;
  packs[i * 3 + 0] = p2.__x;
  packs[i * 3 + 1] = p4.__x;
  packs[i * 3 + 2] =
      __half_as_ushort(__low2half(back)) | (unsigned)__half_as_ushort(__high2half(back)) << 16;
}

#if defined(__HIPCORE_HAVE_VECTOR_TYPES)
// The float2/float4 forms (present when hipcore's hip_vector_types.h is in the tree): per input
// pair, the half2, bfloat162, E4M3 x2 (saturating) and E5M2 x4 encodings, and the half2 and
// bfloat162 decoded back to float2.
__global__ void small_float_vectors(const float2* in, unsigned* out, float2* back, int n) {
  INDEX();
  float2 v = in[i];
  __half2 h = __float22half2_rn(v);
  __hip_bfloat162 b = __float22bfloat162_rn(v);
  __hip_fp8x4_e5m2 q(make_float4(v.x, v.y, -v.x, -v.y));
  out[i * 4 + 0] = __half_as_ushort(h.x) | (unsigned)__half_as_ushort(h.y) << 16;
  out[i * 4 + 1] = __bfloat16_as_ushort(b.x) | (unsigned)__bfloat16_as_ushort(b.y) << 16;
  out[i * 4 + 2] = __hip_cvt_float2_to_fp8x2(v, __HIP_SATFINITE, __HIP_E4M3);
  out[i * 4 + 3] = q.__x;
  back[i * 2 + 0] = __half22float2(h);
  back[i * 2 + 1] = __bfloat1622float2(b);
}
#endif
