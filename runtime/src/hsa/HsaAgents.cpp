// ROCR initialisation and GPU agent discovery with the properties HIP reports.
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "Hsa.h"

namespace hipcore::hsa {
namespace {

template <typename T>
void agentInfo(hsa_agent_t agent, int attribute, T& out) {
  // Attributes a ROCR version lacks leave the default value (0) in place.
  (void)hsa_agent_get_info(agent, static_cast<hsa_agent_info_t>(attribute), &out);
}

struct PoolSearch {
  hsa_amd_memory_pool_t device{0};
  hsa_amd_memory_pool_t kernarg{0};
  hsa_amd_memory_pool_t host{0};
  size_t deviceBytes = 0;
};

hsa_status_t visitPool(hsa_amd_memory_pool_t pool, void* data) {
  auto* search = static_cast<PoolSearch*>(data);
  hsa_amd_segment_t segment;
  bool allocatable = false;
  uint32_t flags = 0;
  hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &segment);
  hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED, &allocatable);
  if (segment != HSA_AMD_SEGMENT_GLOBAL || !allocatable) return HSA_STATUS_SUCCESS;
  hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, &flags);
  if (flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT) {
    if (!search->kernarg.handle) search->kernarg = pool;
  } else if (flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED) {
    if (!search->device.handle) {
      search->device = pool;
      hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_SIZE, &search->deviceBytes);
    }
  } else if (flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED) {
    if (!search->host.handle) search->host = pool;
  }
  return HSA_STATUS_SUCCESS;
}

hsa_status_t visitGroupPool(hsa_amd_memory_pool_t pool, void* data) {
  hsa_amd_segment_t segment;
  hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &segment);
  if (segment == HSA_AMD_SEGMENT_GROUP)
    hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_SIZE, static_cast<size_t*>(data));
  return HSA_STATUS_SUCCESS;
}

hsa_status_t firstIsaName(hsa_isa_t isa, void* data) {
  uint32_t length = 0;
  hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME_LENGTH, &length);
  std::string name(length, '\0');
  hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME, name.data());
  name.resize(std::strlen(name.c_str()));
  *static_cast<std::string*>(data) = name;
  return HSA_STATUS_INFO_BREAK;
}

AgentProperties readProperties(hsa_agent_t agent) {
  AgentProperties p;
  char name[64] = {};
  char product[64] = {};
  agentInfo(agent, HSA_AGENT_INFO_NAME, name);
  agentInfo(agent, HSA_AMD_AGENT_INFO_PRODUCT_NAME, product);
  p.name = name;
  p.productName = product;
  hsa_agent_iterate_isas(agent, firstIsaName, &p.isaName);
  // ROCR reports "GPU-" and 16 characters identifying the device ("GPU-XX" when unknown);
  // HIP's 16-byte uuid holds those characters.
  char uuid[64] = {};
  agentInfo(agent, HSA_AMD_AGENT_INFO_UUID, uuid);
  const char* id = std::strncmp(uuid, "GPU-", 4) == 0 ? uuid + 4 : uuid;
  std::memcpy(p.uuid, id, std::min(sizeof(p.uuid), std::strlen(id)));
  agentInfo(agent, HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT, p.computeUnits);
  agentInfo(agent, HSA_AGENT_INFO_WAVEFRONT_SIZE, p.wavefrontSize);
  agentInfo(agent, HSA_AGENT_INFO_WORKGROUP_MAX_SIZE, p.maxWorkgroupSize);
  agentInfo(agent, HSA_AGENT_INFO_WORKGROUP_MAX_DIM, p.maxWorkgroupDims);
  hsa_dim3_t grid{};
  agentInfo(agent, HSA_AGENT_INFO_GRID_MAX_DIM, grid);
  p.maxGridDims[0] = grid.x;
  p.maxGridDims[1] = grid.y;
  p.maxGridDims[2] = grid.z;
  agentInfo(agent, HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY, p.maxClockMhz);
  agentInfo(agent, HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY, p.memoryClockMhz);
  agentInfo(agent, HSA_AMD_AGENT_INFO_MEMORY_WIDTH, p.memoryBusWidth);
  uint32_t caches[4] = {};
  agentInfo(agent, HSA_AGENT_INFO_CACHE_SIZE, caches);
  p.l2CacheBytes = caches[1];
  agentInfo(agent, HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU, p.maxWavesPerCu);
  agentInfo(agent, HSA_AMD_AGENT_INFO_BDFID, p.bdfId);
  agentInfo(agent, HSA_AMD_AGENT_INFO_DOMAIN, p.domain);
  agentInfo(agent, HSA_AMD_AGENT_INFO_ASIC_REVISION, p.chipRevision);
  size_t group = 0;
  hsa_amd_agent_iterate_memory_pools(agent, visitGroupPool, &group);
  p.groupSegmentBytes = static_cast<uint32_t>(group);
  return p;
}

struct AgentSearch {
  std::vector<hsa_agent_t> gpus;
  std::vector<hsa_agent_t> cpus;
};

