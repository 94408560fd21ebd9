# Debian packages (`cpack -G DEB` in the build tree): hipcore (runtime, headers, device
# libraries, tools, CMake and pkg-config files) and hipcore-vgpu (the virtual GPU), both under
# /opt/hipcore, a prefix clang accepts as --rocm-path. Shared-library dependencies are computed
# by dpkg-shlibdeps; the rest are named here.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME hipcore)
set(CPACK_PACKAGE_VENDOR "hipcore")
set(CPACK_PACKAGE_CONTACT "hipcore developers <hipcore@localhost>")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGING_INSTALL_PREFIX /opt/hipcore)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL hipcore vgpu)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)

set(CPACK_DEBIAN_HIPCORE_PACKAGE_NAME hipcore)
set(CPACK_DEBIAN_HIPCORE_PACKAGE_DEPENDS "libhsa-runtime64-1 (>= 5.2)")
set(CPACK_DEBIAN_HIPCORE_PACKAGE_RECOMMENDS "clang-19, lld-19, clang-tools-19")
set(CPACK_COMPONENT_HIPCORE_DESCRIPTION
  "HIP runtime for AMD GPUs (libhipcore, also as libamdhip64), headers and device libraries")

set(CPACK_DEBIAN_VGPU_PACKAGE_NAME hipcore-vgpu)
set(CPACK_DEBIAN_VGPU_PACKAGE_DEPENDS "libhsa-runtime64-1 (>= 5.2)")
set(CPACK_COMPONENT_VGPU_DESCRIPTION
  "A virtual AMD GPU: runs ROCm programs without a GPU (vgpu-run, a libhsakmt replacement)")

include(CPack)
