// Placeholder: no interpreter yet, so every dispatch is refused as an illegal instruction.
#include "isa/Dispatch.h"

namespace vgpu {

DispatchOutcome executeDispatch(const DispatchRequest&) {
  DispatchOutcome outcome;
  outcome.kind = DispatchOutcome::Kind::illegalInstruction;
  outcome.report = "vgpu: the ISA interpreter is not built yet; the dispatch was not executed";
  return outcome;
}

}  // namespace vgpu
