#!/usr/bin/env bash
# Installs every Debian 12 package that hipcore's build, tests and benchmarks need. Idempotent:
# packages already present are left alone, so a second run is a no-op apart from apt's check.
set -euo pipefail

packages=(
  # build
  cmake ninja-build g++ pkg-config git
  # the HIP compiler (gfx1030/gfx1100, code object v5) and LLVM MC for vgpu's decoder
  clang-19 clang-tools-19 lld-19 llvm-19 llvm-19-dev libclang-rt-19-dev
  # the compiler Debian's ROCm 5.2.3 was built with (code object v4 test inputs)
  clang-15 lld-15
  # ROCm 5.2.3: the HSA runtime, the thunk headers, comgr and the device libraries
  libhsa-runtime64-1 libhsa-runtime-dev libhsakmt1 libhsakmt-dev
  libamd-comgr2 libamd-comgr-dev rocm-device-libs rocminfo
  # Debian's own HIP runtime: the peer hipcore is compared against (compat tests, benchmarks)
  libamdhip64-5 libamdhip64-dev hipcc
  # Debian's prebuilt HIP libraries (built against AMD's clr) that the compat tests load on hipcore
  librocrand1 libhiprand1 librocsparse0 libhipsparse0
  librocrand-dev libhiprand-dev librocsparse-dev libhipsparse-dev
  # rocPRIM's headers (header-only): the rocPRIM programs of tests/compat/rocprim (issue 24)
  librocprim-dev
  # libraries and test tools
  libzstd-dev zlib1g-dev googletest libgtest-dev libgmock-dev libdrm-dev valgrind
  # thread backtraces of a vgpu test that hangs (tests/vgpu/HsaTestSupport.cpp)
  gdb
  # packaging: .deb files (dpkg-shlibdeps) and their install test in a clean root
  dpkg-dev debootstrap
  # AMD's prebuilt ROCm libraries whose gfx1030/gfx1100 device code is vgpu's decode-coverage
  # corpus (vgpu-isa-coverage, ctest isa.corpus_coverage.debian12; issue 24)
  librocrand1 librocsparse0 libhipsparse0 libhiprand1
  # the formatter the format check (tests/packaging) holds the tree to
  clang-format-19
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
