// CSR test matrices and host references for the rocSPARSE and hipSPARSE clients: a banded
// matrix with rows of different lengths (1 to 7 entries) whose SpMV/SpMM products are exact in
// float (small integers), so the device result must match exactly; and a diagonally dominant
// lower-triangular one for the triangular solve, compared with a double-precision reference.
#pragma once

#include <algorithm>
#include <cmath>
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

// Rows of 1 to 4 entries ending at the diagonal: 4 on it, -1, 0 or 1 left of it.
inline CsrMatrix lowerTriangularMatrix(int rows) {
  CsrMatrix m;
  m.rows = rows;
  m.columns = rows;
  m.rowOffsets.push_back(0);
  for (int r = 0; r < rows; ++r) {
    for (int c = r - r % 4; c <= r; ++c) {
      m.columnIndices.push_back(c);
      m.values.push_back(c == r ? 4.0f : static_cast<float>((r + c) % 3 - 1));
    }
    m.rowOffsets.push_back(static_cast<int>(m.values.size()));
  }
  return m;
}

// C = alpha * A B + beta * C with B (columns x n) and C (rows x n) column-major.
inline std::vector<float> spmm(const CsrMatrix& a, float alpha, const std::vector<float>& b, int n,
                               float beta, std::vector<float> c) {
  for (int j = 0; j < n; ++j) {
    std::vector<float> column(b.begin() + j * a.columns, b.begin() + (j + 1) * a.columns);
    std::vector<float> out(c.begin() + j * a.rows, c.begin() + (j + 1) * a.rows);
    out = spmv(a, alpha, column, beta, out);
    std::copy(out.begin(), out.end(), c.begin() + j * a.rows);
  }
  return c;
}

// y = alpha * L^-1 x by forward substitution, in double.
inline std::vector<float> lowerSolve(const CsrMatrix& l, float alpha, const std::vector<float>& x) {
  std::vector<double> y(l.rows);
  for (int r = 0; r < l.rows; ++r) {
    double sum = alpha * static_cast<double>(x[r]), diagonal = 0;
    for (int i = l.rowOffsets[r]; i < l.rowOffsets[r + 1]; ++i) {
      if (l.columnIndices[i] == r)
        diagonal = l.values[i];
      else
        sum -= l.values[i] * y[l.columnIndices[i]];
    }
    y[r] = sum / diagonal;
  }
  return std::vector<float>(y.begin(), y.end());
}

// Within `relative` of the reference (plus 1e-6 absolute for values near 0).
inline void requireClose(const char* name, const std::vector<float>& got,
                         const std::vector<float>& want, double relative) {
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::fabs(got[i] - want[i]) <= relative * std::fabs(want[i]) + 1e-6) continue;
    std::fprintf(stderr, "FAIL %s: y[%zu] = %.9g, host reference %.9g\n", name, i, got[i], want[i]);
    std::exit(1);
  }
  std::printf("%s: %zu values within %g of the host reference\n", name, want.size(), relative);
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
