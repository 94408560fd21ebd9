// Checked access to GPU-visible memory (host memory at identity addresses) for the memory
// instruction families.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>

#include "isa/Wave.h"

namespace vgpu::isa {

// Asks the AddressSpace, remembering a wholly accessible page so that coalesced lanes cost one
// virtual call per page instead of one per lane.
inline bool accessibleCached(Wave& w, const AddressSpace* m, std::uint64_t address,
                             std::uint32_t bytes) {
  std::uint64_t page = address >> 12;
  if (page == w.checkedPage && ((address + bytes - 1) >> 12) == page) return true;
  // The dispatch pointer leads to the request's copy of the packet, which no allocation holds.
  std::uint64_t packet = reinterpret_cast<std::uint64_t>(&w.wg->dispatch->request->packet);
  if (address >= packet && address + bytes <= packet + sizeof(hsa_kernel_dispatch_packet_t))
    return true;
  if (!m->accessible(address, bytes)) return false;
  if (m->accessible(page << 12, 4096)) w.checkedPage = page;
  return true;
}

// True when the access may proceed; otherwise the wave has faulted with a report.
inline bool checkGlobal(Wave& w, std::uint64_t address, std::uint32_t bytes, int lane) {
  const AddressSpace* m = w.wg->dispatch->memory;
  if (address == 0 && bytes) {
    w.fail(DispatchOutcome::Kind::memoryViolation, lane, address, "access through a null pointer");
    return false;
  }
  if (!m || accessibleCached(w, m, address, bytes)) return true;
  w.fail(DispatchOutcome::Kind::memoryViolation, lane, address,
         std::to_string(bytes) + "-byte access outside every allocation");
  return false;
}

// A kernel's plain loads and stores follow the guest's memory model, not the host's: a kernel
// polling a flag another agent sets (a grid barrier, the hostcall buffer) races in C++ terms and
// is correct on a GPU. ThreadSanitizer does not record them (tests/tsan.supp says more); vgpu's
// own state stays checked, and so do the guest's atomics (atomicAt).
#if defined(__SANITIZE_THREAD__)
extern "C" void __tsan_ignore_thread_begin();
extern "C" void __tsan_ignore_thread_end();
struct GuestAccess {
  GuestAccess() { __tsan_ignore_thread_begin(); }
  ~GuestAccess() { __tsan_ignore_thread_end(); }
};
#else
struct GuestAccess {};
#endif

inline void loadBytes(void* dst, std::uint64_t address, std::size_t n) {
  [[maybe_unused]] GuestAccess guest;
  std::memcpy(dst, reinterpret_cast<const void*>(address), n);
}
inline void storeBytes(std::uint64_t address, const void* src, std::size_t n) {
  [[maybe_unused]] GuestAccess guest;
  std::memcpy(reinterpret_cast<void*>(address), src, n);
}

template <class T>
inline std::atomic_ref<T> atomicAt(std::uint64_t address) {
  return std::atomic_ref<T>(*reinterpret_cast<T*>(address));
}

}  // namespace vgpu::isa

namespace vgpu::isa {

enum class Space : std::uint8_t { global, lds, scratch };

// Host pointer for bytes at a per-lane address of a space, or null after recording a fault.
// Scratch is interleaved per dword across the wave's lanes as hardware swizzles it (RDNA2 ISA
// 8.1.5 "swizzled buffer"), so the same per-lane offset reaches the same byte whether the code
// used MUBUF (wave-scaled soffset), scratch_* or a flat pointer into the private aperture.
inline std::uint8_t* locate(Wave& w, unsigned lane, Space space, std::uint64_t address,
                            unsigned bytes) {
  switch (space) {
    case Space::global:
      return checkGlobal(w, address, bytes, static_cast<int>(lane))
                 ? reinterpret_cast<std::uint8_t*>(address)
                 : nullptr;
    case Space::lds: {
      auto& lds = w.wg->lds;
      if (address + bytes <= lds.size()) return lds.data() + address;
      // Beyond the workgroup's allocation the hardware drops the access: a read returns 0, a
      // store or an atomic changes nothing (the RDNA ISA documents' LDS chapter). The lane reads
      // from or writes into a zeroed sink instead. Legal, so a warning unless strict.
      if (!w.warn(static_cast<int>(lane), address, [&] {
            return std::to_string(bytes) + "-byte LDS access beyond the workgroup's " +
                   std::to_string(lds.size()) + " bytes";
          }))
        return nullptr;
      std::memset(w.wg->ldsSink, 0, sizeof w.wg->ldsSink);
      return w.wg->ldsSink;
    }
    case Space::scratch: {
      std::uint64_t physical = (address / 4) * 4 * w.lanes + lane * 4 + (address % 4);
      if (address % 4 + bytes <= 4 && physical + bytes <= w.scratchBytes)
        return w.scratch + physical;
      w.fail(DispatchOutcome::Kind::memoryViolation, static_cast<int>(lane), address,
             "scratch access beyond the " + std::to_string(w.scratchBytes / w.lanes) +
                 " private bytes per lane");
      return nullptr;
    }
  }
  return nullptr;
}

// Copies bytes between a lane's memory and buf; scratch is split per dword.
inline bool accessLane(Wave& w, unsigned lane, Space space, std::uint64_t address, void* buf,
                       unsigned bytes, bool store) {
  auto* b = static_cast<std::uint8_t*>(buf);
  unsigned step = space == Space::scratch ? 4 : bytes;
  for (unsigned off = 0; off < bytes; off += step) {
    unsigned n = std::min(step, bytes - off);
    std::uint8_t* p = locate(w, lane, space, address + off, n);
    if (!p) return false;
    if (store)
      std::memcpy(p, b + off, n);
    else
      std::memcpy(b + off, p, n);
  }
  return true;
}

// Fixed-size lane access with the global-memory fast path inlined (the common case).
template <unsigned Bytes, bool Store>
inline bool accessLaneFixed(Wave& w, unsigned lane, Space space, std::uint64_t address, void* buf) {
  if (space == Space::global && address != 0) {
    const AddressSpace* m = w.wg->dispatch->memory;
    if (!m || accessibleCached(w, m, address, Bytes)) {
      if (Store)
        std::memcpy(reinterpret_cast<void*>(address), buf, Bytes);
      else
        std::memcpy(buf, reinterpret_cast<const void*>(address), Bytes);
      return true;
    }
  }
  return accessLane(w, lane, space, address, buf, Bytes, Store);
}

// A flat address selects LDS or scratch through the apertures, global memory otherwise.
inline Space flatSpace(std::uint64_t& address) {
  std::uint32_t hi = static_cast<std::uint32_t>(address >> 32);
  if (hi == kSharedApertureHi) {
    address &= 0xffffffffu;
    return Space::lds;
  }
  if (hi == kPrivateApertureHi) {
    address &= 0xffffffffu;
    return Space::scratch;
  }
  return Space::global;
}

}  // namespace vgpu::isa
