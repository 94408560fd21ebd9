// The HIP API level hipcore implements (HIP 6.2); clang's HIP wrapper reads it too.
#pragma once

#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 2
#define HIP_VERSION_PATCH 0
#define HIP_VERSION_GITHASH "hipcore"
#define HIP_VERSION_BUILD_ID 0
#define HIP_VERSION_BUILD_NAME "hipcore"
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)

#define __HIP_HAS_GET_PCH 0
