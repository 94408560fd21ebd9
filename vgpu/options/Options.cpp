// Parsing the VGPU_* environment (or a test's table) into vgpu::Options, once per process.
#include "options/Options.h"

namespace vgpu {

using hipcore::loader::OnMalformed;
using hipcore::loader::processEnvironment;

Options Options::parse(const SettingReader::Lookup& lookup, const SettingReader::Report& report) {
  SettingReader reader("vgpu", lookup, report, "vgpu does not open the device");
  Options o;
  constexpr auto fail = OnMalformed::fail;
  o.target = reader.word("VGPU_TARGET", 0, {"gfx1030", "gfx1100"}, fail) == 1 ? GpuTarget::gfx1100
                                                                              : GpuTarget::gfx1030;
  o.computeUnits = std::uint32_t(reader.number("VGPU_CU_COUNT", o.computeUnits, 1, 256,
                                               "a number of compute units from 1 to 256", fail));
  o.memoryBytes = reader.number("VGPU_MEMORY_MB", o.memoryBytes >> 20, 64, 1u << 20,
                                "a number of MiB from 64 to 1048576", fail)
                  << 20;
  o.hostMemoryBytes =
      reader.number("VGPU_HOST_MEMORY_MB", 0, 0, 1u << 24,
                    "a number of MiB from 0 to 16777216 (0 = the machine's memory)", fail)
      << 20;
  o.gpuCount = std::uint32_t(
      reader.number("VGPU_GPUS", o.gpuCount, 1, 8, "a number of GPUs from 1 to 8", fail));
  o.unusable = reader.fatal();

  o.log = reader.flag("VGPU_LOG", false);
  o.traceFile = reader.path("VGPU_TRACE");
  o.traceEvents = !o.traceFile.empty() || reader.value("HIPCORE_TRACE") != nullptr;
  o.interpreterThreads =
      unsigned(reader.number("VGPU_THREADS", 0, 0, 1024,
                             "a number of interpreter threads from 0 to 1024 (0 = one per CPU)"));
  // The largest value is DispatchRequest::kWatchdogFromEnvironment, "ask the options".
  o.watchdogMs = std::uint32_t(reader.number("VGPU_WATCHDOG_MS", o.watchdogMs, 0, UINT32_MAX - 1,
                                             "a number of milliseconds (0 = off)"));
  o.isaTrace = reader.flag("VGPU_ISA_TRACE", false);
  o.isaGeneralPaths = reader.flag("VGPU_ISA_GENERAL_PATHS", false);
  o.strict = reader.flag("VGPU_STRICT", false);
  return o;
}

const Options& options() {
  static const Options parsed = Options::parse(processEnvironment);
  return parsed;
}

}  // namespace vgpu
