// Hostcall buffer set-up and the host thread that serves the packets kernels submit.
#include "Hostcall.h"

#include <cstddef>
#include <cstdio>
#include <cstring>

#include "HsaFailure.h"
#include "PrintfFormatter.h"

namespace hipcore::core {

struct HostcallService::Buffer {
  uint64_t headers;
  uint64_t payloads;
  uint64_t doorbell;
  uint64_t freeStack;
  uint64_t readyStack;
  uint64_t indexMask;  // read as a 64-bit mask by ockl 5.2.3 (not a bit count)
};

struct HostcallService::Header {
  uint64_t next;
  uint64_t activeMask;
  uint32_t service;
  uint32_t control;
};

namespace {

constexpr uint32_t kLanes = 64;
constexpr uint32_t kSlotWords = 8;
constexpr uint32_t kServicePrintf = 2;
constexpr uint32_t kServiceDeviceMemory = 3;
constexpr uint64_t kWakeTimeoutMs = 1000;
// Message descriptor fields (ockl services.cl): BEGIN, END, element count, message id.
constexpr uint64_t kBegin = 1;
constexpr uint64_t kEnd = 2;
uint64_t lengthOf(uint64_t descriptor) {
  return (descriptor >> 5) & 7;
}
uint64_t idOf(uint64_t descriptor) {
  return descriptor >> 8;
}

}  // namespace

Status HostcallService::create(const hsa::GpuAgent& agent, uint32_t packets,
                               std::unique_ptr<HostcallService>& out) {
  static_assert(offsetof(Buffer, indexMask) == 40, "index_mask is read at offset 40");
  static_assert(sizeof(Header) == 24, "ockl's header_t is 24 bytes");
  uint32_t indexSize = 1;
  while ((1u << indexSize) < packets) ++indexSize;
  packets = 1u << indexSize;
  size_t headersOffset = 64;
  size_t payloadsOffset = (headersOffset + packets * sizeof(Header) + 4095) / 4096 * 4096;
  size_t bytes = payloadsOffset + size_t{packets} * kLanes * kSlotWords * sizeof(uint64_t);
  auto memory = hsa::allocate(agent.hostPool, bytes);
  if (!memory) return hsaFailure(memory.error(), "hostcall buffer");
  if (auto access = hsa::allowAccess(agent.agent, *memory); !access)
    return hsaFailure(access.error(), "hostcall buffer");
  auto doorbell = hsa::Signal::create(0);
  if (!doorbell) return hsaFailure(doorbell.error(), "hostcall doorbell");
  std::unique_ptr<HostcallService> service(new HostcallService());
  if (Status heap = DeviceHeap::create(agent, service->heap_); !heap.ok()) return heap;
  auto* base = static_cast<uint8_t*>(*memory);
  std::memset(base, 0, bytes);
  service->buffer_ = reinterpret_cast<Buffer*>(base);
  service->doorbell_ = std::move(doorbell).value();
  Buffer& buffer = *service->buffer_;
  buffer.headers = reinterpret_cast<uint64_t>(base + headersOffset);
  buffer.payloads = reinterpret_cast<uint64_t>(base + payloadsOffset);
  buffer.doorbell = service->doorbell_->handle();
  buffer.indexMask = packets - 1;
  // Free stack: every packet, tag 1 (a zero entry would read as "empty"), linked in order.
  auto* headers = reinterpret_cast<Header*>(buffer.headers);
  const uint64_t tag = packets;  // index_mask + 1: one step of the ABA tag
  for (uint32_t i = 0; i < packets; ++i) headers[i].next = i + 1 < packets ? (tag | (i + 1)) : 0;
  buffer.freeStack = tag | 0;
  buffer.readyStack = 0;
  service->thread_ = std::thread([raw = service.get()] { raw->serve(); });
  out = std::move(service);
  return Status::success();
}

HostcallService::~HostcallService() {
  stop_ = true;
  doorbell_->store(-1);  // wakes the service thread (a host store sets the signal's event)
  if (thread_.joinable()) thread_.join();
}

void HostcallService::serve() {
  // Blocks until a wave rings the doorbell. The timeout only bounds how long a missed wake-up
  // (a GPU without interrupt delivery) can delay a reply.
  int64_t seen = 0;
  const uint64_t indexMask = buffer_->indexMask;
  auto* headers = reinterpret_cast<Header*>(buffer_->headers);
  auto* payloads = reinterpret_cast<uint64_t*>(buffer_->payloads);
  while (!stop_.load(std::memory_order_acquire)) {
    seen = doorbell_->waitChange(seen, /*milliseconds=*/kWakeTimeoutMs);
    uint64_t top = __atomic_exchange_n(&buffer_->readyStack, uint64_t{0}, __ATOMIC_ACQUIRE);
    while (top != 0) {
      Header& header = headers[top & indexMask];
      uint64_t next = header.next;  // read before release: the wave reuses the packet then
      servePacket(header, payloads + (top & indexMask) * kLanes * kSlotWords);
      top = next;
    }
  }
}

void HostcallService::servePacket(Header& header, uint64_t* payload) {
  for (uint32_t lane = 0; lane < kLanes; ++lane)
    if (header.activeMask & (uint64_t{1} << lane))
      serveLane(header.service, payload + lane * kSlotWords);
  __atomic_store_n(&header.control, header.control & ~1u, __ATOMIC_RELEASE);
}

void HostcallService::serveLane(uint32_t service, uint64_t* slot) {
  uint64_t descriptor = slot[0];
  if (service == kServiceDeviceMemory) {
    slot[0] = heap_->request(/*address=*/slot[0], /*size=*/slot[1]);
    slot[1] = 0;
    return;
  }
  if (service != kServicePrintf) {
    slot[0] = 0;  // function calls (service 1) have no host side in HIP
    slot[1] = 0;
    return;
  }
  uint64_t id = (descriptor & kBegin) ? nextMessageId_++ : idOf(descriptor);
  std::vector<uint64_t>& message = messages_[id];
  for (uint64_t i = 0; i < lengthOf(descriptor); ++i) message.push_back(slot[1 + i]);
  if (!(descriptor & kEnd)) {
    slot[0] = id << 8;  // the descriptor the device sends with its next part
    slot[1] = 0;
    return;
  }
  PrintfOutput output = formatDevicePrintf(message);
  messages_.erase(id);
  std::FILE* stream = output.toStderr ? stderr : stdout;
  std::fwrite(output.text.data(), 1, output.text.size(), stream);
  std::fflush(stream);
  slot[0] = output.text.size();
  slot[1] = 0;
}

}  // namespace hipcore::core
