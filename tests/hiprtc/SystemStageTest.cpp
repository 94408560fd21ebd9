// The run-time prefix hiprtc makes from this system's device libraries when its stage's links
// dangle (hiprtc/src/SystemStage.h), built here from fake directories: every link and copy, the
// stable name, the reuse, and the refusal of a directory someone else could have planted.
#include "SystemStage.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace hiprtc {
namespace {
namespace fs = std::filesystem;

void writeFile(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

std::string readFile(const fs::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

struct Scratch {
  fs::path root;
  Scratch() {
    std::string pattern = (fs::temp_directory_path() / "hiprtc-stage-test-XXXXXX").string();
    root = ::mkdtemp(pattern.data());
  }
  ~Scratch() { fs::remove_all(root); }
};

// A build stage whose system links dangle, its own gfx11 control library beside them, and the
// "system" directory with two libraries (one of which the stage also names).
struct Fixture : Scratch {
  fs::path model = root / "stage", libraries = root / "system/bitcode", tmp = root / "tmp";
  Fixture() {
    writeFile(model / "share/hip/version", "HIP_VERSION_MAJOR=6\n");
    fs::create_directories(model / "amdgcn/bitcode");
    fs::create_symlink("/nonexistent/ockl.bc", model / "amdgcn/bitcode/ockl.bc");
    writeFile(model / "amdgcn/bitcode/oclc_isa_version_1100.bc", "control");
    writeFile(libraries / "ockl.bc", "ockl");
    writeFile(libraries / "ocml.bc", "ocml");
    writeFile(libraries / "README", "not a library");
    fs::create_directories(tmp);
  }
};

TEST(SystemStage, LinksTheSystemsLibrariesAndTheStagesOwnAndCopiesTheVersion) {
  Fixture f;
  const std::string stage = systemStage(f.model.string(), f.libraries.string(), f.tmp.string());
  ASSERT_FALSE(stage.empty());
  const fs::path bitcode = fs::path(stage) / "amdgcn/bitcode";
  EXPECT_EQ(fs::read_symlink(bitcode / "ockl.bc"), fs::canonical(f.libraries / "ockl.bc"));
  EXPECT_EQ(readFile(bitcode / "ocml.bc"), "ocml");
  EXPECT_EQ(readFile(bitcode / "oclc_isa_version_1100.bc"), "control");
  EXPECT_FALSE(fs::exists(bitcode / "README"));
  EXPECT_EQ(readFile(fs::path(stage) / "share/hip/version"), "HIP_VERSION_MAJOR=6\n");
  EXPECT_EQ(readFile(fs::path(stage) / "bin/.hipVersion"), "HIP_VERSION_MAJOR=6\n");
  struct stat st{};
  ASSERT_EQ(::stat(stage.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0755u);
  // The same inputs name the same prefix (compile-cache keys stay put), reused as it is.
  writeFile(fs::path(stage) / "marker", "kept");
  EXPECT_EQ(systemStage(f.model.string(), f.libraries.string(), f.tmp.string()), stage);
  EXPECT_TRUE(fs::exists(fs::path(stage) / "marker"));
  size_t entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(f.tmp)) ++entries;
  EXPECT_EQ(entries, 1u) << "a building directory was left behind";
}

TEST(SystemStage, OneWhoseLibrariesAreGoneIsMadeAgain) {
  Fixture f;
  const std::string stage = systemStage(f.model.string(), f.libraries.string(), f.tmp.string());
  ASSERT_FALSE(stage.empty());
  fs::remove(fs::path(stage) / "amdgcn/bitcode/ockl.bc");  // as if its target had gone
  EXPECT_EQ(systemStage(f.model.string(), f.libraries.string(), f.tmp.string()), stage);
  EXPECT_TRUE(fs::exists(fs::path(stage) / "amdgcn/bitcode/ockl.bc"));
}

TEST(SystemStage, ADirectoryOthersCanWriteIsNotTrusted) {
  Fixture f;
  const std::string stage = systemStage(f.model.string(), f.libraries.string(), f.tmp.string());
  ASSERT_FALSE(stage.empty());
  fs::permissions(stage, fs::perms::others_write, fs::perm_options::add);
  EXPECT_EQ(systemStage(f.model.string(), f.libraries.string(), f.tmp.string()), "");
}

TEST(SystemStage, NoDeviceLibrariesNoStage) {
  Fixture f;
  fs::remove(f.libraries / "ockl.bc");
  EXPECT_EQ(systemStage(f.model.string(), f.libraries.string(), f.tmp.string()), "");
}

TEST(SystemStage, TheEnvironmentNamesTheSystemDirectoryFirst) {
  Fixture f;
  ::setenv("HIPCORE_DEVICE_LIB_PATH", f.libraries.c_str(), 1);
  EXPECT_EQ(systemDeviceLibraryDirectory(), f.libraries.string());
  ::setenv("HIPCORE_DEVICE_LIB_PATH", (f.root / "nothing").c_str(), 1);  // no ockl.bc there
  EXPECT_NE(systemDeviceLibraryDirectory(), (f.root / "nothing").string());
  ::unsetenv("HIPCORE_DEVICE_LIB_PATH");
}

}  // namespace
}  // namespace hiprtc
