#!/usr/bin/env bash
# Builds the Debian 13 (trixie) test bed: a root made by debootstrap from Debian's archive with
# ROCm 6.1's runtime (ROCR 6.1.2, libhsakmt 6.2.4, rocminfo 6.1.2, AMD's HIP 5.7.1, hipcc, comgr,
# the device libraries and rocRAND's prebuilt tests) installed, so that vgpu and hipcore built on
# the host can run there under chroot against a ROCm release that knows gfx11 (issue 23).
#
# Usage: packaging/debian13-root.sh [--build | --library-tests]    (needs root: debootstrap, chroot)
#   HIPCORE_DEBIAN_SUITE   trixie (default) or unstable: Debian unstable's ROCm 6.4.3, whose thunk
#                          is linked into libhsa-runtime64 (no libhsakmt1), with rocminfo, AMD's
#                          HIP 6.4.3 and hipcc (clang-21); its root is HIPCORE_DEBIAN_UNSTABLE_ROOT
#                          (default /work/debian-unstable-root, ~1.5 GB); no --build root
#   --build                the build root instead (packaging/debian13-build.sh): the same
#                          runtime plus Debian 13's compilers and ROCm 6.1's development
#                          packages, to build hipcore there (~3 GB)
#   --library-tests        the test root plus Debian 13's other prebuilt library test packages
#                          (rocSPARSE, hipSPARSE, rocFFT, hipFFT, hipRAND; issue 22's by-hand run,
#                          packaging/debian13-library-tests.sh; ~0.6 GB more, not in CI)
#   HIPCORE_DEBIAN13_ROOT  where the root goes (default /work/debian13-root, and
#                          /work/debian13-build-root with --build; keep it outside the
#                          repository: it is ~1.5 GB)
#   HIPCORE_DEBIAN_MIRROR  the archive (default http://deb.debian.org/debian)
# Idempotent: a root whose stamp file names the same package list is reused as it is; an
# incomplete one (no stamp, an interrupted run) is finished by the same steps, which debootstrap
# and apt-get both resume. The cost (wall time, size) is printed at the end.
set -euo pipefail

build_root=0
library_tests=0
case "${1:-}" in
  --build) build_root=1 ;;
  --library-tests) library_tests=1 ;;
  "") ;;
  *)
    echo "debian13-root: unknown option '$1' (--build or --library-tests)" >&2
    exit 2
    ;;
esac
suite=${HIPCORE_DEBIAN_SUITE:-trixie}
case "$suite" in
  trixie) ;;
  unstable | sid) suite=unstable ;;
  *)
    echo "debian13-root: HIPCORE_DEBIAN_SUITE='$suite' is not trixie or unstable" >&2
    exit 2
    ;;
esac
if [ "$suite" = unstable ] && [ $build_root -eq 1 ]; then
  echo "debian13-root: there is no --build root for Debian unstable" >&2
  exit 2
fi
if [ "$suite" = unstable ]; then
  root=${HIPCORE_DEBIAN_UNSTABLE_ROOT:-/work/debian-unstable-root}
else
  root=${HIPCORE_DEBIAN13_ROOT:-$([ $build_root -eq 1 ] && echo /work/debian13-build-root ||
    echo /work/debian13-root)}
