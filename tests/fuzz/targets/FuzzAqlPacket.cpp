// libFuzzer target: vgpu's AQL packet decoder (vgpu/cp/AqlPacket.h). The input is one 64-byte
// ring slot (shorter inputs are zero-padded, longer ones cut). A decoded packet must satisfy
// every check the command processor relies on before it executes it.
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "cp/AqlPacket.h"

using namespace vgpu::cp;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::uint8_t bytes[kAqlPacketBytes] = {};
  std::memcpy(bytes, data, size < sizeof bytes ? size : sizeof bytes);
  AqlDecodeResult r = decodeAqlPacket(bytes);
  if (!r.ok) {
    if (r.errorCode == 0 || r.message.empty()) std::abort();  // halts must say why
    return 0;
  }
  const AqlPacket& p = r.packet;
  std::uint64_t completion;
  std::memcpy(&completion, bytes + 56, 8);
  if (p.completionSignal.handle != completion) std::abort();
  const unsigned type = aqlPacketType(p.header);
  switch (p.kind) {
    case AqlPacket::Kind::dispatch: {
      const hsa_kernel_dispatch_packet_t& d = p.dispatch;
      if (type != HSA_PACKET_TYPE_KERNEL_DISPATCH || d.kernel_object == 0) std::abort();
      if (!d.workgroup_size_x || !d.workgroup_size_y || !d.workgroup_size_z || !d.grid_size_x ||
          !d.grid_size_y || !d.grid_size_z)
        std::abort();
      if (std::uint64_t{d.workgroup_size_x} * d.workgroup_size_y * d.workgroup_size_z > 1024)
        std::abort();
      break;
    }
    case AqlPacket::Kind::barrierAnd:
    case AqlPacket::Kind::barrierOr:
      if (type != HSA_PACKET_TYPE_BARRIER_AND && type != HSA_PACKET_TYPE_BARRIER_OR) std::abort();
      break;
    case AqlPacket::Kind::barrierValue:
      if (type != HSA_PACKET_TYPE_VENDOR_SPECIFIC || p.barrierValue.cond > 3) std::abort();
      break;
    case AqlPacket::Kind::pm4IndirectBuffer:
      if (type != HSA_PACKET_TYPE_VENDOR_SPECIFIC || (p.indirectBuffer.address & 3) ||
          p.indirectBuffer.sizeDwords > 0xFFFFF)
        std::abort();
      break;
  }
  return 0;
}
