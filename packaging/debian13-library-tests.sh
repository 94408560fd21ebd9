#!/usr/bin/env bash
# Issue 22's by-hand run: Debian 13's prebuilt library test programs (built by Debian against
# AMD's HIP 5.7, linked against libamdhip64.so.5) on vgpu through the kernel front door, once
# with AMD's clr 5.7 and once with hipcore in its place (HIPCORE_AS_AMDHIP=1), same filter, same
# virtual GPU. Prints, per program and runtime, the tests passed and failed and the wall time,
# then every test that passes with clr and fails (or does not finish) with hipcore.
#
# Usage: packaging/debian13-library-tests.sh [BUILD_DIR]   (needs root; BUILD_DIR: build)
#   The root must hold the library test packages: packaging/debian13-root.sh --library-tests.
#   HIPCORE_LIBRARY_TESTS_LIMIT  seconds per program and runtime (default 600)
#   HIPCORE_LIBRARY_TESTS_OUT    where the logs go (default /tmp/hipcore-library-tests)
#   HIPCORE_LIBRARY_TESTS_ONLY   run only the programs whose name matches this pattern (grep -E)
# The suites hold 90,000 to 290,000 tests each, far beyond what an interpreter runs in hours:
# each program runs a named subset (one shard of a filter, gtest's own sharding, so the subset is
# the same on both runtimes). Not in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(cd "${1:-build}" && pwd)
if [ "$(id -u)" -ne 0 ]; then
  exec sudo HIPCORE_LIBRARY_TESTS_LIMIT="${HIPCORE_LIBRARY_TESTS_LIMIT:-}" \
    HIPCORE_LIBRARY_TESTS_OUT="${HIPCORE_LIBRARY_TESTS_OUT:-}" \
    HIPCORE_LIBRARY_TESTS_ONLY="${HIPCORE_LIBRARY_TESTS_ONLY:-}" "$0" "$build"
fi
limit=${HIPCORE_LIBRARY_TESTS_LIMIT:-600}
out=${HIPCORE_LIBRARY_TESTS_OUT:-/tmp/hipcore-library-tests}
root=${HIPCORE_DEBIAN13_ROOT:-/work/debian13-root}
libexec=/usr/libexec/rocm
mkdir -p "$out"

# program | gtest filter | shards (the subset is shard 0 of that many)
programs=(
  "libhiprand1-tests/test_hiprand_api|*|1"
  "libhiprand1-tests/test_hiprand_kernel|*|1"
  "libhiprand1-tests/test_hiprand_cpp_wrapper|*|1"
  "librocsparse0-tests/rocsparse-test|quick/*csrmv*:quick/*spmv_csr*:quick/*spmm_csr*:quick/*csrsv*:*bad_arg*|40"
  "libhipsparse0-tests/hipsparse-test|*csrmv*:*spmv*:*spmm*:*csrsv*:*bad_arg*|8"
  "librocfft0-tests/rocfft-test|*small_1D*|100"
  "libhipfft0-tests/hipfft-test|*small_1D*|100"
)

for entry in "${programs[@]}"; do
  IFS='|' read -r program filter shards <<<"$entry"
  if [ ! -x "$root$libexec/$program" ]; then
    echo "debian13-library-tests: $root$libexec/$program missing" \
      "(packaging/debian13-root.sh --library-tests)" >&2
    exit 1
  fi
  name=$(basename "$program")
  if [ -n "${HIPCORE_LIBRARY_TESTS_ONLY:-}" ] && ! echo "$name" | grep -qE "$HIPCORE_LIBRARY_TESTS_ONLY"; then
    continue
  fi
  for runtime in clr hipcore; do
    log="$out/$name.$runtime.log"
    as_amdhip=$([ $runtime = hipcore ] && echo 1 || echo 0)
    t0=$(date +%s)
    status=0
    timeout --kill-after=10 "$limit" ./packaging/debian13-run.sh "$build" env \
      VGPU_FRONT_DOOR=kernel VGPU_TARGET=gfx1100 HIPCORE_AS_AMDHIP=$as_amdhip \
      GTEST_TOTAL_SHARDS="$shards" GTEST_SHARD_INDEX=0 \
      "$build/bin/vgpu-run" "$libexec/$program" "--gtest_filter=$filter" >"$log" 2>&1 ||
      status=$?
    ok=$(grep -cE '^\[ +OK \]' "$log" || true)
    failed=$(grep -cE '^\[  FAILED  \] .*\([0-9]+ ms\)$' "$log" || true)
    ran=$(grep -oE '^\[==========\] [0-9]+ tests? from' "$log" | grep -oE '[0-9]+' | head -1 || true)
    state=$([ $status -eq 124 ] || [ $status -eq 137 ] && echo "stopped at $limit s" ||
      echo "exit $status")
    printf '%-26s %-8s %6s ok %5s failed %5s s  %s%s\n' "$name" "$runtime" "$ok" "$failed" \
      $(($(date +%s) - t0)) "$state" "${ran:+, $ran tests run}"
  done
  # Passing with clr, not passing with hipcore (failed, or never reached).
  for runtime in clr hipcore; do  # (a run without one OK line is a result, not an error)
    { grep -oE '^\[ +OK \] [^ ]+' "$out/$name.$runtime.log" || true; } | awk '{print $NF}' |
      sort >"$out/$name.$runtime.ok"
  done
  comm -23 "$out/$name.clr.ok" "$out/$name.hipcore.ok" | sed "s/^/  clr only: /" | head -40
done
