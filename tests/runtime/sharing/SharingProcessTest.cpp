// Sharing between two real processes on the same (virtual) GPU: this process writes a pattern
// with a kernel and hands a handle to a second process (sharing_child, started with fork and
// exec); its kernel checks the pattern and writes another, which a kernel here then checks.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "SharingKernels.h"

namespace {

// Starts sharing_child with `args`; `passFd` (if not -1) becomes its descriptor `childFd`.
pid_t startChild(const std::vector<std::string>& args, int passFd = -1, int childFd = -1) {
  std::vector<char*> argv;
  std::string program = HIPCORE_SHARING_CHILD;
  argv.push_back(program.data());
  std::vector<std::string> copies = args;
  for (std::string& arg : copies) argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    if (passFd >= 0 && dup2(passFd, childFd) < 0) _exit(126);  // dup2 clears close-on-exec
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  return pid;
}

// Its exit status (-1 if it did not exit normally).
int finishChild(pid_t pid) {
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int runChild(const std::vector<std::string>& args, int passFd = -1, int childFd = -1) {
  return finishChild(startChild(args, passFd, childFd));
}

std::string hex(const void* bytes, size_t size) {
  std::string text;
  char digits[3];
  for (size_t i = 0; i < size; ++i) {
    std::snprintf(digits, sizeof digits, "%02x", static_cast<const unsigned char*>(bytes)[i]);
    text += digits;
  }
  return text;
}

std::vector<uint32_t> readByKernel(const uint32_t* words, size_t count) {
  uint32_t* out = nullptr;
  EXPECT_EQ(hipMalloc(&out, count * 4), hipSuccess);
  EXPECT_EQ(launchAddWords(out, words, count, 0, nullptr), hipSuccess);
  std::vector<uint32_t> host(count);
  EXPECT_EQ(hipMemcpy(host.data(), out, count * 4, hipMemcpyDeviceToHost), hipSuccess);
  EXPECT_EQ(hipFree(out), hipSuccess);
  return host;
}

std::vector<uint32_t> pattern(uint32_t tag, size_t count) {
  std::vector<uint32_t> words(count);
  for (size_t i = 0; i < count; ++i) words[i] = patternWord(tag, i);
  return words;
}

}  // namespace

TEST(SharingProcess, IpcMemoryHandleOpensTheSameDeviceMemoryInAnotherProcess) {
  // A block of the sub-allocator (inside a larger ROCR chunk) and a large allocation of its own.
  for (size_t count : {size_t{1000}, size_t{3} << 19}) {
    uint32_t* words = nullptr;
    ASSERT_EQ(hipMalloc(&words, count * 4), hipSuccess);
    ASSERT_EQ(launchWritePattern(words, count, 61, nullptr), hipSuccess);
    ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
    hipIpcMemHandle_t handle{};
    ASSERT_EQ(hipIpcGetMemHandle(&handle, words), hipSuccess);
    // This process made it: opening it here is refused, as in AMD's runtime.
    void* self = nullptr;
    EXPECT_EQ(hipIpcOpenMemHandle(&self, handle, hipIpcMemLazyEnablePeerAccess),
              hipErrorInvalidContext);
    EXPECT_EQ(
        runChild({"ipc-memory", hex(&handle, sizeof handle), std::to_string(count), "61", "62"}),
        0);
    EXPECT_EQ(readByKernel(words, count), pattern(62, count)) << count << " words";
    ASSERT_EQ(hipFree(words), hipSuccess);
  }
}

TEST(SharingProcess, InteriorPointerHandleOpensAtTheSameOffset) {
  const size_t count = 4096;
  uint32_t* words = nullptr;
  ASSERT_EQ(hipMalloc(&words, count * 4), hipSuccess);
  ASSERT_EQ(hipMemset(words, 0, count * 4), hipSuccess);
  ASSERT_EQ(launchWritePattern(words + 1024, 1024, 63, nullptr), hipSuccess);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  hipIpcMemHandle_t handle{};
  ASSERT_EQ(hipIpcGetMemHandle(&handle, words + 1024), hipSuccess);
  EXPECT_EQ(runChild({"ipc-memory", hex(&handle, sizeof handle), "1024", "63", "64"}), 0);
  std::vector<uint32_t> expected(count, 0);
  for (size_t i = 0; i < 1024; ++i) expected[1024 + i] = patternWord(64, i);
  EXPECT_EQ(readByKernel(words, count), expected);
  ASSERT_EQ(hipFree(words), hipSuccess);
}

// A block freed and allocated again lands at the same address in the same sub-allocator chunk
// (the same ROCR allocation): its new handle still differs from the old one.
TEST(SharingProcess, ReusedMemoryGetsANewHandle) {
  void* first = nullptr;
  hipIpcMemHandle_t before{}, after{};
  ASSERT_EQ(hipMalloc(&first, 1024), hipSuccess);
  ASSERT_EQ(hipIpcGetMemHandle(&before, first), hipSuccess);
  ASSERT_EQ(hipFree(first), hipSuccess);
  void* second = nullptr;
  ASSERT_EQ(hipMalloc(&second, 1024), hipSuccess);
  ASSERT_EQ(second, first) << "the allocator did not reuse the block: nothing to check";
  ASSERT_EQ(hipIpcGetMemHandle(&after, second), hipSuccess);
  EXPECT_NE(std::memcmp(&before, &after, sizeof before), 0);
  ASSERT_EQ(hipFree(second), hipSuccess);
}

TEST(SharingProcess, HandleOfFreedMemoryDoesNotOpen) {
  // Large enough to be a ROCR allocation of its own, which hipFree returns to ROCR at once.
  const size_t count = size_t{3} << 19;
  uint32_t* words = nullptr;
  ASSERT_EQ(hipMalloc(&words, count * 4), hipSuccess);
  hipIpcMemHandle_t handle{};
  ASSERT_EQ(hipIpcGetMemHandle(&handle, words), hipSuccess);
  ASSERT_EQ(hipFree(words), hipSuccess);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  EXPECT_EQ(runChild({"ipc-memory", hex(&handle, sizeof handle), std::to_string(count), "0", "0"}),
            2);  // sharing_child: hipIpcOpenMemHandle failed
}

TEST(SharingProcess, VirtualMemoryDescriptorMapsTheSameMemoryInAnotherProcess) {
  hipMemAllocationProp prop{};
  prop.type = hipMemAllocationTypePinned;
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = 0;
  size_t bytes = 0;
  ASSERT_EQ(hipMemGetAllocationGranularity(&bytes, &prop, hipMemAllocationGranularityMinimum),
            hipSuccess);
  bytes *= 2;
  const size_t count = bytes / 4;
  hipMemGenericAllocationHandle_t physical{};
  ASSERT_EQ(hipMemCreate(&physical, bytes, &prop, 0), hipSuccess);
  void* va = nullptr;
  ASSERT_EQ(hipMemAddressReserve(&va, bytes, 0, nullptr, 0), hipSuccess);
  ASSERT_EQ(hipMemMap(va, bytes, 0, physical, 0), hipSuccess);
  hipMemAccessDesc desc{};
  desc.location.type = hipMemLocationTypeDevice;
  desc.location.id = 0;
  desc.flags = hipMemAccessFlagsProtReadWrite;
  ASSERT_EQ(hipMemSetAccess(va, bytes, &desc, 1), hipSuccess);
  ASSERT_EQ(launchWritePattern(static_cast<uint32_t*>(va), count, 71, nullptr), hipSuccess);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  int fd = -1;
  ASSERT_EQ(hipMemExportToShareableHandle(&fd, physical, hipMemHandleTypePosixFileDescriptor, 0),
            hipSuccess);
  // The descriptor reaches the child as its descriptor 100 (as SCM_RIGHTS would deliver one).
  EXPECT_EQ(runChild({"vmm-fd", "100", std::to_string(bytes), "71", "72"}, fd, 100), 0);
  close(fd);
  EXPECT_EQ(readByKernel(static_cast<uint32_t*>(va), count), pattern(72, count));
  ASSERT_EQ(hipMemUnmap(va, bytes), hipSuccess);
  ASSERT_EQ(hipMemAddressFree(va, bytes), hipSuccess);
  ASSERT_EQ(hipMemRelease(physical), hipSuccess);
}

namespace {

void waitForRelease(void* flag) {
  while (!static_cast<std::atomic<bool>*>(flag)->load()) usleep(100);
}

}  // namespace

TEST(SharingProcess, InterprocessEventOrdersAnotherProcessesStream) {
  const size_t count = 2048;
  uint32_t* words = nullptr;
  ASSERT_EQ(hipMalloc(&words, count * 4), hipSuccess);
  ASSERT_EQ(hipMemset(words, 0, count * 4), hipSuccess);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  hipEvent_t event = nullptr;
  ASSERT_EQ(hipEventCreateWithFlags(&event, hipEventInterprocess | hipEventDisableTiming),
            hipSuccess);
  hipStream_t stream = nullptr;
  ASSERT_EQ(hipStreamCreate(&stream), hipSuccess);
  // The stream is held until the child has queued its wait and read: a wait that did not hold
  // the child's kernel back would read zeros.
  std::atomic<bool> release{false};
  ASSERT_EQ(hipLaunchHostFunc(stream, waitForRelease, &release), hipSuccess);
  ASSERT_EQ(launchWritePattern(words, count, 81, stream), hipSuccess);
  ASSERT_EQ(hipEventRecord(event, stream), hipSuccess);
  EXPECT_EQ(hipEventQuery(event), hipErrorNotReady);
  hipIpcEventHandle_t eventHandle{};
  hipIpcMemHandle_t memoryHandle{};
  ASSERT_EQ(hipIpcGetEventHandle(&eventHandle, event), hipSuccess);
  ASSERT_EQ(hipIpcGetMemHandle(&memoryHandle, words), hipSuccess);
  int ready[2];
  ASSERT_EQ(pipe(ready), 0);
  pid_t child = startChild(
      {"ipc-event",
       hex(&eventHandle, sizeof eventHandle) + ":" + hex(&memoryHandle, sizeof memoryHandle),
       std::to_string(count), "81", "101"},
      ready[1], 101);
  close(ready[1]);
  char byte = 0;
  EXPECT_EQ(read(ready[0], &byte, 1), 1);  // the child queued its wait (or exited: 0)
  close(ready[0]);
  release.store(true);
  EXPECT_EQ(finishChild(child), 0);
  ASSERT_EQ(hipEventSynchronize(event), hipSuccess);
  EXPECT_EQ(hipEventQuery(event), hipSuccess);
  ASSERT_EQ(hipStreamDestroy(stream), hipSuccess);
  ASSERT_EQ(hipEventDestroy(event), hipSuccess);
  ASSERT_EQ(hipFree(words), hipSuccess);
}

TEST(SharingProcess, PoolAllocationImportsInAnotherProcess) {
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.handleTypes = hipMemHandleTypePosixFileDescriptor;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = 0;
  hipMemPool_t pool = nullptr;
  ASSERT_EQ(hipMemPoolCreate(&pool, &props), hipSuccess);
  const size_t count = 3000;
  uint32_t* words = nullptr;
  ASSERT_EQ(hipMallocFromPoolAsync(reinterpret_cast<void**>(&words), count * 4, pool, nullptr),
            hipSuccess);
  ASSERT_EQ(launchWritePattern(words, count, 101, nullptr), hipSuccess);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  int fd = -1;
  ASSERT_EQ(hipMemPoolExportToShareableHandle(&fd, pool, hipMemHandleTypePosixFileDescriptor, 0),
            hipSuccess);
  hipMemPoolPtrExportData data{};
  ASSERT_EQ(hipMemPoolExportPointer(&data, words), hipSuccess);
  EXPECT_EQ(
      runChild({"pool", "100:" + hex(&data, sizeof data), std::to_string(count), "101", "102"}, fd,
               100),
      0);
  close(fd);
  EXPECT_EQ(readByKernel(words, count), pattern(102, count));
  ASSERT_EQ(hipFreeAsync(words, nullptr), hipSuccess);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  ASSERT_EQ(hipMemPoolDestroy(pool), hipSuccess);
}
