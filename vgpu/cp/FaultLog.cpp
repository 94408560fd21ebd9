// FaultLog: one process-wide record, written when a queue halts (rare), read by the runtime.
#include "cp/FaultLog.h"

#include <mutex>

namespace vgpu::cp {
namespace {

std::mutex gMutex;
FaultKind gKind = FaultKind::none;
std::string* gReport = nullptr;  // never destroyed: read from other libraries' exit paths

}  // namespace

void recordFault(FaultKind kind, std::string report) {
  std::lock_guard lock(gMutex);
  if (gReport == nullptr) gReport = new std::string;
  gKind = kind;
  *gReport = std::move(report);
}

FaultKind lastFault(std::string& report) {
  std::lock_guard lock(gMutex);
  report = gReport != nullptr ? *gReport : std::string();
  return gKind;
}

}  // namespace vgpu::cp
