// Status (the result every internal call returns) and SharedSpinLock (the pointer registry's
// lock): the behaviour the cheaper implementations must keep.
#include <gtest/gtest.h>

#include <atomic>
#include <shared_mutex>
#include <thread>
#include <vector>

#include "core/SpinLock.h"
#include "core/Status.h"

namespace hipcore::core {
namespace {

TEST(StatusTest, SuccessHasNoMessage) {
  Status status = Status::success();
  EXPECT_TRUE(status.ok());
  EXPECT_EQ(status.code, hipSuccess);
  EXPECT_EQ(status.message(), "");
}

TEST(StatusTest, FailureKeepsFormattedMessageThroughCopiesAndMoves) {
  Status failed = fail(hipErrorInvalidValue, "block %d of %s", 7, "chunk");
  EXPECT_FALSE(failed.ok());
  Status copy = failed;
  EXPECT_EQ(copy.code, hipErrorInvalidValue);
  EXPECT_EQ(copy.message(), "block 7 of chunk");
  EXPECT_EQ(failed.message(), "block 7 of chunk");  // a copy leaves the original intact
  Status moved = std::move(copy);
  EXPECT_EQ(moved.message(), "block 7 of chunk");
  Status assigned;
  assigned = moved;
  EXPECT_EQ(assigned.code, hipErrorInvalidValue);
  EXPECT_EQ(assigned.message(), "block 7 of chunk");
  assigned = assigned;  // self-assignment keeps the message
  EXPECT_EQ(assigned.message(), "block 7 of chunk");
}

TEST(StatusTest, CodeWithoutMessage) {
  Status notReady{hipErrorNotReady, {}};
  EXPECT_FALSE(notReady.ok());
  EXPECT_EQ(notReady.message(), "");
}

TEST(StatusTest, AddContextPrefixesTheMessage) {
  Status status = fail(hipErrorInvalidKernelFile, "no code object for gfx1030");
  status.addContext("device 0 (vgpu)");
  EXPECT_EQ(status.message(), "device 0 (vgpu): no code object for gfx1030");
  Status bare{hipErrorNotReady, {}};
  bare.addContext("stream 3");
  EXPECT_EQ(bare.message(), "stream 3");
}

TEST(SharedSpinLockTest, ReadersShareAndWriterExcludes) {
  SharedSpinLock lock;
  lock.lock_shared();
  lock.lock_shared();  // a second reader enters while the first is inside
  std::atomic<bool> writerIn{false};
  std::thread writer([&] {
    std::unique_lock exclusive(lock);
    writerIn.store(true);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_FALSE(writerIn.load());  // two readers inside
  lock.unlock_shared();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_FALSE(writerIn.load());  // one reader still inside
  lock.unlock_shared();
  writer.join();
  EXPECT_TRUE(writerIn.load());
}

// Writers keep two counters equal inside the exclusive section, with a window in between;
// readers must never see them differ, and every increment must land.
TEST(SharedSpinLockTest, ConcurrentReadersNeverSeeAWriterHalfway) {
  SharedSpinLock lock;
  uint64_t first = 0, second = 0;
  std::atomic<bool> torn{false};
  constexpr int kWrites = 20000;
  std::vector<std::thread> threads;
  for (int w = 0; w < 2; ++w)
    threads.emplace_back([&] {
      for (int i = 0; i < kWrites; ++i) {
        std::unique_lock exclusive(lock);
        ++first;
        std::atomic_signal_fence(std::memory_order_seq_cst);
        ++second;
      }
    });
  for (int r = 0; r < 2; ++r)
    threads.emplace_back([&] {
      for (int i = 0; i < kWrites; ++i) {
        std::shared_lock shared(lock);
        if (first != second) torn.store(true);
      }
    });
  for (std::thread& t : threads) t.join();
  EXPECT_FALSE(torn.load());
  EXPECT_EQ(first, 2u * kWrites);
  EXPECT_EQ(second, 2u * kWrites);
}

}  // namespace
}  // namespace hipcore::core
