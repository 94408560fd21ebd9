// The texture<> globals of the texture-reference tests (TextureReferenceKernels.hip) and the
// launchers of kernels that read through them: each lane reads at one coordinate pair and
// writes what the read returned.
#pragma once

#include <hip/hip_runtime_api.h>
#include <hip/hip_vector_types.h>

// The globals, by their host shadows (what hipBindTexture & co. take).
textureReference* linearFloatReference();   // texture<float, 1, ElementType>
textureReference* pitchedFloatReference();  // texture<float, 2, ElementType>
textureReference* arrayRgba8Reference();    // texture<uchar4, 2, NormalizedFloat>
textureReference* mipmapFloatReference();   // texture<float, 2, ElementType>
textureReference* linearShortReference();   // texture<short, 1, NormalizedFloat>
textureReference* cubesFloatReference();    // texture<float, CubemapLayered, ElementType>
surfaceReference* rgba8SurfaceReference();  // surface<void, 2>, CUDA's spelling

// The pattern surface writes leave in texel (x, y).
__host__ __device__ inline uchar4 surfacePatternRgba8(int x, int y) {
  return make_uchar4(static_cast<unsigned char>(x * 17 + 3), static_cast<unsigned char>(y * 29),
                     static_cast<unsigned char>(x ^ y), static_cast<unsigned char>(200 + x));
}

// tex1Dfetch(linearFloat, index[i]).
hipError_t launchFetchLinear(const int* index, float* out, int n);
// tex1Dfetch(linearShort, index[i]): 16-bit integers read as normalized floats.
hipError_t launchFetchShortNormalized(const int* index, float* out, int n);
// tex2D(pitchedFloat, x[i], y[i]).
hipError_t launchSamplePitched(const float2* coords, float* out, int n);
// tex2D(arrayRgba8, x[i], y[i]) as float4.
hipError_t launchSampleArray(const float2* coords, float4* out, int n);
// tex2DLod(mipmapFloat, x[i], y[i], level).
hipError_t launchSampleMipmap(const float2* coords, float level, float* out, int n);
// texCubemapLayered(cubesFloat, x, y, z, int(w)) into out[2i], texCubemapLayeredLod at level 0
// into out[2i + 1].
hipError_t launchSampleCubes(const float4* directions, float* out, int n);
// surf2Dwrite of surfacePatternRgba8(x, y) at every texel through rgba8Surface's object.
hipError_t launchWriteThroughSurfaceReference(int width, int height);
// tex2D<float>(object, x[i], y[i]) on a texture object.
hipError_t launchSampleObject(hipTextureObject_t object, const float2* coords, float* out, int n);

// The texture<> overloads of the binding calls, compiled where the globals are.
hipError_t bindLinearThroughTemplate(const float* memory, size_t bytes);
hipError_t bindArrayThroughTemplate(hipArray_const_t array);
hipError_t unbindLinearThroughTemplate();
