// The second process of the sharing tests (SharingProcessTest.cpp starts it): opens what the
// first process shared, checks with a kernel that it holds the pattern the first wrote, then
// writes its own pattern for the first to check. Exit status 0 when everything held; the
// reason on stderr otherwise.
//
//   sharing_child ipc-memory <handle hex> <words> <tag seen> <tag written>
//   sharing_child vmm-fd <fd> <bytes> <tag seen> <tag written>
//   sharing_child ipc-event <event handle hex>:<memory handle hex> <words> <tag seen> <fd>
//   sharing_child pool <pool fd>:<pointer export data hex> <words> <tag seen> <tag written>
// ipc-event: the first process's kernel that writes the pattern is held back until this one
// has queued, behind a wait for the event, a kernel reading it, and written a byte to <fd>.
#include <hip/hip_runtime_api.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "SharingKernels.h"

namespace {

int failed(const char* what, hipError_t error) {
  std::fprintf(stderr, "sharing_child: %s: %s\n", what, hipGetErrorString(error));
  return 2;
}

// Checks the pattern `seen` with a kernel, then writes `written` over it with a kernel.
int checkAndWrite(uint32_t* words, size_t count, uint32_t seen, uint32_t written) {
  uint32_t* out = nullptr;
  if (hipError_t e = hipMalloc(&out, count * 4); e != hipSuccess) return failed("hipMalloc", e);
  if (hipError_t e = launchAddWords(out, words, count, 0, nullptr); e != hipSuccess)
    return failed("read kernel", e);
  std::vector<uint32_t> host(count);
  if (hipError_t e = hipMemcpy(host.data(), out, count * 4, hipMemcpyDeviceToHost); e != hipSuccess)
    return failed("hipMemcpy", e);
  for (size_t i = 0; i < count; ++i)
    if (host[i] != patternWord(seen, i)) {
      std::fprintf(stderr, "sharing_child: word %zu is 0x%x, expected 0x%x\n", i, host[i],
                   patternWord(seen, i));
      return 3;
    }
  if (hipError_t e = launchWritePattern(words, count, written, nullptr); e != hipSuccess)
    return failed("write kernel", e);
  if (hipError_t e = hipDeviceSynchronize(); e != hipSuccess) return failed("synchronize", e);
  (void)hipFree(out);
  return 0;
}

bool parseHex(const char* hex, char (&bytes)[64]) {
  if (std::strlen(hex) < 2 * sizeof bytes) return false;
  for (size_t i = 0; i < sizeof bytes; ++i)
    bytes[i] = static_cast<char>(std::stoul(std::string(hex + 2 * i, 2), nullptr, 16));
  return true;
}

int ipcMemory(const char* hex, size_t count, uint32_t seen, uint32_t written) {
  hipIpcMemHandle_t handle{};
  if (!parseHex(hex, handle.reserved)) return failed("handle text", hipErrorInvalidValue);
  void* pointer = nullptr;
  if (hipError_t e = hipIpcOpenMemHandle(&pointer, handle, hipIpcMemLazyEnablePeerAccess);
      e != hipSuccess)
    return failed("hipIpcOpenMemHandle", e);
  int result = checkAndWrite(static_cast<uint32_t*>(pointer), count, seen, written);
  if (hipError_t e = hipIpcCloseMemHandle(pointer); e != hipSuccess)
    return failed("hipIpcCloseMemHandle", e);
  return result;
}

int vmmFd(int fd, size_t bytes, uint32_t seen, uint32_t written) {
  hipMemGenericAllocationHandle_t physical{};
  if (hipError_t e = hipMemImportFromShareableHandle(
          &physical, reinterpret_cast<void*>(intptr_t{fd}), hipMemHandleTypePosixFileDescriptor);
      e != hipSuccess)
    return failed("hipMemImportFromShareableHandle", e);
  void* va = nullptr;
  if (hipError_t e = hipMemAddressReserve(&va, bytes, 0, nullptr, 0); e != hipSuccess)
    return failed("hipMemAddressReserve", e);
  if (hipError_t e = hipMemMap(va, bytes, 0, physical, 0); e != hipSuccess)
    return failed("hipMemMap", e);
  hipMemAccessDesc desc{};
  desc.location.type = hipMemLocationTypeDevice;
  desc.location.id = 0;
  desc.flags = hipMemAccessFlagsProtReadWrite;
  if (hipError_t e = hipMemSetAccess(va, bytes, &desc, 1); e != hipSuccess)
    return failed("hipMemSetAccess", e);
  int result = checkAndWrite(static_cast<uint32_t*>(va), bytes / 4, seen, written);
  if (hipError_t e = hipMemUnmap(va, bytes); e != hipSuccess) return failed("hipMemUnmap", e);
  if (hipError_t e = hipMemAddressFree(va, bytes); e != hipSuccess)
    return failed("hipMemAddressFree", e);
  if (hipError_t e = hipMemRelease(physical); e != hipSuccess) return failed("hipMemRelease", e);
  return result;
}

int ipcEvent(const char* hex, size_t count, uint32_t seen, int doneFd) {
  hipIpcEventHandle_t eventHandle{};
  hipIpcMemHandle_t memoryHandle{};
  if (std::strlen(hex) != 4 * 64 + 1 || hex[128] != ':' || !parseHex(hex, eventHandle.reserved) ||
      !parseHex(hex + 129, memoryHandle.reserved))
    return failed("handle text", hipErrorInvalidValue);
  hipEvent_t event = nullptr;
  if (hipError_t e = hipIpcOpenEventHandle(&event, eventHandle); e != hipSuccess)
    return failed("hipIpcOpenEventHandle", e);
  // An opened event's handle is the creator's.
  hipIpcEventHandle_t again{};
  if (hipError_t e = hipIpcGetEventHandle(&again, event); e != hipSuccess)
    return failed("hipIpcGetEventHandle of the opened event", e);
  if (std::memcmp(&again, &eventHandle, sizeof again) != 0)
    return failed("the opened event's handle is not the creator's", hipErrorInvalidValue);
  void* pointer = nullptr;
  if (hipError_t e = hipIpcOpenMemHandle(&pointer, memoryHandle, hipIpcMemLazyEnablePeerAccess);
      e != hipSuccess)
    return failed("hipIpcOpenMemHandle", e);
  // The first process's record cannot have completed: its stream is held until doneFd.
  if (hipError_t e = hipEventQuery(event); e != hipErrorNotReady)
    return failed("hipEventQuery before the record completed", e);
  hipStream_t stream = nullptr;
  uint32_t* out = nullptr;
  if (hipError_t e = hipStreamCreate(&stream); e != hipSuccess) return failed("hipStreamCreate", e);
  if (hipError_t e = hipMalloc(&out, count * 4); e != hipSuccess) return failed("hipMalloc", e);
  if (hipError_t e = hipStreamWaitEvent(stream, event, 0); e != hipSuccess)
    return failed("hipStreamWaitEvent", e);
  if (hipError_t e = launchAddWords(out, static_cast<uint32_t*>(pointer), count, 0, stream);
      e != hipSuccess)
    return failed("read kernel", e);
  const char byte = 1;
  if (write(doneFd, &byte, 1) != 1) return failed("write to the first process", hipErrorUnknown);
  if (hipError_t e = hipStreamSynchronize(stream); e != hipSuccess)
    return failed("hipStreamSynchronize", e);
  std::vector<uint32_t> host(count);
  if (hipError_t e = hipMemcpy(host.data(), out, count * 4, hipMemcpyDeviceToHost); e != hipSuccess)
    return failed("hipMemcpy", e);
  for (size_t i = 0; i < count; ++i)
    if (host[i] != patternWord(seen, i)) {
      std::fprintf(stderr, "sharing_child: word %zu is 0x%x after the event, expected 0x%x\n", i,
                   host[i], patternWord(seen, i));
      return 3;
    }
  if (hipError_t e = hipEventSynchronize(event); e != hipSuccess)
    return failed("hipEventSynchronize", e);
  if (hipError_t e = hipEventQuery(event); e != hipSuccess) return failed("hipEventQuery", e);
  (void)hipFree(out);
  (void)hipStreamDestroy(stream);
  if (hipError_t e = hipIpcCloseMemHandle(pointer); e != hipSuccess)
    return failed("hipIpcCloseMemHandle", e);
  if (hipError_t e = hipEventDestroy(event); e != hipSuccess) return failed("hipEventDestroy", e);
  return 0;
}

int poolPointer(const char* text, size_t count, uint32_t seen, uint32_t written) {
  char* rest = nullptr;
  const int fd = static_cast<int>(std::strtol(text, &rest, 10));
  hipMemPoolPtrExportData data{};
  char bytes[64];
  if (*rest != ':' || !parseHex(rest + 1, bytes)) return failed("pool text", hipErrorInvalidValue);
  std::memcpy(data.reserved, bytes, sizeof bytes);
  hipMemPool_t pool = nullptr;
  if (hipError_t e = hipMemPoolImportFromShareableHandle(
          &pool, reinterpret_cast<void*>(intptr_t{fd}), hipMemHandleTypePosixFileDescriptor, 0);
      e != hipSuccess)
    return failed("hipMemPoolImportFromShareableHandle", e);
  void* pointer = nullptr;
  if (hipError_t e = hipMemPoolImportPointer(&pointer, pool, &data); e != hipSuccess)
    return failed("hipMemPoolImportPointer", e);
  int result = checkAndWrite(static_cast<uint32_t*>(pointer), count, seen, written);
  if (hipError_t e = hipFree(pointer); e != hipSuccess) return failed("hipFree", e);
  if (hipError_t e = hipMemPoolDestroy(pool); e != hipSuccess)
    return failed("hipMemPoolDestroy", e);
  return result;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr,
                 "usage: sharing_child ipc-memory|vmm-fd|ipc-event <handle> <size> <seen> "
                 "<written or fd>\n");
    return 1;
  }
  const std::string mode = argv[1];
  const size_t size = std::strtoull(argv[3], nullptr, 0);
  const auto seen = static_cast<uint32_t>(std::strtoul(argv[4], nullptr, 0));
  const auto written = static_cast<uint32_t>(std::strtoul(argv[5], nullptr, 0));
  if (mode == "ipc-memory") return ipcMemory(argv[2], size, seen, written);
  if (mode == "vmm-fd") return vmmFd(std::atoi(argv[2]), size, seen, written);
  if (mode == "ipc-event") return ipcEvent(argv[2], size, seen, int(written));
  if (mode == "pool") return poolPointer(argv[2], size, seen, written);
  std::fprintf(stderr, "sharing_child: unknown mode %s\n", mode.c_str());
  return 1;
}
