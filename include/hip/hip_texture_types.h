// The texture types under the name AMD's headers also give them, with the texture<> template of
// the texture-reference API (hip/api/texture_references.h, which needs the host API).
#pragma once

#include <hip/hip_runtime_api.h>
#include <hip/texture_types.h>
