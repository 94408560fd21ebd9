// Surface types: surface objects, the legacy surface reference and boundary modes.
#pragma once

#include <hip/driver_types.h>

struct __hip_surface;

typedef struct __hip_surface* hipSurfaceObject_t;

typedef struct surfaceReference {
  hipSurfaceObject_t surfaceObject;
} surfaceReference;

typedef enum hipSurfaceBoundaryMode {
  hipBoundaryModeZero = 0,
  hipBoundaryModeTrap = 1,
  hipBoundaryModeClamp = 2,
} hipSurfaceBoundaryMode;
