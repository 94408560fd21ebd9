// hipcore extensions to hiprtc: how the last compile of a program went (tests, tools).
#ifndef HIPCORE_HIPRTC_EXT_H
#define HIPCORE_HIPRTC_EXT_H

#include <hip/hiprtc.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hipcoreRtcCompileInfo {
  int cacheHit;          // 1 when the code came from the on-disk cache
  const char* compiler;  // "comgr" or "clang"
  const char* target;    // the target id compiled for, e.g. "gfx1030"
  const char* cacheKey;  // hex SHA-256 of every key part
} hipcoreRtcCompileInfo;

// Fills `info` for the program's last hiprtcCompileProgram (strings live with the program).
__attribute__((visibility("default"))) hiprtcResult
hipcoreRtcGetCompileInfo(hiprtcProgram prog, hipcoreRtcCompileInfo* info);

#ifdef __cplusplus
}
#endif

#endif  // HIPCORE_HIPRTC_EXT_H
