// A library (hipLibraryLoadData/FromFile): a code object or bundle not tied to a device, as in
// CUDA's cuLibrary*. Loading only copies the image; the first question about its kernels loads
// it on the calling thread's device, and a launch on another device loads it there, once per
// device. An image that is no code object is refused at that first use (hipErrorInvalidImage),
// not at load, as AMD's runtime does.
//
// Its kernels (hipKernel_t) are device-independent handles, one per kernel name: launched
// through hipModuleLaunchKernel as a hipFunction_t (AMD's hipKernel_t is one), they run the
// library's code for the stream's device.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "Module.h"
#include "ModuleImage.h"
#include "Status.h"
#include "TypeStableStorage.h"

namespace hipcore::core {

class Device;
class Library;

class LibraryKernel : public TypeStableStorage<LibraryKernel> {  // stale handles are refused
 public:
  LibraryKernel(Library& library, std::string name, int deviceCount)
      : library_(library),
        name_(std::move(name)),
        codeOn_(new std::atomic<const DeviceKernel*>[static_cast<size_t>(deviceCount)]()) {}
  // A volatile store: the compiler may not drop it as a write to an object whose life ends.
  ~LibraryKernel() { clearMagic(magic_); }
  bool valid() const noexcept { return magic_ == kMagic; }
  Library& library() const { return library_; }
  const std::string& name() const { return name_; }

 private:
  friend class Library;
  static constexpr uint64_t kMagic = 0x6869'706b'6572'6e31;  // "hipkern1"
  uint64_t magic_ = kMagic;
  Library& library_;
  std::string name_;
  // Its code on each device (by index) once resolved, so a launch reads one atomic and takes
  // no lock; null until the first use there. The code lives as long as the library.
  std::unique_ptr<std::atomic<const DeviceKernel*>[]> codeOn_;
};

class Library : public TypeStableStorage<Library> {  // stale handles are refused
 public:
  // Never fails on the image's content (see above); `size` 0 means unknown. `deviceCount` is
  // the runtime's: the devices a kernel may be launched on.
  static std::unique_ptr<Library> create(const void* image, size_t size, int deviceCount);
  ~Library();

  bool valid() const noexcept { return magic_ == kMagic; }
  // Its kernels, in the order of the code object's metadata, as `device`'s code object lists
  // them (loading it there first).
  Status kernels(Device& device, std::vector<LibraryKernel*>& out);
  Status kernel(Device& device, const std::string& name, LibraryKernel*& out);
  // A kernel's code on `device`, loading the library there on first use; after that a lock-free
  // read (the launch path).
  Status code(Device& device, const LibraryKernel& kernel, const DeviceKernel*& out);
  // Waits for the devices it is loaded on (their kernels may run its code).
  Status synchronize();

 private:
  Library() = default;
  static constexpr uint64_t kMagic = 0x6869'706c'6962'7231;  // "hiplibr1"
  Status moduleOn(Device& device, const Module*& out);       // under mutex_
  Status index(Device& device);                              // under mutex_

  uint64_t magic_ = kMagic;
  int deviceCount_ = 0;
  Status unreadable_;  // why the image is no code object, reported at first use
  ModuleImage image_;
  std::mutex mutex_;
  std::vector<std::pair<Device*, std::unique_ptr<Module>>> loaded_;
  bool indexed_ = false;
  std::vector<std::unique_ptr<LibraryKernel>> kernels_;  // stable addresses: they are handles
};

}  // namespace hipcore::core
