// AQL queues on vgpu: creation, barrier-AND/OR ordering across queues, blocking waits, ring
// wrap-around and queue errors reported through the error callback.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "HsaTestSupport.h"

namespace vgpu::test {
namespace {

struct Queue {
  hsa_queue_t* queue = nullptr;
  explicit Queue(std::uint32_t size, void (*callback)(hsa_status_t, hsa_queue_t*, void*) = nullptr,
                 void* data = nullptr) {
    EXPECT_EQ(hsa_queue_create(hsa().gpu, size, HSA_QUEUE_TYPE_MULTI, callback, data, UINT32_MAX,
                               UINT32_MAX, &queue),
              HSA_STATUS_SUCCESS);
  }
  ~Queue() {
    if (queue) {
      EXPECT_EQ(hsa_queue_destroy(queue), HSA_STATUS_SUCCESS);
    }
  }
};

struct Signal {
  hsa_signal_t signal{};
  explicit Signal(hsa_signal_value_t initial) {
    EXPECT_EQ(hsa_signal_create(initial, 0, nullptr, &signal), HSA_STATUS_SUCCESS);
  }
  ~Signal() { hsa_signal_destroy(signal); }
  hsa_signal_value_t value() const { return hsa_signal_load_scacquire(signal); }
};

TEST(AqlQueue, CreateAndDestroyRepeatedly) {
  for (std::uint32_t size : {64u, 1024u, 4096u}) {
    Queue q(size);
    ASSERT_NE(q.queue, nullptr);
    EXPECT_EQ(q.queue->size, size);
    Signal done(1);
    auto packet = barrierPacket({}, done.signal);
    submit(q.queue, &packet, barrierHeader(HSA_PACKET_TYPE_BARRIER_AND));
    EXPECT_TRUE(waitComplete(done.signal, 10.0)) << "queue of " << size << " packets";
    EXPECT_EQ(done.value(), 0);
    EXPECT_EQ(hsa_queue_load_read_index_scacquire(q.queue), 1u);
  }
}

TEST(AqlQueue, BarrierAndWaitsForEveryDependencyAcrossQueues) {
  Queue producer(64), consumer(64);
  Signal gateA(1), gateB(1), first(1), second(1);
  // Queue 1 waits for both host gates; queue 2 waits for queue 1's completion.
  auto p1 = barrierPacket({gateA.signal, gateB.signal}, first.signal);
  auto p2 = barrierPacket({first.signal}, second.signal);
  submit(consumer.queue, &p2, barrierHeader(HSA_PACKET_TYPE_BARRIER_AND));
  submit(producer.queue, &p1, barrierHeader(HSA_PACKET_TYPE_BARRIER_AND));

  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_EQ(first.value(), 1);
  EXPECT_EQ(second.value(), 1);
  hsa_signal_store_screlease(gateA.signal, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_EQ(first.value(), 1) << "barrier-AND completed with one dependency still pending";
  EXPECT_EQ(second.value(), 1);
  hsa_signal_store_screlease(gateB.signal, 0);
  ASSERT_TRUE(waitComplete(first.signal, 10.0));
  ASSERT_TRUE(waitComplete(second.signal, 10.0));
}

TEST(AqlQueue, BarrierOrCompletesOnFirstDependency) {
  Queue q(64);
  Signal gateA(1), gateB(1), done(1);
  auto packet = barrierPacket({gateA.signal, gateB.signal}, done.signal);
  submit(q.queue, &packet, barrierHeader(HSA_PACKET_TYPE_BARRIER_OR));
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_EQ(done.value(), 1);
  hsa_signal_store_screlease(gateB.signal, 0);
  ASSERT_TRUE(waitComplete(done.signal, 10.0));
  EXPECT_EQ(gateA.value(), 1);
}

TEST(AqlQueue, PacketsBehindABarrierWaitInOrder) {
  Queue q(64);
  Signal gate(1), blocked(1), behind(1);
  auto p1 = barrierPacket({gate.signal}, blocked.signal);
  auto p2 = barrierPacket({}, behind.signal);
  submit(q.queue, &p1, barrierHeader(HSA_PACKET_TYPE_BARRIER_AND));
  submit(q.queue, &p2, barrierHeader(HSA_PACKET_TYPE_BARRIER_AND));
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_EQ(behind.value(), 1) << "a packet overtook the barrier in front of it";
  hsa_signal_store_screlease(gate.signal, 0);
  ASSERT_TRUE(waitComplete(behind.signal, 10.0));
  EXPECT_EQ(blocked.value(), 0);
}

TEST(AqlQueue, AmdBarrierValuePacketWaitsForItsCondition) {
  Queue q(64);
  Signal watched(0x1234), done(1);
  hsa_amd_barrier_value_packet_t packet{};
  packet.header.AmdFormat = HSA_AMD_PACKET_TYPE_BARRIER_VALUE;
  packet.signal = watched.signal;
  packet.value = 0x50;
  packet.mask = 0xF0;  // only bits 7:4 of the signal value are compared
  packet.cond = HSA_SIGNAL_CONDITION_EQ;
  packet.completion_signal = done.signal;
  std::uint16_t header = (HSA_PACKET_TYPE_VENDOR_SPECIFIC << HSA_PACKET_HEADER_TYPE) |
                         (1 << HSA_PACKET_HEADER_BARRIER) |
                         (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                         (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
  // The vendor header's AmdFormat byte follows the 16-bit AQL header inside the packet.
  submit(q.queue, &packet, header);
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_EQ(done.value(), 1) << "(0x1234 & 0xF0) is 0x30, not 0x50";
  hsa_signal_store_screlease(watched.signal, 0x7F5A);  // & 0xF0 == 0x50
  ASSERT_TRUE(waitComplete(done.signal, 10.0));
}

TEST(AqlQueue, BlockingWaitTimesOutThenCompletes) {
  Queue q(64);
  Signal gate(1), done(1);
  auto packet = barrierPacket({gate.signal}, done.signal);
  submit(q.queue, &packet, barrierHeader(HSA_PACKET_TYPE_BARRIER_AND));
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(waitComplete(done.signal, 0.2));
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(150));
  std::thread releaser([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    hsa_signal_store_screlease(gate.signal, 0);
  });
  EXPECT_TRUE(waitComplete(done.signal, 10.0));
  releaser.join();
}

TEST(AqlQueue, RingWrapsAroundTenTimes) {
  constexpr std::uint32_t kSize = 64;
  constexpr std::uint32_t kPackets = 10 * kSize + 3;
  Queue q(kSize);
  Signal counter(kPackets);
  // Every packet decrements the same signal: it reaches 0 only if each one ran exactly once.
  for (std::uint32_t i = 0; i < kPackets; ++i) {
    auto packet = barrierPacket({}, counter.signal);
    submit(q.queue, &packet, barrierHeader(HSA_PACKET_TYPE_BARRIER_AND));
  }
  ASSERT_TRUE(waitComplete(counter.signal, 30.0));
  EXPECT_EQ(counter.value(), 0);
  EXPECT_EQ(hsa_queue_load_read_index_scacquire(q.queue), kPackets);
}

struct ErrorRecord {
  std::atomic<int> calls{0};
  std::atomic<hsa_status_t> status{HSA_STATUS_SUCCESS};
};

void recordError(hsa_status_t status, hsa_queue_t*, void* data) {
  auto* record = static_cast<ErrorRecord*>(data);
  record->status = status;
  record->calls.fetch_add(1);
}

bool waitForCallback(const ErrorRecord& record, double seconds) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (record.calls.load() == 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  return record.calls.load() > 0;
}

TEST(AqlQueueError, InvalidPacketTypeReachesTheErrorCallback) {
  ErrorRecord record;
  Queue q(64, recordError, &record);
  Signal done(1);
  auto packet = barrierPacket({}, done.signal);
  constexpr std::uint16_t kUndefinedType = 7;  // HSA defines packet types 0..5
  submit(q.queue, &packet, kUndefinedType << HSA_PACKET_HEADER_TYPE);
  ASSERT_TRUE(waitForCallback(record, 10.0)) << "queue error was not reported";
  EXPECT_EQ(record.status.load(), HSA_STATUS_ERROR_INVALID_PACKET_FORMAT);
  EXPECT_EQ(done.value(), 1) << "a faulting packet must not complete its signal";
}

TEST(AqlQueueError, ZeroSizedDispatchReachesTheErrorCallback) {
  ErrorRecord record;
  Queue q(64, recordError, &record);
  Signal done(1);
  hsa_kernel_dispatch_packet_t dispatch{};
  dispatch.setup = 1 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS;
  dispatch.workgroup_size_x = 0;  // invalid: the packet processor must reject it
  dispatch.workgroup_size_y = dispatch.workgroup_size_z = 1;
  dispatch.grid_size_x = dispatch.grid_size_y = dispatch.grid_size_z = 1;
  dispatch.kernel_object = 0x1000;
  dispatch.completion_signal = done.signal;
  std::uint16_t header = (HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
                         (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                         (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
  submit(q.queue, &dispatch, header);
  ASSERT_TRUE(waitForCallback(record, 10.0)) << "queue error was not reported";
  EXPECT_EQ(record.status.load(), HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
  EXPECT_EQ(done.value(), 1);
}

TEST(AqlQueueError, OtherQueuesKeepWorkingAfterAnError) {
  ErrorRecord record;
  Queue broken(64, recordError, &record);
  Signal unused(1);
  auto bad = barrierPacket({}, unused.signal);
  submit(broken.queue, &bad, 7 << HSA_PACKET_HEADER_TYPE);
  ASSERT_TRUE(waitForCallback(record, 10.0));
  Queue healthy(64);
  Signal done(1);
  auto good = barrierPacket({}, done.signal);
  submit(healthy.queue, &good, barrierHeader(HSA_PACKET_TYPE_BARRIER_AND));
  EXPECT_TRUE(waitComplete(done.signal, 10.0));
}

}  // namespace
}  // namespace vgpu::test
