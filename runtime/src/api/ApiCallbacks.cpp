// HIP's profiler callbacks (ApiCallbacks.h): registrations and the enter/exit protocol.
#include "ApiCallbacks.h"

#include "trace/ApiIds.h"
#include "trace/Settings.h"

namespace hipcore::api {

bool ApiCallbacks::setApi(uint32_t id, ApiCallback callback, void* arg) {
  if (id < trace::kApiIdFirst || id > trace::kApiIdLast) return false;
  std::lock_guard lock(mutex_);
  entries_[id].api = callback;
  entries_[id].apiArg = callback != nullptr ? arg : nullptr;
  updateHook();
  return true;
}

bool ApiCallbacks::setActivity(uint32_t id, ActivityCallback callback, void* arg) {
  if (id < trace::kApiIdFirst || id > trace::kApiIdLast) return false;
  std::lock_guard lock(mutex_);
  entries_[id].activity = callback;
  entries_[id].activityArg = callback != nullptr ? arg : nullptr;
  updateHook();
  return true;
}

void ApiCallbacks::setTracer(TracerCallback callback) {
  std::lock_guard lock(mutex_);
  tracer_.store(callback, std::memory_order_release);
  updateHook();
}

ApiCallbacks::Entry ApiCallbacks::entry(uint32_t id) {
  // A copy under the mutex: a callback removed meanwhile is either wholly seen or not at all.
  std::lock_guard lock(mutex_);
  return entries_[id];
}

void ApiCallbacks::updateHook() {
  registered_ = 0;
  for (const Entry& e : entries_) registered_ += (e.api != nullptr || e.activity != nullptr);
  if (registered_ != 0 || tracer_.load(std::memory_order_relaxed) != nullptr)
    trace::enableHook(trace::kApiCallbacks);
  else
    trace::disableHook(trace::kApiCallbacks);
}

unsigned char* CallbackCall::begin(uint32_t id) {
  if (id == trace::kApiIdNone) return nullptr;  // a function AMD does not trace
  ApiCallbacks& callbacks = apiCallbacks();
  id_ = id;
  if (TracerCallback tracer = callbacks.tracer()) {
    // AMD leaves the record uninitialised; the tracer sets what it uses.
    own_.phaseEnter = nullptr;
    own_.phaseExit = nullptr;
    own_.api.phaseData = nullptr;
    if (tracer(kDomainHipApi, id, &own_) == 0) {
      tracer_ = true;
      record_ = &own_.api;
      return record_->args;
    }
  }
  entry_ = callbacks.entry(id);
  if (entry_.activity != nullptr) {
    record_ = static_cast<ApiData*>(entry_.activity(id, nullptr, nullptr, nullptr));
  } else if (entry_.api != nullptr) {
    record_ = &own_.api;
    record_->correlationId = callbacks.nextCorrelationId();
    record_->phase = kPhaseEnter;
    record_->phaseData = nullptr;
  }
  return record_ != nullptr ? record_->args : nullptr;
}

void CallbackCall::enter() {
  if (tracer_) {
    if (own_.phaseEnter != nullptr) own_.phaseEnter(id_, &own_);
    return;
  }
  if (entry_.api != nullptr) {
    entry_.api(kDomainHipApi, id_, record_, entry_.apiArg);
    record_->phase = kPhaseExit;
  }
}

void CallbackCall::end() {
  if (record_ == nullptr) return;
  if (tracer_) {
    if (own_.phaseExit != nullptr) own_.phaseExit(id_, &own_);
    return;
  }
  if (entry_.api != nullptr) entry_.api(kDomainHipApi, id_, record_, entry_.apiArg);
  if (entry_.activity != nullptr) entry_.activity(id_, nullptr, nullptr, entry_.activityArg);
}

}  // namespace hipcore::api
