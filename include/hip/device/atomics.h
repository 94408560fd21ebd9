// Atomic functions (HIP programming guide, "Atomic functions"): atomicAdd ... atomicXor for 32-
// and 64-bit integers, float and double, at device scope (plain), system scope (_system: also
// coherent with the host and peers) and workgroup scope (_block). All are relaxed, as in CUDA;
// use __threadfence for ordering. Also AMD's unsafeAtomic*/safeAtomic* floating-point forms and
// atomicAddNoRet.
#pragma once

#define __HIPCORE_DEVICE __device__ inline __attribute__((always_inline))

// One definition per operation and scope, instantiated for every type the API lists.
#define __HIPCORE_ATOMIC_FETCH(name, builtin, scope)         \
  template <typename T>                                      \
  __HIPCORE_DEVICE T name(T* address, T value) {             \
    return builtin(address, value, __ATOMIC_RELAXED, scope); \
  }

#define __HIPCORE_ATOMIC_SCOPES(name, builtin)                              \
  __HIPCORE_ATOMIC_FETCH(name, builtin, __HIP_MEMORY_SCOPE_AGENT)           \
  __HIPCORE_ATOMIC_FETCH(name##_system, builtin, __HIP_MEMORY_SCOPE_SYSTEM) \
  __HIPCORE_ATOMIC_FETCH(name##_block, builtin, __HIP_MEMORY_SCOPE_WORKGROUP)

__HIPCORE_ATOMIC_SCOPES(__hipcore_atomic_add, __hip_atomic_fetch_add)
__HIPCORE_ATOMIC_SCOPES(__hipcore_atomic_min, __hip_atomic_fetch_min)
__HIPCORE_ATOMIC_SCOPES(__hipcore_atomic_max, __hip_atomic_fetch_max)
__HIPCORE_ATOMIC_SCOPES(__hipcore_atomic_and, __hip_atomic_fetch_and)
__HIPCORE_ATOMIC_SCOPES(__hipcore_atomic_or, __hip_atomic_fetch_or)
__HIPCORE_ATOMIC_SCOPES(__hipcore_atomic_xor, __hip_atomic_fetch_xor)
__HIPCORE_ATOMIC_SCOPES(__hipcore_atomic_exch, __hip_atomic_exchange)

#undef __HIPCORE_ATOMIC_SCOPES
#undef __HIPCORE_ATOMIC_FETCH

// The public names, one overload per type the HIP API lists for each.
#define __HIPCORE_ATOMIC_API(api, impl, T)               \
  __HIPCORE_DEVICE T api(T* address, T value) {          \
    return impl(address, value);                         \
  }                                                      \
  __HIPCORE_DEVICE T api##_system(T* address, T value) { \
    return impl##_system(address, value);                \
  }                                                      \
  __HIPCORE_DEVICE T api##_block(T* address, T value) {  \
    return impl##_block(address, value);                 \
  }

// unsigned long: AMD's headers add it to every integer operation (it is 64-bit on Linux).
#define __HIPCORE_ATOMIC_INTEGERS(api, impl)          \
  __HIPCORE_ATOMIC_API(api, impl, int)                \
  __HIPCORE_ATOMIC_API(api, impl, unsigned int)       \
  __HIPCORE_ATOMIC_API(api, impl, long long)          \
  __HIPCORE_ATOMIC_API(api, impl, unsigned long long) \
  __HIPCORE_ATOMIC_API(api, impl, unsigned long)

#define __HIPCORE_ATOMIC_NUMBERS(api, impl) \
  __HIPCORE_ATOMIC_INTEGERS(api, impl)      \
  __HIPCORE_ATOMIC_API(api, impl, float)    \
  __HIPCORE_ATOMIC_API(api, impl, double)

__HIPCORE_ATOMIC_NUMBERS(atomicAdd, __hipcore_atomic_add)
__HIPCORE_ATOMIC_NUMBERS(atomicMin, __hipcore_atomic_min)
__HIPCORE_ATOMIC_NUMBERS(atomicMax, __hipcore_atomic_max)
__HIPCORE_ATOMIC_NUMBERS(atomicExch, __hipcore_atomic_exch)
__HIPCORE_ATOMIC_INTEGERS(atomicAnd, __hipcore_atomic_and)
__HIPCORE_ATOMIC_INTEGERS(atomicOr, __hipcore_atomic_or)
__HIPCORE_ATOMIC_INTEGERS(atomicXor, __hipcore_atomic_xor)

