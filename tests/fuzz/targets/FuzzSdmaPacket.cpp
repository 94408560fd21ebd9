// libFuzzer target: vgpu's SDMA packet decoder (vgpu/cp/SdmaPacket.h). The input is a stretch
// of an SDMA ring between the read and write pointers; it is decoded packet by packet, as the
// engine does, until the end or the first error. A decoded packet must lie inside the input.
#include <cstdint>
#include <cstdlib>

#include "cp/SdmaPacket.h"

using namespace vgpu::cp;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  size_t at = 0;
  while (at < size) {
    SdmaDecodeResult r = decodeSdmaPacket(data + at, size - at);
    if (!r.ok) {
      if (r.message.empty()) std::abort();  // halts must say why
      break;
    }
    const SdmaPacket& p = r.packet;
    if (p.dwords == 0 || p.dwords * 4ull > size - at) std::abort();  // never past the writer
    if (p.kind == SdmaPacket::Kind::copyLinearRect &&
        (p.rect.rowBytes == 0 || p.rect.rows == 0 || p.rect.slices == 0))
      std::abort();
    if (p.kind == SdmaPacket::Kind::constFill && (p.bytes == 0 || p.bytes % 4)) std::abort();
    if (p.kind == SdmaPacket::Kind::pollRegMem && p.function > 6) std::abort();
    at += p.dwords * 4ull;
  }
  return 0;
}
