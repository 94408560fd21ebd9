// Turning the msgpack metadata document into KernelMetadata records.
#include "hipcore/loader/KernelMetadata.h"

#include <array>
#include <utility>

#include "hipcore/loader/MetadataIndex.h"
#include "hipcore/loader/MsgPack.h"

namespace hipcore::loader {
namespace {

constexpr std::array<std::pair<std::string_view, ArgKind>, 31> kArgKinds{{
    {"by_value", ArgKind::ByValue},
    {"global_buffer", ArgKind::GlobalBuffer},
    {"dynamic_shared_pointer", ArgKind::DynamicSharedPointer},
    {"sampler", ArgKind::Sampler},
    {"image", ArgKind::Image},
    {"pipe", ArgKind::Pipe},
    {"queue", ArgKind::Queue},
    {"hidden_global_offset_x", ArgKind::HiddenGlobalOffsetX},
    {"hidden_global_offset_y", ArgKind::HiddenGlobalOffsetY},
    {"hidden_global_offset_z", ArgKind::HiddenGlobalOffsetZ},
    {"hidden_none", ArgKind::HiddenNone},
    {"hidden_printf_buffer", ArgKind::HiddenPrintfBuffer},
    {"hidden_hostcall_buffer", ArgKind::HiddenHostcallBuffer},
    {"hidden_default_queue", ArgKind::HiddenDefaultQueue},
    {"hidden_completion_action", ArgKind::HiddenCompletionAction},
    {"hidden_multigrid_sync_arg", ArgKind::HiddenMultigridSyncArg},
    {"hidden_block_count_x", ArgKind::HiddenBlockCountX},
    {"hidden_block_count_y", ArgKind::HiddenBlockCountY},
    {"hidden_block_count_z", ArgKind::HiddenBlockCountZ},
    {"hidden_group_size_x", ArgKind::HiddenGroupSizeX},
    {"hidden_group_size_y", ArgKind::HiddenGroupSizeY},
    {"hidden_group_size_z", ArgKind::HiddenGroupSizeZ},
    {"hidden_remainder_x", ArgKind::HiddenRemainderX},
    {"hidden_remainder_y", ArgKind::HiddenRemainderY},
    {"hidden_remainder_z", ArgKind::HiddenRemainderZ},
    {"hidden_grid_dims", ArgKind::HiddenGridDims},
    {"hidden_heap_v1", ArgKind::HiddenHeapV1},
    {"hidden_dynamic_lds_size", ArgKind::HiddenDynamicLdsSize},
    {"hidden_private_base", ArgKind::HiddenPrivateBase},
    {"hidden_shared_base", ArgKind::HiddenSharedBase},
    {"hidden_queue_ptr", ArgKind::HiddenQueuePtr},
}};

uint32_t unsignedField(const MsgValue& map, std::string_view key, uint32_t fallback = 0) {
  const MsgValue* value = map.find(key);
  auto number = value ? value->asUnsigned() : std::nullopt;
  return number && *number <= UINT32_MAX ? static_cast<uint32_t>(*number) : fallback;
}

std::string stringField(const MsgValue& map, std::string_view key) {
  const MsgValue* value = map.find(key);
  auto text = value ? value->asString() : std::nullopt;
  return text ? std::string(*text) : std::string();
}

Result<KernelArg> parseArg(const MsgValue& node, size_t index) {
  if (!node.isMap()) return errorf("argument %zu is not a map", index);
  KernelArg arg;
  arg.name = stringField(node, ".name");
  arg.valueKind = stringField(node, ".value_kind");
  const MsgValue* offset = node.find(".offset");
  const MsgValue* size = node.find(".size");
  if (arg.valueKind.empty() || !offset || !offset->asUnsigned() || !size || !size->asUnsigned())
    return errorf("argument %zu lacks .offset, .size or .value_kind", index);
  if (*offset->asUnsigned() > UINT32_MAX || *size->asUnsigned() > UINT32_MAX)
    return errorf("argument %zu offset/size out of range", index);
  arg.offset = static_cast<uint32_t>(*offset->asUnsigned());
  arg.size = static_cast<uint32_t>(*size->asUnsigned());
  arg.kind = argKindFromString(arg.valueKind);
  return arg;
}

Result<KernelMetadata> parseKernel(const MsgValue& node, size_t index) {
  if (!node.isMap()) return errorf("amdhsa.kernels[%zu] is not a map", index);
  KernelMetadata kernel;
  kernel.name = stringField(node, ".name");
  kernel.symbol = stringField(node, ".symbol");
  if (kernel.name.empty() || kernel.symbol.empty())
    return errorf("amdhsa.kernels[%zu] lacks .name or .symbol", index);
  if (!node.find(".kernarg_segment_size"))
    return errorf("kernel %s lacks .kernarg_segment_size", kernel.name.c_str());
  kernel.kernargSegmentSize = unsignedField(node, ".kernarg_segment_size");
  kernel.kernargSegmentAlign = unsignedField(node, ".kernarg_segment_align", 8);
  kernel.groupSegmentFixedSize = unsignedField(node, ".group_segment_fixed_size");
  kernel.privateSegmentFixedSize = unsignedField(node, ".private_segment_fixed_size");
  kernel.wavefrontSize = unsignedField(node, ".wavefront_size");
  kernel.sgprCount = unsignedField(node, ".sgpr_count");
  kernel.vgprCount = unsignedField(node, ".vgpr_count");
  kernel.maxFlatWorkgroupSize = unsignedField(node, ".max_flat_workgroup_size");
  const MsgValue* dynamicStack = node.find(".uses_dynamic_stack");
  kernel.usesDynamicStack =
      dynamicStack && dynamicStack->kind == MsgValue::Kind::Bool && dynamicStack->boolean;
  if (const MsgValue* args = node.find(".args")) {
    if (!args->isArray()) return errorf("kernel %s: .args is not an array", kernel.name.c_str());
    for (size_t i = 0; i < args->array.size(); ++i) {
      auto arg = parseArg(args->array[i], i);
      if (!arg) return withContext("kernel " + kernel.name, arg.error());
      if (uint64_t{arg->offset} + arg->size > kernel.kernargSegmentSize)
        return errorf("kernel %s: argument %zu (%s) at %u+%u past kernarg segment of %u bytes",
                      kernel.name.c_str(), i, arg->valueKind.c_str(), arg->offset, arg->size,
                      kernel.kernargSegmentSize);
      kernel.args.push_back(std::move(arg).value());
    }
  }
  return kernel;
}

}  // namespace

ArgKind argKindFromString(std::string_view text) {
  for (const auto& [name, kind] : kArgKinds)
    if (name == text) return kind;
  return ArgKind::Unknown;
}

std::string_view argKindName(ArgKind kind) {
  for (const auto& [name, k] : kArgKinds)
    if (k == kind) return name;
  return "unknown";
}

bool isHidden(ArgKind kind) {
  return kind >= ArgKind::HiddenGlobalOffsetX && kind != ArgKind::Unknown;
}

size_t KernelMetadata::explicitArgCount() const {
  size_t count = 0;
  while (count < args.size() && !isHidden(args[count].kind)) ++count;
  return count;
}

const KernelMetadata* CodeObjectMetadata::findKernel(std::string_view name) const {
  for (const KernelMetadata& kernel : kernels)
    if (kernel.name == name) return &kernel;
  return nullptr;
}

Result<KernelMetadata> parseKernelMetadata(const KernelMetadataEntry& entry) {
  auto node = parseMsgPack(entry.map);
  if (!node) return withContext("metadata note", node.error());
  auto kernel = parseKernel(*node, entry.index);
  if (!kernel) return withContext("metadata note", kernel.error());
  return kernel;
}

Result<CodeObjectMetadata> parseCodeObjectMetadata(Bytes note) {
  auto document = parseMsgPack(note);
  if (!document) return withContext("metadata note", document.error());
  if (!document->isMap()) return errorf("metadata note: top level is not a map");
  CodeObjectMetadata metadata;
  if (const MsgValue* version = document->find("amdhsa.version");
      version && version->isArray() && version->array.size() == 2) {
    metadata.versionMajor = static_cast<uint32_t>(version->array[0].asUnsigned().value_or(0));
    metadata.versionMinor = static_cast<uint32_t>(version->array[1].asUnsigned().value_or(0));
  }
  metadata.target = stringField(*document, "amdhsa.target");
  const MsgValue* kernels = document->find("amdhsa.kernels");
  if (kernels == nullptr) return metadata;  // a code object may hold only device functions
  if (!kernels->isArray()) return errorf("metadata note: amdhsa.kernels is not an array");
  for (size_t i = 0; i < kernels->array.size(); ++i) {
    auto kernel = parseKernel(kernels->array[i], i);
    if (!kernel) return withContext("metadata note", kernel.error());
    metadata.kernels.push_back(std::move(kernel).value());
  }
  return metadata;
}

}  // namespace hipcore::loader
