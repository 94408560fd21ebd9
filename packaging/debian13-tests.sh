#!/usr/bin/env bash
# The Debian 13 stage (issue 23): builds the test bed (packaging/debian13-root.sh), then runs in
# it, through vgpu's kernel front door under ROCm 6.1's unmodified runtime (ROCR 6.1.2,
# libhsakmt 6.2.4): rocminfo 6.1 on a virtual gfx1100, gfx1030 and two gfx1100s; hipcore's
# sample and api suites on gfx1100 code (and the samples on gfx1030); AMD's clr 5.7 running
# Debian 13's prebuilt rocRAND tests (librocrand1-tests, device code built by Debian).
#
# Usage: packaging/debian13-tests.sh [--full] [BUILD_DIR]     (needs root; BUILD_DIR: build)
#   default  the time-boxed subset CI runs (.ci/run): every step has its own time limit and the
#            whole stage at most 10 minutes (it takes ~25 s, plus ~1 minute to build the root)
#   --full   every api and sample test on gfx1100 and gfx1030 and every rocRAND test program
#            without a filter; prints each program's pass count and wall time
# BUILD_DIR is a host build (cmake --preset default && cmake --build --preset default). The
# exit status is 0 only if every step passed. HIPCORE_DEBIAN13_ROOT names the root.
#
# HIPCORE_DEBIAN_SUITE=unstable: the same stage in the Debian unstable root instead (ROCm 6.4.3,
# the thunk linked into ROCR; see packaging/debian13-root.sh): rocminfo 7.2.4, hipcore's suites
# on ROCR 6.4.3, AMD's clr 6.4.3 running compat programs built there by hipcc 7.0.2 (clang-21)
# and Debian unstable's prebuilt rocRAND 6.4.3 tests.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${HIPCORE_DEBIAN_SUITE:-trixie}" in
  trixie) unstable=0 ;;
  unstable | sid) unstable=1 ;;
  *)
    echo "debian13-tests: HIPCORE_DEBIAN_SUITE='$HIPCORE_DEBIAN_SUITE' is not trixie or unstable" >&2
    exit 2
    ;;
esac

full=0
if [ "${1:-}" = --full ]; then
  full=1
  shift
fi
build=${1:-build}
if [ ! -x "$build/bin/vgpu-run" ]; then
  echo "debian13-tests: $build/bin/vgpu-run not found; build first (cmake --build --preset default)" >&2
  exit 2
fi
build=$(cd "$build" && pwd)
# debootstrap, mount and chroot need root; CI and install-deps.sh use sudo where not root.
if [ "$(id -u)" -ne 0 ]; then
  exec sudo HIPCORE_DEBIAN_SUITE="${HIPCORE_DEBIAN_SUITE:-trixie}" "$0" \
    $([ $full -eq 1 ] && echo --full) "$build"
fi
start=$(date +%s)
failed=()

# The CI subset's whole budget: 10 minutes from here, the root's build included (~1 minute when
# it is made, seconds when reused); every step's own limit is cut to what is left.
budget=$([ $full -eq 1 ] && echo 86400 || echo 600)
deadline=$((start + budget))
timeout --kill-after=10 300 ./packaging/debian13-root.sh

# One step: NAME SECONDS COMMAND... run in the root with vgpu's kernel front door; a step that
# fails or runs out of time is recorded, and the stage goes on with the next one.
step() {
  local name=$1 limit=$2 t0 status=0
  shift 2
  echo "=== debian13: $name"
  t0=$(date +%s)
  [ $((deadline - t0)) -ge "$limit" ] || limit=$((deadline - t0))
  if [ "$limit" -le 0 ]; then
    echo "=== debian13: $name: FAILED (the stage's $budget s are spent)"
    failed+=("$name")
    return
  fi
  timeout --kill-after=10 "$limit" ./packaging/debian13-run.sh "$build" \
    env VGPU_FRONT_DOOR=kernel "$@" || status=$?
  echo "=== debian13: $name: $([ $status -eq 0 ] && echo passed || echo "FAILED (status $status)")" \
    "in $(($(date +%s) - t0)) s"
  [ $status -eq 0 ] || failed+=("$name")
}

