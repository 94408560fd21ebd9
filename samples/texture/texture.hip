// texture: an image filter through a texture object. A float image goes into a 2D hipArray; a
// kernel blurs it with a 3x3 box filter, reading neighbours through tex2D with unnormalized
// coordinates and clamp-to-edge addressing (the texture unit handles the borders), and
// enlarges it 2x with bilinear filtering and normalized coordinates. Both results are checked
// against the same filters computed on the host.
// Exit codes: 0 passed, 1 failed, 2 no GPU found.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitNoGpu = 2;
constexpr int kWidth = 61, kHeight = 37;

__global__ void boxBlur(hipTextureObject_t image, float* out, int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  float sum = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) sum += tex2D<float>(image, x + dx + 0.5f, y + dy + 0.5f);
  out[y * width + x] = sum / 9.0f;
}

__global__ void enlarge(hipTextureObject_t image, float* out, int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  out[y * width + x] = tex2D<float>(image, (x + 0.5f) / width, (y + 0.5f) / height);
}

bool check(hipError_t status, const char* call) {
  if (status == hipSuccess) return true;
  std::fprintf(stderr, "%s failed: %s %s\n", call, hipGetErrorName(status),
               hipcoreGetErrorDetail());
  return false;
}

hipTextureObject_t makeTexture(hipArray_t array, bool bilinear) {
  hipResourceDesc resource = {};
  resource.resType = hipResourceTypeArray;
  resource.res.array.array = array;
  hipTextureDesc texture = {};
  texture.addressMode[0] = texture.addressMode[1] = hipAddressModeClamp;
  texture.filterMode = bilinear ? hipFilterModeLinear : hipFilterModePoint;
  texture.readMode = hipReadModeElementType;
  texture.normalizedCoords = bilinear;
  hipTextureObject_t object = nullptr;
  check(hipCreateTextureObject(&object, &resource, &texture, nullptr), "hipCreateTextureObject");
  return object;
}

// The host's image reads: clamp to the edge.
float at(const std::vector<float>& image, int x, int y) {
  x = std::clamp(x, 0, kWidth - 1);
  y = std::clamp(y, 0, kHeight - 1);
  return image[y * kWidth + x];
}

// Bilinear filtering as the texture unit does it: weights with 8 fraction bits.
float bilinear(const std::vector<float>& image, float u, float v) {
  const float x = u * kWidth - 0.5f, y = v * kHeight - 0.5f;
  const int x0 = static_cast<int>(std::floor(x)), y0 = static_cast<int>(std::floor(y));
  const float a = std::round((x - x0) * 256) / 256, b = std::round((y - y0) * 256) / 256;
  return (1 - a) * (1 - b) * at(image, x0, y0) + a * (1 - b) * at(image, x0 + 1, y0) +
         (1 - a) * b * at(image, x0, y0 + 1) + a * b * at(image, x0 + 1, y0 + 1);
}

}  // namespace

int main() {
  int devices = 0;
  if (hipGetDeviceCount(&devices) == hipErrorNoDevice || devices == 0) {
    std::printf("no GPU found: %s\n", hipcoreGetErrorDetail());
    return kExitNoGpu;
  }
  std::vector<float> image(kWidth * kHeight);
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x)
      image[y * kWidth + x] = std::sin(x * 0.3f) * std::cos(y * 0.2f) * 100.0f + (x ^ y);

  const hipChannelFormatDesc channel = hipCreateChannelDesc<float>();
  hipArray_t array = nullptr;
  float *dBlurred = nullptr, *dLarge = nullptr;
  const int largeWidth = 2 * kWidth, largeHeight = 2 * kHeight;
  if (!check(hipMallocArray(&array, &channel, kWidth, kHeight), "hipMallocArray") ||
      !check(hipMemcpy2DToArray(array, 0, 0, image.data(), kWidth * sizeof(float),
                                kWidth * sizeof(float), kHeight, hipMemcpyHostToDevice),
             "hipMemcpy2DToArray") ||
      !check(hipMalloc(&dBlurred, image.size() * sizeof(float)), "hipMalloc") ||
      !check(hipMalloc(&dLarge, largeWidth * largeHeight * sizeof(float)), "hipMalloc"))
    return kExitFailed;
  hipTextureObject_t point = makeTexture(array, false), smooth = makeTexture(array, true);
  const dim3 block(16, 16);
  boxBlur<<<dim3((kWidth + 15) / 16, (kHeight + 15) / 16), block>>>(point, dBlurred, kWidth,
                                                                    kHeight);
  enlarge<<<dim3((largeWidth + 15) / 16, (largeHeight + 15) / 16), block>>>(
      smooth, dLarge, largeWidth, largeHeight);
  std::vector<float> blurred(image.size()), large(largeWidth * largeHeight);
  if (!check(hipGetLastError(), "kernel launch") ||
      !check(hipMemcpy(blurred.data(), dBlurred, blurred.size() * sizeof(float),
                       hipMemcpyDeviceToHost),
             "hipMemcpy") ||
      !check(hipMemcpy(large.data(), dLarge, large.size() * sizeof(float), hipMemcpyDeviceToHost),
             "hipMemcpy"))
    return kExitFailed;

  int errors = 0;
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x) {
      float sum = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) sum += at(image, x + dx, y + dy);
      if (std::fabs(blurred[y * kWidth + x] - sum / 9.0f) > 1e-4f && errors++ < 5)
        std::printf("blur (%d, %d): %f, expected %f\n", x, y, blurred[y * kWidth + x], sum / 9.0f);
    }
  for (int y = 0; y < largeHeight; ++y)
    for (int x = 0; x < largeWidth; ++x) {
      const float want = bilinear(image, (x + 0.5f) / largeWidth, (y + 0.5f) / largeHeight);
      if (std::fabs(large[y * largeWidth + x] - want) > 1e-3f && errors++ < 10)
        std::printf("enlarge (%d, %d): %f, expected %f\n", x, y, large[y * largeWidth + x], want);
    }
  check(hipDestroyTextureObject(point), "hipDestroyTextureObject");
  check(hipDestroyTextureObject(smooth), "hipDestroyTextureObject");
  check(hipFreeArray(array), "hipFreeArray");
  check(hipFree(dBlurred), "hipFree");
  check(hipFree(dLarge), "hipFree");
  std::printf("texture: %dx%d image, 3x3 box blur and 2x bilinear enlargement: %s\n", kWidth,
              kHeight, errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : kExitFailed;
}
