// The formats and per-thread arguments the printf tests print on the device and recompute
// with snprintf on the host (shared by PrintfKernels.hip and PrintfTest.cpp).
#pragma once

#include <cstdint>

#if defined(__HIPCC__)
#define PRINTF_CASES_FN __host__ __device__ inline
#else
#define PRINTF_CASES_FN inline
#endif

namespace printf_cases {

// Every conversion, with flags, widths, precisions and length modifiers; each line starts
// with the thread so that lines can be matched whatever order threads print in.
#define PRINTF_CASES_FORMAT0 "t%d A d=%d i=%+5i u=%u x=%#x o=%o c=%c s=%s\n"
#define PRINTF_CASES_FORMAT1 "t%d B f=%f e=%e g=%g [%10.3f] [%-12.2e] [%.4g]\n"
#define PRINTF_CASES_FORMAT2 \
  "t%d C p=%p ld=%ld lld=%lld llu=%llu llx=%llX [%05d] [%-6d] [%x] 100%%\n"
#define PRINTF_CASES_FORMAT3 "t%d D [%12s] [%-9.3s] %.0f %c\n"

constexpr unsigned kMallocRounds = 6;

struct Values {
  int i;
  unsigned u;
  char c;
  const char* s;
  double d;
  void* p;
  long l;
  long long ll;
  unsigned long long ull;
};

PRINTF_CASES_FN const char* nameFor(int t) {
  switch (t % 4) {
    case 0:
      return "alpha";
    case 1:
      return "";
    case 2:
      return "a longer string for %s";
    default:
      return "z";
  }
}

PRINTF_CASES_FN Values valuesFor(int t) {
  Values v;
  v.i = t * 7919 - 100000;
  v.u = static_cast<unsigned>(t) * 2654435761u;
  v.c = static_cast<char>('A' + t % 26);
  v.s = nameFor(t);
  v.d = (t - 17) * 1234.5678 / 7.0;
  v.p = reinterpret_cast<void*>(static_cast<uintptr_t>(t) * 0x1000 + 0x10);
  v.l = -static_cast<long>(t) * 1000000007L;
  v.ll = static_cast<long long>(t) * 123456789012345LL - 42;
  v.ull = 0xF000000000000000ull + static_cast<unsigned long long>(t);
  return v;
}

// Sizes from 1 byte to 64 KiB: slab blocks of every kind and large (non-slab) allocations.
PRINTF_CASES_FN unsigned long mallocSize(unsigned t, unsigned round) {
  const unsigned long sizes[] = {1, 16, 24, 100, 500, 1000, 2048, 3000, 3073, 4096, 10000, 65536};
  return sizes[(t * 5 + round * 7) % 12];
}

}  // namespace printf_cases
