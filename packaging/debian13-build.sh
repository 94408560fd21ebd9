#!/usr/bin/env bash
# Builds hipcore inside a Debian 13 root against ROCm 6.1's own development packages (ROCR
# 6.1.2's hsa headers, libhsakmt 6.2.4's, comgr) with Debian 13's clang-19, and runs its unit and
# api suites there, on vgpu's kernel front door under ROCR 6.1 (issue 23): the build a user on
# ROCm 6 makes, and the proof that hipcore leans on nothing of ROCR 5.2.3 but its interface.
#
# Usage: packaging/debian13-build.sh [CTEST_ARGS...]   (needs root: debootstrap, mount, chroot)
#   The root is packaging/debian13-root.sh --build (HIPCORE_DEBIAN13_ROOT, default
#   /work/debian13-build-root); the sources are this working tree, mounted read-only at
#   /hipcore/src and built in /hipcore/build inside the root. CTEST_ARGS replace the default selection (-L '^(unit|api)$').
#   Prints the configure, build and test wall times; exits 0 only if all three passed.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" -ne 0 ]; then
  exec sudo "$0" "$@"
fi
root=${HIPCORE_DEBIAN13_ROOT:-/work/debian13-build-root}
export HIPCORE_DEBIAN13_ROOT=$root
./packaging/debian13-root.sh --build

# Debian 13's device libraries (rocm-device-libs-17) keep their bitcode with LLVM 17's clang.
bitcode=$(cd "$root" && find usr/lib/llvm-17 -name ockl.bc -printf '%h\n' 2>/dev/null | head -1)
if [ -z "$bitcode" ]; then
  echo "debian13-build: no amdgcn bitcode directory in $root" >&2
  exit 1
fi

# Left out: what is built from or against Debian 12's own HIP packages (AMD's clr 5.2.3, its
# hipcc, the ROCm libraries the compat suite loads), which Debian 13 has in other versions or not
# at all; the Debian 13 test stage covers those releases (debian13-tests.sh). And vgpu's own
# suites (tests/vgpu): their HSA tests run on vgpu's libhsakmt replacement, which ROCR 6.1 cannot
# load (it imports thunk functions of 6.x, hsaKmtDbgEnable first), and their discovery runs them
# at build time; the kernel front door they also test is what this build's api suite runs on.
leave_out="tests/compat;bench;tests/vgpu"

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
mount --bind /dev "$root/dev" && mounted+=("$root/dev")
# The working tree itself, read-only (the build is out of source): a second run rebuilds only
# what changed, as on the host.
mkdir -p "$root/hipcore/src"
mount --bind "$PWD" "$root/hipcore/src" && mounted+=("$root/hipcore/src")
mount -o remount,bind,ro "$root/hipcore/src"
in_root() {
  chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"
}

timed() {
  local name=$1 t0 status=0
  shift
  t0=$(date +%s)
  "$@" || status=$?
  echo "=== debian13-build: $name $([ $status -eq 0 ] && echo passed || echo "FAILED ($status)")" \
    "in $(($(date +%s) - t0)) s"
  return $status
}

timed configure in_root cmake -S /hipcore/src -B /hipcore/build -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DHIPCORE_SYSTEM_BITCODE_DIR=/$bitcode" \
  "-DHIPCORE_LEAVE_OUT=$leave_out"
timed build in_root cmake --build /hipcore/build -j "$(nproc)"
# ROCR 6.1 needs vgpu's kernel front door (its thunk is Debian 13's libhsakmt 6.2.4).
# Left out of the default selection, as in the Debian 13 test stage (debian13-tests.sh): what the
# kernel front door does not implement yet (virtual memory, IPC and external memory: the KFD's
# SVM and IPC ioctls), DeviceMalloc.ManySizesFromManyThreads (open on gfx1100) and HostExhaustion
# (it counts on vgpu's replacement thunk, whose queues need no 2.7 MB context save area). And what
# encodes Debian 12's toolchain or needs more than a chroot: CompileTest's two comgr-choice tests
# (Debian 12's comgr 5.2 lacks gfx1100; ROCm 6.1's has it, so hiprtc takes comgr there), the two
# code object v4 fixtures whose expected metadata is clang 15's (this root builds them with
# clang 17), and hiprtc.hermetic_compiles (unshare: no user namespaces inside a chroot).
if [ $# -eq 0 ]; then
  set -- -L '^(unit|api)$' -E \
    '^(VirtualMemory|VirtualMemoryTwoGpus|SharingProcess|SharingMisuse|ExternalMemory|ExternalMisuse|HostExhaustion)\.|^DeviceMalloc\.ManySizesFromManyThreads$|^CompileTest\.(Gfx1100GoesThroughClangAndRuns|ForcingComgrOnATargetItLacksIsAnOptionError)$|^(KernelMetadata\.Version4HiddenArgumentsFromClang15|KernargLayout\.Version4PacksGlobalOffsetsHostcallAndMultigrid|hiprtc\.hermetic_compiles)$'
fi
timed test in_root env VGPU_FRONT_DOOR=kernel ctest --test-dir /hipcore/build \
  --output-on-failure -j "$(nproc)" "$@"
