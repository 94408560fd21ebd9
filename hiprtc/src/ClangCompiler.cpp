// Runs clang++ the way cmake/HipcoreDevice.cmake compiles bare code objects:
//   clang++ -x hip --offload-arch=T --cuda-device-only --no-gpu-bundle-output --rocm-path=P
//           -isystem <embedded headers> <options> prog.hip -o prog.co
// with its diagnostics captured into the program log.
#include "ClangCompiler.h"

#include "EmbeddedHeaders.h"
#include "TempDir.h"

namespace hiprtc {

using hipcore::loader::errorf;
using hipcore::loader::Result;

namespace {

// Runs argv in `dir`'s context; a non-zero exit is a failed compile, not an error.
Result<CompileOutput> runCompiler(const std::vector<std::string>& argv, const TempDir& dir,
                                  const std::string& outputPath) {
  std::string logPath = dir.path() + "/clang.log";
  auto exit = runProcess(argv, logPath);
  if (!exit) return exit.error();
  CompileOutput out;
  auto log = readFile(logPath);
  if (log) out.log = std::move(*log);
  if (*exit != 0) {
    if (out.log.empty()) out.log = argv[0] + " exited with status " + std::to_string(*exit) + "\n";
    return out;
  }
  auto code = readFile(outputPath);
  if (!code) return code.error();
  out.code = std::move(*code);
  out.succeeded = true;
  return out;
}

// A file name without directories, so that a program named "a/b.cu" stays inside the dir.
std::string flatName(const std::string& name) {
  std::string flat = name.empty() ? std::string("program.hip") : name;
  for (char& c : flat)
    if (c == '/') c = '_';
  return flat;
}

}  // namespace

Result<CompileOutput> compileWithClang(const CompileJob& job, const Toolchain& tc) {
  auto dir = TempDir::create(tc.temporaryRoot, "rtc");
  if (!dir) return dir.error();
  for (const EmbeddedHeader& h : embeddedHeaders())
    if (auto s = dir->write(std::string("include/") + h.name, h.text()); !s) return s.error();
  for (const NamedText& h : job.headers)
    if (auto s = dir->write("user-include/" + h.name, h.text); !s) return s.error();
  std::string sourcePath = dir->path() + "/" + flatName(job.source.name);
  if (auto s = dir->write(flatName(job.source.name), job.source.text); !s) return s.error();
  std::string outputPath = dir->path() + (job.options.relocatable ? "/out.bc" : "/out.co");

  std::vector<std::string> argv = {tc.clang,
                                   "-x",
                                   "hip",
                                   "--offload-arch=" + job.target,
                                   "--cuda-device-only",
                                   "--rocm-path=" + tc.prefix,
                                   "-I" + dir->path() + "/user-include",
                                   "-isystem",
                                   dir->path() + "/include",
                                   "-fno-color-diagnostics"};
  for (const std::string& flag : job.options.compileFlags()) argv.push_back(flag);
  if (job.options.relocatable)
    argv.insert(argv.end(), {"-fgpu-rdc", "-c", "-emit-llvm"});
  else
    argv.push_back("--no-gpu-bundle-output");
  argv.insert(argv.end(), {sourcePath, "-o", outputPath});
  return runCompiler(argv, *dir, outputPath);
}

Result<CompileOutput> linkWithClang(const LinkJob& job, const Toolchain& tc) {
  auto dir = TempDir::create(tc.temporaryRoot, "rtclink");
  if (!dir) return dir.error();
  std::string outputPath = dir->path() + "/out.co";
  // -flto: the bitcode inputs become one module in lld, hence one code object with one metadata
  // note (compiled one by one, each object would bring its own). -fgpu-rdc compiles already
  // carry the device libraries they use (internalized), so nothing else is linked.
  std::vector<std::string> argv = {tc.clang,
                                   "--target=amdgcn-amd-amdhsa",
                                   "-mcpu=" + job.target,
                                   job.optimization,
                                   "-flto",
                                   "-fno-color-diagnostics",
                                   "-nogpulib"};
  if (job.wave64) argv.push_back("-mwavefrontsize64");
  for (std::size_t i = 0; i < job.bitcode.size(); ++i) {
    std::string name = "input" + std::to_string(i) + ".bc";
    if (auto s = dir->write(name, job.bitcode[i].text); !s) return s.error();
    argv.push_back(dir->path() + "/" + name);
  }
  argv.insert(argv.end(), {"-o", outputPath});
  return runCompiler(argv, *dir, outputPath);
}

}  // namespace hiprtc
