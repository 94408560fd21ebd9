// OpenGL interoperability (hipGLGetDevices, hipGraphicsGLRegisterBuffer/Image). An OpenGL object
// is shared through the graphics driver that owns it; hipcore's devices (and vgpu's) drive no
// OpenGL context, so no device is an OpenGL device and nothing can be registered: the calls
// check their arguments and answer as a runtime without OpenGL devices does.
#pragma once

#include <hip/hip_runtime_api.h>

typedef unsigned int GLuint;
typedef unsigned int GLenum;

typedef enum hipGLDeviceList {
  hipGLDeviceListAll = 1,
  hipGLDeviceListCurrentFrame = 2,
  hipGLDeviceListNextFrame = 3,
} hipGLDeviceList;

// The devices behind the current OpenGL context: none (hipErrorNoDevice, count 0).
HIPCORE_API hipError_t hipGLGetDevices(unsigned int* pHipDeviceCount, int* pHipDevices,
                                       unsigned int hipDeviceCount, hipGLDeviceList deviceList);
// hipErrorNotSupported: there is no OpenGL object a device could share.
HIPCORE_API hipError_t hipGraphicsGLRegisterBuffer(hipGraphicsResource** resource, GLuint buffer,
                                                   unsigned int flags);
HIPCORE_API hipError_t hipGraphicsGLRegisterImage(hipGraphicsResource** resource, GLuint image,
                                                  GLenum target, unsigned int flags);
