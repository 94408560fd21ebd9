// rocSPARSE (Debian's prebuilt librocsparse0, built against AMD's HIP) on hipcore: CSR SpMV
// y = alpha A x + beta y (without and with the analysis step), SpMM C = alpha A B + beta C and
// the lower-triangular solve, each checked against a host reference.
#include <rocsparse/rocsparse.h>

#include "DeviceVector.h"
#include "ServedByHipcore.h"
#include "SparseReference.h"

namespace {

void requireRocsparse(rocsparse_status status, const char* what) {
  if (status == rocsparse_status_success) return;
  std::fprintf(stderr, "FAIL %s: rocsparse_status %d\n", what, static_cast<int>(status));
  std::exit(1);
}

// A CSR matrix on the device.
struct DeviceCsr {
  explicit DeviceCsr(const compat::CsrMatrix& a)
      : offsets(a.rowOffsets),
        columns(a.columnIndices),
        values(a.values),
        nnz(static_cast<int>(a.values.size())) {}
  compat::DeviceVector<int> offsets, columns;
  compat::DeviceVector<float> values;
  int nnz;
};

void checkSpmv(rocsparse_handle handle, rocsparse_mat_descr descr) {
  const compat::CsrMatrix a = compat::bandedMatrix(/*rows=*/1000, /*columns=*/1000);
  std::vector<float> x(a.columns), y0(a.rows);
  for (int i = 0; i < a.columns; ++i) x[i] = static_cast<float>(i % 7 - 3);
  for (int i = 0; i < a.rows; ++i) y0[i] = static_cast<float>(i % 5);
  const float alpha = 2.0f, beta = -1.0f;
  const std::vector<float> want = compat::spmv(a, alpha, x, beta, y0);
  DeviceCsr d(a);
  compat::DeviceVector<float> dx(x);
  rocsparse_mat_info info = nullptr;
  requireRocsparse(rocsparse_create_mat_info(&info), "rocsparse_create_mat_info");
  for (bool analysed : {false, true}) {
    compat::DeviceVector<float> dy(y0);
    if (analysed)
      requireRocsparse(rocsparse_scsrmv_analysis(handle, rocsparse_operation_none, a.rows,
                                                 a.columns, d.nnz, descr, d.values.data(),
                                                 d.offsets.data(), d.columns.data(), info),
                       "rocsparse_scsrmv_analysis");
    requireRocsparse(
        rocsparse_scsrmv(handle, rocsparse_operation_none, a.rows, a.columns, d.nnz, &alpha, descr,
                         d.values.data(), d.offsets.data(), d.columns.data(),
                         analysed ? info : nullptr, dx.data(), &beta, dy.data()),
        "rocsparse_scsrmv");
    compat::requireEqual(analysed ? "rocsparse csrmv (analysed)" : "rocsparse csrmv", dy.read(),
                         want);
  }
  requireRocsparse(rocsparse_destroy_mat_info(info), "rocsparse_destroy_mat_info");
}

void checkSpmm(rocsparse_handle handle, rocsparse_mat_descr descr) {
  const compat::CsrMatrix a = compat::bandedMatrix(/*rows=*/300, /*columns=*/200);
  constexpr int kColumns = 5;
  std::vector<float> b(a.columns * kColumns), c0(a.rows * kColumns);
  for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<float>(i % 9) - 4;
  for (size_t i = 0; i < c0.size(); ++i) c0[i] = static_cast<float>(i % 3);
  const float alpha = 3.0f, beta = 2.0f;
  const std::vector<float> want = compat::spmm(a, alpha, b, kColumns, beta, c0);
  DeviceCsr d(a);
  compat::DeviceVector<float> db(b), dc(c0);
  requireRocsparse(
      rocsparse_scsrmm(handle, rocsparse_operation_none, rocsparse_operation_none, a.rows, kColumns,
                       a.columns, d.nnz, &alpha, descr, d.values.data(), d.offsets.data(),
                       d.columns.data(), db.data(), a.columns, &beta, dc.data(), a.rows),
      "rocsparse_scsrmm");
  compat::requireEqual("rocsparse csrmm", dc.read(), want);
}

void checkTriangularSolve(rocsparse_handle handle) {
  const compat::CsrMatrix l = compat::lowerTriangularMatrix(/*rows=*/1000);
  std::vector<float> x(l.rows);
  for (int i = 0; i < l.rows; ++i) x[i] = static_cast<float>(i % 5 - 2);
  const float alpha = 1.5f;
  const std::vector<float> want = compat::lowerSolve(l, alpha, x);
  rocsparse_mat_descr descr = nullptr;
  rocsparse_mat_info info = nullptr;
  requireRocsparse(rocsparse_create_mat_descr(&descr), "rocsparse_create_mat_descr");
  requireRocsparse(rocsparse_set_mat_fill_mode(descr, rocsparse_fill_mode_lower), "fill mode");
  requireRocsparse(rocsparse_create_mat_info(&info), "rocsparse_create_mat_info");
  DeviceCsr d(l);
  compat::DeviceVector<float> dx(x), dy(std::vector<float>(l.rows));
  size_t bytes = 0;
  requireRocsparse(rocsparse_scsrsv_buffer_size(handle, rocsparse_operation_none, l.rows, d.nnz,
                                                descr, d.values.data(), d.offsets.data(),
                                                d.columns.data(), info, &bytes),
                   "rocsparse_scsrsv_buffer_size");
  compat::DeviceVector<char> buffer(std::vector<char>(bytes + 1));
  requireRocsparse(rocsparse_scsrsv_analysis(handle, rocsparse_operation_none, l.rows, d.nnz, descr,
                                             d.values.data(), d.offsets.data(), d.columns.data(),
                                             info, rocsparse_analysis_policy_reuse,
                                             rocsparse_solve_policy_auto, buffer.data()),
                   "rocsparse_scsrsv_analysis");
  requireRocsparse(
      rocsparse_scsrsv_solve(handle, rocsparse_operation_none, l.rows, d.nnz, &alpha, descr,
                             d.values.data(), d.offsets.data(), d.columns.data(), info, dx.data(),
                             dy.data(), rocsparse_solve_policy_auto, buffer.data()),
      "rocsparse_scsrsv_solve");
  compat::requireClose("rocsparse csrsv (lower)", dy.read(), want, /*relative=*/1e-5);
  requireRocsparse(rocsparse_destroy_mat_info(info), "rocsparse_destroy_mat_info");
  requireRocsparse(rocsparse_destroy_mat_descr(descr), "rocsparse_destroy_mat_descr");
}

}  // namespace

int main() {
  compat::requireServedByHipcore();
  rocsparse_handle handle = nullptr;
  rocsparse_mat_descr descr = nullptr;
  requireRocsparse(rocsparse_create_handle(&handle), "rocsparse_create_handle");
  requireRocsparse(rocsparse_create_mat_descr(&descr), "rocsparse_create_mat_descr");
  checkSpmv(handle, descr);
  checkSpmm(handle, descr);
  checkTriangularSolve(handle);
  requireRocsparse(rocsparse_destroy_mat_descr(descr), "rocsparse_destroy_mat_descr");
  requireRocsparse(rocsparse_destroy_handle(handle), "rocsparse_destroy_handle");
  std::printf("rocSPARSE PASSED\n");
  return 0;
}