#undef __HIPCORE_ATOMIC_NUMBERS
#undef __HIPCORE_ATOMIC_INTEGERS
#undef __HIPCORE_ATOMIC_API

// Subtraction is addition of the two's complement (integers) or the negation (floats).
#define __HIPCORE_ATOMIC_SUB(T, negate)            \
  __HIPCORE_DEVICE T atomicSub(T* a, T v) {        \
    return atomicAdd(a, negate);                   \
  }                                                \
  __HIPCORE_DEVICE T atomicSub_system(T* a, T v) { \
    return atomicAdd_system(a, negate);            \
  }                                                \
  __HIPCORE_DEVICE T atomicSub_block(T* a, T v) {  \
    return atomicAdd_block(a, negate);             \
  }
__HIPCORE_ATOMIC_SUB(int, (int)(0u - (unsigned)v))
__HIPCORE_ATOMIC_SUB(unsigned int, 0u - v)
__HIPCORE_ATOMIC_SUB(long long, (long long)(0ull - (unsigned long long)v))
__HIPCORE_ATOMIC_SUB(unsigned long long, 0ull - v)
__HIPCORE_ATOMIC_SUB(unsigned long, 0ul - v)
__HIPCORE_ATOMIC_SUB(float, -v)
__HIPCORE_ATOMIC_SUB(double, -v)
#undef __HIPCORE_ATOMIC_SUB

// Compare-and-swap returns the old value whether or not the swap happened.
#define __HIPCORE_ATOMIC_CAS(suffix, scope, T)                                       \
  __HIPCORE_DEVICE T atomicCAS##suffix(T* address, T compare, T value) {             \
    __hip_atomic_compare_exchange_strong(address, &compare, value, __ATOMIC_RELAXED, \
                                         __ATOMIC_RELAXED, scope);                   \
    return compare;                                                                  \
  }
#define __HIPCORE_ATOMIC_CAS_TYPES(suffix, scope)         \
  __HIPCORE_ATOMIC_CAS(suffix, scope, int)                \
  __HIPCORE_ATOMIC_CAS(suffix, scope, unsigned int)       \
  __HIPCORE_ATOMIC_CAS(suffix, scope, long long)          \
  __HIPCORE_ATOMIC_CAS(suffix, scope, unsigned long long) \
  __HIPCORE_ATOMIC_CAS(suffix, scope, unsigned long)      \
  __HIPCORE_ATOMIC_CAS(suffix, scope, float)              \
  __HIPCORE_ATOMIC_CAS(suffix, scope, double)
__HIPCORE_ATOMIC_CAS_TYPES(, __HIP_MEMORY_SCOPE_AGENT)
__HIPCORE_ATOMIC_CAS_TYPES(_system, __HIP_MEMORY_SCOPE_SYSTEM)
__HIPCORE_ATOMIC_CAS_TYPES(_block, __HIP_MEMORY_SCOPE_WORKGROUP)
#undef __HIPCORE_ATOMIC_CAS_TYPES
#undef __HIPCORE_ATOMIC_CAS

// Wrapping increment and decrement (CUDA): inc stores (old >= limit) ? 0 : old + 1; dec stores
// (old == 0 || old > limit) ? limit : old - 1. The hardware has both as single instructions.
__HIPCORE_DEVICE unsigned int atomicInc(unsigned int* address, unsigned int limit) {
  return __builtin_amdgcn_atomic_inc32(address, limit, __ATOMIC_RELAXED, "agent");
}
__HIPCORE_DEVICE unsigned int atomicInc_system(unsigned int* address, unsigned int limit) {
  return __builtin_amdgcn_atomic_inc32(address, limit, __ATOMIC_RELAXED, "");
}
__HIPCORE_DEVICE unsigned int atomicInc_block(unsigned int* address, unsigned int limit) {
  return __builtin_amdgcn_atomic_inc32(address, limit, __ATOMIC_RELAXED, "workgroup");
}
__HIPCORE_DEVICE unsigned int atomicDec(unsigned int* address, unsigned int limit) {
  return __builtin_amdgcn_atomic_dec32(address, limit, __ATOMIC_RELAXED, "agent");
}
__HIPCORE_DEVICE unsigned int atomicDec_system(unsigned int* address, unsigned int limit) {
  return __builtin_amdgcn_atomic_dec32(address, limit, __ATOMIC_RELAXED, "");
}
__HIPCORE_DEVICE unsigned int atomicDec_block(unsigned int* address, unsigned int limit) {
  return __builtin_amdgcn_atomic_dec32(address, limit, __ATOMIC_RELAXED, "workgroup");
}

