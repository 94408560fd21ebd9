// What of a printed instruction decides whether vgpu can run it: its form (reported) and its
// shape (the finer key the corpus keeps one example of, and checks).
#pragma once

#include <string>
#include <string_view>

namespace vgpu::coverage {

// The mnemonic with its encoding suffix and the modifiers that select behaviour: DPP control
// kinds, swizzle(...) modes, SDWA selects, op_sel/neg bits, cache bits, hwreg/sendmsg names;
// both halves of a VOPD pair. Register numbers, offsets and constants are left out.
// "ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,32,15)" -> "ds_swizzle_b32 swizzle(BROADCAST)".
std::string instructionForm(std::string_view text);

// The whole instruction with register numbers and plain integers (operands, offsets) replaced
// by placeholders; register widths, operand kinds and modifier values stay. Two instructions of
// one shape predecode alike, so checking one example per shape checks them all.
std::string instructionShape(std::string_view text);

}  // namespace vgpu::coverage
