// Cooperative groups (CUDA/HIP "Cooperative Groups"), namespace cooperative_groups: the run-time
// handle thread_group; the thread block, the grid (whose sync needs a cooperative launch,
// hipLaunchCooperativeKernel) and the multi-grid; tiles of a wave sized at compile time
// (thread_block_tile<N>) or at run time, coalesced groups of active lanes, with their shuffles,
// votes and matches; reduce and the scans.
#pragma once

#include <hip/hip_runtime.h>

#if defined(__HIP__)

#include <hip/detail/cooperative_groups/groups.h>
#include <hip/detail/cooperative_groups/reduce.h>
#include <hip/detail/cooperative_groups/thread_group.h>
#include <hip/detail/cooperative_groups/tiles.h>

#endif  // __HIP__
