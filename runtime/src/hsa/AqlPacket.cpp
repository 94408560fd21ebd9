// Writing AQL dispatch and barrier packets (layouts from hsa.h).
#include <hsa/amd_hsa_signal.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <cstddef>
#include <cstring>

#include "PacketQueue.h"

namespace hipcore::hsa {
namespace {

static_assert(sizeof(hsa_kernel_dispatch_packet_t) == PacketQueue::kPacketSize);
static_assert(sizeof(hsa_barrier_and_packet_t) == PacketQueue::kPacketSize);
static_assert(sizeof(hsa_amd_barrier_value_packet_t) == PacketQueue::kPacketSize);

constexpr uint16_t headerOf(hsa_packet_type_t type) {
  // Barrier bit: HIP streams run in order. System-scope fences: results are visible to the
  // host and other agents at completion without extra cache maintenance.
  return static_cast<uint16_t>((type << HSA_PACKET_HEADER_TYPE) | (1 << HSA_PACKET_HEADER_BARRIER) |
                               (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                               (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
}

// The first 32 bits hold header and setup; one release store makes the packet valid.
void publishFirstWord(void* slot, uint16_t header, uint16_t setup) {
  uint32_t word = header | (uint32_t{setup} << 16);
  __atomic_store_n(static_cast<uint32_t*>(slot), word, __ATOMIC_RELEASE);
}

}  // namespace

const uint16_t kDispatchHeader = headerOf(HSA_PACKET_TYPE_KERNEL_DISPATCH);
static_assert(offsetof(DispatchPacket, workgroupSize) ==
              offsetof(hsa_kernel_dispatch_packet_t, workgroup_size_x));
static_assert(offsetof(DispatchPacket, gridSize) ==
              offsetof(hsa_kernel_dispatch_packet_t, grid_size_x));
static_assert(offsetof(DispatchPacket, privateSegmentSize) ==
              offsetof(hsa_kernel_dispatch_packet_t, private_segment_size));
static_assert(offsetof(DispatchPacket, groupSegmentSize) ==
              offsetof(hsa_kernel_dispatch_packet_t, group_segment_size));
static_assert(offsetof(DispatchPacket, kernelObject) ==
              offsetof(hsa_kernel_dispatch_packet_t, kernel_object));
static_assert(offsetof(DispatchPacket, kernarg) ==
              offsetof(hsa_kernel_dispatch_packet_t, kernarg_address));
static_assert(offsetof(DispatchPacket, completionSignal) ==
              offsetof(hsa_kernel_dispatch_packet_t, completion_signal));

void publishDispatch(void* slot, const DispatchFields& f) noexcept {
  auto* packet = static_cast<hsa_kernel_dispatch_packet_t*>(slot);
  packet->workgroup_size_x = f.workgroupSize[0];
  packet->workgroup_size_y = f.workgroupSize[1];
  packet->workgroup_size_z = f.workgroupSize[2];
  packet->reserved0 = 0;
  packet->grid_size_x = f.gridSize[0];
  packet->grid_size_y = f.gridSize[1];
  packet->grid_size_z = f.gridSize[2];
  packet->private_segment_size = f.privateSegmentSize;
  packet->group_segment_size = f.groupSegmentSize;
  packet->kernel_object = f.kernelObject;
  packet->kernarg_address = const_cast<void*>(f.kernarg);
  packet->reserved2 = 0;
  packet->completion_signal.handle = f.completionSignal;
  uint16_t setup =
      static_cast<uint16_t>(f.dimensions << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS);
  publishFirstWord(slot, headerOf(HSA_PACKET_TYPE_KERNEL_DISPATCH), setup);
}

void publishBarrier(void* slot, uint64_t completionSignal, uint64_t dependency) noexcept {
  auto* packet = static_cast<hsa_barrier_and_packet_t*>(slot);
  packet->reserved0 = 0;
  packet->reserved1 = 0;
  for (hsa_signal_t& signal : packet->dep_signal) signal.handle = 0;
  packet->dep_signal[0].handle = dependency;
  packet->reserved2 = 0;
  packet->completion_signal.handle = completionSignal;
  publishFirstWord(slot, headerOf(HSA_PACKET_TYPE_BARRIER_AND), 0);
}

void publishBarrierValue(void* slot, const void* address, int64_t value, int64_t mask,
                         uint32_t condition, uint64_t completionSignal) noexcept {
  auto* packet = static_cast<hsa_amd_barrier_value_packet_t*>(slot);
  packet->reserved0 = 0;
  packet->signal.handle = reinterpret_cast<uintptr_t>(address) - offsetof(amd_signal_t, value);
  packet->value = value;
  packet->mask = mask;
  packet->cond = static_cast<hsa_signal_condition32_t>(condition);
  packet->reserved1 = 0;
  packet->reserved2 = 0;
  packet->reserved3 = 0;
  packet->completion_signal.handle = completionSignal;
  uint16_t format = HSA_AMD_PACKET_TYPE_BARRIER_VALUE;
  publishFirstWord(slot, headerOf(HSA_PACKET_TYPE_VENDOR_SPECIFIC), format);
}

RawPacket rawDispatch(const DispatchPacket& packet) noexcept {
  RawPacket raw;
  static_assert(sizeof(raw) == sizeof(packet));
  std::memcpy(&raw, &packet, sizeof(raw));
  raw.firstWord = kDispatchHeader | (uint32_t{packet.setup} << 16);
  return raw;
}

RawPacket rawWaitBelow(uint64_t signal, int64_t bound, uint64_t completionSignal) noexcept {
  RawPacket raw{};
  // publishBarrierValue takes the address of the value, the way hipStreamWaitValue names memory.
  const void* value = reinterpret_cast<const void*>(signal + offsetof(amd_signal_t, value));
  publishBarrierValue(&raw, value, bound, /*mask=*/-1, HSA_SIGNAL_CONDITION_LT, completionSignal);
  return raw;
}

void setWaitBound(RawPacket& packet, int64_t bound) noexcept {
  static_assert(offsetof(hsa_amd_barrier_value_packet_t, value) % sizeof(int64_t) == 0);
  std::memcpy(reinterpret_cast<uint8_t*>(&packet) + offsetof(hsa_amd_barrier_value_packet_t, value),
              &bound, sizeof(bound));
}

RawPacket rawBarrier(uint64_t completionSignal, uint64_t dependency) noexcept {
  RawPacket raw{};
  publishBarrier(&raw, completionSignal, dependency);
  return raw;
}

DispatchPacket dispatchOf(const RawPacket& packet) noexcept {
  DispatchPacket dispatch;
  std::memcpy(&dispatch, &packet, sizeof(dispatch));
  return dispatch;
}

void setCompletionSignal(RawPacket& packet, uint64_t signal) noexcept {
  std::memcpy(reinterpret_cast<uint8_t*>(&packet) + offsetof(DispatchPacket, completionSignal),
              &signal, sizeof(signal));
}

uint16_t invalidPacketHeader() noexcept {
  return HSA_PACKET_TYPE_INVALID << HSA_PACKET_HEADER_TYPE;
}

}  // namespace hipcore::hsa
