/* vgpu's extension interface: what a runtime above ROCR may ask the virtual GPU beyond the
 * thunk's own functions. One C header for both sides: vgpu's libhsakmt.so.1 exports
 * vgpu_extension(); a runtime finds it with dlsym(RTLD_DEFAULT, VGPU_EXTENSION_SYMBOL) (absent on
 * real hardware, which is also how it tells that its GPUs are virtual) and calls through the
 * table. The values and the table's layout are an ABI between separately built libraries: add
 * fields only at the end and raise VGPU_EXTENSION_VERSION. */
#ifndef VGPU_VGPU_EXTENSION_H
#define VGPU_VGPU_EXTENSION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Why a queue stopped. ROCR passes its client only a coarse HSA status (a trap and a watchdog
 * timeout both read as HSA_STATUS_ERROR_EXCEPTION), so the runtime asks vgpu for the kind. */
enum vgpu_fault_kind {
  VGPU_FAULT_NONE = 0,
  VGPU_FAULT_MEMORY_VIOLATION = 1,
  VGPU_FAULT_ILLEGAL_INSTRUCTION = 2,
  VGPU_FAULT_TRAP = 3,
  VGPU_FAULT_INVALID_DISPATCH = 4,
  VGPU_FAULT_TIMEOUT = 5
};

#define VGPU_EXTENSION_VERSION 1
#define VGPU_EXTENSION_SYMBOL "vgpu_extension"

struct vgpu_extension_table {
  uint32_t version; /* VGPU_EXTENSION_VERSION of the vgpu that filled the table */
  uint32_t size;    /* sizeof(struct vgpu_extension_table) there */
  /* The fault that stopped the AQL queue whose amd_queue_t (the hsa_queue_t ROCR returned) is at
   * `queue`: its kind (VGPU_FAULT_NONE when that queue did not fault or does not exist, e.g.
   * after it was destroyed) and the full report (kernel, workgroup, wave, lane, PC,
   * instruction, address), copied NUL-terminated into `report`, truncated to `capacity` bytes;
   * `report` may be NULL when `capacity` is 0. */
  int (*queue_fault)(uint64_t queue, char* report, size_t capacity);
  /* vgpu's trace events recorded since the last call, as a malloc'ed string of Chrome trace
   * event objects each followed by ",\n"; NULL when vgpu is not tracing (VGPU_TRACE or
   * HIPCORE_TRACE). The caller frees it. */
  char* (*trace_take_json)(void);
};

typedef const struct vgpu_extension_table* (*vgpu_extension_function)(void);
const struct vgpu_extension_table* vgpu_extension(void);

#ifdef __cplusplus
}
#endif

#endif /* VGPU_VGPU_EXTENSION_H */