// ---- Floating-point atomics with a stated contract (AMD's amd_hip_unsafe_atomics.h) ----------
// unsafe: the hardware's floating-point atomic instruction may be used where the target has one
// (with the memory restrictions AMD documents: coarse-grained memory only, and the instruction's
// rounding and denormal rules); on RDNA that is what the compiler emits for a relaxed
// device-scope atomic. safe: always a compare-and-swap loop whose arithmetic is the ordinary one,
// whatever -munsafe-fp-atomics says. Both are relaxed at device scope and return the old value.
__HIPCORE_DEVICE float unsafeAtomicAdd(float* address, float value) {
  return __hip_atomic_fetch_add(address, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
__HIPCORE_DEVICE double unsafeAtomicAdd(double* address, double value) {
  return __hip_atomic_fetch_add(address, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
__HIPCORE_DEVICE float unsafeAtomicMax(float* address, float value) {
  return __hip_atomic_fetch_max(address, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
__HIPCORE_DEVICE double unsafeAtomicMax(double* address, double value) {
  return __hip_atomic_fetch_max(address, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
__HIPCORE_DEVICE float unsafeAtomicMin(float* address, float value) {
  return __hip_atomic_fetch_min(address, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
__HIPCORE_DEVICE double unsafeAtomicMin(double* address, double value) {
  return __hip_atomic_fetch_min(address, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

// The loop: read, compute, swap if unchanged (compared as bits, so a stored NaN does not make
// it spin); `keep` says the stored value already wins and nothing need be written.
template <typename T, typename Bits, typename Update, typename Keep>
__HIPCORE_DEVICE T __hipcore_cas_loop(T* address, Update update, Keep keep) {
  Bits* word = reinterpret_cast<Bits*>(address);
  Bits old = __hip_atomic_load(word, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  for (;;) {
    T current = __builtin_bit_cast(T, old);
    if (keep(current)) return current;
    Bits desired = __builtin_bit_cast(Bits, update(current));
    if (__hip_atomic_compare_exchange_strong(word, &old, desired, __ATOMIC_RELAXED,
                                             __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT))
      return current;
  }
}
#define __HIPCORE_SAFE_ATOMICS(T, Bits)                                            \
  __HIPCORE_DEVICE T safeAtomicAdd(T* address, T value) {                          \
    return __hipcore_cas_loop<T, Bits>(                                            \
        address, [=](T old) { return old + value; }, [](T) { return false; });     \
  }                                                                                \
  __HIPCORE_DEVICE T safeAtomicMax(T* address, T value) {                          \
    return __hipcore_cas_loop<T, Bits>(                                            \
        address, [=](T) { return value; }, [=](T old) { return !(old < value); }); \
  }                                                                                \
  __HIPCORE_DEVICE T safeAtomicMin(T* address, T value) {                          \
    return __hipcore_cas_loop<T, Bits>(                                            \
        address, [=](T) { return value; }, [=](T old) { return !(value < old); }); \
  }
__HIPCORE_SAFE_ATOMICS(float, unsigned int)
__HIPCORE_SAFE_ATOMICS(double, unsigned long long)
#undef __HIPCORE_SAFE_ATOMICS

// An add whose old value nobody reads (AMD's atomicAddNoRet).
__HIPCORE_DEVICE void atomicAddNoRet(float* address, float value) {
  (void)__hip_atomic_fetch_add(address, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

#undef __HIPCORE_DEVICE
