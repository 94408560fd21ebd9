// Loading a code object into a frozen ROCR executable and resolving its symbols.
#include <hsa/hsa.h>

#include "Hsa.h"

namespace hipcore::hsa {
namespace {

Result<hsa_executable_symbol_t> findSymbol(uint64_t executable, uint64_t agent,
                                           const std::string& name) {
  hsa_executable_symbol_t symbol;
  hsa_agent_t a{agent};
  hsa_status_t status =
      hsa_executable_get_symbol_by_name(hsa_executable_t{executable}, name.c_str(), &a, &symbol);
  if (status != HSA_STATUS_SUCCESS)
    return hsaError(status, errorf("symbol %s not found in the loaded code object", name.c_str()));
  return symbol;
}

}  // namespace

Result<std::unique_ptr<Executable>> Executable::load(uint64_t agent, loader::Bytes codeObject) {
  hsa_code_object_reader_t reader;
  hsa_status_t status =
      hsa_code_object_reader_create_from_memory(codeObject.data(), codeObject.size(), &reader);
  if (status != HSA_STATUS_SUCCESS)
    return hsaError(
        status, errorf("hsa_code_object_reader_create_from_memory (%zu bytes)", codeObject.size()));
  hsa_executable_t executable;
  status = hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                     nullptr, &executable);
  if (status != HSA_STATUS_SUCCESS) {
    hsa_code_object_reader_destroy(reader);
    return hsaError(status, "hsa_executable_create_alt");
  }
  std::unique_ptr<Executable> result(new Executable(agent, executable.handle, reader.handle));
  status = hsa_executable_load_agent_code_object(executable, hsa_agent_t{agent}, reader, nullptr,
                                                 nullptr);
  if (status != HSA_STATUS_SUCCESS)
    return hsaError(status, "hsa_executable_load_agent_code_object");
  status = hsa_executable_freeze(executable, nullptr);
  if (status != HSA_STATUS_SUCCESS) return hsaError(status, "hsa_executable_freeze");
  noteExecutable(executable.handle, agent, /*live=*/true);  // fault reports name its kernels
  return result;
}

Executable::~Executable() {
  noteExecutable(executable_, agent_, /*live=*/false);
  hsa_executable_destroy(hsa_executable_t{executable_});
  hsa_code_object_reader_destroy(hsa_code_object_reader_t{reader_});
}

Result<KernelSymbol> Executable::kernel(const std::string& name) const {
  auto symbol = findSymbol(executable_, agent_, name);
  if (!symbol) return symbol.error();
  KernelSymbol kernel;
  hsa_executable_symbol_get_info(*symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT,
                                 &kernel.kernelObject);
  hsa_executable_symbol_get_info(*symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE,
                                 &kernel.kernargSize);
  hsa_executable_symbol_get_info(*symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE,
                                 &kernel.groupSegmentSize);
  hsa_executable_symbol_get_info(*symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE,
                                 &kernel.privateSegmentSize);
  return kernel;
}

Result<uint64_t> Executable::variableAddress(const std::string& name) const {
  auto symbol = findSymbol(executable_, agent_, name);
  if (!symbol) return symbol.error();
  uint64_t address = 0;
  hsa_executable_symbol_get_info(*symbol, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &address);
  return address;
}

}  // namespace hipcore::hsa
