// hipGetProcAddress: any exported HIP function by name, as the caller's HIP version knows it.
// The address is the library's own export (dlsym on libhipcore's handle, checked to lie in
// libhipcore, so nothing of its dependencies is handed out); the version that introduced each
// name is its node in exports.map (ExportVersions.inc, generated at configure time). Where HIP's
// ABI changed under one name, the caller's version picks the entry point: hipGetDeviceProperties
// and hipChooseDevice give their R0600 forms to HIP 6 callers. The per-thread-stream flag gives
// the `_spt` form where there is one. hipGetDriverEntryPoint (HIP 7.1, CUDA's
// cudaGetDriverEntryPoint) is the same lookup over every export.
#include <dlfcn.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "ApiCall.h"
#include "ApiState.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

struct ExportVersion {
  const char* name;
  int version;  // 100 * major + minor of the HIP release that introduced it
};

constexpr ExportVersion kExportVersions[] = {
#include "ExportVersions.inc"
};

// CUDA's cuGetProcAddress flags, which HIP programs pass unchanged.
constexpr uint64_t kLegacyStream = 1;
constexpr uint64_t kPerThreadDefaultStream = 2;

int introducedIn(const std::string& name) {
  for (const ExportVersion& entry : kExportVersions)
    if (name == entry.name) return entry.version;
  return -1;
}

// HIP's documentation asks for 100 * major + minor; hip-tests passes hipRuntimeGetVersion's
// HIP_VERSION (10,000,000 * major + 100,000 * minor + patch). Both are accepted.
int majorMinor(int hipVersion) {
  if (hipVersion >= 10000) return hipVersion / 10000000 * 100 + hipVersion / 100000 % 100;
  return hipVersion;
}

void* libraryHandle() {
  Dl_info self{};
  if (dladdr(reinterpret_cast<void*>(&hipGetProcAddress), &self) == 0) return nullptr;
  return dlopen(self.dli_fname, RTLD_NOW | RTLD_NOLOAD);
}

// The address of `name` if libhipcore itself exports it.
void* ownExport(void* library, const std::string& name) {
  void* address = dlsym(library, name.c_str());
  Dl_info where{}, self{};
  if (address == nullptr || dladdr(address, &where) == 0 ||
      dladdr(reinterpret_cast<void*>(&hipGetProcAddress), &self) == 0 ||
      where.dli_fbase != self.dli_fbase)
    return nullptr;
  return address;
}

Status lookup(const char* symbol, void** pfn, int hipVersion, uint64_t flags,
              hipDriverProcAddressQueryResult& result) {
  result = HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  if (symbol == nullptr || pfn == nullptr || hipVersion <= 0 ||
      (flags & ~(kLegacyStream | kPerThreadDefaultStream)) != 0 ||
      flags == (kLegacyStream | kPerThreadDefaultStream))
    return fail(hipErrorInvalidValue, "symbol %p, pfn %p, hipVersion %d, flags 0x%llx",
                static_cast<const void*>(symbol), static_cast<void*>(pfn), hipVersion,
                static_cast<unsigned long long>(flags));
  *pfn = nullptr;
  std::string name = symbol;
  int version = majorMinor(hipVersion);
  int introduced = introducedIn(name);
  // HIP's functions, and the debugger's build queries AMD's runtime resolves too; not the
  // compiler's registration entry points (__hip*).
  const bool hipFunction =
      std::strncmp(symbol, "hip", 3) == 0 || std::strncmp(symbol, "amd_dbgapi_", 11) == 0;
  if (!hipFunction || introduced < 0)
    return fail(hipErrorInvalidValue, "%s is not a HIP function hipcore exports", symbol);
  if (introduced > version) {
    result = HIP_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT;
    return fail(hipErrorInvalidValue, "%s came with HIP %d.%d; the caller asked for HIP %d.%d",
                symbol, introduced / 100, introduced % 100, version / 100, version % 100);
  }
  // The entry point that answers in the caller's ABI.
  std::string chosen = name;
  if (version >= 600 && (name == "hipGetDeviceProperties" || name == "hipChooseDevice"))
    chosen = name + "R0600";
  if ((flags & kPerThreadDefaultStream) != 0 && introducedIn(chosen + "_spt") >= 0)
    chosen += "_spt";
  void* library = libraryHandle();
  void* address = library != nullptr ? ownExport(library, chosen) : nullptr;
  if (library != nullptr) dlclose(library);
  if (address == nullptr)
    return fail(hipErrorInvalidValue, "%s is not found in libhipcore", chosen.c_str());
  *pfn = address;
  result = HIP_GET_PROC_ADDRESS_SUCCESS;
  return Status::success();
}

}  // namespace

HIPCORE_API hipError_t hipGetProcAddress(const char* symbol, void** pfn, int hipVersion,
                                         uint64_t flags,
                                         hipDriverProcAddressQueryResult* symbolStatus) {
  return hipcore::api::call(
      "hipGetProcAddress", hipGetProcAddress,
      [&] {
        hipDriverProcAddressQueryResult result;
        Status status = lookup(symbol, pfn, hipVersion, flags, result);
        if (symbolStatus != nullptr) *symbolStatus = result;
        return finish("hipGetProcAddress", std::move(status));
      },
      "symbol, pfn, hipVersion, flags, symbolStatus", symbol, pfn, hipVersion, flags, symbolStatus);
}

namespace {

hipError_t driverEntryPoint(const char* call, const char* symbol, void** funcPtr,
                            unsigned long long flags, hipDriverEntryPointQueryResult* status,
                            bool perThreadDefault) {
  // The _spt form's default is the per-thread stream's entry points, as a program compiled with
  // -fgpu-default-stream=per-thread expects.
  if (perThreadDefault && flags == 0) flags = kPerThreadDefaultStream;
  // Every export: hipcore's headers say HIP 6, but it exports functions of later releases too.
  constexpr int kEveryVersion = 9999;
  hipDriverProcAddressQueryResult result;
  Status found = lookup(symbol, funcPtr, kEveryVersion, flags, result);
  if (status != nullptr)
    *status = result == HIP_GET_PROC_ADDRESS_SUCCESS ? hipDriverEntryPointSuccess
              : result == HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND
                  ? hipDriverEntryPointSymbolNotFound
                  : hipDriverEntryPointVersionNotSufficent;
  return finish(call, std::move(found));
}

}  // namespace

HIPCORE_API hipError_t hipGetDriverEntryPoint(const char* symbol, void** funcPtr,
                                              unsigned long long flags,
                                              hipDriverEntryPointQueryResult* driverStatus) {
  return hipcore::api::call(
      "hipGetDriverEntryPoint", hipGetDriverEntryPoint,
      [&] {
        return driverEntryPoint("hipGetDriverEntryPoint", symbol, funcPtr, flags, driverStatus,
                                false);
      },
      "symbol, funcPtr, flags, driverStatus", symbol, funcPtr, flags, driverStatus);
}

HIPCORE_API hipError_t hipGetDriverEntryPoint_spt(const char* symbol, void** funcPtr,
                                                  unsigned long long flags,
                                                  hipDriverEntryPointQueryResult* driverStatus) {
  return hipcore::api::call(
      "hipGetDriverEntryPoint_spt", hipGetDriverEntryPoint_spt,
      [&] {
        return driverEntryPoint("hipGetDriverEntryPoint_spt", symbol, funcPtr, flags, driverStatus,
                                true);
      },
      "symbol, funcPtr, flags, driverStatus", symbol, funcPtr, flags, driverStatus);
}
