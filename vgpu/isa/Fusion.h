// Superinstructions: pairs of micro-ops that compilers always emit together, executed by one
// handler on the wave32 path (MicroOp::plain32) with the pair's exact results.
#pragma once

#include <cstddef>
#include <vector>

#include "isa/MicroOp.h"

namespace vgpu::isa {

// Replaces the handler of each fusable pair's first micro-op (ops[first..]) by its
// superinstruction, keeping the original as MicroOp::single; the second micro-op stays as it
// was, so a branch to it runs it alone.
void fuseMicroOps(std::vector<MicroOp>& ops, std::size_t first);

}  // namespace vgpu::isa
