// What a program registers at start-up (fat binaries, kernels, variables) and the launch-time
// lookup from a kernel's host handle to its per-device code.
//
// Registration records pointers and names only: no parsing, no device work (that happens on a
// kernel's first launch on a device). The handle -> Kernel table is read without a lock: it is
// an immutable sorted array published with a release store and rebuilt, under the registry's
// mutex, only when a lookup misses after new registrations.
#pragma once

#include <atomic>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "Limits.h"
#include "hipcore/loader/KernargLayout.h"
#include "hipcore/loader/OffloadBundle.h"
#include "hipcore/loader/Result.h"

namespace hipcore::core {

class Module;

// A kernel as loaded on one device: everything a launch needs, immutable once published.
struct DeviceKernel {
  std::string name;
  uint64_t kernelObject = 0;
  uint32_t groupSegmentSize = 0;
  uint32_t privateSegmentSize = 0;
  uint32_t maxWorkgroupSize = 1024;  // .max_flat_workgroup_size (__launch_bounds__)
  loader::KernargLayout layout;
  // Register use and wave size from the metadata: occupancy and hipFuncGetAttributes.
  uint32_t vgprCount = 0;
  uint32_t sgprCount = 0;
  uint32_t wavefrontSize = 0;
};

// One __hipRegisterFatBinary: the embedded bundle and its per-device modules (lazily loaded).
class FatBinary {
 public:
  explicit FatBinary(const void* bundle);
  ~FatBinary();  // out of line: Module is incomplete here
  const void* bundleAddress() const { return bundle_; }

  // Parses the bundle the first time (the caller holds loadMutex()).
  loader::Result<const loader::OffloadBundle*> bundle();
  std::mutex& loadMutex() { return loadMutex_; }
  std::unique_ptr<Module>& module(size_t device) { return modules_[device]; }

 private:
  const void* bundle_;
  std::mutex loadMutex_;
  std::unique_ptr<loader::OffloadBundle> parsed_;
  std::unique_ptr<Module> modules_[kMaxDevices];
};

class Kernel {
 public:
  Kernel(FatBinary& fatBinary, const void* handle, std::string name)
      : fatBinary_(fatBinary), handle_(handle), name_(std::move(name)) {}
  FatBinary& fatBinary() const { return fatBinary_; }
  const void* handle() const { return handle_; }
  const std::string& name() const { return name_; }

  // The device's code once loaded, else null: one acquire load.
  const DeviceKernel* code(size_t device) const noexcept {
    return code_[device].load(std::memory_order_acquire);
  }
  void publish(size_t device, const DeviceKernel* code) const {
    code_[device].store(code, std::memory_order_release);
  }

 private:
  FatBinary& fatBinary_;
  const void* handle_;
  std::string name_;
  mutable std::atomic<const DeviceKernel*> code_[kMaxDevices] = {};
};

struct Variable {
  FatBinary* fatBinary;
  void* hostAddress;  // the host shadow; for managed variables the pointer slot clang reads
  std::string name;
  size_t size;
  bool constant;
  bool managed;
  // Managed variables: host memory holding the value (allocated at registration, pinned for a
  // device when its code object loads), and the device address per device once pinned.
  void* managedMemory = nullptr;
  void* devicePointer[kMaxDevices] = {};
};

struct RegistrationCounts {
  uint64_t fatBinaries = 0;
  uint64_t functions = 0;
  uint64_t variables = 0;
  uint64_t managedVariables = 0;
  uint64_t unregistrations = 0;
};

class Registry {
 public:
  Registry();
  ~Registry();

  FatBinary* addFatBinary(const void* bundle);
  void addKernel(FatBinary* fatBinary, const void* handle, const char* name);
  void addVariable(Variable variable);
  void removeFatBinary(FatBinary* fatBinary);

  // Lock-free on a hit; a miss after new registrations rebuilds the table once.
  const Kernel* findKernel(const void* handle) const noexcept;
  // Changes whenever the handle table does (tables are kept until the registry goes, so a
  // value never comes back): a cached findKernel answer is valid while this is unchanged.
  const void* generation() const noexcept { return table_.load(std::memory_order_acquire); }
  const Variable* findVariable(const void* hostAddress) const;
  // The managed variables of a fat binary (for binding them when it loads on a device).
  std::vector<Variable*> managedVariables(const FatBinary* fatBinary);
  // The bytes of __constant__ variables a fat binary registered (hipFuncGetAttributes'
  // constSizeBytes for its kernels, as AMD's runtime reports it).
  size_t constantBytes(const FatBinary* fatBinary) const;
  RegistrationCounts counts() const;

 private:
  struct Table {
    std::vector<std::pair<const void*, const Kernel*>> sorted;
  };
  static const Kernel* search(const Table* table, const void* handle) noexcept;
  const Kernel* rebuildAndFind(const void* handle) const;
  void rebuildLocked() const;  // caller holds mutex_

  mutable std::mutex mutex_;
  mutable std::atomic<const Table*> table_{nullptr};
  mutable std::vector<std::unique_ptr<Table>> tables_;  // every table published, kept alive
  mutable bool stale_ = false;
  std::vector<std::unique_ptr<FatBinary>> fatBinaries_;
  std::vector<std::unique_ptr<Kernel>> kernels_;
  std::deque<Variable> variables_;  // deque: findVariable hands out stable pointers
  RegistrationCounts counts_;
};

}  // namespace hipcore::core
