// Shared helpers for the vgpu tests: plain HSA programs against Debian's ROCR 5.2.3, run under
// vgpu-run. One HSA runtime per test process (ctest runs each test case as its own process).
#pragma once

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <cstdint>
#include <vector>

namespace vgpu::test {

struct HsaSystem {
  hsa_agent_t cpu{};
  hsa_agent_t gpu{};
  hsa_amd_memory_pool_t systemPool{};  // CPU fine-grained global pool
  hsa_amd_memory_pool_t devicePool{};  // GPU coarse-grained global pool ("VRAM")
};

// Set up by the test main (hsa_init + discovery); valid in every test.
const HsaSystem& hsa();

// Nanoseconds in the HSA timestamp domain (vgpu reports 1 GHz) for signal-wait timeouts.
std::uint64_t timeoutTicks(double seconds);

// Publishes one AQL packet: reserves a slot (waiting while the ring is full), copies the body,
// stores the header with release semantics, rings the doorbell. Returns the packet index.
std::uint64_t submit(hsa_queue_t* queue, const void* packet, std::uint16_t header);

std::uint16_t barrierHeader(hsa_packet_type_t type);

hsa_barrier_and_packet_t barrierPacket(std::vector<hsa_signal_t> dependencies,
                                       hsa_signal_t completion);

// Waits until value < 1 (the completion protocol); false on timeout.
bool waitComplete(hsa_signal_t signal, double seconds);

// An independent byte pattern for copy checks (a multiplicative hash of the index and seed).
std::uint8_t patternByte(std::uint64_t index, std::uint32_t seed);

}  // namespace vgpu::test
