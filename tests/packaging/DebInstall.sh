#!/bin/sh
# The Debian packages install into a clean Debian 12 root with apt-get, and a user's program
# builds there against /opt/hipcore and runs on vgpu.
# Usage: DebInstall.sh BUILD_DIR WORK_DIR SOURCE_FILE   (needs root: debootstrap and chroot)
set -eu
build=$1
work=$2
source=$3
root="$work/root"

cleanup() {
  umount "$root/proc" 2>/dev/null || true
  umount "$root/dev" 2>/dev/null || true
}
trap cleanup EXIT
cleanup
rm -rf "$work"
mkdir -p "$work/debs"

cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/debs" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; exit 1; }
debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
  { tail -20 "$work/debootstrap.log"; exit 1; }
cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/" 2>/dev/null || true
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
cp "$work"/debs/*.deb "$source" "$root/tmp/"

in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }
in_root apt-get update -qq
in_root sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /tmp/hipcore_*.deb /tmp/hipcore-vgpu_*.deb' >"$work/apt.log" 2>&1 ||
  { tail -30 "$work/apt.log"; exit 1; }
name=$(basename "$source" .hip)
in_root clang++-19 -x hip --offload-arch=gfx1030 --rocm-path=/opt/hipcore -isystem /opt/hipcore/include \
  -L /opt/hipcore/lib -Wl,-rpath,/opt/hipcore/lib "/tmp/$name.hip" -o "/tmp/$name"
in_root /opt/hipcore/bin/vgpu-run "/tmp/$name"
