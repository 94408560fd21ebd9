// Where a queue's worker thread starts.
#pragma once

namespace vgpu::cp {

// Moves the calling thread off `cpu` when its affinity allows another CPU, and leaves that
// affinity as it was (the thread stays where it was moved to until the scheduler moves it).
// A new thread often starts on its creator's CPU, and a queue's creator is usually the thread
// that submits to it and then polls for completion. The worker and it then shared one CPU,
// each spinning out its poll while the other waited: 25 us round trips instead of 1 on a 2-CPU
// VM, for the first 10-20 ms of a process, until the load balancer moved one of them (it spares
// cache-hot threads, and a wake-up does not move one either while the idle vCPU reads as
// preempted). A negative `cpu` (unknown) changes nothing.
void leaveCpu(int cpu);

}  // namespace vgpu::cp
