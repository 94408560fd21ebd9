// leaveCpu: one affinity change away from a CPU and one back.
#include "cp/CpuPlacement.h"

#include <sched.h>

namespace vgpu::cp {

void leaveCpu(int cpu) {
  cpu_set_t allowed;
  if (cpu < 0 || cpu >= CPU_SETSIZE || sched_getaffinity(0, sizeof allowed, &allowed) != 0) return;
  if (!CPU_ISSET(cpu, &allowed) || CPU_COUNT(&allowed) < 2) return;
  cpu_set_t elsewhere = allowed;
  CPU_CLR(cpu, &elsewhere);
  if (sched_setaffinity(0, sizeof elsewhere, &elsewhere) != 0) return;  // moves the thread now
  sched_setaffinity(0, sizeof allowed, &allowed);
}

}  // namespace vgpu::cp
