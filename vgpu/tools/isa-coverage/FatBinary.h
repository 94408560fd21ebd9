// The AMDGPU code objects a file carries: a host library's .hip_fatbin section's offload
// bundles, or the file itself when it is a bare code object (rocBLAS's Tensile kernels).
//
// hipcc links one __CLANG_OFFLOAD_BUNDLE__ (or compressed CCOB) per translation unit into the
// host ELF's .hip_fatbin section, each aligned, one entry per target (loader/OffloadBundle.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "hipcore/loader/OffloadBundle.h"
#include "hipcore/loader/Result.h"

namespace vgpu::coverage {

struct EmbeddedCodeObject {
  std::string processor;  // "gfx1030", from the entry id
  unsigned bundle = 0;    // index of the bundle in the section
  hipcore::loader::Bytes image;
};

// A host library mapped read-only, with the code objects of its bundles for the processors
// asked for. Views stay valid as long as the FatBinary lives.
class FatBinary {
 public:
  static hipcore::loader::Result<std::unique_ptr<FatBinary>> open(
      const std::string& path, const std::vector<std::string>& processors);
  ~FatBinary();
  FatBinary(const FatBinary&) = delete;
  FatBinary& operator=(const FatBinary&) = delete;

  const std::vector<EmbeddedCodeObject>& codeObjects() const { return codeObjects_; }

 private:
  FatBinary() = default;
  hipcore::loader::Result<void> readBundles(hipcore::loader::Bytes section,
                                            const std::vector<std::string>& processors);

  const std::uint8_t* map_ = nullptr;
  std::size_t mapSize_ = 0;
  std::vector<hipcore::loader::OffloadBundle> bundles_;  // own decompressed images
  std::vector<EmbeddedCodeObject> codeObjects_;
};

}  // namespace vgpu::coverage
