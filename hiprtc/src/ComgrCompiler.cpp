// comgr actions in the order that works with comgr 2.4: COMPILE_SOURCE_TO_BC (HIP, device
// only, no device libs), ADD_DEVICE_LIBRARIES, LINK_BC_TO_BC, CODEGEN_BC_TO_RELOCATABLE,
// LINK_RELOCATABLE_TO_EXECUTABLE. The combined COMPILE_SOURCE_WITH_DEVICE_LIBS_TO_BC of 2.4 wants
// a HIP install layout of its own; this sequence needs only our headers as include data.
#include "ComgrCompiler.h"

#include <amd_comgr.h>
#include <signal.h>

#include <mutex>
#include <set>

#include "EmbeddedHeaders.h"

namespace hiprtc {

using hipcore::loader::errorf;
using hipcore::loader::Ok;
using hipcore::loader::Result;

namespace {

// Code object v5, as clang-19 emits by default: block sizes come from the hidden kernel
// arguments (docs/PLATFORM.md section 4) instead of the dispatch packet, so both paths produce
// the same kernel ABI. LLVM 15 reads the version at compile (builtin lowering) and at codegen.
constexpr const char* kCodeObjectVersion = "-mcode-object-version=5";

// comgr 2.4 runs clang in-process and options such as -mcode-object-version land in LLVM's
// process-wide cl::opt variables: two concurrent compiles race on them (a kernel compiled for v5
// came out of codegen as v4, without its hidden arguments). One comgr pipeline at a time.
std::mutex& comgrMutex() {
  static std::mutex mutex;
  return mutex;
}

// One comgr pipeline: holds the comgr lock and gives the calling thread back the alternate
// signal stack it came with. The first temporary file comgr writes makes libLLVM-15 register its
// signal handlers (sys::RemoveFileOnSignal), which installs a malloc'd 64 KiB alternate signal
// stack on whichever application thread that happens to be, replacing the thread's own. The
// thread's owner still believes its stack is installed: ASan, which maps one per thread and
// unmaps the installed one at thread exit, died there ("unable to unmap" the malloc'd block,
// CacheTest.ThreadsCompileConcurrently). LLVM keeps its block in a static and never frees it, so
// putting the old stack back leaves nothing dangling; LLVM's handlers then run on the thread's
// own stack, as on every other thread.
class ComgrSession {
 public:
  ComgrSession() : lock_(comgrMutex()) { saved_ = ::sigaltstack(nullptr, &stack_) == 0; }
  ~ComgrSession() {
    if (saved_) ::sigaltstack(&stack_, nullptr);
  }
  ComgrSession(const ComgrSession&) = delete;
  ComgrSession& operator=(const ComgrSession&) = delete;

 private:
  std::lock_guard<std::mutex> lock_;
  stack_t stack_{};
  bool saved_ = false;
};

const char* statusText(amd_comgr_status_t status) {
  const char* text = nullptr;
  if (amd_comgr_status_string(status, &text) != AMD_COMGR_STATUS_SUCCESS || !text) return "unknown";
  return text;
}

class DataSet {
 public:
  DataSet() { created_ = amd_comgr_create_data_set(&set_) == AMD_COMGR_STATUS_SUCCESS; }
  ~DataSet() {
    if (created_) amd_comgr_destroy_data_set(set_);
  }
  DataSet(const DataSet&) = delete;
  DataSet& operator=(const DataSet&) = delete;
  bool valid() const { return created_; }
  amd_comgr_data_set_t get() const { return set_; }

  Result<void> add(amd_comgr_data_kind_t kind, const std::string& name, std::string_view bytes) {
    amd_comgr_data_t data;
    if (auto s = amd_comgr_create_data(kind, &data))
      return errorf("comgr create_data: %s", statusText(s));
    amd_comgr_status_t s = amd_comgr_set_data(data, bytes.size(), bytes.data());
    if (s == AMD_COMGR_STATUS_SUCCESS) s = amd_comgr_set_data_name(data, name.c_str());
    if (s == AMD_COMGR_STATUS_SUCCESS) s = amd_comgr_data_set_add(set_, data);
    amd_comgr_release_data(data);
    if (s) return errorf("comgr adding %s: %s", name.c_str(), statusText(s));
    return Ok{};
  }

