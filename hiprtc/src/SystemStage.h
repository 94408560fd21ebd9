// A ROCm-style prefix made at run time from the device libraries of the system hiprtc runs on,
// for when neither the install prefix nor the build tree's stage has device libraries that exist
// here: their links name the directory of the system hipcore was built on (Debian 12's
// /usr/lib/x86_64-linux-gnu/amdgcn/bitcode), which another system (Debian 13's ROCm 6.1 keeps
// them under /usr/lib/llvm-17/lib/clang/17/amdgcn/bitcode) does not have.
#pragma once

#include <string>

namespace hiprtc {

// The directory of this system's device libraries (one holding ockl.bc):
// $HIPCORE_DEVICE_LIB_PATH, $HIP_DEVICE_LIB_PATH, Debian 12's, the newest
// /usr/lib/llvm-*/lib/clang/*/amdgcn/bitcode, /opt/rocm's; empty if there is none.
std::string systemDeviceLibraryDirectory();

// <temporaryRoot>/hipcore-rocm-<uid>-<hash>: share/hip/version and bin/.hipVersion copied from
// `model` (the install prefix or build stage), amdgcn/bitcode linking every library of
// `libraries` and those of model's own files the system lacks (hipcore's gfx11 control
// libraries). Made once (by whichever process comes first, renamed into place whole) and reused
// while it is this user's and not writable by others; its name is stable so that compile-cache
// keys naming the prefix stay the same from process to process. Empty on failure.
std::string systemStage(const std::string& model, const std::string& libraries,
                        const std::string& temporaryRoot);

}  // namespace hiprtc
