// Writing HIPCORE_TRACE's file: hipcore's rows (pid 1) plus vgpu's (pid 2, when vgpu is the
// thunk and exports its extension table), as one Chrome/Perfetto JSON object.
#pragma once

namespace hipcore::trace {

// Makes sure the file is written at process exit (safe to call often). Called once more with
// `runtimeReady` after ROCR is initialised: exit handlers run in reverse order, so that
// registration writes the file before anything ROCR registered at its start-up runs.
void writeTraceAtExit(bool runtimeReady = false);

// Writes everything recorded so far (hipDeviceReset, exit). The file always holds the whole
// trace: vgpu's rows are taken incrementally and kept.
void writeTrace(bool atExit = false);

}  // namespace hipcore::trace
