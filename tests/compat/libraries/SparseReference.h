// A CSR test matrix and the host SpMV reference for the rocSPARSE and hipSPARSE clients: a
// banded matrix with rows of different lengths (1 to 7 entries), values and x chosen so that
// every product is exact in float, so the device result must match the reference exactly.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace compat {

struct CsrMatrix {
  int rows = 0;
  int columns = 0;
  std::vector<int> rowOffsets;  // rows + 1
  std::vector<int> columnIndices;
  std::vector<float> values;
};

inline CsrMatrix bandedMatrix(int rows, int columns) {
  CsrMatrix m;
  m.rows = rows;
  m.columns = columns;
  m.rowOffsets.push_back(0);
  for (int r = 0; r < rows; ++r) {
    const int halfWidth = r % 4;  // 1, 3, 5, 7 entries around the diagonal
    for (int c = r - halfWidth; c <= r + halfWidth; ++c) {
      if (c < 0 || c >= columns) continue;
      m.columnIndices.push_back(c);
      m.values.push_back(static_cast<float>((r * 7 + c * 3) % 11 - 5));  // small integers
    }
    m.rowOffsets.push_back(static_cast<int>(m.values.size()));
  }
  return m;
}

// y = alpha * A x + beta * y on the host.
inline std::vector<float> spmv(const CsrMatrix& a, float alpha, const std::vector<float>& x,
                               float beta, std::vector<float> y) {
  for (int r = 0; r < a.rows; ++r) {
    float sum = 0;
    for (int i = a.rowOffsets[r]; i < a.rowOffsets[r + 1]; ++i)
      sum += a.values[i] * x[a.columnIndices[i]];
    y[r] = alpha * sum + beta * y[r];
  }
  return y;
}

inline void requireEqual(const char* name, const std::vector<float>& got,
                         const std::vector<float>& want) {
  for (size_t i = 0; i < want.size(); ++i) {
    if (got[i] == want[i]) continue;
    std::fprintf(stderr, "FAIL %s: y[%zu] = %g, host reference %g\n", name, i, got[i], want[i]);
    std::exit(1);
  }
  std::printf("%s: %zu values equal to the host reference\n", name, want.size());
}

}  // namespace compat
