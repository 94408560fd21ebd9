#!/bin/sh
# check_hermetic_build.sh BUILD_DIR
# Fails when any file the build compiled (C++ by g++, HIP by clang: every dependency ninja
# recorded) read one of AMD's HIP headers under /usr/include/hip. hipcore's headers stand alone;
# a missing hipcore header would otherwise be filled in silently from AMD's.
set -eu
build=$1
[ -f "$build/.ninja_deps" ] || { echo "no ninja dependency log in $build (build it first)"; exit 2; }
targets=$(ninja -C "$build" -t deps 2>/dev/null | awk '
  /^[^ ]/ { target = $1; sub(":$", "", target); next }
  /\/usr\/include\/hip\/|\/opt\/rocm[^ ]*\/include\/hip\// { print target " <- " $1 }')
recorded=$(ninja -C "$build" -t deps 2>/dev/null | grep -c '^[^ ]' || true)
if [ -n "$targets" ]; then
  echo "these build outputs read AMD's HIP headers instead of hipcore's:"
  echo "$targets"
  exit 1
fi
[ "$recorded" -gt 100 ] || { echo "only $recorded outputs with recorded dependencies: is $build a complete build?"; exit 2; }
echo "$recorded build outputs, none read /usr/include/hip"
