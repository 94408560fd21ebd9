// Which device is which: hipDeviceGetUuid, hipDeviceGetByPCIBusId, hipDeviceComputeCapability,
// hipDeviceGetP2PAttribute and hipGetStreamDeviceId, answered from the properties ROCR reported
// (DeviceProperties.cpp) so that each agrees with hipGetDeviceProperties.
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "ApiCall.h"
#include "ApiState.h"

using hipcore::api::deviceAt;
using hipcore::api::finish;
using hipcore::core::Device;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

// A PCI address as CUDA and HIP accept it: "domain:bus:device.function" or "bus:device.function",
// hexadecimal fields; the function is ignored (one GPU per device number).
bool parsePciAddress(const char* text, int& domain, int& bus, int& device) {
  unsigned d = 0, b = 0, dev = 0, function = 0;
  int consumed = 0;
  if (std::sscanf(text, "%x:%x:%x.%x%n", &d, &b, &dev, &function, &consumed) == 4 &&
      text[consumed] == '\0') {
    domain = static_cast<int>(d), bus = static_cast<int>(b), device = static_cast<int>(dev);
    return true;
  }
  consumed = 0;
  if (std::sscanf(text, "%x:%x.%x%n", &b, &dev, &function, &consumed) == 3 &&
      text[consumed] == '\0') {
    domain = 0, bus = static_cast<int>(b), device = static_cast<int>(dev);
    return true;
  }
  return false;
}

}  // namespace

HIPCORE_API hipError_t hipDeviceGetUuid(hipUUID* uuid, hipDevice_t device) {
  return hipcore::api::call(
      "hipDeviceGetUuid", hipDeviceGetUuid,
      [&] {
        if (uuid == nullptr)
          return finish("hipDeviceGetUuid", fail(hipErrorInvalidValue, "uuid is null"));
        Device* d = nullptr;
        if (Status found = deviceAt(device, d); !found.ok())
          return finish("hipDeviceGetUuid", std::move(found));
        *uuid = d->properties().uuid;
        return hipSuccess;
      },
      "uuid, device", uuid, device);
}

HIPCORE_API hipError_t hipDeviceGetByPCIBusId(int* device, const char* pciBusId) {
  return hipcore::api::call(
      "hipDeviceGetByPCIBusId", hipDeviceGetByPCIBusId,
      [&] {
        if (device == nullptr || pciBusId == nullptr)
          return finish("hipDeviceGetByPCIBusId", fail(hipErrorInvalidValue, "null argument"));
        int domain = 0, bus = 0, slot = 0;
        if (!parsePciAddress(pciBusId, domain, bus, slot))
          return finish("hipDeviceGetByPCIBusId",
                        fail(hipErrorInvalidValue,
                             "'%s' is not a PCI address (domain:bus:device.function)", pciBusId));
        hipcore::core::Runtime& rt = hipcore::api::runtime();
        if (!rt.initStatus().ok()) return finish("hipDeviceGetByPCIBusId", rt.initStatus());
        for (int i = 0; i < rt.deviceCount(); ++i) {
          const hipDeviceProp_t& p = rt.device(i)->properties();
          if (p.pciDomainID == domain && p.pciBusID == bus && p.pciDeviceID == slot) {
            *device = i;
            return hipSuccess;
          }
        }
        return finish("hipDeviceGetByPCIBusId",
                      fail(hipErrorInvalidDevice, "no device at PCI address %s", pciBusId));
      },
      "device, pciBusId", device, pciBusId);
}

HIPCORE_API hipError_t hipDeviceComputeCapability(int* major, int* minor, hipDevice_t device) {
  return hipcore::api::call(
      "hipDeviceComputeCapability", hipDeviceComputeCapability,
      [&] {
        if (major == nullptr || minor == nullptr)
          return finish("hipDeviceComputeCapability", fail(hipErrorInvalidValue, "null argument"));
        Device* d = nullptr;
        if (Status found = deviceAt(device, d); !found.ok())
          return finish("hipDeviceComputeCapability", std::move(found));
        *major = d->properties().major;
        *minor = d->properties().minor;
        return hipSuccess;
      },
      "major, minor, device", major, minor, device);
}

