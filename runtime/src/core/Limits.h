// Fixed capacities of the runtime (arrays on the launch path are sized by these, not allocated).
#pragma once

#include <cstddef>
#include <cstdint>

namespace hipcore::core {

inline constexpr size_t kMaxDevices = 16;
// Packets per AQL queue of a stream, and bytes per kernarg slot (HIP allows 4 KiB of
// kernel arguments, hidden ones included).
inline constexpr uint32_t kQueuePackets = 256;
inline constexpr uint32_t kKernargSlotBytes = 4096;

}  // namespace hipcore::core
