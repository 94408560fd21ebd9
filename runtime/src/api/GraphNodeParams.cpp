// Checking and copying node parameters.
#include "GraphNodeParams.h"

#include <cstring>

#include "ApiState.h"
#include "ArrayAccess.h"
#include "FunctionHandles.h"
#include "GraphHandles.h"
#include "core/Device.h"
#include "core/Event.h"
#include "graph/GraphMemory.h"

namespace hipcore::api {

using core::fail;
using core::Status;

Status addNode(hipGraph_t graph, hipGraphNode_t* out, const hipGraphNode_t* dependencies,
               size_t count, graph::NodeParams params) {
  graph::Graph* object = nullptr;
  if (Status valid = graphOf(graph, object); !valid.ok()) return valid;
  if (out == nullptr) return fail(hipErrorInvalidValue, "the node pointer is null");
  graph::GraphNode* node = nullptr;
  if (Status added = object->add(std::move(params), dependencies, count, node); !added.ok())
    return added;
  *out = reinterpret_cast<hipGraphNode_t>(node);
  return Status::success();
}

Status kernelNode(const hipKernelNodeParams* given, graph::NodeParams& out, core::Device* device) {
  if (given == nullptr) return fail(hipErrorInvalidValue, "kernel node parameters are null");
  loader::LaunchGeometry geometry;
  if (Status invalid = validateLaunch(given->func, given->gridDim, given->blockDim,
                                      given->sharedMemBytes, geometry);
      !invalid.ok())
    return invalid;
  // A registered kernel's host handle, a module function or a library's kernel (hipKernel_t).
  FunctionTarget target;
  if (Status found = functionTarget(static_cast<hipFunction_t>(const_cast<void*>(given->func)),
                                    device, target);
      !found.ok()) {
    if (found.code != hipErrorInvalidResourceHandle) return found;
    return fail(hipErrorInvalidDeviceFunction,
                "%p is neither a registered kernel, a module function nor a library kernel",
                given->func);
  }
  device = target.device;
  const core::DeviceKernel* code = target.code;
  const uint64_t threads = uint64_t{given->blockDim.x} * given->blockDim.y * given->blockDim.z;
  if (threads > code->maxWorkgroupSize)
    return fail(hipErrorInvalidConfiguration, "%llu threads per block exceed %s's bound of %u",
                static_cast<unsigned long long>(threads), code->name.c_str(),
                code->maxWorkgroupSize);
  const size_t ldsLimit = device->properties().sharedMemPerBlock;
  if (ldsLimit != 0 && code->groupSegmentSize + given->sharedMemBytes > ldsLimit)
    return fail(hipErrorInvalidValue, "%s needs %u bytes of LDS with %u dynamic, over %zu",
                code->name.c_str(), code->groupSegmentSize, given->sharedMemBytes, ldsLimit);
  out.type = hipGraphNodeTypeKernel;
  return graph::KernelLaunch::make(*given, *code, device->index(), out.kernel);
}

namespace {

// `bytes` from `pointer` stay inside the allocation the pointer registry knows it in (memory it
// does not know, pageable host memory, is the caller's to size).
Status withinAllocation(const void* pointer, size_t bytes, const char* role) {
  core::Allocation allocation;
  if (!runtime().pointers().find(pointer, allocation)) return Status::success();
  const size_t offset = static_cast<size_t>(static_cast<const char*>(pointer) -
                                            static_cast<const char*>(allocation.base));
  if (offset + bytes > allocation.bytes)
    return fail(hipErrorInvalidValue, "%s: %zu bytes at offset %zu of a %zu-byte allocation", role,
                bytes, offset, allocation.bytes);
  return Status::success();
}

bool validKind(hipMemcpyKind kind) {
  int raw = 0;  // read as the int it is: a C caller may leave any value there
  std::memcpy(&raw, &kind, sizeof raw);
  return (raw >= hipMemcpyHostToHost && raw <= hipMemcpyDefault) ||
         raw == hipMemcpyDeviceToDeviceNoCU;
}

}  // namespace

namespace {

// A memcpy node's box. `userPitch`: the pitches are the caller's, limited by
// hipDeviceAttributeMaxPitch; a 1D copy's pitch is its length, which no limit applies to.
Status copyBox(const hipMemcpy3DParms* given, bool userPitch, graph::NodeParams& out) {
  if (given == nullptr) return fail(hipErrorInvalidValue, "memcpy node parameters are null");
  if (!validKind(given->kind)) return fail(hipErrorInvalidMemcpyDirection, "memcpy node kind");
  // An array side becomes the pitched box of its memory, as hipMemcpy3D's; the node keeps the
  // caller's parameters to hand back.
  hipMemcpy3DParms resolved;
  if (Status arrays = resolveArrays(*given, resolved); !arrays.ok()) return arrays;
  const hipMemcpy3DParms* p = &resolved;
  if (p->srcPtr.ptr == nullptr || p->dstPtr.ptr == nullptr)
    return fail(hipErrorInvalidValue, "memcpy node %p -> %p", p->srcPtr.ptr, p->dstPtr.ptr);
  const hipExtent& e = p->extent;
  if (e.width == 0 || e.height == 0 || e.depth == 0)
    return fail(hipErrorInvalidValue, "memcpy node of an empty extent");
  graph::CopyOperation copy;
  copy.params = *given;
  copy.extent = core::Extent{e.width, e.height, e.depth};
  const hipPitchedPtr* sides[] = {&p->dstPtr, &p->srcPtr};
  const hipPos* positions[] = {&p->dstPos, &p->srcPos};
  const char* roles[] = {"memcpy node destination", "memcpy node source"};
  // AMD refuses a pitch of hipDeviceAttributeMaxPitch or more (hip-tests ask with the
  // attribute's value itself).
  size_t maxPitch = INT32_MAX;
  if (core::Device* device = nullptr; currentDevice(device).ok())
    maxPitch = device->properties().memPitch;
  size_t offsets[2];
  for (int i = 0; i < 2; ++i) {
    const hipPitchedPtr& side = *sides[i];
    const hipPos& at = *positions[i];
    // A row wider than its pitch is a pitch error; a row that fits but starts too far right to
    // end inside it is an invalid value (CUDA's and the newer hip-tests' answers).
    if (e.width > side.pitch)
      return fail(hipErrorInvalidPitchValue, "memcpy node: width %zu exceeds pitch %zu", e.width,
                  side.pitch);
    if (at.x + e.width > side.pitch)
      return fail(hipErrorInvalidValue, "memcpy node: x %zu + width %zu exceeds pitch %zu", at.x,
                  e.width, side.pitch);
    if (userPitch && side.pitch >= maxPitch)
      return fail(hipErrorInvalidValue, "memcpy node: pitch %zu is not below the maximum %zu",
                  side.pitch, maxPitch);
    if ((e.depth > 1 || at.z > 0) && at.y + e.height > side.ysize)
      return fail(hipErrorInvalidValue, "memcpy node: y %zu + height %zu exceeds %zu rows", at.y,
                  e.height, side.ysize);
    // The box ends inside the allocation the pointer registry knows the pointer in: a z (or y)
    // position past its slices is refused here, as AMD refuses it, not found at launch.
    using Wide = unsigned __int128;
    const Wide end = ((Wide{at.z} + e.depth - 1) * side.ysize + at.y + e.height - 1) * side.pitch +
                     at.x + e.width;
    if (end > SIZE_MAX)
      return fail(hipErrorInvalidValue, "%s: the box ends past the address space", roles[i]);
    if (Status inside = withinAllocation(side.ptr, static_cast<size_t>(end), roles[i]);
        !inside.ok())
      return inside;
    offsets[i] = at.z * side.pitch * side.ysize + at.y * side.pitch + at.x;
  }
  copy.destination = {static_cast<char*>(p->dstPtr.ptr) + offsets[0], p->dstPtr.pitch,
                      p->dstPtr.pitch * p->dstPtr.ysize};
  copy.source = {static_cast<const char*>(p->srcPtr.ptr) + offsets[1], p->srcPtr.pitch,
                 p->srcPtr.pitch * p->srcPtr.ysize};
  out.type = hipGraphNodeTypeMemcpy;
  out.copy = copy;
  return Status::success();
}

}  // namespace

Status copyNode(const hipMemcpy3DParms* p, graph::NodeParams& out) {
  return copyBox(p, /*userPitch=*/true, out);
}

Status copyNode1D(void* destination, const void* source, size_t bytes, hipMemcpyKind kind,
                  graph::NodeParams& out) {
  // A 1D copy's ranges are checked as CUDA does: distinct, not overlapping, inside their
  // allocations.
  const auto* d = static_cast<const char*>(destination);
  const auto* s = static_cast<const char*>(source);
  if (d != nullptr && s != nullptr && d < s + bytes && s < d + bytes)
    return fail(hipErrorInvalidValue, "memcpy node: %p and %p overlap over %zu bytes", destination,
                source, bytes);
  if (d != nullptr && s != nullptr) {
    if (Status inside = withinAllocation(destination, bytes, "destination"); !inside.ok())
      return inside;
    if (Status inside = withinAllocation(source, bytes, "source"); !inside.ok()) return inside;
  }
  hipMemcpy3DParms p{};
  p.dstPtr = make_hipPitchedPtr(destination, bytes, bytes, 1);
  p.srcPtr = make_hipPitchedPtr(const_cast<void*>(source), bytes, bytes, 1);
  p.extent = make_hipExtent(bytes, 1, 1);
  p.kind = kind;
  return copyBox(&p, /*userPitch=*/false, out);
}

Status fillNode(const hipMemsetParams* p, graph::NodeParams& out) {
  if (p == nullptr) return fail(hipErrorInvalidValue, "memset node parameters are null");
  if (p->dst == nullptr) return fail(hipErrorInvalidValue, "memset node destination is null");
  if (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4)
    return fail(hipErrorInvalidValue, "memset node element size %u (1, 2 or 4)", p->elementSize);
  if (p->width == 0 || p->height == 0)
    return fail(hipErrorInvalidValue, "memset node of %zu x %zu elements", p->width, p->height);
  if (p->height > 1 && p->width * p->elementSize > p->pitch)
    return fail(hipErrorInvalidValue, "memset node rows of %zu bytes exceed the pitch %zu",
                p->width * p->elementSize, p->pitch);
  const size_t span = (p->height - 1) * p->pitch + p->width * p->elementSize;
  if (Status inside = withinAllocation(p->dst, span, "memset node"); !inside.ok()) return inside;
  out.type = hipGraphNodeTypeMemset;
  out.fill.params = *p;
  return Status::success();
}

Status hostNode(const hipHostNodeParams* p, graph::NodeParams& out) {
  if (p == nullptr || p->fn == nullptr)
    return fail(hipErrorInvalidValue, "host node function is null");
  out.type = hipGraphNodeTypeHost;
  out.host = *p;
  return Status::success();
}

Status eventNode(hipGraphNodeType type, hipEvent_t event, graph::NodeParams& out) {
  auto* object = reinterpret_cast<core::Event*>(event);
  if (reinterpret_cast<uintptr_t>(event) < 4096 || !object->valid())
    return fail(hipErrorInvalidValue, "%p is not an event", static_cast<void*>(event));
  out.type = type;
  out.event = event;
  return Status::success();
}

// The device address of `symbol` + offset, with count bytes in range.
static Status symbolAt(const void* symbol, size_t count, size_t offset, void*& out) {
  size_t size = 0;
  if (hipGetSymbolAddress(&out, symbol) != hipSuccess ||
      hipGetSymbolSize(&size, symbol) != hipSuccess)
    return fail(hipErrorInvalidSymbol, "%p is not a device variable", symbol);
  if (offset > size || count > size - offset)
    return fail(hipErrorInvalidValue, "%zu bytes at offset %zu of a %zu-byte variable", count,
                offset, size);
  out = static_cast<char*>(out) + offset;
  return Status::success();
}

Status symbolCopyNode(void* destination, const void* source, const void* symbol, size_t count,
                      size_t offset, hipMemcpyKind kind, bool toSymbol, graph::NodeParams& out) {
  void* address = nullptr;
  if (Status found = symbolAt(symbol, count, offset, address); !found.ok()) return found;
  // The symbol's side is device memory: a kind that puts it on the host is no direction for
  // this copy. The other side is checked against the kind where the pointer registry can tell:
  // a "device" pointer it does not know (pageable host memory, another symbol's host shadow) is
  // refused as AMD's runtime refuses it.
  const hipMemcpyKind symbolSideHost = toSymbol ? hipMemcpyDeviceToHost : hipMemcpyHostToDevice;
  if (kind == symbolSideHost || kind == hipMemcpyHostToHost)
    return fail(hipErrorInvalidMemcpyDirection, "kind %d for a copy %s a device variable",
                static_cast<int>(kind), toSymbol ? "to" : "from");
  const void* other = toSymbol ? source : destination;
  core::Allocation allocation;
  if (other != nullptr &&
      (kind == hipMemcpyDeviceToDevice || kind == hipMemcpyDeviceToDeviceNoCU) &&
      !runtime().pointers().find(other, allocation))
    return fail(hipErrorInvalidValue, "%p is not device memory, as kind %d says", other,
                static_cast<int>(kind));
  return toSymbol ? copyNode1D(address, source, count, kind, out)
                  : copyNode1D(destination, address, count, kind, out);
}

Status allocationNode(const hipMemAllocNodeParams* given, graph::NodeParams& out) {
  if (given == nullptr) return fail(hipErrorInvalidValue, "allocation parameters are null");
  const hipMemPoolProps& props = given->poolProps;
  if (props.allocType != hipMemAllocationTypePinned ||
      props.location.type != hipMemLocationTypeDevice)
    return fail(hipErrorInvalidValue, "graph memory is pinned device memory (type %d, location %d)",
                static_cast<int>(props.allocType), static_cast<int>(props.location.type));
  if (given->accessDescCount != 0 && given->accessDescs == nullptr)
    return fail(hipErrorInvalidValue, "%zu access descriptors, the list is null",
                given->accessDescCount);
  core::Device* device = nullptr;
  if (Status found = deviceAt(props.location.id, device); !found.ok())
    return fail(hipErrorInvalidValue, "the pool location %d is not a device", props.location.id);
  std::shared_ptr<graph::GraphAllocation> allocation;
  if (Status made = graph::GraphAllocation::create(*device, given->bytesize, allocation);
      !made.ok())
    return made;
  out.type = hipGraphNodeTypeMemAlloc;
  out.alloc = *given;
  out.alloc.dptr = allocation->address();
  out.allocation = std::move(allocation);
  return Status::success();
}

Status freeNode(void* address, graph::NodeParams& out) {
  if (!graph::isGraphMemory(address))
    return fail(hipErrorInvalidValue, "%p is not memory a graph allocated", address);
  out.type = hipGraphNodeTypeMemFree;
  out.freed = address;
  return Status::success();
}

}  // namespace hipcore::api
