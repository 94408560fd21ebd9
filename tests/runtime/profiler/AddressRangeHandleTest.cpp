// hipMemGetHandleForAddressRange (runtime/src/api/AddressRangeHandleApi.cpp): the argument checks,
// then a dma-buf descriptor where ROCR can export one (hsa_amd_portable_export_dmabuf, ROCR >= 6)
// and hipErrorNotSupported where it cannot (ROCR 5.2.3, vgpu's).
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

constexpr size_t kBytes = 4 << 20;  // its own ROCR allocation (above the 1 MiB size classes)

TEST(AddressRangeHandle, Misuse) {
  void* device = nullptr;
  ASSERT_HIP(hipMalloc(&device, kBytes));
  int fd = -1;
  const auto dmabuf = hipMemRangeHandleTypeDmaBufFd;
  EXPECT_EQ(hipMemGetHandleForAddressRange(nullptr, device, kBytes, dmabuf, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemGetHandleForAddressRange(&fd, nullptr, kBytes, dmabuf, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipMemGetHandleForAddressRange(&fd, device, 0, dmabuf, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipMemGetHandleForAddressRange(&fd, device, kBytes, hipMemRangeHandleType(2), 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemGetHandleForAddressRange(&fd, device, kBytes, dmabuf, 1), hipErrorInvalidValue);
  EXPECT_EQ(hipMemGetHandleForAddressRange(&fd, device, kBytes + 1, dmabuf, 0),
            hipErrorInvalidValue);
  int host[16] = {};
  EXPECT_EQ(hipMemGetHandleForAddressRange(&fd, host, sizeof(host), dmabuf, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(fd, -1) << "a refused call wrote the handle";
  (void)hipGetLastError();
  ASSERT_HIP(hipFree(device));
}

TEST(AddressRangeHandle, ExportsWhereRocrCanAndSaysNotSupportedElsewhere) {
  void* device = nullptr;
  ASSERT_HIP(hipMalloc(&device, kBytes));
  int fd = -1;
  hipError_t result =
      hipMemGetHandleForAddressRange(&fd, device, kBytes, hipMemRangeHandleTypeDmaBufFd, 0);
  if (dlsym(RTLD_DEFAULT, "hsa_amd_portable_export_dmabuf") == nullptr) {
    EXPECT_EQ(result, hipErrorNotSupported);
    EXPECT_EQ(fd, -1);
    EXPECT_NE(std::string(hipcoreGetErrorDetail()).find("dma-buf"), std::string::npos);
  } else {
    ASSERT_EQ(result, hipSuccess) << hipcoreGetErrorDetail();
    struct stat info{};
    EXPECT_EQ(fstat(fd, &info), 0);
    EXPECT_GE(info.st_size, off_t(kBytes));
    // The descriptor is the device memory (on vgpu's kernel front door, where ROCR 6 exports
    // through AMDKFD_IOC_EXPORT_DMABUF, a mappable memfd): what a copy put there, it shows.
    std::vector<uint32_t> words(kBytes / 4);
    for (size_t i = 0; i < words.size(); ++i) words[i] = uint32_t(i * 2654435761u);
    ASSERT_HIP(hipMemcpy(device, words.data(), kBytes, hipMemcpyHostToDevice));
    void* view = mmap(nullptr, kBytes, PROT_READ, MAP_SHARED, fd, 0);
    ASSERT_NE(view, MAP_FAILED);
    const auto* seen = static_cast<const uint32_t*>(view);
    EXPECT_EQ(std::vector<uint32_t>(seen, seen + words.size()), words);
    munmap(view, kBytes);
    close(fd);
  }
  (void)hipGetLastError();
  ASSERT_HIP(hipFree(device));
}

}  // namespace
