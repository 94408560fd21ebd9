// Kernel node attributes: hipGraphKernelNodeSetAttribute, GetAttribute, CopyAttributes.
#include "ApiCall.h"
#include "ApiState.h"
#include "GraphHandles.h"
#include "core/Device.h"

using hipcore::api::finish;
using hipcore::api::nodeOf;
using hipcore::core::fail;
using hipcore::core::Status;
using hipcore::graph::GraphNode;
using hipcore::graph::KernelLaunch;

namespace {

Status checkAttribute(hipKernelNodeAttrID attr, const void* value) {
  if (value == nullptr) return fail(hipErrorInvalidValue, "the attribute value is null");
  if (attr != hipKernelNodeAttributeAccessPolicyWindow &&
      attr != hipKernelNodeAttributeCooperative && attr != hipKernelNodeAttributePriority)
    return fail(hipErrorInvalidValue, "kernel node attribute %d", static_cast<int>(attr));
  return Status::success();
}

}  // namespace

HIPCORE_API hipError_t hipGraphKernelNodeSetAttribute(hipGraphNode_t hNode,
                                                      hipKernelNodeAttrID attr,
                                                      const hipKernelNodeAttrValue* value) {
  return hipcore::api::call(
      "hipGraphKernelNodeSetAttribute", hipGraphKernelNodeSetAttribute,
      [&] {
        GraphNode* node = nullptr;
        Status status = nodeOf(hNode, hipGraphNodeTypeKernel, node);
        if (status.ok()) status = checkAttribute(attr, value);
        if (status.ok() && attr == hipKernelNodeAttributeAccessPolicyWindow)
          status = hipcore::api::checkAccessPolicyWindow(value->accessPolicyWindow);
        if (!status.ok()) return finish("hipGraphKernelNodeSetAttribute", std::move(status));
        KernelLaunch::Attributes& attributes = node->params.kernel.attributes;
        if (attr == hipKernelNodeAttributeAccessPolicyWindow)
          attributes.accessPolicyWindow = value->accessPolicyWindow;
        else if (attr == hipKernelNodeAttributeCooperative)
          attributes.cooperative = value->cooperative;
        else
          attributes.priority = value->priority;
        return hipSuccess;
      },
      "hNode, attr, value", hNode, attr, value);
}

HIPCORE_API hipError_t hipGraphKernelNodeGetAttribute(hipGraphNode_t hNode,
                                                      hipKernelNodeAttrID attr,
                                                      hipKernelNodeAttrValue* value) {
  return hipcore::api::call(
      "hipGraphKernelNodeGetAttribute", hipGraphKernelNodeGetAttribute,
      [&] {
        GraphNode* node = nullptr;
        Status status = nodeOf(hNode, hipGraphNodeTypeKernel, node);
        if (status.ok()) status = checkAttribute(attr, value);
        if (!status.ok()) return finish("hipGraphKernelNodeGetAttribute", std::move(status));
        const KernelLaunch::Attributes& attributes = node->params.kernel.attributes;
        if (attr == hipKernelNodeAttributeAccessPolicyWindow)
          value->accessPolicyWindow = attributes.accessPolicyWindow;
        else if (attr == hipKernelNodeAttributeCooperative)
          value->cooperative = attributes.cooperative;
        else
          value->priority = attributes.priority;
        return hipSuccess;
      },
      "hNode, attr, value", hNode, attr, value);
}

HIPCORE_API hipError_t hipGraphKernelNodeCopyAttributes(hipGraphNode_t hSrc, hipGraphNode_t hDst) {
  return hipcore::api::call(
      "hipGraphKernelNodeCopyAttributes", hipGraphKernelNodeCopyAttributes,
      [&] {
        GraphNode *source = nullptr, *target = nullptr;
        Status status = nodeOf(hSrc, hipGraphNodeTypeKernel, source);
        if (status.ok()) status = nodeOf(hDst, hipGraphNodeTypeKernel, target);
        if (status.ok()) target->params.kernel.attributes = source->params.kernel.attributes;
        return finish("hipGraphKernelNodeCopyAttributes", std::move(status));
      },
      "hSrc, hDst", hSrc, hDst);
}
