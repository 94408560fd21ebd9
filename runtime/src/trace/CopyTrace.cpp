// Copies are timed on the copying thread right after it waited for them (no launch-path
// concern: hipMemcpy blocks anyway), into one list under a mutex.
#include "CopyTrace.h"

#include <cstdio>
#include <mutex>
#include <vector>

#include "Json.h"
#include "TraceClock.h"
#include "hsa/Profiling.h"

namespace hipcore::trace {

namespace {

enum Direction { kHostToDevice, kDeviceToHost, kDeviceToDevice, kHostToHost, kDirections };
const char* const kRowNames[kDirections] = {"copies host to device", "copies device to host",
                                            "copies device to device", "copies host to host"};
constexpr unsigned kFirstRow = 900;  // tids 900..903, below the queue rows (1000 + n)

struct Copy {
  Direction direction;
  uint64_t startTicks;  // system domain, converted when the file is written
  uint64_t endTicks;
  size_t bytes;
};

struct Copies {
  std::mutex mutex;
  std::vector<Copy> list;
};

Copies& copies() {
  static Copies* instance = new Copies();  // outlives static destruction (written at exit)
  return *instance;
}

}  // namespace

void recordCopy(uint64_t signal, size_t bytes, bool fromHost, bool toHost) {
  uint64_t start = 0, end = 0;
  if (!hsa::copyInterval(signal, start, end)) return;
  startTraceClock();
  Direction direction = fromHost ? (toHost ? kHostToHost : kHostToDevice)
                                 : (toHost ? kDeviceToHost : kDeviceToDevice);
  Copies& all = copies();
  std::lock_guard lock(all.mutex);
  all.list.push_back({direction, start, end, bytes});
}

void appendCopyEvents(std::string& json, const SystemDomain& domain) {
  Copies& all = copies();
  std::lock_guard lock(all.mutex);
  bool named[kDirections] = {};
  char line[512];
  for (const Copy& c : all.list) {
    unsigned tid = kFirstRow + c.direction;
    if (!named[c.direction]) {
      named[c.direction] = true;
      std::snprintf(line, sizeof(line),
                    "{\"ph\":\"M\",\"pid\":1,\"tid\":%u,\"name\":\"thread_name\","
                    "\"args\":{\"name\":\"%s\"}},\n",
                    tid, kRowNames[c.direction]);
      json += line;
    }
    uint64_t startNs = domain.toMonotonicNs(c.startTicks);
    uint64_t endNs = domain.toMonotonicNs(c.endTicks);
    std::snprintf(line, sizeof(line),
                  "{\"ph\":\"X\",\"pid\":1,\"tid\":%u,\"cat\":\"copy\",\"name\":\"copy %zu B\","
                  "\"ts\":%s,\"dur\":%s,\"args\":{\"bytes\":%zu}},\n",
                  tid, c.bytes, jsonMicroseconds(startNs).c_str(),
                  jsonMicroseconds(endNs - startNs).c_str(), c.bytes);
    json += line;
  }
}

}  // namespace hipcore::trace