vgpu_run="$build/bin/vgpu-run"
rocminfo_check="tests/vgpu/check_rocminfo.sh"
# What the steps' names say runs: ROCm 6.1 and clr 5.7 (Debian 13), or rocminfo 7.2.4 on
# ROCR 6.4.3 and clr 6.4.3 (Debian unstable).
rocminfo=$([ $unstable -eq 1 ] && echo "rocminfo 7.2.4 (ROCR 6.4.3)" || echo "rocminfo 6.1")
clr=$([ $unstable -eq 1 ] && echo "clr 6.4.3" || echo "clr 5.7")
step "$rocminfo, gfx1100" 60 VGPU_TARGET=gfx1100 "$rocminfo_check" "$vgpu_run" gfx1100 8
step "$rocminfo, gfx1030" 60 VGPU_TARGET=gfx1030 "$rocminfo_check" "$vgpu_run" gfx1030 8
step "$rocminfo, two gfx1100" 60 VGPU_TARGET=gfx1100 VGPU_GPUS=2 \
  sh -c '"$1" rocminfo | grep -c "^ *Name: *gfx1100 *$" | grep -qx 2' rocminfo-two "$vgpu_run"

# Tests left out, by cause (vgpu/kfd/README.md, "The Debian 13 test bed"):
# - runtime compilation through clang (the clang path's compile tests, the hermetic-compile
#   check, JIT linking of bitcode, the clang launch of SaxpyCompiledAtRunTime, the cache test
#   that changes the clang binary): clang-19 is not in the root. The comgr path runs there (ROCm
#   6.1's comgr, the root's own device libraries through hiprtc's run-time prefix);
# - code objects built for gfx1030 only (the rocPRIM compat suite, two module-load tests):
#   hipErrorNoBinaryForGpu / INCOMPATIBLE_ARGUMENTS on a gfx1100;
# - virtual memory and external memory: the GPU address of locked host memory is not its host
#   address through the kernel front door (separate apertures, as on a real discrete GPU), which
#   hipcore's memory maps need without ROCR's hsa_amd_vmem_* (ROCR 6.1 enables those from KFD
#   1.15, the debugger's version; vgpu reports 1.12); IPC runs (ROCm's IPC requests, 0x80/0x81);
# - the trace checks are python3 scripts (Not Run without it); HostExhaustion counts on vgpu's
#   replacement thunk, whose queues need no 2.7 MB context save area;
# - DeviceMalloc.ManySizesFromManyThreads: open, a watchdog timeout on gfx1100.
not_in_root='^hiprtc\.hermetic_compiles$|^JitLink\.|SaxpyCompiledAtRunTimeRuns/clang|^CacheTest\.AnyKeyPartChangedMisses$'
not_in_root+='|^CompileTest\.(Gfx1030ThroughClangRuns|Gfx1100GoesThroughClangAndRuns|BuiltinsNeedNoIncludeOnBothPaths|ProgramHeadersAndDefinesOnBothPaths|ForcingComgrOnATargetItLacksIsAnOptionError)$'
not_in_root+='|^trace\.|^HostExhaustion\.'
not_in_root+='|^rocprim\.|ModuleLoadsABareCodeObjectVersion5|ModuleLoadsAClang15CodeObjectVersion4'
not_in_root+='|^(VirtualMemory|VirtualMemoryTwoGpus|ExternalMemory|ExternalMisuse)\.'
not_in_root+='|^SharingProcess\.VirtualMemoryDescriptorMapsTheSameMemoryInAnotherProcess'
not_in_root+='|^DeviceMalloc\.ManySizesFromManyThreads$'
# - Debian unstable has comgr 3 only, and the host build's libhiprtc.so.0 links comgr 2.
if [ $unstable -eq 1 ]; then
  not_in_root+='|^HiprtcApi\.|^LibraryMisuse\.LinkerCallsRefuseBadStatesInputsAndOptions$'
  not_in_root+='|runtime_compilation|^HiprtcInHipcore\.|SaxpyCompiledAtRunTime'
  not_in_root+='|^(CompileTest|NameExpressionTest|CacheTest|LinkTest|SignalStackTest|DefaultTargetTest)\.'
