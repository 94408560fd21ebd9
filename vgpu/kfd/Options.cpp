// Environment parsing for vgpu (VGPU_TARGET, VGPU_CU_COUNT, VGPU_MEMORY_MB, VGPU_GPUS, ...).
#include "kfd/Options.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace vgpu::kfd {

namespace {
std::uint64_t number(const char* name, std::uint64_t fallback, std::uint64_t min,
                     std::uint64_t max) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return fallback;
  char* end = nullptr;
  unsigned long long value = std::strtoull(text, &end, 10);
  if (*end != '\0' || value < min || value > max) {
    std::fprintf(stderr, "vgpu: ignoring %s=%s (expected %llu..%llu)\n", name, text,
                 static_cast<unsigned long long>(min), static_cast<unsigned long long>(max));
    return fallback;
  }
  return value;
}
}  // namespace

Options Options::fromEnvironment() {
  Options options;
  if (const char* target = std::getenv("VGPU_TARGET")) {
    if (std::strcmp(target, "gfx1100") == 0) {
      options.target = GpuTarget::gfx1100;
    } else if (std::strcmp(target, "gfx1030") != 0) {
      std::fprintf(stderr, "vgpu: unknown VGPU_TARGET=%s, using gfx1030\n", target);
    }
  }
  options.computeUnits = std::uint32_t(number("VGPU_CU_COUNT", options.computeUnits, 1, 256));
  options.memoryBytes = number("VGPU_MEMORY_MB", options.memoryBytes >> 20, 64, 1u << 20) << 20;
  options.hostMemoryBytes = number("VGPU_HOST_MEMORY_MB", 0, 0, 1u << 24) << 20;
  options.gpuCount = std::uint32_t(number("VGPU_GPUS", options.gpuCount, 1, 8));
  options.log = number("VGPU_LOG", 0, 0, 1) == 1;
  const char* traceFile = std::getenv("VGPU_TRACE");
  const char* hipcoreTrace = std::getenv("HIPCORE_TRACE");
  options.traceFile = traceFile ? traceFile : "";
  options.traceEvents = !options.traceFile.empty() || (hipcoreTrace && *hipcoreTrace);
  options.interpreterThreads = unsigned(number("VGPU_THREADS", 0, 0, 1024));
  return options;
}

}  // namespace vgpu::kfd
