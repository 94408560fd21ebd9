// Device intrinsics beyond the basics (device library test): bit fields, lowest and n-th set
// bits, mbcnt and lane masks, match, __syncwarp, LDS permutes and DPP moves, floating-point
// safe/unsafe atomics and the unsigned long and scoped atomics, __smid, device memcpy/memset and
// __trap.
#include <hip/hip_runtime.h>

constexpr int kBitRow = 11;
// Per thread i, from the 64-bit words x = in[2i], y = in[2i + 1]; field operands chosen to pass
// the 5- and 6-bit limits, so the masking of offset and width is exercised.
__global__ void bit_fields(const unsigned long long* in, unsigned* out) {
  const unsigned i = threadIdx.x;
  const unsigned long long x = in[2 * i], y = in[2 * i + 1];
  unsigned* row = out + i * kBitRow;
  const unsigned off = i % 37, width = (i * 7) % 35, off64 = i % 70, width64 = (i * 11) % 67;
  row[0] = __bitextract_u32((unsigned)x, off, width);
  unsigned long long e = __bitextract_u64(x, off64, width64);
  row[1] = (unsigned)e;
  row[2] = (unsigned)(e >> 32);
  row[3] = __bitinsert_u32((unsigned)x, (unsigned)y, off, width);
  unsigned long long b = __bitinsert_u64(x, y, off64, width64);
  row[4] = (unsigned)b;
  row[5] = (unsigned)(b >> 32);
  row[6] = __lastbit_u32_u32(i % 8 == 0 ? 0u : (unsigned)x & (~0u << (i % 32)));
  row[7] = __lastbit_u32_u64(i % 8 == 1 ? 0ull : x & (~0ull << (i % 64)));
  row[8] = (unsigned)__fns32(x & y, i % 32, (int)(i % 9) - 4);
  row[9] = (unsigned)__fns64(x & y, i % 64, (int)(i % 13) - 6);
  row[10] = (unsigned)__fns((unsigned)(y >> 16), i % 32, (int)(i % 5) - 2);
}

// Lanes with lane % 5 == 2 sit out: mbcnt counts mask bits below the lane, the lane masks see the
// active lanes only.
__global__ void lane_masks(unsigned* out) {
  const unsigned lane = threadIdx.x;
  unsigned* row = out + lane * 8;
  for (int k = 0; k < 8; ++k) row[k] = 0xdeadu;
  if (lane % 5 != 2) {
    row[0] = __mbcnt_lo(0xa5a5a5a5u, 3u);
    row[1] = __mbcnt_hi(0x0f0f0f0fu, 1u);
    unsigned long long lt = __lanemask_lt(), gt = __lanemask_gt(), eq = __lanemask_eq();
    row[2] = (unsigned)lt;
    row[3] = (unsigned)(lt >> 32);
    row[4] = (unsigned)gt;
    row[5] = (unsigned)(gt >> 32);
    row[6] = (unsigned)eq;
    row[7] = (unsigned)(eq >> 32);
  }
}

constexpr int kMatchRow = 12;
// __match_any/__match_all on 64-bit and float values among the lanes with lane % 7 != 4; the
// _sync forms with the lanes split into `mask` and the rest, both halves calling at once.
__global__ void matches(const unsigned long long* in, unsigned* out, unsigned long long mask) {
  const unsigned lane = threadIdx.x;
  unsigned* row = out + lane * kMatchRow;
  for (int k = 0; k < kMatchRow; ++k) row[k] = 0xdeadu;
  const unsigned long long v = in[lane];
  if (lane % 7 != 4) {
    unsigned long long any = __match_any(v);
    row[0] = (unsigned)any;
    row[1] = (unsigned)(any >> 32);
    // Compared as bits: 0.0f and -0.0f differ.
    float f = lane % 3 == 0 ? (lane % 2 ? -0.0f : 0.0f) : 1.5f * (float)(lane % 3);
    unsigned long long floats = __match_any(f);
    row[2] = (unsigned)floats;
    row[3] = (unsigned)(floats >> 32);
    int uniform = -1, mixed = -1;
    unsigned long long all = __match_all(0x1234u, &uniform);
    unsigned long long none = __match_all(v, &mixed);
    row[4] = (unsigned)all;
    row[5] = (unsigned)(all >> 32);
    row[6] = (unsigned)uniform + 2u * (unsigned)mixed;
    row[7] = (unsigned)(none | (none >> 32));
  }
  const bool inside = (mask >> lane) & 1;
  const unsigned long long mine = inside ? mask : ~mask;
  unsigned long long any = __match_any_sync(mine, v);
  row[8] = (unsigned)any;
  row[9] = (unsigned)(any >> 32);
  int pred = -1, mixed = -1;
  unsigned long long all = __match_all_sync(mine, inside ? 11 : 22, &pred);
  (void)__match_all_sync(mine, v, &mixed);
  row[10] = (unsigned)(all ^ (all >> 32));
  row[11] = (unsigned)pred + 2u * (unsigned)mixed;
}

// Lanes trade LDS words around __syncwarp.
__global__ void syncwarp_exchange(int* out) {
  __shared__ int words[64];
  const unsigned lane = threadIdx.x;
  words[lane] = (int)(lane * 3 + 1);
  __syncwarp();
  out[lane] = words[(lane + 1) % warpSize];
  __syncwarp(0xffffffffu);
}

