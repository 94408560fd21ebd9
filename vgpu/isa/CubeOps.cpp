// Cube-map coordinate instructions: v_cubeid_f32, v_cubesc_f32, v_cubetc_f32 and v_cubema_f32
// (RDNA2 ISA chapter 6 VOP3 opcode table; unchanged in RDNA3). Each picks the major axis of the
// direction (S0, S1, S2) = (x, y, z), ties going to z, then y, and returns the face id, the
// face's s and t coordinates, or twice the signed major-axis component. Texture code divides sc
// and tc by |ma| and adds 1.5 to get the face coordinates image_sample's CUBE dim takes.
#include <cmath>

#include "isa/HandlerTable.h"
#include "isa/Lanes.h"

namespace vgpu::isa {

namespace {

struct CubeFace {
  float id, sc, tc, ma;
};

CubeFace cubeFace(float x, float y, float z) {
  if (std::fabs(z) >= std::fabs(x) && std::fabs(z) >= std::fabs(y))
    return z < 0 ? CubeFace{5, -x, -y, z} : CubeFace{4, x, -y, z};
  if (std::fabs(y) >= std::fabs(x)) return y < 0 ? CubeFace{3, x, -z, y} : CubeFace{2, x, z, y};
  return x < 0 ? CubeFace{1, z, -y, x} : CubeFace{0, -z, -y, x};
}

template <class F>
Handler cube(F) {
  return [](Wave& w, const MicroOp& u) { valuF32<3>(w, u, F{}); };
}

}  // namespace

void registerCubeOps(HandlerTable& t) {
  t.add("v_cubeid_f32", cube([](float x, float y, float z) { return cubeFace(x, y, z).id; }), 1);
  t.add("v_cubesc_f32", cube([](float x, float y, float z) { return cubeFace(x, y, z).sc; }), 1);
  t.add("v_cubetc_f32", cube([](float x, float y, float z) { return cubeFace(x, y, z).tc; }), 1);
  t.add("v_cubema_f32", cube([](float x, float y, float z) { return 2.0f * cubeFace(x, y, z).ma; }),
        1);
}

}  // namespace vgpu::isa
