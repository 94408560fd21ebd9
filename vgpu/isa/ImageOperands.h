// Predecode of MIMG instructions: their printed operands (vdata, the address VGPRs as a range
// or an NSA list, T#, S#) and modifiers (dmask, dim, unorm) into a micro-op.
#pragma once

#include <string>

#include "isa/AsmText.h"
#include "isa/HandlerTable.h"
#include "isa/MicroOp.h"

namespace vgpu::isa {

// Fills u from a; returns why the form is refused, or an empty string. vdata goes to dst[0]
// (loads, samples, gathers, get_resinfo) or src[0] (stores); T# to src[1]; S# to src[2].
std::string readImageOperands(const AsmInstruction& a, const HandlerInfo& info, ModifierReader& m,
                              MicroOp& u, unsigned& maxVgpr);

}  // namespace vgpu::isa
