// Host memory a kernel polls (launchWaitThenFill): the test decides when "a long kernel" ends.
#pragma once

#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>

struct Flag {
  int* value = nullptr;
  Flag() {
    EXPECT_EQ(hipHostMalloc(reinterpret_cast<void**>(&value), sizeof(int), 0), hipSuccess);
    *value = 0;
  }
  ~Flag() {
    raise();  // a failed assertion must not leave a kernel waiting for the watchdog
    (void)hipHostFree(value);
  }
  Flag(const Flag&) = delete;
  Flag& operator=(const Flag&) = delete;
  void raise() { __atomic_store_n(value, 1, __ATOMIC_RELEASE); }
};