hsa_status_t visitAgent(hsa_agent_t agent, void* data) {
  auto* search = static_cast<AgentSearch*>(data);
  hsa_device_type_t type;
  if (hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type) != HSA_STATUS_SUCCESS)
    return HSA_STATUS_SUCCESS;
  if (type == HSA_DEVICE_TYPE_GPU) search->gpus.push_back(agent);
  if (type == HSA_DEVICE_TYPE_CPU) search->cpus.push_back(agent);
  return HSA_STATUS_SUCCESS;
}

// The HDP flush register ROCR maps for the agent (null where it maps none).
uint32_t* hdpFlushRegister(hsa_agent_t agent) {
  hsa_amd_hdp_flush_t hdp{};
  if (hsa_agent_get_info(agent, static_cast<hsa_agent_info_t>(HSA_AMD_AGENT_INFO_HDP_FLUSH),
                         &hdp) != HSA_STATUS_SUCCESS)
    return nullptr;
  return hdp.HDP_MEM_FLUSH_CNTL;
}

}  // namespace

std::string statusName(int status) {
  const char* text = nullptr;
  if (hsa_status_string(static_cast<hsa_status_t>(status), &text) == HSA_STATUS_SUCCESS && text)
    return text;
  return "HSA status " + std::to_string(status);
}

bool isMemoryFault(int status) {
  return status == HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION ||
         status == HSA_STATUS_ERROR_MEMORY_FAULT;
}

bool isTrap(int status) {
  return status == HSA_STATUS_ERROR_EXCEPTION;
}

Error hsaError(int status, Error what) {
  return Error{what.message + ": " + statusName(status), status};
}

Result<void> initialize() {
  hsa_status_t status = hsa_init();
  if (status == HSA_STATUS_SUCCESS) return loader::Ok{};
  Error error = errorf(
      "hsa_init failed (%s); no AMD GPU driver (/dev/kfd) is usable here - on a "
      "machine without a GPU run the program under vgpu-run",
      statusName(status).c_str());
  error.code = status;
  return error;
}

Result<LinkPath> linkPath(uint64_t agent, uint64_t pool) {
  hsa_agent_t from{agent};
  hsa_amd_memory_pool_t to{pool};
  uint32_t hops = 0;
  if (hsa_status_t status = hsa_amd_agent_memory_pool_get_info(
          from, to, HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS, &hops);
      status != HSA_STATUS_SUCCESS)
    return hsaError(status, "the link hops between two agents");
  LinkPath path;
  path.hops = hops;
  if (hops == 0) return path;
  std::vector<hsa_amd_memory_pool_link_info_t> links(hops);
  if (hsa_status_t status = hsa_amd_agent_memory_pool_get_info(
          from, to, HSA_AMD_AGENT_MEMORY_POOL_INFO_LINK_INFO, links.data());
      status != HSA_STATUS_SUCCESS)
    return hsaError(status, "the links between two agents");
  path.firstLinkType = links[0].link_type;
  for (const auto& link : links) path.distance += link.numa_distance;
  return path;
}

Result<std::vector<GpuAgent>> gpuAgents() {
  AgentSearch search;
  hsa_status_t status = hsa_iterate_agents(visitAgent, &search);
  if (status != HSA_STATUS_SUCCESS) return hsaError(status, "hsa_iterate_agents failed");
  if (search.cpus.empty() && !search.gpus.empty())
    return errorf("ROCR reports %zu GPU agents but no CPU agent", search.gpus.size());
  std::vector<GpuAgent> agents;
  for (hsa_agent_t gpu : search.gpus) {
    GpuAgent agent;
    agent.agent = gpu.handle;
    agent.cpuAgent = search.cpus.front().handle;
    agent.properties = readProperties(gpu);
    PoolSearch devicePools;
    hsa_amd_agent_iterate_memory_pools(gpu, visitPool, &devicePools);
    PoolSearch hostPools;
    hsa_amd_agent_iterate_memory_pools(search.cpus.front(), visitPool, &hostPools);
    agent.devicePool = devicePools.device.handle;
    agent.properties.globalMemoryBytes = devicePools.deviceBytes;
    hsa_amd_memory_pool_access_t hostAccess = HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED;
    if (devicePools.device.handle != 0)
      hsa_amd_agent_memory_pool_get_info(search.cpus.front(), devicePools.device,
                                         HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS, &hostAccess);
    agent.properties.hostAccessesDeviceMemory =
        hostAccess != HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED;
    agent.kernargPool = hostPools.kernarg.handle;
    agent.hostPool = hostPools.host.handle ? hostPools.host.handle : hostPools.kernarg.handle;
    if (!agent.devicePool || !agent.kernargPool)
      return errorf("GPU agent %s lacks a device memory pool or a kernarg pool",
                    agent.properties.name.c_str());
    agent.hdpFlush = hdpFlushRegister(gpu);
    agents.push_back(std::move(agent));
  }
  return agents;
}

}  // namespace hipcore::hsa
