// A surface program as a HIP 5.2.3 user builds it (Debian's hipcc, AMD's headers). Those headers
// declare hipCreateSurfaceObject and hipDestroySurfaceObject with C++ linkage, so the binary
// imports them by their mangled names under hip_4.2: it loads on hipcore as libamdhip64.so.5
// only if hipcore exports those names. A kernel writes every texel of a float array through
// surf2Dwrite (AMD's device code storing through hipcore's descriptor), the host reads the
// array back and compares with values computed here. Run on hipcore only: clr 5.2.3 refuses an
// array with hipArraySurfaceLoadStore (hipErrorNotSupported).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

__global__ void writeTexels(hipSurfaceObject_t surface, int width) {
  const int x = threadIdx.x, y = blockIdx.x;
  surf2Dwrite(float(y * 1000 + x) - 0.25f, surface, x * int(sizeof(float)), y);
}

int main() {
  const int w = 16, h = 6;
  std::vector<float> out(w * h, -1.0f);
  hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  hipArray_t array = nullptr;
  if (hipMallocArray(&array, &desc, w, h, hipArraySurfaceLoadStore) != hipSuccess) {
    std::printf("FAILED: hipMallocArray\n");
    return 1;
  }
  hipResourceDesc resource = {};
  resource.resType = hipResourceTypeArray;
  resource.res.array.array = array;
  hipSurfaceObject_t surface = nullptr;
  if (hipCreateSurfaceObject(&surface, &resource) != hipSuccess) {
    std::printf("FAILED: hipCreateSurfaceObject\n");
    return 1;
  }
  hipLaunchKernelGGL(writeTexels, dim3(h), dim3(w), 0, 0, surface, w);
  if (hipDeviceSynchronize() != hipSuccess ||
      hipMemcpy2DFromArray(out.data(), w * sizeof(float), array, 0, 0, w * sizeof(float), h,
                           hipMemcpyDeviceToHost) != hipSuccess) {
    std::printf("FAILED: kernel or read back\n");
    return 1;
  }
  int wrong = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) wrong += out[y * w + x] != float(y * 1000 + x) - 0.25f;
  if (hipDestroySurfaceObject(surface) != hipSuccess) {
    std::printf("FAILED: hipDestroySurfaceObject\n");
    return 1;
  }
  hipFreeArray(array);
  std::printf("%d of %d texels wrong: %s\n", wrong, w * h, wrong == 0 ? "PASSED" : "FAILED");
  return wrong == 0 ? 0 : 1;
}