fi
mirror=${HIPCORE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
packages=(
  # ROCm 6.1: the HSA runtime and its thunk (ROCR links libdrm_amdgpu itself since 6.1)
  libhsa-runtime64-1 libhsakmt1 rocminfo
  # AMD's HIP 5.7.1 and what its compiler and JIT need
  libamdhip64-5 hipcc libamd-comgr2 rocm-device-libs-17
  # AMD-built GoogleTest programs linked against libamdhip64.so.5 (real clients for vgpu)
  librocrand1-tests
  # vgpu as built on the host runs here: its interpreter links LLVM 19's shared library
  libllvm19
  # ctest runs the host build's suites inside the root (packaging/debian13-run.sh)
  cmake
)
if [ $build_root -eq 1 ]; then
  packages+=(
    # what packaging/install-deps.sh installs on Debian 12, in Debian 13's versions: the
    # compilers, ROCm 6.1's headers (ROCR 6.1.2, libhsakmt 6.2.4, comgr) and the test libraries
    ninja-build g++ pkg-config python3 clang-19 clang-tools-19 lld-19 llvm-19 llvm-19-dev
    libclang-rt-19-dev libhsa-runtime-dev libhsakmt-dev libamd-comgr-dev libzstd-dev zlib1g-dev
    # the style suite's formatter (a unit test)
    clang-format-19
    googletest libgtest-dev libgmock-dev libdrm-dev valgrind
  )
fi
if [ $library_tests -eq 1 ]; then
  packages+=(
    # AMD-built GoogleTest programs of the other libraries, linked against libamdhip64.so.5
    librocsparse0-tests libhipsparse0-tests librocfft0-tests libhipfft0-tests libhiprand1-tests
  )
fi
if [ "$suite" = unstable ]; then
  # the thunk is inside ROCR since ROCm 6.3: no libhsakmt1
  packages=(
    # ROCm 6.4.3's HSA runtime with the thunk linked in, and rocminfo (7.2.4 in unstable)
    libhsa-runtime64-1 rocminfo
    # AMD's HIP 6.4.3 and hipcc (7.0.2, with clang-21, rocm-device-libs-21, libamdhip64-dev)
    libamdhip64-6 libamd-comgr3 hipcc
    # AMD-built GoogleTest programs linked against libamdhip64.so.6 (6.4.3)
    librocrand1-tests
    # vgpu as built on the host runs here: its interpreter links LLVM 19's shared library
    libllvm19
    # ctest runs the host build's suites inside the root (packaging/debian13-run.sh)
    cmake
  )
fi
stamp="$root/.hipcore-$([ "$suite" = unstable ] && echo debian-unstable || echo debian13)-complete"
wanted="$suite ${packages[*]}"

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
  echo "debian13-root: $root is complete ($(du -sh --exclude=proc --exclude=dev "$root" | cut -f1)); reusing it"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "debian13-root: needs root (debootstrap and chroot)" >&2
  exit 1
fi
command -v debootstrap >/dev/null || apt-get install -y -qq --no-install-recommends debootstrap

start=$(date +%s)
mkdir -p "$root"
log="$root.log"
: >"$log"

# A debootstrap interrupted before its last stage leaves no /usr/bin/apt-get; start over then.
if [ ! -x "$root/usr/bin/apt-get" ] || [ ! -f "$root/etc/os-release" ]; then
  echo "debian13-root: debootstrap $suite into $root from $mirror"
  debootstrap --variant=minbase "$suite" "$root" "$mirror" >>"$log" 2>&1 ||
    { tail -20 "$log"; echo "debian13-root: debootstrap failed (log: $log)" >&2; exit 1; }
fi
# Unstable's Release file is valid for a week only; a mirror or snapshot older than that (this
# machine's is) is still what we want to install from.
if [ "$suite" = unstable ]; then
  echo 'Acquire::Check-Valid-Until "false";' >"$root/etc/apt/apt.conf.d/99hipcore-valid-until"
fi
after_debootstrap=$(date +%s)

in_root() {
  chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    DEBIAN_FRONTEND=noninteractive "$@"
}
mounted=()
cleanup() {
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount "${mounted[i]}" 2>/dev/null || true; done
}
trap cleanup EXIT
# A signal (timeout's TERM, an interrupt, a closed pipe) ends the script through its exit, so
# the bind mounts go too: without these a killed run left them in the root.
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 141' PIPE
trap 'exit 143' TERM
mount -t proc proc "$root/proc" && mounted+=("$root/proc")

echo "debian13-root: installing ${packages[*]}"
in_root apt-get update -qq >>"$log" 2>&1
in_root apt-get install -y -qq --no-install-recommends "${packages[@]}" >>"$log" 2>&1 ||
  { tail -30 "$log"; echo "debian13-root: apt-get install failed (log: $log)" >&2; exit 1; }
in_root apt-get clean

# Every package must be there: a partly installed root must not get the stamp.
for p in "${packages[@]}"; do
  in_root dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    { echo "debian13-root: $p is not installed" >&2; exit 1; }
done
echo "$wanted" >"$stamp"

end=$(date +%s)
size=$(du -sh --exclude=proc --exclude=dev "$root" | cut -f1)
echo "debian13-root: done in $((end - start)) s (debootstrap $((after_debootstrap - start)) s," \
  "packages $((end - after_debootstrap)) s); $root is $size"