fi
if [ $full -eq 1 ]; then
  step "samples and api tests, gfx1100" 3600 VGPU_TARGET=gfx1100 \
    ctest --test-dir "$build" -L '^(sample|api)$' -E "$not_in_root" -j2 --timeout 600 --output-on-failure
  step "samples and api tests, gfx1030" 3600 VGPU_TARGET=gfx1030 \
    ctest --test-dir "$build" -L '^(sample|api)$' -E "$not_in_root" -j2 --timeout 600 --output-on-failure
else
  step "samples and api tests, gfx1100" 360 VGPU_TARGET=gfx1100 \
    ctest --test-dir "$build" -L '^(sample|api)$' -E "$not_in_root" -j2 --timeout 120 --output-on-failure
  step "samples, gfx1030" 120 VGPU_TARGET=gfx1030 \
    ctest --test-dir "$build" -L '^sample$' -E "$not_in_root" -j2 --timeout 60 --output-on-failure
fi

# Debian unstable: the project's compat programs built there by hipcc 7.0.2 against AMD's HIP
# 6.4.3 (into the root's /tmp), run by clr 6.4.3 on gfx1100 and gfx1030. Left out:
# HipInitCompat (expects the replacement thunk's marketing name), TextureCompat (clr lays
# arrays out tiled, SW_MODE 2, which vgpu does not model).
if [ $unstable -eq 1 ]; then
  compat="HipMemcpyCompat HipKernelCompat AtomicMinMaxCompat"
  step "hipcc 7.0.2: compat programs for gfx1100 and gfx1030" 180 sh -c 'mkdir -p /tmp/compat
for p in $0; do
  hipcc --offload-arch=gfx1100 --offload-arch=gfx1030 -O2 -w "tests/compat/$p.cpp" \
    -o "/tmp/compat/$p" || exit 1
done' "$compat"
  for target in gfx1100 gfx1030; do
    step "$clr: compat programs, $target" 120 VGPU_TARGET=$target sh -c 'for p in $1; do
  "$0" "/tmp/compat/$p" || exit 1
done' "$vgpu_run" "$compat"
  done
fi

# AMD's clr 5.7 (Debian 13's libamdhip64.so.5; clr 6.4.3's libamdhip64.so.6 in Debian unstable)
# with Debian's prebuilt rocRAND test programs.
tests=/usr/libexec/rocm/librocrand1-tests
# --full: every program of the package, each with its pass count and wall time (one hour each
# at most); the step fails if any program does.
each_program='status=0
for t in "$2"/test_*; do
  t0=$(date +%s)
  out=$(timeout 3600 "$1" "$t" 2>&1) || status=1
  echo "$(basename "$t"): $(echo "$out" | grep -cE "^\[ +OK \]") ok," \
    "$(echo "$out" | grep -cE "^\[  FAILED  \] .*\([0-9]+ ms\)$") failed, $(($(date +%s) - t0)) s"
done
exit $status'
if [ $full -eq 1 ]; then
  step "$clr: every librocrand1-tests program, gfx1100" 7200 VGPU_TARGET=gfx1100 \
    sh -c "$each_program" rocrand "$vgpu_run" "$tests"
else
  step "$clr: librocrand1-tests subset, gfx1100" 240 VGPU_TARGET=gfx1100 \
    "$vgpu_run" "$tests/test_rocrand_basic" --gtest_brief=1 \
    '--gtest_filter=rocrand_basic_tests.*:*create_destroy*:*set_stream*:*initialize_generator_test/0:*initialize_generator_test/2:*initialize_generator_test/3' 
fi

echo "debian13-tests: $(($(date +%s) - start)) s in all;" \
  "${#failed[@]} step(s) failed${failed[*]:+: ${failed[*]}}"
[ ${#failed[@]} -eq 0 ]
