// Build identification that AMD's debugger stack reads from the HIP runtime library (ROCgdb's
// dbgapi asks the loaded libamdhip64 which build it is): the same strings and number that
// hip_version.h gives programs compiled against hipcore, so a tool comparing the two agrees.
#include <hip/hip_runtime.h>
#include <hip/hip_version.h>

HIPCORE_API const char* amd_dbgapi_get_build_name(void) {
  return HIP_VERSION_BUILD_NAME;
}

HIPCORE_API const char* amd_dbgapi_get_git_hash(void) {
  return HIP_VERSION_GITHASH;
}

HIPCORE_API size_t amd_dbgapi_get_build_id(void) {
  return HIP_VERSION_BUILD_ID;
}
