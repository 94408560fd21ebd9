// The decode-coverage corpus: every instruction of the gfx1030/gfx1100 code objects inside host
// libraries, kept as one example per distinct shape (InstructionForm.h) with a count, and cached
// in a file so that checking vgpu against it does not disassemble the libraries again.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "hipcore/loader/Result.h"

namespace vgpu::coverage {

struct ShapeExample {
  std::uint64_t count = 0;
  std::string location;  // "librocsparse.so.0.1 bundle 3 gfx1030 <function>+0x1a4"
  std::string text;      // the first instruction of this shape, exactly as printed
};

struct Corpus {
  std::vector<std::string> sources;  // "path size mtime" of each library scanned
  std::uint64_t codeObjects = 0, kernels = 0, functions = 0, instructions = 0;
  std::uint64_t undecodable = 0;  // 4-byte words LLVM MC could not decode (skipped)
  std::unordered_map<std::string, ShapeExample> shapes;
};

// "path size mtime" of a file, or "" when it cannot be read.
std::string sourceStamp(const std::string& path);

// Adds the gfx1030 and gfx1100 code objects of one host library to the corpus.
hipcore::loader::Result<void> scanLibrary(const std::string& path, Corpus& corpus);

// The cache file: written after a scan, read back when its sources' stamps still match.
hipcore::loader::Result<void> writeCorpus(const std::string& file, const Corpus& corpus);
hipcore::loader::Result<Corpus> readCorpus(const std::string& file);

}  // namespace vgpu::coverage
