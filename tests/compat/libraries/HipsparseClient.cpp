// hipSPARSE (Debian's prebuilt libhipsparse0 over librocsparse0, built against AMD's HIP) on
// hipcore: CSR SpMV y = alpha A x + beta y, checked against a host reference.
#include <hipsparse/hipsparse.h>

#include "DeviceVector.h"
#include "ServedByHipcore.h"
#include "SparseReference.h"

namespace {

void requireHipsparse(hipsparseStatus_t status, const char* what) {
  if (status == HIPSPARSE_STATUS_SUCCESS) return;
  std::fprintf(stderr, "FAIL %s: hipsparseStatus_t %d\n", what, static_cast<int>(status));
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

  hipsparseHandle_t handle = nullptr;
  hipsparseMatDescr_t descr = nullptr;
  requireHipsparse(hipsparseCreate(&handle), "hipsparseCreate");
  requireHipsparse(hipsparseCreateMatDescr(&descr), "hipsparseCreateMatDescr");
  compat::DeviceVector<int> offsets(a.rowOffsets), columns(a.columnIndices);
  compat::DeviceVector<float> values(a.values), dx(x), dy(y0);
  requireHipsparse(hipsparseScsrmv(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, a.rows, a.columns,
                                   static_cast<int>(a.values.size()), &alpha, descr, values.data(),
                                   offsets.data(), columns.data(), dx.data(), &beta, dy.data()),
                   "hipsparseScsrmv");
  compat::requireEqual("hipsparse csrmv", dy.read(), want);
  requireHipsparse(hipsparseDestroyMatDescr(descr), "hipsparseDestroyMatDescr");
  requireHipsparse(hipsparseDestroy(handle), "hipsparseDestroy");
  std::printf("hipSPARSE PASSED\n");
  return 0;
}
