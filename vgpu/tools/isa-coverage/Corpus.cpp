// Builds the corpus: bundles -> code objects -> functions -> instructions (LLVM MC through vgpu's
// Disassembler, the interpreter's own decoder) -> shapes; and its cache file.
#include "Corpus.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>

#include "FatBinary.h"
#include "InstructionForm.h"
#include "hipcore/loader/CodeObject.h"
#include "hipcore/loader/KernelDescriptor.h"
#include "isa/Disassembler.h"

namespace vgpu::coverage {

using hipcore::loader::errorf;
using hipcore::loader::Result;

namespace {

constexpr const char* kCacheHeader = "# vgpu-isa-coverage corpus 1";
constexpr std::uint8_t kSymbolFunction = 2;  // STT_FUNC

std::string baseName(const std::string& path) {
  return path.substr(path.rfind('/') + 1);
}

// Wave size per kernel from its descriptor (kernel_code_properties), and the code object's
// majority for functions that are not kernels (callees share their callers' wave size).
struct WaveSizes {
  std::unordered_map<std::string, bool> wave64;  // kernel name -> wave64
  bool fallback64 = false;
  bool of(const std::string& function) const {
    auto it = wave64.find(function);
    return it == wave64.end() ? fallback64 : it->second;
  }
};

WaveSizes readWaveSizes(const hipcore::loader::CodeObject& co) {
  WaveSizes w;
  std::size_t count64 = 0;
  for (const auto& s : co.symbols()) {
    if (s.name.size() < 4 || s.name.compare(s.name.size() - 3, 3, ".kd") != 0) continue;
    auto bytes = co.bytesAt(s.value, hipcore::loader::KernelDescriptor::kSize);
    if (!bytes) continue;
    auto kd = hipcore::loader::KernelDescriptor::parse(*bytes);
    if (!kd) continue;
    w.wave64[s.name.substr(0, s.name.size() - 3)] = !kd->wave32();
    count64 += !kd->wave32();
  }
  w.fallback64 = 2 * count64 > w.wave64.size();
  return w;
}

class Scanner {
 public:
  explicit Scanner(Corpus& c) : corpus_(c) {}
  Result<void> scan(const EmbeddedCodeObject& e, const std::string& where);

 private:
  isa::Disassembler& disassembler(GpuTarget target, bool wave64);
  void decodeFunction(isa::Disassembler& dis, hipcore::loader::Bytes code, std::uint64_t address,
                      const std::string& where);

  Corpus& corpus_;
  std::unique_ptr<isa::Disassembler> cache_[2][2];  // [target][wave64]
};

isa::Disassembler& Scanner::disassembler(GpuTarget target, bool wave64) {
  auto& d = cache_[target == GpuTarget::gfx1100][wave64];
  if (!d) d = std::make_unique<isa::Disassembler>(target, wave64);
  return *d;
}

void Scanner::decodeFunction(isa::Disassembler& dis, hipcore::loader::Bytes code,
                             std::uint64_t address, const std::string& where) {
  for (std::size_t at = 0; at + 4 <= code.size();) {
    auto inst = dis.decode(code.data() + at, code.size() - at, address + at);
    if (!inst) {
      ++corpus_.undecodable;
      at += 4;
      continue;
    }
    ++corpus_.instructions;
    ShapeExample& e = corpus_.shapes[instructionShape(inst->text)];
    if (e.count++ == 0) {
      char offset[24];
      std::snprintf(offset, sizeof offset, "+0x%zx", at);
      e.location = where + offset;
      e.text = inst->text;
    }
    at += inst->size;
  }
}

Result<void> Scanner::scan(const EmbeddedCodeObject& e, const std::string& where) {
  auto co = hipcore::loader::CodeObject::parse(e.image);
  if (!co) return errorf("%s: %s", where.c_str(), co.message().c_str());
  const GpuTarget target = e.processor == "gfx1100" ? GpuTarget::gfx1100 : GpuTarget::gfx1030;
  const WaveSizes waves = readWaveSizes(*co);
  ++corpus_.codeObjects;
  corpus_.kernels += waves.wave64.size();
  for (const auto& s : co->symbols()) {
    if (s.type != kSymbolFunction || s.size == 0) continue;
    auto code = co->bytesAt(s.value, s.size);
    if (!code)
      return errorf("%s: function %s: %s", where.c_str(), s.name.c_str(), code.message().c_str());
    isa::Disassembler& dis = disassembler(target, waves.of(s.name));
    if (!dis.error().empty()) return errorf("%s", dis.error().c_str());
    ++corpus_.functions;
    decodeFunction(dis, *code, s.value, where + " " + s.name);
  }
  return hipcore::loader::Ok{};
}

// Tabs and newlines never occur in names; the printer's text may hold tabs: escaped as \t.
std::string escape(const std::string& s) {
  std::string out;
  for (char c : s)
    out += c == '\t' ? std::string("\\t") : c == '\\' ? std::string("\\\\") : std::string(1, c);
  return out;
}

std::string unescape(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      out += s[++i] == 't' ? '\t' : s[i];
      continue;
    }
    out += s[i];
  }
  return out;
}

