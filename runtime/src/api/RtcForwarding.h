// libhiprtc seen from libhipcore. ROCm 5's libamdhip64 exported the hiprtc functions, so
// hipcore, serving as libamdhip64, exports them too (RtcForwarding.cpp) and hands each call to
// libhiprtc, loaded on first use from libhipcore's own directory: one hiprtc (one compile
// lock, one default target, one cache) per process however the program reached it, and no
// comgr or LLVM in a process that never compiles. hipLink* reaches hiprtc's linker the same way.
#pragma once

namespace hipcore::api {

// `name` in libhiprtc, or null when libhiprtc cannot be loaded (said once on stderr).
void* rtcSymbol(const char* name);

// libhiprtc's definition of the function hipcore also exports as `self`; never `self` itself
// (a libhiprtc that resolved back to libhipcore would recurse).
template <class F>
F* rtcFunction(F* self, const char* name) {
  void* symbol = rtcSymbol(name);
  return symbol == reinterpret_cast<void*>(self) ? nullptr : reinterpret_cast<F*>(symbol);
}

}  // namespace hipcore::api
