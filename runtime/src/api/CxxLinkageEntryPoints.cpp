// The HIP functions that AMD's HIP 5 headers declare with C++ linkage. A program built against
// those headers imports them by their mangled names (libamdhip64.so.5 exports exactly these five
// under hip_4.2), so each is a one-line entry point under that name forwarding to hipcore's C
// function. The names are spelled as asm labels: hipcore's own headers declare the functions
// extern "C", and C++ cannot declare one signature with both linkages.
#include <hip/hip_ext.h>
#include <hip/hip_runtime_api.h>

#include <cstdint>

// GCC wants the asm label before the attributes.
#define HIPCORE_MANGLED(name) __asm__(name) __attribute__((visibility("default")))

// External linkage (the asm label names them; the namespace only keeps the C++ names apart).
namespace hipcore::api::cxx_linkage {

hipError_t createSurfaceObject(hipSurfaceObject_t* surface, const hipResourceDesc* resource)
    HIPCORE_MANGLED("_Z22hipCreateSurfaceObjectPP13__hip_surfacePK15hipResourceDesc");
hipError_t destroySurfaceObject(hipSurfaceObject_t surface)
    HIPCORE_MANGLED("_Z23hipDestroySurfaceObjectP13__hip_surface");
hipError_t extModuleLaunchKernel(hipFunction_t f, uint32_t globalX, uint32_t globalY,
                                 uint32_t globalZ, uint32_t localX, uint32_t localY,
                                 uint32_t localZ, size_t sharedMemBytes, hipStream_t stream,
                                 void** kernelParams, void** extra, hipEvent_t startEvent,
                                 hipEvent_t stopEvent, uint32_t flags)
    HIPCORE_MANGLED(
        "_Z24hipExtModuleLaunchKernelP18ihipModuleSymbol_tjjjjjjmP12ihipStream_tPPvS4_"
        "P11ihipEvent_tS6_j");
hipError_t hccModuleLaunchKernel(hipFunction_t f, uint32_t globalX, uint32_t globalY,
                                 uint32_t globalZ, uint32_t localX, uint32_t localY,
                                 uint32_t localZ, size_t sharedMemBytes, hipStream_t stream,
                                 void** kernelParams, void** extra, hipEvent_t startEvent,
                                 hipEvent_t stopEvent)
    HIPCORE_MANGLED(
        "_Z24hipHccModuleLaunchKernelP18ihipModuleSymbol_tjjjjjjmP12ihipStream_tPPvS4_"
        "P11ihipEvent_tS6_");
// hip_impl::hipLaunchKernelGGLImpl: HIP's oldest launch path (hcc-era headers), a kernel named
// by its host stub's address with its arguments in `kernarg`, the `extra` array of
// hipModuleLaunchKernel (HIP_LAUNCH_PARAM_BUFFER_POINTER ...). It returns nothing: failures
// are left for hipGetLastError, as in AMD's runtime.
void launchKernelGGLImpl(uintptr_t function, const dim3& blocks, const dim3& threads,
                         uint32_t sharedMemBytes, hipStream_t stream, void** kernarg)
    HIPCORE_MANGLED("_ZN8hip_impl22hipLaunchKernelGGLImplEmRK4dim3S2_jP12ihipStream_tPPv");

hipError_t createSurfaceObject(hipSurfaceObject_t* surface, const hipResourceDesc* resource) {
  return hipCreateSurfaceObject(surface, resource);
}

hipError_t destroySurfaceObject(hipSurfaceObject_t surface) {
  return hipDestroySurfaceObject(surface);
}

hipError_t extModuleLaunchKernel(hipFunction_t f, uint32_t globalX, uint32_t globalY,
                                 uint32_t globalZ, uint32_t localX, uint32_t localY,
                                 uint32_t localZ, size_t sharedMemBytes, hipStream_t stream,
                                 void** kernelParams, void** extra, hipEvent_t startEvent,
                                 hipEvent_t stopEvent, uint32_t flags) {
  return hipExtModuleLaunchKernel(f, globalX, globalY, globalZ, localX, localY, localZ,
                                  sharedMemBytes, stream, kernelParams, extra, startEvent,
                                  stopEvent, flags);
}

hipError_t hccModuleLaunchKernel(hipFunction_t f, uint32_t globalX, uint32_t globalY,
                                 uint32_t globalZ, uint32_t localX, uint32_t localY,
                                 uint32_t localZ, size_t sharedMemBytes, hipStream_t stream,
                                 void** kernelParams, void** extra, hipEvent_t startEvent,
                                 hipEvent_t stopEvent) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"  // deprecated for callers, not for us
  return hipHccModuleLaunchKernel(f, globalX, globalY, globalZ, localX, localY, localZ,
                                  sharedMemBytes, stream, kernelParams, extra, startEvent,
                                  stopEvent);
#pragma GCC diagnostic pop
}

void launchKernelGGLImpl(uintptr_t function, const dim3& blocks, const dim3& threads,
                         uint32_t sharedMemBytes, hipStream_t stream, void** kernarg) {
  hipFunction_t f = nullptr;
  if (hipGetFuncBySymbol(&f, reinterpret_cast<const void*>(function)) != hipSuccess) return;
  (void)hipModuleLaunchKernel(f, blocks.x, blocks.y, blocks.z, threads.x, threads.y, threads.z,
                              sharedMemBytes, stream, nullptr, kernarg);
}

}  // namespace hipcore::api::cxx_linkage
