// Process-wide state of the C-ABI layer.
#include "ApiState.h"

#include <mutex>

#include "../DefaultTarget.h"

namespace hiprtc {

hipcore::loader::Result<std::string> processDefaultTarget() {
  // Under hipcore the current device (hipSetDevice) decides; it may change between compiles.
  std::string current = currentHipcoreDeviceTarget();
  if (!current.empty()) return current;
  // Otherwise ROCR's first GPU, asked once. A failed query is retried on the next compile (a
  // GPU may be set up later, e.g. by vgpu).
  static std::mutex mutex;
  static std::string target;
  std::lock_guard<std::mutex> lock(mutex);
  if (!target.empty()) return target;
  auto queried = queryDefaultTarget();
  if (queried) target = *queried;
  return queried;
}

}  // namespace hiprtc
