#!/usr/bin/env python3
"""Runs DevicePropertyDump builds and compares what they print ("key value" lines).

  compare_device_values.py callers VGPU_RUN DUMP_HIP5 DUMP_HIP6
      A HIP-5-built caller (AMD's 5.2.3 headers, linked against libamdhip64.so.5, run with
      HIPCORE_AS_AMDHIP=1 so that hipcore serves that name) and a HIP-6-built one (hipcore's
      headers) must read identical device values through hipcore.
  compare_device_values.py amd VGPU_RUN DUMP_HIP5
      The HIP-5-built caller on AMD's runtime (Debian's libamdhip64.so.5) and on hipcore, on the
      same virtual GPU: every value must agree except the differences explained in EXPLAINED.
"""
import os
import subprocess
import sys

# hipcore's answers against AMD's clr 5.2.3 on the same vgpu (one gfx1030, 8 CUs, 4 GiB), as
# {key: (AMD's value, hipcore's value)} per reason. Every other value must be equal, and an
# entry that stops differing must be dropped.
INVALID = "error hipErrorInvalidValue"

# CUDA attributes clr 5.2.3 does not implement (hipErrorInvalidValue); hipcore answers them, as
# HIP 6 does.
UNANSWERED_BY_CLR_5_2 = {
    key: (INVALID, value) for key, value in {
        "attr.AccessPolicyMaxWindowSize": "0", "attr.AsyncEngineCount": "1",
        "attr.CanUseHostPointerForRegisteredMem": "1", "attr.ClockInstructionRate": "1000000",
        "attr.ComputePreemptionSupported": "0", "attr.DeviceOverlap": "1",
        "attr.GlobalL1CacheSupported": "1", "attr.HostNativeAtomicSupported": "1",
        "attr.IsLargeBar": "1", "attr.LocalL1CacheSupported": "1", "attr.LuidDeviceNodeMask": "0",
        "attr.MaxBlocksPerMultiProcessor": "64", "attr.MaxRegistersPerMultiprocessor": "65536",
        "attr.MaxSurface1D": "16384", "attr.MaxSurface1DLayered": "16384",
        "attr.MaxSurface2D": "16384", "attr.MaxSurface2DLayered": "16384",
        "attr.MaxSurface3D": "16384", "attr.MaxSurfaceCubemap": "16384",
        "attr.MaxSurfaceCubemapLayered": "16384", "attr.MaxTexture1DLayered": "16384",
        "attr.MaxTexture1DLinear": "2147483647", "attr.MaxTexture1DMipmap": "16384",
        "attr.MaxTexture2DGather": "16384", "attr.MaxTexture2DLayered": "16384",
        "attr.MaxTexture2DLinear": "16384", "attr.MaxTexture2DMipmap": "16384",
        "attr.MaxTexture3DAlt": "8192", "attr.MaxTextureCubemap": "16384",
        "attr.MaxTextureCubemapLayered": "16384",
        "attr.MultiGpuBoardGroupID": "0", "attr.PciDomainID": "0",
        "attr.PersistingL2CacheMaxSize": "0", "attr.ReservedSharedMemPerBlock": "0",
        "attr.SharedMemPerBlockOptin": "65536", "attr.SharedMemPerMultiprocessor": "65536",
        "attr.SingleToDoublePrecisionPerfRatio": "16", "attr.StreamPrioritiesSupported": "1",
        "attr.SurfaceAlignment": "256", "attr.TccDriver": "0",
        # An int cannot hold 4 GiB: clamped to INT_MAX (HIP 6's clr does the same).
        "attr.TotalGlobalMem": "2147483647", "attr.UnifiedAddressing": "1",
    }.items()
}