  // The concatenated bytes of every object of `kind` (logs) or the first one (outputs).
  std::string collect(amd_comgr_data_kind_t kind, bool all) const {
    size_t count = 0;
    std::string out;
    if (amd_comgr_action_data_count(set_, kind, &count)) return out;
    for (size_t i = 0; i < count && (all || i == 0); ++i) {
      amd_comgr_data_t data;
      if (amd_comgr_action_data_get_data(set_, kind, i, &data)) continue;
      size_t size = 0;
      if (amd_comgr_get_data(data, &size, nullptr) == AMD_COMGR_STATUS_SUCCESS) {
        std::string bytes(size, '\0');
        if (amd_comgr_get_data(data, &size, bytes.data()) == AMD_COMGR_STATUS_SUCCESS) out += bytes;
      }
      amd_comgr_release_data(data);
    }
    return out;
  }

 private:
  amd_comgr_data_set_t set_{};
  bool created_ = false;
};

class ActionInfo {
 public:
  ActionInfo() { created_ = amd_comgr_create_action_info(&info_) == AMD_COMGR_STATUS_SUCCESS; }
  ~ActionInfo() {
    if (created_) amd_comgr_destroy_action_info(info_);
  }
  ActionInfo(const ActionInfo&) = delete;
  ActionInfo& operator=(const ActionInfo&) = delete;

  Result<void> setup(const std::string& target) {
    if (!created_) return errorf("comgr create_action_info failed");
    std::string isa = "amdgcn-amd-amdhsa--" + target;
    if (auto s = amd_comgr_action_info_set_isa_name(info_, isa.c_str()))
      return errorf("comgr does not accept ISA %s: %s", isa.c_str(), statusText(s));
    if (auto s = amd_comgr_action_info_set_language(info_, AMD_COMGR_LANGUAGE_HIP))
      return errorf("comgr set_language HIP: %s", statusText(s));
    if (auto s = amd_comgr_action_info_set_logging(info_, true))
      return errorf("comgr set_logging: %s", statusText(s));
    return Ok{};
  }

  Result<void> options(const std::vector<std::string>& list) {
    std::vector<const char*> pointers;
    for (const std::string& o : list) pointers.push_back(o.c_str());
    if (auto s = amd_comgr_action_info_set_option_list(info_, pointers.data(), pointers.size()))
      return errorf("comgr set_option_list: %s", statusText(s));
    return Ok{};
  }

  amd_comgr_action_info_t get() const { return info_; }

