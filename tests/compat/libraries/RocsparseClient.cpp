// rocSPARSE (Debian's prebuilt librocsparse0, built against AMD's HIP) on hipcore: CSR SpMV
// y = alpha A x + beta y, without and with the analysis step, checked against a host reference.
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

}  // namespace

int main() {
  compat::requireServedByHipcore();
  const compat::CsrMatrix a = compat::bandedMatrix(/*rows=*/1000, /*columns=*/1000);
  std::vector<float> x(a.columns), y0(a.rows);
  for (int i = 0; i < a.columns; ++i) x[i] = static_cast<float>(i % 7 - 3);
  for (int i = 0; i < a.rows; ++i) y0[i] = static_cast<float>(i % 5);
  const float alpha = 2.0f, beta = -1.0f;
  const std::vector<float> want = compat::spmv(a, alpha, x, beta, y0);

  rocsparse_handle handle = nullptr;
  rocsparse_mat_descr descr = nullptr;
  rocsparse_mat_info info = nullptr;
  requireRocsparse(rocsparse_create_handle(&handle), "rocsparse_create_handle");
  requireRocsparse(rocsparse_create_mat_descr(&descr), "rocsparse_create_mat_descr");
  requireRocsparse(rocsparse_create_mat_info(&info), "rocsparse_create_mat_info");
  compat::DeviceVector<int> offsets(a.rowOffsets), columns(a.columnIndices);
  compat::DeviceVector<float> values(a.values), dx(x);
  const int nnz = static_cast<int>(a.values.size());
  for (bool analysed : {false, true}) {
    compat::DeviceVector<float> dy(y0);
    if (analysed)
      requireRocsparse(
          rocsparse_scsrmv_analysis(handle, rocsparse_operation_none, a.rows, a.columns, nnz, descr,
                                    values.data(), offsets.data(), columns.data(), info),
          "rocsparse_scsrmv_analysis");
    requireRocsparse(rocsparse_scsrmv(handle, rocsparse_operation_none, a.rows, a.columns, nnz,
                                      &alpha, descr, values.data(), offsets.data(), columns.data(),
                                      analysed ? info : nullptr, dx.data(), &beta, dy.data()),
                     "rocsparse_scsrmv");
    compat::requireEqual(analysed ? "rocsparse csrmv (analysed)" : "rocsparse csrmv", dy.read(),
                         want);
  }
  requireRocsparse(rocsparse_destroy_mat_info(info), "rocsparse_destroy_mat_info");
  requireRocsparse(rocsparse_destroy_mat_descr(descr), "rocsparse_destroy_mat_descr");
  requireRocsparse(rocsparse_destroy_handle(handle), "rocsparse_destroy_handle");
  std::printf("rocSPARSE PASSED\n");
  return 0;
}