# What hipcore implements and clr 5.2.3 on vgpu does not offer.
HIPCORE_FEATURES = {
    # hipLaunchCooperativeKernel with grid sync works on hipcore (tests/cooperative); clr 5.2.3
    # reports it only where the KFD offers cooperative queues, which vgpu does not.
    "prop.cooperativeLaunch": ("0", "1"), "attr.CooperativeLaunch": ("0", "1"),
    # clr reports managed memory only with HMM (ROCR's SVM support, absent on vgpu); hipcore's
    # hipMallocManaged is served from host-coherent memory, which every device reaches.
    "prop.managedMemory": ("0", "1"), "attr.ManagedMemory": ("0", "1"),
    # hipcore has stream-ordered allocation and memory pools (hipMallocAsync); clr 5.2.3 says 0.
    "attr.MemoryPoolsSupported": ("0", "1"),
    # clr answers whether the device has fine-grained SVM; hipcore that hipHostMalloc memory is
    # coherent with the device (hipDeviceMallocFinegrained, hipHostMallocCoherent work).
    "attr.FineGrainSupport": ("0", "1"),
    # hipStreamWaitValue32/64 and hipStreamWriteValue32/64 work on hipcore
    # (tests/runtime/hostapi/StreamMemoryTest.cpp); clr 5.2.3 reports 0 on the virtual gfx1030.
    "attr.CanUseStreamWaitValue": ("0", "1"),
    # hipDeviceArch_t bits 11 (hasFunnelShift), 13 (hasSyncThreadsExt) and 14 (hasSurfaceFuncs):
    # clr 5.2.3 clears them, hipcore's device library has __funnelshift_*,
    # __syncthreads_count/and/or and the surf* functions.
    "prop.arch": ("0x97ff", "0xffff"),
}

OTHER = {
    # clr writes an 8-byte pointer through the int* (0 here: vgpu has no HDP registers); hipcore
    # refuses to write a pointer into an int, as HIP 6 moved these to hipDeviceProp_t only.
    "attr.HdpMemFlushCntl": ("0", INVALID), "attr.HdpRegFlushCntl": ("0", INVALID),
    # One symbol serves both ABIs, so one version: hipcore implements HIP 6.2's API and says so
    # (HIP_VERSION 60200000); clr 5.2.3 says 5.2 build 21153.
    "version.runtime": ("50221153", "60200000"), "version.driver": ("50221153", "60200000"),
}

EXPLAINED = {**UNANSWERED_BY_CLR_5_2, **HIPCORE_FEATURES, **OTHER}


def run(vgpu_run, program, as_amdhip):
    env = dict(os.environ, HIPCORE_AS_AMDHIP="1" if as_amdhip else "0")
    done = subprocess.run([vgpu_run, program], env=env, capture_output=True, text=True,
                          timeout=600)
    if done.returncode != 0:
        sys.exit(f"{program} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    values = {}
    for line in done.stdout.splitlines():
        key, _, value = line.partition(" ")
        values[key] = value
    return values


def expect_runtime(values, expected, program):
    served_by = os.path.basename(values.pop("runtime", "?"))
    if not served_by.startswith(expected):
        sys.exit(f"{program} ran on {served_by}, not on {expected}")
    return served_by


def compare_callers(vgpu_run, dump5, dump6):
    hip5 = run(vgpu_run, dump5, True)
    hip6 = run(vgpu_run, dump6, False)
    print("HIP 5 caller on", expect_runtime(hip5, "libhipcore", dump5))
    print("HIP 6 caller on", expect_runtime(hip6, "libhipcore", dump6))
    hip5.pop("prop.gcnArch")  # HIP 5's field only; checked against AMD's by the amd mode
    differences = [f"{key}: HIP 5 caller {hip5.get(key)}, HIP 6 caller {hip6.get(key)}"
                   for key in sorted(set(hip5) | set(hip6)) if hip5.get(key) != hip6.get(key)]
    return differences, len(hip5)


def compare_amd(vgpu_run, dump5):
    amd = run(vgpu_run, dump5, False)
    ours = run(vgpu_run, dump5, True)
    print("AMD's run on", expect_runtime(amd, "libamdhip64", dump5))
    print("hipcore's run on", expect_runtime(ours, "libhipcore", dump5))
    differences = []
    for key in sorted(set(amd) | set(ours)):
        got = (amd.get(key), ours.get(key))
        if key in EXPLAINED:
            if got != EXPLAINED[key]:
                differences.append(f"{key}: AMD {got[0]}, hipcore {got[1]}; expected the explained "
                                   f"AMD {EXPLAINED[key][0]}, hipcore {EXPLAINED[key][1]}")
        elif got[0] != got[1]:
            differences.append(f"{key}: AMD {got[0]}, hipcore {got[1]}")
    for key in sorted(EXPLAINED):
        if key in amd and amd.get(key) == ours.get(key):
            differences.append(f"{key}: now equal ({amd[key]}): drop it from EXPLAINED")
    return differences, len(amd)


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "callers" and len(sys.argv) == 5:
        differences, count = compare_callers(*sys.argv[2:])
    elif mode == "amd" and len(sys.argv) == 4:
        differences, count = compare_amd(*sys.argv[2:])
    else:
        sys.exit(__doc__)
    for difference in differences:
        print(difference)
    print(f"{count} values compared, {len(differences)} unexplained differences")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
