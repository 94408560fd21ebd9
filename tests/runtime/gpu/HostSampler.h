// The host reference sampler the texture tests compare kernels' reads with.
#pragma once

#include <hip/hip_runtime_api.h>

#include <array>
#include <cmath>
#include <vector>

// The host reference sampler: D3D's texel selection (point: floor(u); bilinear: floor(u - 0.5)
// and its neighbour, weights of 8 fraction bits, as the texture unit's fixed point), CUDA's
// address modes on texel indices, border 0.

struct HostImage {
  int w, h, d;  // d: depth or layers
  int channels;
  std::vector<float> texels;  // channels floats per texel, x fastest
  std::array<float, 4> at(int x, int y, int z) const {
    std::array<float, 4> v{0, 0, 0, 1};
    for (int c = 0; c < channels; ++c) v[c] = texels[((z * h + y) * w + x) * channels + c];
    return v;
  }
};

inline int addressed(hipTextureAddressMode mode, int i, int n) {
  switch (mode) {
    case hipAddressModeWrap:
      return ((i % n) + n) % n;
    case hipAddressModeMirror: {
      const int m = ((i % (2 * n)) + 2 * n) % (2 * n);
      return m < n ? m : 2 * n - 1 - m;
    }
    case hipAddressModeClamp:
      return i < 0 ? 0 : i >= n ? n - 1 : i;
    default:
      return i < 0 || i >= n ? -1 : i;
  }
}

// axes: 1, 2 or 3 filtered coordinates; layer selects the slice of layered images.
inline std::array<float, 4> referenceSample(const HostImage& im, int axes,
                                            hipTextureAddressMode mode, bool linear,
                                            bool normalized, const float* coord, int layer) {
  const int size[3] = {im.w, im.h, im.d};
  int first[3] = {0, 0, layer};
  double frac[3] = {0, 0, 0};
  for (int k = 0; k < axes; ++k) {
    double t = normalized ? double(coord[k]) * size[k] : coord[k];
    t = std::nearbyint(t * 256) / 256;
    if (linear) t -= 0.5;
    first[k] = static_cast<int>(std::floor(t));
    frac[k] = linear ? t - first[k] : 0;
  }
  std::array<float, 4> sum{0, 0, 0, 0};
  for (int corner = 0; corner < (linear ? 1 << axes : 1); ++corner) {
    int idx[3] = {first[0], first[1], first[2]};
    double weight = 1;
    bool border = false;
    for (int k = 0; k < axes; ++k) {
      const int second = linear ? (corner >> k) & 1 : 0;
      weight *= second ? frac[k] : 1 - frac[k];
      idx[k] = addressed(mode, idx[k] + second, size[k]);
      border |= idx[k] < 0;
    }
    if (border) continue;  // transparent black
    const std::array<float, 4> v = im.at(idx[0], idx[1], idx[2]);
    for (int c = 0; c < 4; ++c) sum[c] += static_cast<float>(weight * v[c]);
  }
  return sum;
}
