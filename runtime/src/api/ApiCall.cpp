// The enabled side of api::call (ApiCall.h): argument formatting, the log line, the trace event.
#include "ApiCall.h"

#include <sys/syscall.h>
#include <unistd.h>
#include <algorithm>

#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "ApiState.h"
#include "core/ErrorNames.h"
#include "trace/ApiEvents.h"
#include "trace/TraceWriter.h"

namespace hipcore::api {

ArgWriter::ArgWriter(char* buffer, size_t capacity, const char* names)
    : buffer_(buffer), capacity_(capacity), names_(names) {
  buffer_[0] = '\0';
}

void ArgWriter::append(const char* format, ...) {
  if (used_ + 1 >= capacity_) return;
  va_list list;
  va_start(list, format);
  int written = std::vsnprintf(buffer_ + used_, capacity_ - used_, format, list);
  va_end(list);
  if (written > 0) used_ = std::min(capacity_ - 1, used_ + size_t(written));
}

void ArgWriter::nextName() {
  if (used_ != 0) append(", ");
  while (*names_ == ' ' || *names_ == ',') ++names_;
  size_t length = std::strcspn(names_, ",");
  append("%.*s=", static_cast<int>(length), names_);
  names_ += length;
}

void ArgWriter::pointer(const void* value) {
  if (value == nullptr)
    append("null");
  else
    append("%p", value);
}

void ArgWriter::string(const char* value) {
  if (value == nullptr)
    append("null");
  else
    append("\"%.*s\"", 120, value);
}

void ArgWriter::signedNumber(long long value) {
  append("%lld", value);
}
void ArgWriter::unsignedNumber(unsigned long long value) {
  append("%llu", value);
}
void ArgWriter::real(double value) {
  append("%g", value);
}
void ArgWriter::dims(const dim3& value) {
  append("{%u, %u, %u}", value.x, value.y, value.z);
}
void ArgWriter::text(const char* value) {
  append("%s", value);
}

const char* memcpyKindName(hipMemcpyKind kind) {
  switch (kind) {
    case hipMemcpyHostToHost:
      return "hipMemcpyHostToHost";
    case hipMemcpyHostToDevice:
      return "hipMemcpyHostToDevice";
    case hipMemcpyDeviceToHost:
      return "hipMemcpyDeviceToHost";
    case hipMemcpyDeviceToDevice:
      return "hipMemcpyDeviceToDevice";
    case hipMemcpyDefault:
      return "hipMemcpyDefault";
    case hipMemcpyDeviceToDeviceNoCU:
      return "hipMemcpyDeviceToDeviceNoCU";
  }
  return "(invalid hipMemcpyKind)";
}

namespace {

// The arguments of the thread's reported call.
constexpr size_t kArgsBytes = 512;
thread_local char argsText[kArgsBytes];

long threadId() {
  thread_local long id = syscall(SYS_gettid);
  return id;
}

}  // namespace

bool outermostCall() {
  return threadState().callDepth == 0;
}

char* enterCall(size_t& capacity) {
  threadState().callDepth = 1;
  argsText[0] = '\0';
  if (trace::enabled(trace::kTrace)) trace::clearPendingFlow();
  capacity = kArgsBytes;
  return argsText;
}

uint64_t startCall() {
  return trace::monotonicNs();
}

hipError_t endCall(const char* function, uint64_t startNs, hipError_t result) {
  uint64_t endNs = trace::monotonicNs();
  threadState().callDepth = 0;
  if (trace::enabled(trace::kLogCalls)) {
    std::fprintf(stderr, "hipcore: [tid %ld] %s(%s) = %s (%.1f us)\n", threadId(), function,
                 argsText, core::errorName(result), double(endNs - startNs) / 1000.0);
  }
  if (trace::enabled(trace::kTrace)) {
    trace::recordApiCall(function, argsText, startNs, endNs, result);
    trace::writeTraceAtExit();
  }
  return result;
}

}  // namespace hipcore::api
