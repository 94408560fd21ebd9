#!/bin/sh
# Runs `vgpu-run rocminfo` and checks that it lists the virtual GPU agent with its ISA and pools.
# Usage: check_rocminfo.sh VGPU_RUN [TARGET]
set -u
run=$1
target=${2:-gfx1030}
out=$("$run" rocminfo 2>&1)
status=$?
fail() { echo "check_rocminfo: $1" >&2; echo "$out" >&2; exit 1; }
[ $status -eq 0 ] || fail "rocminfo exited with status $status"
echo "$out" | grep -Eq "^ *Name: +$target *$" || fail "no agent named $target"
echo "$out" | grep -Eq "^ *Device Type: +GPU" || fail "no GPU device"
echo "$out" | grep -q "amdgcn-amd-amdhsa--$target" || fail "ISA amdgcn-amd-amdhsa--$target missing"
echo "$out" | grep -Eq "Segment: +GLOBAL; FLAGS: COARSE GRAINED" || fail "no coarse-grained global pool"
echo "$out" | grep -Eq "Segment: +GROUP" || fail "no group segment pool"
echo "$out" | grep -Eq "Compute Unit: +${3:-8} *$" || fail "compute unit count is not ${3:-8}"
echo "$out" | grep -q "Done" || fail "rocminfo did not finish"
echo "rocminfo lists $target"