// A decimal count; false unless the whole field is one.
bool parseCount(const std::string& field, std::uint64_t& out) {
  char* end = nullptr;
  errno = 0;
  out = std::strtoull(field.c_str(), &end, 10);
  return !field.empty() && errno == 0 && *end == '\0' && field[0] != '-';
}

std::vector<std::string> splitTabs(const std::string& line) {
  std::vector<std::string> fields;
  std::istringstream in(line);
  for (std::string f; std::getline(in, f, '\t');) fields.push_back(f);
  return fields;
}

}  // namespace

std::string sourceStamp(const std::string& path) {
  struct stat st{};
  if (stat(path.c_str(), &st) != 0) return "";
  return path + " " + std::to_string(st.st_size) + " " + std::to_string(st.st_mtime);
}

Result<void> scanLibrary(const std::string& path, Corpus& corpus) {
  auto fat = FatBinary::open(path, {"gfx1030", "gfx1100"});
  if (!fat) return fat.error();
  corpus.sources.push_back(sourceStamp(path));
  Scanner scanner(corpus);
  for (const EmbeddedCodeObject& e : (*fat)->codeObjects()) {
    std::string where = baseName(path) + " bundle " + std::to_string(e.bundle) + " " + e.processor;
    if (Result<void> r = scanner.scan(e, where); !r) return r;
  }
  return hipcore::loader::Ok{};
}

Result<void> writeCorpus(const std::string& file, const Corpus& c) {
  std::ofstream out(file + ".tmp", std::ios::trunc);
  out << kCacheHeader << "\n";
  for (const std::string& s : c.sources) out << "source\t" << s << "\n";
  out << "stats\t" << c.codeObjects << "\t" << c.kernels << "\t" << c.functions << "\t"
      << c.instructions << "\t" << c.undecodable << "\n";
  for (const auto& [shape, e] : c.shapes)
    out << "shape\t" << e.count << "\t" << e.location << "\t" << escape(e.text) << "\n";
  out.close();
  if (!out || std::rename((file + ".tmp").c_str(), file.c_str()) != 0)
    return errorf("%s: cannot write the corpus cache", file.c_str());
  return hipcore::loader::Ok{};
}

Result<Corpus> readCorpus(const std::string& file) {
  std::ifstream in(file);
  std::string line;
  if (!std::getline(in, line) || line != kCacheHeader)
    return errorf("%s: not a corpus cache", file.c_str());
  Corpus c;
  for (unsigned n = 2; std::getline(in, line); ++n) {
    std::vector<std::string> f = splitTabs(line);
    bool ok = false;
    if (f.size() == 2 && f[0] == "source") {
      c.sources.push_back(f[1]);
      ok = true;
    } else if (f.size() == 6 && f[0] == "stats") {
      ok = parseCount(f[1], c.codeObjects) && parseCount(f[2], c.kernels) &&
           parseCount(f[3], c.functions) && parseCount(f[4], c.instructions) &&
           parseCount(f[5], c.undecodable);
    } else if (f.size() == 4 && f[0] == "shape") {
      ShapeExample e{0, f[2], unescape(f[3])};
      ok = parseCount(f[1], e.count);
      c.shapes.emplace(instructionShape(e.text), std::move(e));
    }
    if (!ok) return errorf("%s:%u: malformed line", file.c_str(), n);
  }
  return c;
}

}  // namespace vgpu::coverage
