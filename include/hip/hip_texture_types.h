// The texture types under the name AMD's headers also give them. The texture<> template of the
// texture-reference API comes with hipcore's texture support.
#pragma once

#include <hip/texture_types.h>
