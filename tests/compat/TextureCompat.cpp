// A texture program as a HIP 5.2.3 user builds it (Debian's hipcc, AMD's headers, which read a
// texture object's T# at its first dword and its S# at dword 12): a float hipArray filled with
// hipMemcpy2DToArray, read by tex2D through a point-sampled, clamped texture object. Run on
// hipcore as libamdhip64.so.5 it checks that hipcore's hipResourceDesc/hipTextureDesc layouts
// and descriptor block are what AMD-compiled code expects; on AMD's own runtime, whose clr lays
// the array out tiled through ROCR's image extension (SW_MODE 2, 256B_D), it checks vgpu's
// model of that layout.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

__global__ void readTexels(hipTextureObject_t t, float* out, int width) {
  const int x = threadIdx.x, y = blockIdx.x;
  out[y * width + x] = tex2D<float>(t, x + 0.5f, y + 0.5f);
}

int main() {
  const int w = 8, h = 4;
  std::vector<float> in(w * h), out(w * h, -1.0f);
  for (int i = 0; i < w * h; ++i) in[i] = i * 1.25f - 3.0f;
  hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  hipArray_t array = nullptr;
  float* device = nullptr;
  hipTextureObject_t texture = nullptr;
  hipResourceDesc resource = {};
  hipTextureDesc sampling = {};
  resource.resType = hipResourceTypeArray;
  sampling.addressMode[0] = sampling.addressMode[1] = hipAddressModeClamp;
  sampling.filterMode = hipFilterModePoint;
  sampling.readMode = hipReadModeElementType;
  if (hipMallocArray(&array, &desc, w, h) != hipSuccess ||
      hipMemcpy2DToArray(array, 0, 0, in.data(), w * sizeof(float), w * sizeof(float), h,
                         hipMemcpyHostToDevice) != hipSuccess ||
      hipMalloc(reinterpret_cast<void**>(&device), w * h * sizeof(float)) != hipSuccess) {
    std::printf("FAILED: array setup\n");
    return 1;
  }
  resource.res.array.array = array;
  if (hipCreateTextureObject(&texture, &resource, &sampling, nullptr) != hipSuccess) {
    std::printf("FAILED: hipCreateTextureObject\n");
    return 1;
  }
  hipLaunchKernelGGL(readTexels, dim3(h), dim3(w), 0, 0, texture, device, w);
  if (hipDeviceSynchronize() != hipSuccess ||
      hipMemcpy(out.data(), device, w * h * sizeof(float), hipMemcpyDeviceToHost) != hipSuccess) {
    std::printf("FAILED: kernel\n");
    return 1;
  }
  int wrong = 0;
  for (int i = 0; i < w * h; ++i) wrong += out[i] != in[i];
  hipDestroyTextureObject(texture);
  hipFreeArray(array);
  hipFree(device);
  std::printf("%d of %d texels wrong: %s\n", wrong, w * h, wrong == 0 ? "PASSED" : "FAILED");
  return wrong == 0 ? 0 : 1;
}
