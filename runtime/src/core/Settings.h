// libhipcore's environment settings (HIPCORE_LOG, HIPCORE_TRACE, HIPCORE_MAX_HW_QUEUES), parsed
// once into one const struct; the code reads its fields, never the environment.
#pragma once

#include <string>

#include "hipcore/loader/SettingReader.h"

namespace hipcore::core {

struct Settings {
  // trace::Hook bits: HIPCORE_LOG=0|1|errors|api (a comma list) and HIPCORE_TRACE.
  unsigned hooks = 0;
  // HIPCORE_TRACE: the Chrome/Perfetto trace written at exit (empty: tracing off).
  std::string traceFile;
  // HIPCORE_MAX_HW_QUEUES=1..64: AQL queues per device that streams share.
  unsigned maxHardwareQueues = 4;

  // Every value is checked; an unusable one is reported (`report`, else stderr) and its default
  // used: none of these changes what a program computes, only what it logs and how it queues.
  static Settings parse(const loader::SettingReader::Lookup& lookup,
                        const loader::SettingReader::Report& report = {});
};

// The process's settings, parsed from the environment on first use (libhipcore's load: the
// trace hooks are initialised from them before any HIP call can run).
const Settings& settings();

}  // namespace hipcore::core