HIPCORE_API hipError_t hipDeviceGetP2PAttribute(int* value, hipDeviceP2PAttr attribute,
                                                int srcDevice, int dstDevice) {
  return hipcore::api::call(
      "hipDeviceGetP2PAttribute", hipDeviceGetP2PAttribute,
      [&] {
        if (value == nullptr)
          return finish("hipDeviceGetP2PAttribute", fail(hipErrorInvalidValue, "value is null"));
        Device* d = nullptr;
        Status status = deviceAt(srcDevice, d);
        if (status.ok()) status = deviceAt(dstDevice, d);
        if (!status.ok()) return finish("hipDeviceGetP2PAttribute", std::move(status));
        if (srcDevice == dstDevice)
          return finish(
              "hipDeviceGetP2PAttribute",
              fail(hipErrorInvalidDevice, "a device is not its own peer (%d)", srcDevice));
        if (attribute < hipDevP2PAttrPerformanceRank ||
            attribute > hipDevP2PAttrHipArrayAccessSupported)
          return finish("hipDeviceGetP2PAttribute",
                        fail(hipErrorInvalidValue, "attribute %d", static_cast<int>(attribute)));
        // hipcore offers no peer access (hipDeviceCanAccessPeer answers 0): no link attribute
        // holds, and the performance rank of a link that is not there is 0.
        *value = 0;
        return hipSuccess;
      },
      "value, attribute, srcDevice, dstDevice", value, attribute, srcDevice, dstDevice);
}

HIPCORE_API hipError_t hipExtGetLinkTypeAndHopCount(int device1, int device2, uint32_t* linktype,
                                                    uint32_t* hopcount) {
  return hipcore::api::call(
      "hipExtGetLinkTypeAndHopCount", hipExtGetLinkTypeAndHopCount,
      [&] {
        const char* call = "hipExtGetLinkTypeAndHopCount";
        // AMD's codes: missing outputs, one device twice or a negative number are bad values,
        // a number past the last device an invalid device.
        if (linktype == nullptr || hopcount == nullptr || device1 == device2 || device1 < 0 ||
            device2 < 0)
          return finish(
              call, fail(hipErrorInvalidValue, "devices %d and %d, outputs %p %p", device1, device2,
                         static_cast<void*>(linktype), static_cast<void*>(hopcount)));
        Device* from = nullptr;
        Device* to = nullptr;
        Status status = deviceAt(device1, from);
        if (status.ok()) status = deviceAt(device2, to);
        if (!status.ok()) return finish(call, std::move(status));
        auto path = hipcore::hsa::linkPath(from->agent().agent, to->agent().devicePool);
        if (!path)
          return finish(call, fail(hipErrorInvalidHandle, "%s", path.error().message.c_str()));
        // No path (ROCR reports 0 hops, as between GPUs without peer links): AMD's answer of
        // a meaningless type (all ones) and no hops.
        if (path->hops == 0) {
          *linktype = UINT32_MAX;
          *hopcount = 0;
          return hipSuccess;
        }
        // Hops counted as AMD's runtime counts them: the path's NUMA distance over one hop's
        // (13 for XGMI, 20 for PCIe), since ROCR reports one hop between any two GPUs.
        constexpr uint32_t kXgmi = 4;  // HSA_AMD_LINK_INFO_TYPE_XGMI
        const uint32_t oneHop = path->firstLinkType == kXgmi ? 13 : 20;
        *linktype = path->firstLinkType;
        *hopcount = path->distance / oneHop;
        return hipSuccess;
      },
      "device1, device2, linktype, hopcount", device1, device2, linktype, hopcount);
}

// Not a hipError_t function: -1 for a stream that is not one (HIP's answer), the current device
// for the null stream.
HIPCORE_API int hipGetStreamDeviceId(hipStream_t stream) {
  Device* device = nullptr;
  hipcore::core::Stream* queue = nullptr;
  if (!hipcore::api::streamOf(stream, device, queue).ok()) return -1;
  return device->index();
}
