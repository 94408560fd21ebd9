// Device faults as ROCR reports them, turned into facts the runtime can put in an error:
// the memory-fault handler (without one ROCR 5.2.3 aborts the process on a GPU memory fault),
// the kernel a stopped queue is stuck in.
#include <cxxabi.h>
#include <hsa/amd_hsa_queue.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <vector>

#include "Hsa.h"

namespace hipcore::hsa {
namespace {

struct FaultSink {
  MemoryFaultSink function = nullptr;
  void* context = nullptr;
};
FaultSink gSink;

std::mutex gExecutablesMutex;
std::vector<std::pair<uint64_t, uint64_t>>& liveExecutables() {  // (executable, agent)
  static auto* executables = new std::vector<std::pair<uint64_t, uint64_t>>;
  return *executables;
}

hsa_status_t onSystemEvent(const hsa_amd_event_t* event, void*) {
  if (event == nullptr || event->event_type != HSA_AMD_GPU_MEMORY_FAULT_EVENT)
    return HSA_STATUS_ERROR;
  const hsa_amd_gpu_memory_fault_info_t& fault = event->memory_fault;
  if (gSink.function != nullptr)
    gSink.function(fault.agent.handle, fault.virtual_address, gSink.context);
  // Accepted: ROCR then neither prints its own report nor aborts.
  return HSA_STATUS_SUCCESS;
}

std::string demangled(const std::string& symbol) {
  std::string name = symbol;
  if (name.size() > 3 && name.compare(name.size() - 3, 3, ".kd") == 0) name.resize(name.size() - 3);
  int status = 0;
  char* readable = abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status);
  if (status != 0 || readable == nullptr) return name;
  std::string result = readable;
  std::free(readable);
  return result;
}

struct SymbolSearch {
  uint64_t kernelObject;
  std::string name;
};

hsa_status_t matchKernel(hsa_executable_t, hsa_agent_t, hsa_executable_symbol_t symbol,
                         void* data) {
  auto* search = static_cast<SymbolSearch*>(data);
  hsa_symbol_kind_t kind;
  if (hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_TYPE, &kind) !=
          HSA_STATUS_SUCCESS ||
      kind != HSA_SYMBOL_KIND_KERNEL)
    return HSA_STATUS_SUCCESS;
  uint64_t object = 0;
  hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &object);
  if (object != search->kernelObject) return HSA_STATUS_SUCCESS;
  uint32_t length = 0;
  hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH, &length);
  std::string name(length, '\0');
  hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_NAME, name.data());
  search->name = demangled(name);
  return HSA_STATUS_INFO_BREAK;
}

}  // namespace

void installMemoryFaultHandler(MemoryFaultSink sink, void* context) {
  gSink = {sink, context};
  hsa_amd_register_system_event_handler(onSystemEvent, nullptr);
}

uint64_t stoppedKernelObject(uint64_t queueAddress) {
  if (queueAddress == 0) return 0;
  auto* queue = reinterpret_cast<amd_queue_t*>(queueAddress);
  uint64_t read = __atomic_load_n(&queue->read_dispatch_id, __ATOMIC_ACQUIRE);
  uint64_t write = __atomic_load_n(&queue->write_dispatch_id, __ATOMIC_ACQUIRE);
  if (read >= write) return 0;  // nothing was pending: not the queue that stopped
  auto* packets = static_cast<hsa_kernel_dispatch_packet_t*>(queue->hsa_queue.base_address);
  const hsa_kernel_dispatch_packet_t& packet = packets[read & (queue->hsa_queue.size - 1)];
  uint16_t type =
      (packet.header >> HSA_PACKET_HEADER_TYPE) & ((1 << HSA_PACKET_HEADER_WIDTH_TYPE) - 1);
  return type == HSA_PACKET_TYPE_KERNEL_DISPATCH ? packet.kernel_object : 0;
}

void noteExecutable(uint64_t executable, uint64_t agent, bool live) {
  std::lock_guard lock(gExecutablesMutex);
  auto& executables = liveExecutables();
  if (live) {
    executables.emplace_back(executable, agent);
    return;
  }
  for (auto it = executables.begin(); it != executables.end(); ++it)
    if (it->first == executable) {
      executables.erase(it);
      return;
    }
}

std::string kernelNameOf(uint64_t kernelObject) {
  if (kernelObject == 0) return "";
  SymbolSearch search{kernelObject, ""};
  std::lock_guard lock(gExecutablesMutex);
  for (auto [executable, agent] : liveExecutables()) {
    hsa_executable_iterate_agent_symbols(hsa_executable_t{executable}, hsa_agent_t{agent},
                                         matchKernel, &search);
    if (!search.name.empty()) break;
  }
  return search.name;
}

}  // namespace hipcore::hsa
