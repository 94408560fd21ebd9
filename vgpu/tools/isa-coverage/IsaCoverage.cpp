// vgpu-isa-coverage: which instruction forms in AMD's prebuilt libraries vgpu cannot execute.
//
//   vgpu-isa-coverage [--cache FILE] [--forms] LIBRARY...
//
// Extracts every gfx1030/gfx1100 code object from the libraries' .hip_fatbin sections,
// disassembles their functions with LLVM MC and asks vgpu's predecoder (the interpreter's own
// code path, isa::predecodeInstruction) about one example of each instruction shape. Prints the
// forms it refuses with a count, an example location and the predecoder's reason. Exit status:
// 0 all supported, 1 forms missing, 2 usage or read errors, or a library not installed.
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "Corpus.h"
#include "InstructionForm.h"
#include "isa/Program.h"

namespace {

using namespace vgpu::coverage;

struct FormStat {
  std::uint64_t count = 0;    // instructions of this form in the corpus
  std::uint64_t missing = 0;  // of which vgpu refuses
  std::string location, text, reason;
};

// Why vgpu refuses the instruction, or "" when every micro-op it becomes has a handler.
std::string refusal(const std::string& text) {
  for (const vgpu::isa::MicroOp& u : vgpu::isa::predecodeInstruction(text)) {
    if (u.handler != vgpu::isa::illegalInstruction) continue;
    std::size_t note = u.text.find("   ; ");
    return note == std::string::npos ? "no handler for this mnemonic" : u.text.substr(note + 5);
  }
  return "";
}

std::map<std::string, FormStat> checkForms(const Corpus& corpus) {
  std::map<std::string, FormStat> forms;
  for (const auto& [shape, e] : corpus.shapes) {
    FormStat& f = forms[instructionForm(e.text)];
    f.count += e.count;
    std::string why = refusal(e.text);
    if (why.empty()) continue;
    if (e.count > f.missing) {  // the example: the most frequent refused shape
      f.location = e.location;
      f.text = e.text;
      f.reason = why;
    }
    f.missing += e.count;
  }
  return forms;
}

hipcore::loader::Result<Corpus> loadCorpus(const std::vector<std::string>& libraries,
                                           const std::string& cacheFile) {
  std::vector<std::string> stamps;
  for (const std::string& lib : libraries) stamps.push_back(sourceStamp(lib));
  if (!cacheFile.empty())
    if (auto cached = readCorpus(cacheFile); cached && cached->sources == stamps) return cached;
  Corpus corpus;
  for (const std::string& lib : libraries)
    if (auto r = scanLibrary(lib, corpus); !r) return r.error();
  if (!cacheFile.empty())
    if (auto r = writeCorpus(cacheFile, corpus); !r) return r.error();
  return corpus;
}

void printMissing(const std::map<std::string, FormStat>& forms) {
  std::vector<std::pair<std::string, FormStat>> missing;
  for (const auto& [form, f] : forms)
    if (f.missing) missing.emplace_back(form, f);
  std::stable_sort(missing.begin(), missing.end(), [](const auto& a, const auto& b) {
    return a.second.missing > b.second.missing;
  });
  for (const auto& [form, f] : missing)
    std::printf("%10llu  %s\n            e.g. %s: %s\n            vgpu: %s\n",
                static_cast<unsigned long long>(f.missing), form.c_str(), f.location.c_str(),
                f.text.c_str(), f.reason.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  std::string cacheFile;
  bool listForms = false;
  std::vector<std::string> libraries;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--cache" && i + 1 < argc)
      cacheFile = argv[++i];
    else if (arg == "--forms")
      listForms = true;
    else if (arg.rfind("--", 0) == 0 || arg.empty())
      return std::fprintf(stderr, "usage: vgpu-isa-coverage [--cache FILE] [--forms] LIBRARY...\n"),
             2;
    else
      libraries.push_back(arg);
  }
  for (const std::string& lib : libraries)
    if (sourceStamp(lib).empty()) {
      // A missing library is a failure, not a skip: CI installs them (install-deps.sh), and a
      // corpus that silently shrank would hide the forms vgpu lacks.
      std::fprintf(stderr,
                   "vgpu-isa-coverage: %s is not installed (run packaging/install-deps.sh)\n",
                   lib.c_str());
      return 2;
    }
  auto corpus = loadCorpus(libraries, cacheFile);
  if (!corpus) return std::fprintf(stderr, "vgpu-isa-coverage: %s\n", corpus.message().c_str()), 2;
  const std::map<std::string, FormStat> forms = checkForms(*corpus);
  std::size_t missing = 0;
  for (const auto& [form, f] : forms) {
    missing += f.missing != 0;
    if (listForms)
      std::printf("%10llu  %s\n", static_cast<unsigned long long>(f.count), form.c_str());
  }
  const Corpus& c = *corpus;
  std::printf(
      "corpus: %zu libraries, %llu code objects, %llu kernels, %llu functions, "
      "%llu instructions (%llu undecodable words), %zu shapes, %zu forms\n",
      libraries.size(), static_cast<unsigned long long>(c.codeObjects),
      static_cast<unsigned long long>(c.kernels), static_cast<unsigned long long>(c.functions),
      static_cast<unsigned long long>(c.instructions),
      static_cast<unsigned long long>(c.undecodable), c.shapes.size(), forms.size());
  std::printf("forms vgpu cannot execute: %zu\n", missing);
  printMissing(forms);
  return missing ? 1 : 0;
}
