// libFuzzer target: the code-object ELF reader as the runtime uses it (sections, symbols, notes,
// kernel descriptors through bytesAt, the metadata note, kernarg layouts) and extent().
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "hipcore/loader/CodeObject.h"
#include "hipcore/loader/KernargLayout.h"
#include "hipcore/loader/KernelDescriptor.h"
#include "hipcore/loader/KernelMetadata.h"

using namespace hipcore::loader;

namespace {

bool inside(Bytes part, const uint8_t* data, size_t size) {
  return part.empty() || (part.data() >= data && part.data() + part.size() <= data + size);
}

void packKernel(const KernelMetadata& kernel) {
  if (kernel.kernargSegmentSize > (1u << 20)) return;  // the runtime refuses larger segments
  KernargLayout layout(kernel);
  std::vector<uint8_t> argBytes(1u << 16);
  std::vector<void*> args(layout.explicitCount(), argBytes.data());
  for (size_t i = 0; i < layout.explicitCount(); ++i)
    if (kernel.args[i].size > argBytes.size()) return;
  std::vector<uint8_t> segment(layout.segmentSize());
  layout.pack(args.data(), LaunchGeometry{}, HiddenArgValues{}, segment.data());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto object = CodeObject::parse(Bytes(data, size));
  if (!object) return 0;
  // parse() read the ELF header and section table inside the input, so extent() can too.
  auto extent = CodeObject::extent(data);
  (void)extent;
  (void)object->target();
  for (const ElfNote& note : object->notes())
    if (!inside(note.desc, data, size)) std::abort();
  for (const ElfSymbol& symbol : object->symbols()) {
    auto bytes = object->bytesAt(symbol.value, symbol.size ? symbol.size : KernelDescriptor::kSize);
    if (!bytes) continue;
    if (!inside(*bytes, data, size)) std::abort();
    (void)KernelDescriptor::parse(*bytes);
  }
  auto note = object->metadataNote();
  if (!note) return 0;
  auto metadata = parseCodeObjectMetadata(*note);
  if (!metadata) return 0;
  for (const KernelMetadata& kernel : metadata->kernels) {
    if (const ElfSymbol* symbol = object->findSymbol(kernel.symbol)) {
      auto descriptor = object->bytesAt(symbol->value, KernelDescriptor::kSize);
      if (descriptor && !inside(*descriptor, data, size)) std::abort();
    }
    packKernel(kernel);
  }
  return 0;
}