constexpr int kPermuteRow = 5;
__global__ void permutes(const int* in, int* out) {
  const unsigned lane = threadIdx.x, wave = warpSize;
  const int v = in[lane];
  int* row = out + lane * kPermuteRow;
  row[0] = (int)__hip_ds_bpermute((int)(((lane * 5 + 3) % wave) * 4), (unsigned)v);
  row[1] = __builtin_bit_cast(int, __hip_ds_bpermutef((int)(((lane + 7) % wave) * 4), 0.5f * v));
  row[2] = (int)__hip_ds_permute((int)(((lane * 3 + 1) % wave) * 4), (unsigned)v);
  row[3] = __hip_move_dpp(v, 0xb1, 0xf, 0xf, false);  // quad_perm:[1,0,3,2]
  row[4] = __hip_move_dpp(v, 0x111, 0xf, 0xf, true);  // row_shr:1, lane 0 of a row reads 0
}

struct FloatAtomics {
  float unsafe_add, safe_add, unsafe_max, safe_max, unsafe_min, safe_min, no_ret;
  double unsafe_add_d, safe_add_d, unsafe_max_d, safe_max_d, unsafe_min_d, safe_min_d;
};
struct ScopedAtomics {
  unsigned long add_ul, add_system_ul, max_ul, min_ul, and_ul, or_ul, xor_ul, sub_ul, cas_ul;
  int min_system_i;
  unsigned or_system_u, dec_system_u;
  long long max_system_ll;
};
// Workgroup-scope atomics are only atomic within a block: each block has its own words.
struct BlockAtomics {
  unsigned long exch_ul;
  unsigned max_u, and_u, xor_u, inc_u;
  float sub_f;
};

__global__ void contend_fp(FloatAtomics* f, ScopedAtomics* s, BlockAtomics* blocks,
                           unsigned* exch_seen) {
  const int t = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  unsafeAtomicAdd(&f->unsafe_add, 0.5f);
  safeAtomicAdd(&f->safe_add, 0.25f);
  unsafeAtomicMax(&f->unsafe_max, 0.5f * t);
  safeAtomicMax(&f->safe_max, -2.0f + 0.25f * t);
  unsafeAtomicMin(&f->unsafe_min, 100.0f - t);
  safeAtomicMin(&f->safe_min, 3.0f + 0.5f * (t % 17));
  atomicAddNoRet(&f->no_ret, 1.0f);
  unsafeAtomicAdd(&f->unsafe_add_d, 0.125);
  safeAtomicAdd(&f->safe_add_d, 1.5);
  unsafeAtomicMax(&f->unsafe_max_d, 2.0 * t);
  safeAtomicMax(&f->safe_max_d, -1.0 * t);
  unsafeAtomicMin(&f->unsafe_min_d, 7.0 - t);
  safeAtomicMin(&f->safe_min_d, 0.5 * t + 1.0);

  const unsigned long ut = (unsigned long)t;
  atomicAdd(&s->add_ul, 3ul);
  atomicAdd_system(&s->add_system_ul, 1ul << 40);
  atomicMax(&s->max_ul, ut << 33);
  atomicMin(&s->min_ul, 5000ul - ut);
  atomicAnd(&s->and_ul, ~(1ul << (t % 64)));
  atomicOr(&s->or_ul, 1ul << (t % 61));
  atomicXor(&s->xor_ul, ut * 0x10001ul);
  atomicSub(&s->sub_ul, 2ul);
  unsigned long old = s->cas_ul, assumed;
  do {
    assumed = old;
    old = atomicCAS(&s->cas_ul, assumed, assumed + 5ul);
  } while (old != assumed);
  atomicMin_system(&s->min_system_i, 10 - t);
  atomicOr_system(&s->or_system_u, 1u << (t % 23));
  atomicDec_system(&s->dec_system_u, 30u);
  atomicMax_system(&s->max_system_ll, (long long)t - 1000);

  BlockAtomics* b = blocks + blockIdx.x;
  const unsigned local = threadIdx.x;
  unsigned long previous = atomicExch_block(&b->exch_ul, (unsigned long)local + 1);
  atomicAdd_block(&exch_seen[blockIdx.x * (blockDim.x + 1) + previous], 1u);
  atomicMax_block(&b->max_u, local * 7u);
  atomicAnd_block(&b->and_u, ~(1u << (local % 32)));
  atomicXor_block(&b->xor_u, local);
  atomicInc_block(&b->inc_u, 40u);
  atomicSub_block(&b->sub_f, 0.5f);
}

// __smid beside the raw HW_ID1 register it decodes (RDNA: s_getreg id 23, all 32 bits).
__global__ void where_am_i(unsigned* out) {
  const unsigned t = threadIdx.x;
  out[2 * t] = __smid();
  out[2 * t + 1] = __builtin_amdgcn_s_getreg((31 << 11) | 23);
}

// Each thread owns 64 bytes of dst: a copy of (t * 7) % 40 bytes from an odd source offset to
// an offset of t % 3, and t % 19 bytes set to t + 1 from byte 45.
__global__ void device_memory(const unsigned char* src, unsigned char* dst) {
  const unsigned t = threadIdx.x;
  unsigned char* slot = dst + t * 64;
  void* copied = memcpy(slot + t % 3, src + (t * 17) % 50, (t * 7) % 40);
  void* set = memset(slot + 45, (int)(t + 1), t % 19);
  if (copied != slot + t % 3 || set != slot + 45) slot[63] = 0xff;
}

__global__ void trap_when(int* flag) {
  if (*flag) __trap();
  *flag = 5;
}
