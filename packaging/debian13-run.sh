#!/usr/bin/env bash
# Runs a command inside the Debian 13 test bed (packaging/debian13-root.sh) with a host build
# tree bind-mounted at the same path, so `vgpu-run` and hipcore as built on the host run against
# ROCm 6.1's runtime (ROCR 6.1.2, libhsakmt 6.2.4) there.
#
# Usage: packaging/debian13-run.sh BUILD_DIR COMMAND [ARGS...]   (needs root: mount, chroot)
#   e.g. packaging/debian13-run.sh build env VGPU_FRONT_DOOR=kernel VGPU_TARGET=gfx1100 \
#          build/bin/vgpu-run rocminfo
# Relative paths in COMMAND are taken from the current directory, which is bind-mounted too.
# HIPCORE_DEBIAN13_ROOT names the root (default /work/debian13-root). With
# HIPCORE_DEBIAN_SUITE=unstable the command runs in the Debian unstable root instead (ROCm 6.4.3,
# the thunk inside ROCR), HIPCORE_DEBIAN_UNSTABLE_ROOT (default /work/debian-unstable-root).
set -euo pipefail

case "${HIPCORE_DEBIAN_SUITE:-trixie}" in
  trixie)
    root=${HIPCORE_DEBIAN13_ROOT:-/work/debian13-root}
    stamp=.hipcore-debian13-complete
    ;;
  unstable | sid)
    root=${HIPCORE_DEBIAN_UNSTABLE_ROOT:-/work/debian-unstable-root}
    stamp=.hipcore-debian-unstable-complete
    ;;
  *)
    echo "debian13-run: HIPCORE_DEBIAN_SUITE='$HIPCORE_DEBIAN_SUITE' is not trixie or unstable" >&2
    exit 2
    ;;
esac
if [ $# -lt 2 ]; then
  echo "usage: debian13-run.sh BUILD_DIR COMMAND [ARGS...]" >&2
  exit 2
fi
if [ ! -f "$root/$stamp" ]; then
  echo "debian13-run: $root is not a complete test bed; run packaging/debian13-root.sh" >&2
  exit 1
fi
build=$(cd "$1" && pwd)
shift
here=$(pwd)

mounted=()
cleanup() {
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" 2>/dev/null || true
  done
}
trap cleanup EXIT
# A signal (timeout's TERM, an interrupt, a closed pipe) ends the script through its exit, so
# the bind mounts go too: without these a killed run left them in the root.
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 141' PIPE
trap 'exit 143' TERM
bind() {
  mkdir -p "$root$2"
  mount --bind "$1" "$root$2"
  mounted+=("$root$2")
}
mount -t proc proc "$root/proc" && mounted+=("$root/proc")
bind /dev /dev
bind "$here" "$here"
# ctest there runs the host build's PRE_TEST discovery scripts, which include the host cmake's
# GoogleTest module by its path (Debian 13's cmake is another version).
for modules in /usr/share/cmake-*; do
  [ -e "$root$modules/Modules/GoogleTestAddTests.cmake" ] || bind "$modules" "$modules"
done
[ "${build#"$here"/}" != "$build" ] || bind "$build" "$build"

chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
  sh -c 'cd "$1" && shift && exec "$@"' debian13-run "$here" "$@"