 private:
  amd_comgr_action_info_t info_{};
  bool created_ = false;
};

// One action: false (with the log appended) when comgr reports a failure of the input.
bool runAction(amd_comgr_action_kind_t kind, const ActionInfo& info, const DataSet& in,
               const DataSet& out, std::string& log) {
  amd_comgr_status_t status = amd_comgr_do_action(kind, info.get(), in.get(), out.get());
  log += out.collect(AMD_COMGR_DATA_KIND_LOG, /*all=*/true);
  if (status != AMD_COMGR_STATUS_SUCCESS && log.find_first_not_of(" \n") == std::string::npos)
    log += std::string("comgr action failed: ") + statusText(status) + "\n";
  return status == AMD_COMGR_STATUS_SUCCESS;
}

// ADD_DEVICE_LIBRARIES takes its own option words (comgr-device-libs.cpp).
std::vector<std::string> deviceLibraryOptions(bool fastMath, bool wave64) {
  std::vector<std::string> options = {"correctly_rounded_sqrt"};
  if (fastMath) options.insert(options.end(), {"unsafe_math", "finite_only"});
  if (wave64) options.push_back("wavefrontsize64");
  return options;
}

// Bitcode (with device libraries added) -> linked bitcode -> relocatable -> executable.
Result<CompileOutput> bitcodeToExecutable(ActionInfo& info, const DataSet& bitcode,
                                          const std::string& optimization, bool fastMath,
                                          bool wave64, CompileOutput out) {
  DataSet withLibs, linked, relocatable, executable;
  if (!withLibs.valid() || !linked.valid() || !relocatable.valid() || !executable.valid())
    return errorf("comgr create_data_set failed");
  if (auto s = info.options(deviceLibraryOptions(fastMath, wave64)); !s) return s.error();
  if (!runAction(AMD_COMGR_ACTION_ADD_DEVICE_LIBRARIES, info, bitcode, withLibs, out.log))
    return out;
  if (auto s = info.options({}); !s) return s.error();
  if (!runAction(AMD_COMGR_ACTION_LINK_BC_TO_BC, info, withLibs, linked, out.log)) return out;
  if (auto s = info.options({optimization, kCodeObjectVersion}); !s) return s.error();
  if (!runAction(AMD_COMGR_ACTION_CODEGEN_BC_TO_RELOCATABLE, info, linked, relocatable, out.log))
    return out;
  if (auto s = info.options({}); !s) return s.error();
  if (!runAction(AMD_COMGR_ACTION_LINK_RELOCATABLE_TO_EXECUTABLE, info, relocatable, executable,
                 out.log))
    return out;
  out.code = executable.collect(AMD_COMGR_DATA_KIND_EXECUTABLE, /*all=*/false);
  out.succeeded = !out.code.empty();
  return out;
}

}  // namespace

Result<CompileOutput> compileWithComgr(const CompileJob& job, const Toolchain& tc) {
  ComgrSession session;
  DataSet sources, bitcode;
  if (!sources.valid() || !bitcode.valid()) return errorf("comgr create_data_set failed");
  if (auto s = sources.add(AMD_COMGR_DATA_KIND_SOURCE, job.source.name, job.source.text); !s)
    return s.error();
  std::set<std::string> userHeaders;
  for (const NamedText& h : job.headers) {
    userHeaders.insert(h.name);
    if (auto s = sources.add(AMD_COMGR_DATA_KIND_INCLUDE, h.name, h.text); !s) return s.error();
  }
  for (const EmbeddedHeader& h : embeddedHeaders()) {
    if (userHeaders.count(h.name)) continue;  // the program's own header of that name wins
    if (auto s = sources.add(AMD_COMGR_DATA_KIND_INCLUDE, h.name, h.text()); !s) return s.error();
  }
  ActionInfo info;
  if (auto s = info.setup(job.target); !s) return s.error();
  // --rocm-path gives the embedded clang the HIP version file, without which it would not
  // include __clang_hip_runtime_wrapper.h (docs/PLATFORM.md section 2).
  std::vector<std::string> flags = job.options.compileFlags();
  flags.push_back("--rocm-path=" + tc.prefix);
  flags.push_back(kCodeObjectVersion);
  // -fgpu-rdc keeps external device functions visible for the linker.
  if (job.options.relocatable) flags.push_back("-fgpu-rdc");
  if (auto s = info.options(flags); !s) return s.error();
  CompileOutput out;
  if (!runAction(AMD_COMGR_ACTION_COMPILE_SOURCE_TO_BC, info, sources, bitcode, out.log))
    return out;
  if (job.options.relocatable) {
    out.code = bitcode.collect(AMD_COMGR_DATA_KIND_BC, /*all=*/false);
    out.succeeded = !out.code.empty();
    return out;
  }
  return bitcodeToExecutable(info, bitcode, job.options.optimization, job.options.fastMath,
                             job.options.wave64, std::move(out));
}

Result<CompileOutput> linkWithComgr(const LinkJob& job) {
  ComgrSession session;
  DataSet bitcode;
  if (!bitcode.valid()) return errorf("comgr create_data_set failed");
  for (const NamedText& input : job.bitcode)
    if (auto s = bitcode.add(AMD_COMGR_DATA_KIND_BC, input.name, input.text); !s) return s.error();
  ActionInfo info;
  if (auto s = info.setup(job.target); !s) return s.error();
  return bitcodeToExecutable(info, bitcode, job.optimization, /*fastMath=*/false, job.wave64,
                             CompileOutput{});
}

}  // namespace hiprtc
