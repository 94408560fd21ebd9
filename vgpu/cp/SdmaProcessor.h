// The packet processor of one SDMA queue: a byte ring with 64-bit monotonic read/write
// pointers owned by the thunk (HsaQueueResource::Queue_read_ptr / Queue_write_ptr).
#pragma once

#include <cstdint>
#include <string>

#include "cp/QueueEngine.h"
#include "cp/SdmaPacket.h"

namespace vgpu::cp {

struct SdmaRing {
  char* base = nullptr;
  std::uint64_t sizeBytes = 0;                     // a power of two
  volatile std::uint64_t* readPointer = nullptr;   // bytes consumed, written by the engine
  volatile std::uint64_t* writePointer = nullptr;  // bytes produced, written by ROCR
  volatile std::uint64_t* doorbell = nullptr;
};

class SdmaProcessor final : public QueueEngine {
 public:
  SdmaProcessor(const EngineConfig& config, const SdmaRing& ring);
  ~SdmaProcessor() override;

  volatile std::uint64_t* doorbell() override { return ring_.doorbell; }
  const char* kind() const override { return "sdma"; }

 private:
  struct Step {
    enum class Kind { done, wait, fault } kind = Kind::done;
    std::uint32_t dwords = 0;
    std::string message;
    std::uint64_t faultAddress = 0;
  };
  Progress serviceRing() override;
  bool packetVisible() const override;
  Step execute(const std::uint32_t* packet, std::uint64_t available);
  Step copyLinearRect(const SdmaPacket& packet);
  Step pollRegMem(const SdmaPacket& packet);
  Step checked(std::uint64_t address, std::uint64_t bytes, std::uint32_t dwords);

  SdmaRing ring_;
};

}  // namespace vgpu::cp
