// An LD_PRELOAD interposer of hipMalloc, as profilers and tracers write them: it counts the
// calls, forwards each to the next definition (the runtime's) through dlsym(RTLD_NEXT), and
// stops the process if the runtime calls back into it while it forwards one (a runtime whose
// internal calls go through its exported, interposable names would re-enter it).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

typedef int (*HipMalloc)(void**, size_t);

static __thread int forwarding;
// Read by the client through dlsym(RTLD_DEFAULT), so the two need no link to each other.
__attribute__((visibility("default"))) int interposedHipMallocCalls;

__attribute__((visibility("default"))) int hipMalloc(void** pointer, size_t size) {
  if (forwarding) {
    fprintf(stderr, "FAIL interposer: hipMalloc re-entered from inside the runtime\n");
    abort();
  }
  static HipMalloc next;
  if (next == NULL) next = (HipMalloc)dlsym(RTLD_NEXT, "hipMalloc");
  if (next == NULL) {
    fprintf(stderr, "FAIL interposer: no hipMalloc after this one: %s\n", dlerror());
    abort();
  }
  __atomic_fetch_add(&interposedHipMallocCalls, 1, __ATOMIC_RELAXED);
  forwarding = 1;
  int result = next(pointer, size);
  forwarding = 0;
  return result;
}
