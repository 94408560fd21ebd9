// Asks ROCR for the first GPU agent's ISA ("amdgcn-amd-amdhsa--gfx1030") and turns it into a
// target id ("gfx1030").
#include "DefaultTarget.h"

#include <dlfcn.h>
#include <hip/hip_runtime_api.h>
#include <hsa/hsa.h>

#include "hipcore/loader/TargetId.h"

namespace hiprtc {

using hipcore::loader::errorf;
using hipcore::loader::Result;

namespace {

struct Search {
  std::string isaName;
};

hsa_status_t firstIsa(hsa_isa_t isa, void* data) {
  uint32_t length = 0;
  if (hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME_LENGTH, &length) != HSA_STATUS_SUCCESS)
    return HSA_STATUS_SUCCESS;
  std::string name(length, '\0');
  if (hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME, name.data()) != HSA_STATUS_SUCCESS)
    return HSA_STATUS_SUCCESS;
  name.resize(name.find('\0') == std::string::npos ? name.size() : name.find('\0'));
  static_cast<Search*>(data)->isaName = name;
  return HSA_STATUS_INFO_BREAK;
}

hsa_status_t firstGpu(hsa_agent_t agent, void* data) {
  hsa_device_type_t type;
  if (hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type) != HSA_STATUS_SUCCESS ||
      type != HSA_DEVICE_TYPE_GPU)
    return HSA_STATUS_SUCCESS;
  hsa_agent_iterate_isas(agent, firstIsa, data);
  return static_cast<Search*>(data)->isaName.empty() ? HSA_STATUS_SUCCESS : HSA_STATUS_INFO_BREAK;
}

}  // namespace

Result<std::string> queryDefaultTarget() {
  if (hsa_init() != HSA_STATUS_SUCCESS)
    return errorf("no GPU to compile for (hsa_init failed); pass --gpu-architecture=gfxNNNN");
  Search search;
  hsa_iterate_agents(firstGpu, &search);
  hsa_shut_down();
  if (search.isaName.empty())
    return errorf("no GPU agent found to compile for; pass --gpu-architecture=gfxNNNN");
  auto id = hipcore::loader::TargetId::parse(search.isaName);
  if (!id) return errorf("GPU ISA %s: %s", search.isaName.c_str(), id.message().c_str());
  return id->str();
}

std::string currentHipcoreDeviceTarget() {
  // hipcoreGetErrorDetail exists only in hipcore, whose hipDeviceProp_t is the one compiled here.
  if (!dlsym(RTLD_DEFAULT, "hipcoreGetErrorDetail")) return {};
  auto getDevice = reinterpret_cast<hipError_t (*)(int*)>(dlsym(RTLD_DEFAULT, "hipGetDevice"));
  auto getProperties = reinterpret_cast<hipError_t (*)(hipDeviceProp_t*, int)>(
      dlsym(RTLD_DEFAULT, "hipGetDeviceProperties"));
  int device = 0;
  hipDeviceProp_t properties;
  if (!getDevice || !getProperties || getDevice(&device) != hipSuccess ||
      getProperties(&properties, device) != hipSuccess)
    return {};
  auto id = hipcore::loader::TargetId::parse(properties.gcnArchName);
  return id ? id->str() : std::string();
}

}  // namespace hiprtc
