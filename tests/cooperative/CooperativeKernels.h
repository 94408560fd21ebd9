// Kernels of the cooperative-launch and occupancy tests (CooperativeKernels.hip), reached from
// the test through their host handles and small launch helpers.
#pragma once

#include <hip/hip_runtime_api.h>

// Handles for the occupancy queries and hipLaunchCooperativeKernel.
const void* gridPhasesKernel();      // multi-phase exchange through grid.sync()
const void* gridCountKernel();       // an atomic count made visible by grid.sync()
const void* gridIdentityKernel();    // grid.size(), thread_rank(), num_blocks(), is_valid()
const void* groupPhasesKernel();     // gridPhases synchronised through the group `which` names
const void* groupShapeKernel();      // multi-grid and grid shape queries
const void* staticLdsKernel();       // 32 KiB of static shared memory
const void* heavyRegistersKernel();  // many live VGPRs

// A plain (not cooperative) launch of gridIdentity, for is_valid() == false.
hipError_t launchGridIdentityPlainly(unsigned blocks, unsigned threads, unsigned long long* out);
