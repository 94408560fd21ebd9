// vgpu's interpreter (LLVM 19) and comgr (LLVM 15) in one process: decode and run a kernel after
// comgr has been loaded and used (docs/PLATFORM.md section 7).
#include <dlfcn.h>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

class ComgrCoexistence : public IsaTest {};

TEST_P(ComgrCoexistence, DispatchAfterLoadingComgr) {
  void* comgr = dlopen("libamd_comgr.so.2", RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(comgr, nullptr) << dlerror();
  using GetVersion = void (*)(std::size_t*, std::size_t*);
  auto version = reinterpret_cast<GetVersion>(dlsym(comgr, "amd_comgr_get_version"));
  ASSERT_NE(version, nullptr);
  std::size_t major = 0, minor = 0;
  version(&major, &minor);
  EXPECT_EQ(major, 2u);
  const int n = 300;
  std::vector<float> a(n), b(n), c(n, 0);
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i);
    b[i] = static_cast<float>(2 * i);
  }
  vgpu::isa::Launch l = launch1d(3, 128);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(c, "c")).arg(n);
  run("basic", "vector_add", l);
  for (int i = 0; i < n; ++i) ASSERT_EQ(c[i], 3.0f * i);
}

INSTANTIATE_TEST_SUITE_P(AllTargets, ComgrCoexistence, ::testing::ValuesIn(kAllVariants),
                         variantName);

}  // namespace
}  // namespace isatest
