// OpenGL interoperability on devices that drive no OpenGL context (GraphicsInteropApi.cpp): no
// device is an OpenGL device, registration is not supported, and no handle is a resource. Each
// argument check comes before those answers.
#include <gtest/gtest.h>
#include <hip/hip_gl_interop.h>

namespace {

TEST(GraphicsInterop, NoDeviceIsAnOpenGlDevice) {
  unsigned count = 7;
  int devices[4] = {-1, -1, -1, -1};
  EXPECT_EQ(hipGLGetDevices(&count, devices, 4, hipGLDeviceListAll), hipErrorNoDevice);
  EXPECT_EQ(count, 0u);
  EXPECT_EQ(devices[0], -1);
  EXPECT_EQ(hipGLGetDevices(&count, devices, 4, hipGLDeviceListNextFrame), hipErrorNotSupported);
  EXPECT_EQ(hipGLGetDevices(nullptr, devices, 4, hipGLDeviceListAll), hipErrorInvalidValue);
  EXPECT_EQ(hipGLGetDevices(&count, nullptr, 4, hipGLDeviceListAll), hipErrorInvalidValue);
  EXPECT_EQ(hipGLGetDevices(&count, devices, 0, hipGLDeviceListAll), hipErrorInvalidValue);
}

TEST(GraphicsInterop, RegistrationIsNotSupportedAfterItsArgumentChecks) {
  hipGraphicsResource* resource = nullptr;
  EXPECT_EQ(hipGraphicsGLRegisterBuffer(&resource, 1, hipGraphicsRegisterFlagsNone),
            hipErrorNotSupported);
  EXPECT_EQ(hipGraphicsGLRegisterImage(&resource, 1, 0x0DE1, hipGraphicsRegisterFlagsReadOnly),
            hipErrorNotSupported);
  EXPECT_EQ(resource, nullptr);
  EXPECT_EQ(hipGraphicsGLRegisterBuffer(nullptr, 1, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphicsGLRegisterBuffer(&resource, 1, 0x40), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphicsGLRegisterImage(nullptr, 1, 0x0DE1, 0), hipErrorInvalidValue);
}

TEST(GraphicsInterop, NoHandleIsARegisteredResource) {
  alignas(16) static char notAResource[64];
  auto handle = reinterpret_cast<hipGraphicsResource_t>(notAResource);
  void* pointer = nullptr;
  size_t size = 0;
  hipArray_t array = nullptr;
  EXPECT_EQ(hipGraphicsMapResources(1, &handle, nullptr), hipErrorInvalidHandle);
  EXPECT_EQ(hipGraphicsUnmapResources(1, &handle, nullptr), hipErrorInvalidHandle);
  EXPECT_EQ(hipGraphicsResourceGetMappedPointer(&pointer, &size, handle), hipErrorInvalidHandle);
  EXPECT_EQ(hipGraphicsSubResourceGetMappedArray(&array, handle, 0, 0), hipErrorInvalidHandle);
  EXPECT_EQ(hipGraphicsUnregisterResource(handle), hipErrorInvalidHandle);
  EXPECT_EQ(hipGraphicsMapResources(0, &handle, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphicsMapResources(1, nullptr, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphicsResourceGetMappedPointer(nullptr, &size, handle), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphicsSubResourceGetMappedArray(nullptr, handle, 0, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphicsUnregisterResource(nullptr), hipErrorInvalidValue);
}

}  // namespace
