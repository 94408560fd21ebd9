// The shared state of an interprocess event (hipEventInterprocess, hipIpcGetEventHandle,
// hipIpcOpenEventHandle): a page of a memfd holding two counters, how many records were made
// and how many of them completed, which every process holding the event maps. A record bumps
// the first at once and the second when the stream reaches it (from ROCR's signal handler);
// the event is complete when they are equal. The 64-byte handle names the creator's pid, its
// descriptor and the memfd's serial; the opener maps /proc/<pid>/fd/<fd> after checking that
// the descriptor still is that memfd (so the creating process must still hold the event).
#pragma once

#include <hip/hip_runtime_api.h>

#include <atomic>
#include <cstdint>
#include <memory>

#include "Status.h"

namespace hipcore::core {

class Stream;

class IpcEventShare : public std::enable_shared_from_this<IpcEventShare> {
 public:
  static Status create(std::shared_ptr<IpcEventShare>& out);
  static Status open(const hipIpcEventHandle_t& handle, std::shared_ptr<IpcEventShare>& out);
  ~IpcEventShare();

  void handle(hipIpcEventHandle_t& out) const;
  // A new record: its number, to pass to complete() once the stream reached it.
  uint64_t beginRecord() { return page_->recorded.fetch_add(1) + 1; }
  void complete(uint64_t record);
  bool done() const { return page_->completed.load() >= page_->recorded.load(); }
  // Later work of `queue` waits until the records made so far completed.
  Status holdStream(Stream& queue);
  void waitDone() const;

 private:
  struct Page {
    std::atomic<uint64_t> recorded;
    std::atomic<uint64_t> completed;
  };
  IpcEventShare(int fd, uint32_t serial, Page* page) : fd_(fd), serial_(serial), page_(page) {}
  int fd_;              // the creator's memfd; -1 in an opener
  int creatorFd_ = -1;  // its number in the creator (handles made by openers name it too)
  uint32_t serial_;     // the creator's
  uint32_t pid_ = 0;    // the creator
  Page* page_;
};

}  // namespace hipcore::core
