// Stream attributes and ids (hipStreamGetAttribute/SetAttribute, hipStreamCopyAttributes,
// hipStreamGetId) and CU-masked streams (hipExtStreamCreateWithCUMask, hipExtStreamGetCUMask).
#include <algorithm>
#include <vector>

#include "ApiCall.h"
#include "ApiState.h"
#include "core/Device.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;
using hipcore::core::Stream;

namespace {

// The Stream behind a handle, the null stream included (created on first use, as a launch would).
Status streamObject(hipStream_t handle, Stream*& out) {
  hipcore::core::Device* device = nullptr;
  if (Status status = hipcore::api::streamOf(handle, device, out); !status.ok()) return status;
  return out != nullptr ? Status::success() : device->nullStream(out);
}

// Every multiprocessor of the device, one bit each.
std::vector<uint32_t> allUnits(const hipcore::core::Device& device) {
  const uint32_t units = static_cast<uint32_t>(device.properties().multiProcessorCount);
  std::vector<uint32_t> mask((units + 31) / 32, 0);
  for (uint32_t unit = 0; unit < units; ++unit) mask[unit / 32] |= 1u << (unit % 32);
  return mask;
}

Status getAttribute(Stream& stream, hipLaunchAttributeID attr, hipLaunchAttributeValue& value) {
  switch (attr) {
    case hipLaunchAttributeAccessPolicyWindow:
      value.accessPolicyWindow = stream.attributes.accessPolicyWindow;
      return Status::success();
    case hipLaunchAttributeSynchronizationPolicy:
      value.syncPolicy = stream.attributes.syncPolicy;
      return Status::success();
    case hipLaunchAttributePriority:
      value.priority = stream.priority();
      return Status::success();
    case hipLaunchAttributeMemSyncDomainMap:
      value.memSyncDomainMap = stream.attributes.memSyncDomainMap;
      return Status::success();
    case hipLaunchAttributeMemSyncDomain:
      value.memSyncDomain = stream.attributes.memSyncDomain;
      return Status::success();
    default:
      return fail(hipErrorInvalidValue, "attribute %d is not a stream attribute",
                  static_cast<int>(attr));
  }
}

Status setAttribute(Stream& stream, hipLaunchAttributeID attr,
                    const hipLaunchAttributeValue& value) {
  switch (attr) {
    case hipLaunchAttributeAccessPolicyWindow:
      if (Status bad = hipcore::api::checkAccessPolicyWindow(value.accessPolicyWindow); !bad.ok())
        return bad;
      stream.attributes.accessPolicyWindow = value.accessPolicyWindow;
      return Status::success();
    case hipLaunchAttributeSynchronizationPolicy:
      if (Status bad = hipcore::api::checkSyncPolicy(value.syncPolicy); !bad.ok()) return bad;
      stream.attributes.syncPolicy = value.syncPolicy;
      return Status::success();
    case hipLaunchAttributePriority:
      // Clamped to hipDeviceGetStreamPriorityRange's [-1, 0], as stream creation does.
      stream.setPriority(std::clamp(value.priority, -1, 0));
      return Status::success();
    case hipLaunchAttributeMemSyncDomainMap:
      stream.attributes.memSyncDomainMap = value.memSyncDomainMap;
      return Status::success();
    case hipLaunchAttributeMemSyncDomain:
      if (value.memSyncDomain != hipLaunchMemSyncDomainDefault &&
          value.memSyncDomain != hipLaunchMemSyncDomainRemote)
        return fail(hipErrorInvalidValue, "memory sync domain %d",
                    static_cast<int>(value.memSyncDomain));
      stream.attributes.memSyncDomain = value.memSyncDomain;
      return Status::success();
    default:
      return fail(hipErrorInvalidValue, "attribute %d is not a stream attribute",
                  static_cast<int>(attr));
  }
}

}  // namespace

HIPCORE_API hipError_t hipStreamGetAttribute(hipStream_t stream, hipLaunchAttributeID attr,
                                             hipLaunchAttributeValue* value_out) {
  return hipcore::api::call(
      "hipStreamGetAttribute", hipStreamGetAttribute,
      [&] {
        if (value_out == nullptr)
          return finish("hipStreamGetAttribute", fail(hipErrorInvalidValue, "value_out is null"));
        Stream* queue = nullptr;
        Status status = streamObject(stream, queue);
        if (status.ok()) status = getAttribute(*queue, attr, *value_out);
        return finish("hipStreamGetAttribute", std::move(status));
      },
      "stream, attr, value_out", stream, attr, value_out);
}

