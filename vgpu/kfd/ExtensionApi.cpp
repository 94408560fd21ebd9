// vgpu_extension(): the extension interface (vgpu/vgpu_extension.h) a runtime above ROCR finds
// with dlsym, exported by both front doors (libhsakmt.so.1 and libvgpu-kfd.so).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

#include "kfd/VirtualKfd.h"
#include "vgpu/vgpu_extension.h"

using vgpu::kfd::VirtualKfd;

namespace {

char* traceTakeJson() {
  vgpu::cp::TraceRecorder* recorder = VirtualKfd::instance().recorder();
  if (recorder == nullptr) return nullptr;
  std::string events = recorder->takeJson();
  char* out = static_cast<char*>(std::malloc(events.size() + 1));
  if (out == nullptr) return nullptr;
  std::memcpy(out, events.c_str(), events.size() + 1);
  return out;
}

int queueFault(uint64_t queue, char* report, size_t capacity) {
  std::string text;
  vgpu_fault_kind kind = VirtualKfd::instance().queues().faultOf(queue, text);
  if (report != nullptr && capacity > 0) {
    size_t length = std::min(text.size(), capacity - 1);
    std::memcpy(report, text.data(), length);
    report[length] = '\0';
  }
  return kind;
}

constexpr vgpu_extension_table kExtension = {VGPU_EXTENSION_VERSION, sizeof(vgpu_extension_table),
                                             queueFault, traceTakeJson};

}  // namespace

extern "C" __attribute__((visibility("default"))) const vgpu_extension_table* vgpu_extension() {
  return &kExtension;
}
