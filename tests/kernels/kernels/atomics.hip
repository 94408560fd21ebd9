// Every atomic under contention from many blocks (device library test). Each thread applies
// its operations to a few shared words; the host recomputes the final values.
#include <hip/hip_runtime.h>

struct Counters {
  int add_i;
  unsigned add_u;
  unsigned long long add_ull;
  long long sub_ll;
  float add_f;
  double add_d;
  int min_i;
  int max_i;
  unsigned long long max_ull;
  float min_f;
  double max_d;
  unsigned and_u;
  unsigned or_u;
  unsigned xor_u;
  unsigned inc_u;
  unsigned dec_u;
  int cas_i;
  int exch_i;
  int add_block;
  unsigned long long add_system;
};

__global__ void contend(Counters* c, unsigned* exch_seen) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&c->add_i, t);
  atomicAdd(&c->add_u, 3u);
  atomicAdd(&c->add_ull, 1ull << 33);
  atomicSub(&c->sub_ll, (long long)t);
  atomicAdd(&c->add_f, 0.5f);
  atomicAdd(&c->add_d, 0.25);
  atomicMin(&c->min_i, 1000 - t);
  atomicMax(&c->max_i, t * 3 - 7);
  atomicMax(&c->max_ull, (unsigned long long)t << 35);
  atomicMin(&c->min_f, -0.5f * t);
  atomicMax(&c->max_d, 1.5 * t);
  atomicAnd(&c->and_u, ~(1u << (t % 32)));
  atomicOr(&c->or_u, 1u << (t % 29));
  atomicXor(&c->xor_u, (unsigned)t);
  atomicInc(&c->inc_u, 100u);
  atomicDec(&c->dec_u, 50u);
  // A CAS loop implementing add: the classic use of atomicCAS.
  int old = c->cas_i, assumed;
  do {
    assumed = old;
    old = atomicCAS(&c->cas_i, assumed, assumed + 2);
  } while (old != assumed);
  // Every value ever stored by exch is seen exactly once as a previous value (plus the initial).
  int previous = atomicExch(&c->exch_i, t + 1);
  atomicAdd_system(&exch_seen[previous], 1u);
  atomicAdd_block(&c->add_block, 1);
  atomicAdd_system(&c->add_system, 2ull);
}
