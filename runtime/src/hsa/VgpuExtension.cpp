// The vgpu extension table, found once by name so that hipcore runs unchanged on hardware.
#include "VgpuExtension.h"

#include <dlfcn.h>

#include <cstdlib>

namespace hipcore::hsa {
namespace {

const vgpu_extension_table* extension() {
  static const vgpu_extension_table* const table = []() -> const vgpu_extension_table* {
    auto find =
        reinterpret_cast<vgpu_extension_function>(dlsym(RTLD_DEFAULT, VGPU_EXTENSION_SYMBOL));
    if (find == nullptr) return nullptr;
    const vgpu_extension_table* found = find();
    // A table older than this header lacks fields we would call: treat it as absent.
    if (found == nullptr || found->version < VGPU_EXTENSION_VERSION ||
        found->size < sizeof(vgpu_extension_table))
      return nullptr;
    return found;
  }();
  return table;
}

}  // namespace

bool onVirtualGpu() {
  return extension() != nullptr;
}

vgpu_fault_kind vgpuQueueFault(uint64_t queue, std::string& report) {
  report.clear();
  const vgpu_extension_table* table = extension();
  if (table == nullptr || queue == 0) return VGPU_FAULT_NONE;
  char text[2048];
  auto kind = static_cast<vgpu_fault_kind>(table->queue_fault(queue, text, sizeof text));
  if (kind != VGPU_FAULT_NONE) report = text;
  return kind;
}

std::string vgpuTakeTraceRows() {
  const vgpu_extension_table* table = extension();
  if (table == nullptr) return {};
  char* rows = table->trace_take_json();
  if (rows == nullptr) return {};
  std::string text = rows;
  std::free(rows);
  return text;
}

}  // namespace hipcore::hsa
