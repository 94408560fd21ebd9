// Without --gpu-architecture hiprtc compiles for the current device; run on a GPU (vgpu in CI,
// through HIPCORE_GPU_LAUNCHER), where ROCR is initialised and shut down around the query.
#include <hsa/hsa.h>

#include "RtcTestSupport.h"

namespace rtctest {
namespace {

class DefaultTargetTest : public RtcTest {};

// The device's ISA as ROCR names it, asked here independently of hiprtc.
std::string deviceIsa() {
  std::string isa;
  if (hsa_init() != HSA_STATUS_SUCCESS) return "hsa_init failed";
  hsa_iterate_agents(
      [](hsa_agent_t agent, void* data) {
        hsa_device_type_t type;
        hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type);
        if (type != HSA_DEVICE_TYPE_GPU) return HSA_STATUS_SUCCESS;
        char name[64] = {};
        hsa_agent_get_info(agent, HSA_AGENT_INFO_NAME, name);
        *static_cast<std::string*>(data) = name;
        return HSA_STATUS_INFO_BREAK;
      },
      &isa);
  hsa_shut_down();
  return isa;
}

TEST_F(DefaultTargetTest, CompilesForTheCurrentDevice) {
  Compiled c = compile(kSaxpySource, {});
  ASSERT_EQ(c.result, HIPRTC_SUCCESS) << c.log;
  std::string device = deviceIsa();  // ROCR works again after hiprtc's init and shut-down
  EXPECT_EQ(c.target, device);
  EXPECT_EQ(processorOf(c.code), device);
  expectSaxpyRuns(c.code);
}

}  // namespace
}  // namespace rtctest
