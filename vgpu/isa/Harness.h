// A dispatch harness without ROCR: loads a code-object ELF into host memory, builds the AQL
// packet and the kernarg segment (explicit arguments plus the code object v5 hidden arguments,
// by their metadata .value_kind) and runs the kernel through executeDispatch.
#pragma once

#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "isa/Dispatch.h"

namespace vgpu::isa {

// An AddressSpace made of explicitly registered host ranges (test buffers, kernargs, code).
class HostRanges : public AddressSpace {
 public:
  void add(const void* base, std::uint64_t size, std::string name);
  bool accessible(std::uint64_t address, std::uint64_t size) const override;
  std::string describeNearest(std::uint64_t address) const override;
  std::uint64_t generation() const override { return generation_; }

 private:
  struct Range {
    std::uint64_t size;
    std::string name;
  };
  std::map<std::uint64_t, Range> ranges_;
  std::uint64_t generation_ = 0;
};

struct KernelInfo {
  std::string name;
  std::uint64_t descriptor = 0;  // host address of the kernel descriptor
  std::uint32_t kernargSize = 0;
  std::uint32_t groupSegmentSize = 0;
  std::uint32_t privateSegmentSize = 0;
  unsigned wavefrontSize = 32;
  struct Arg {
    std::uint32_t offset = 0, size = 0;
    std::string valueKind;
  };
  std::vector<Arg> args;
};

class CodeObject {
 public:
  // Reads an AMDGPU code-object ELF (not a bundle) and maps its loadable segments.
  static std::unique_ptr<CodeObject> load(const std::string& path, std::string& error);
  ~CodeObject();

  GpuTarget target() const { return target_; }
  const KernelInfo* kernel(const std::string& name) const;
  std::vector<std::string> kernelNames() const;
  const std::uint8_t* image() const { return image_; }
  std::size_t imageSize() const { return imageSize_; }
  // The executable segment's bytes in the image (instructions and nothing else a kernel reads).
  std::uint64_t codeBegin() const { return reinterpret_cast<std::uint64_t>(image_) + codeOffset_; }
  std::uint64_t codeEnd() const { return codeBegin() + codeSize_; }

 private:
  CodeObject() = default;
  GpuTarget target_ = GpuTarget::gfx1030;
  std::uint8_t* image_ = nullptr;
  std::size_t imageSize_ = 0;
  std::uint64_t codeOffset_ = 0, codeSize_ = 0;
  std::map<std::string, KernelInfo> kernels_;
};

struct Launch {
  std::uint32_t grid[3] = {1, 1, 1};   // in workgroups
  std::uint32_t block[3] = {1, 1, 1};  // work-items per workgroup
  std::uint32_t dynamicLds = 0;
  std::vector<std::uint8_t> args;  // explicit kernel arguments, packed as the kernel expects
  unsigned threads = 1;
  HostRanges* memory = nullptr;  // when set: bounds checks (kernargs and code are added)
  std::uint64_t* instructions = nullptr;
  std::uint32_t watchdogMs = DispatchRequest::kWatchdogFromEnvironment;
  DispatchRequest::Strictness strictness = DispatchRequest::Strictness::fromEnvironment;
  // Total work-items per dimension when not a multiple of the block (partial workgroups).
  std::uint32_t gridItems[3] = {0, 0, 0};

  // Appends one argument at its natural alignment.
  template <class T>
  Launch& arg(const T& v) {
    std::size_t at = (args.size() + alignof(T) - 1) / alignof(T) * alignof(T);
    args.resize(at + sizeof(T));
    std::memcpy(args.data() + at, &v, sizeof(T));
    return *this;
  }
};

// A launch turned into what executeDispatch takes, for callers that dispatch it many times
// (benchmarks): the request's packet points at the kernarg segment held here.
struct PreparedLaunch {
  std::vector<std::uint8_t> kernargs;
  DispatchRequest request;
};

// Null (and error set) when the code object has no such kernel.
std::unique_ptr<PreparedLaunch> prepareKernel(const CodeObject& code, const std::string& kernel,
                                              const Launch& launch, std::string& error);

DispatchOutcome runKernel(const CodeObject& code, const std::string& kernel, const Launch& launch);

}  // namespace vgpu::isa