HIPCORE_API hipError_t hipStreamSetAttribute(hipStream_t stream, hipLaunchAttributeID attr,
                                             const hipLaunchAttributeValue* value) {
  return hipcore::api::call(
      "hipStreamSetAttribute", hipStreamSetAttribute,
      [&] {
        if (value == nullptr)
          return finish("hipStreamSetAttribute", fail(hipErrorInvalidValue, "value is null"));
        Stream* queue = nullptr;
        Status status = streamObject(stream, queue);
        if (status.ok()) status = setAttribute(*queue, attr, *value);
        return finish("hipStreamSetAttribute", std::move(status));
      },
      "stream, attr, value", stream, attr, value);
}

HIPCORE_API hipError_t hipStreamCopyAttributes(hipStream_t dst, hipStream_t src) {
  return hipcore::api::call(
      "hipStreamCopyAttributes", hipStreamCopyAttributes,
      [&] {
        Stream* to = nullptr;
        Stream* from = nullptr;
        Status status = streamObject(dst, to);
        if (status.ok()) status = streamObject(src, from);
        if (status.ok() && &to->device() != &from->device())
          status = fail(hipErrorInvalidValue, "streams %p and %p belong to different devices",
                        static_cast<void*>(dst), static_cast<void*>(src));
        if (status.ok()) {
          to->attributes = from->attributes;
          to->setPriority(from->priority());
        }
        return finish("hipStreamCopyAttributes", std::move(status));
      },
      "dst, src", dst, src);
}

HIPCORE_API hipError_t hipStreamGetId(hipStream_t stream, unsigned long long* streamId) {
  return hipcore::api::call(
      "hipStreamGetId", hipStreamGetId,
      [&] {
        if (streamId == nullptr)
          return finish("hipStreamGetId", fail(hipErrorInvalidValue, "streamId is null"));
        Stream* queue = nullptr;
        Status status = streamObject(stream, queue);
        if (status.ok()) *streamId = queue->id();
        return finish("hipStreamGetId", std::move(status));
      },
      "stream, streamId", stream, streamId);
}

HIPCORE_API hipError_t hipExtStreamCreateWithCUMask(hipStream_t* stream, uint32_t cuMaskSize,
                                                    const uint32_t* cuMask) {
  return hipcore::api::call(
      "hipExtStreamCreateWithCUMask", hipExtStreamCreateWithCUMask,
      [&] {
        const char* call = "hipExtStreamCreateWithCUMask";
        // AMD's codes: a null stream pointer is an invalid handle, an empty mask a bad value.
        if (stream == nullptr) return finish(call, fail(hipErrorInvalidHandle, "stream is null"));
        if (cuMaskSize == 0 || cuMask == nullptr)
          return finish(call, fail(hipErrorInvalidValue, "an empty CU mask"));
        hipcore::core::Device* device = nullptr;
        Status status = hipcore::api::currentDevice(device);
        std::vector<uint32_t> mask(cuMask, cuMask + cuMaskSize);
        if (status.ok()) {
          // Units the device lacks are ignored (AMD's documented rule); a mask naming none of
          // its units gives an ordinary stream on every unit, as AMD's runtime does (its
          // hipExtStreamGetCUMask then reports the default mask).
          std::vector<uint32_t> units = allUnits(*device);
          mask.resize(units.size());
          bool any = false;
          for (size_t i = 0; i < mask.size(); ++i) any |= (mask[i] &= units[i]) != 0;
          if (!any) mask.clear();
        }
        Stream* queue = nullptr;
        if (status.ok()) status = device->createStream(queue, hipStreamDefault, 0, mask);
        if (status.ok()) *stream = reinterpret_cast<hipStream_t>(queue);
        return finish(call, std::move(status));
      },
      "stream, cuMaskSize, cuMask", stream, cuMaskSize, cuMask);
}

HIPCORE_API hipError_t hipExtStreamGetCUMask(hipStream_t stream, uint32_t cuMaskSize,
                                             uint32_t* cuMask) {
  return hipcore::api::call(
      "hipExtStreamGetCUMask", hipExtStreamGetCUMask,
      [&] {
        const char* call = "hipExtStreamGetCUMask";
        if (cuMask == nullptr) return finish(call, fail(hipErrorInvalidValue, "cuMask is null"));
        hipcore::core::Device* device = nullptr;
        Stream* queue = nullptr;
        Status status = hipcore::api::streamOf(stream, device, queue);
        if (!status.ok()) return finish(call, std::move(status));
        std::vector<uint32_t> units = allUnits(*device);
        if (cuMaskSize < units.size())
          return finish(call,
                        fail(hipErrorInvalidValue, "%u words cannot hold the device's %d units",
                             cuMaskSize, device->properties().multiProcessorCount));
        const std::vector<uint32_t>& mask =
            queue != nullptr && !queue->computeUnitMask.empty() ? queue->computeUnitMask : units;
        std::fill(cuMask, cuMask + cuMaskSize, 0u);
        std::copy(mask.begin(), mask.end(), cuMask);
        return hipSuccess;
      },
      "stream, cuMaskSize, cuMask", stream, cuMaskSize, cuMask);
}
