// HIP's API operation ids (`hip_api_id_t` of AMD's hip_prof_str.h): the numbers a tracer built
// against AMD's HIP registers callbacks for and receives (hipRegisterApiCallback,
// hipRegisterTracerCallback), and their names (hipApiName).
//
// The numbering is AMD's ABI and only grows: ids 1-333 are HIP 5.2.3's (mostly alphabetical, the
// order of the first generated list), 334-363 came with HIP 5.3-5.7 and 364-418 with HIP 6.x;
// no id was ever renumbered, so a tracer built against any of them agrees with this table for
// the ids it knows. Two names changed when HIP 6 versioned the device-properties calls: id 6 is
// `hipChooseDeviceR0000` (HIP 5: `hipChooseDevice`) and id 81 `hipGetDevicePropertiesR0000`
// (`hipGetDeviceProperties`); hipcore's unversioned exports of those are the R0000 ones and
// carry the same ids. Ids 50, 82, 185, 296, 393-399 and 407 are reserved (functions AMD removed
// or never traced) and have no name.
#pragma once

#include <cstdint>

namespace hipcore::trace {

constexpr uint32_t kApiIdNone = 0;
constexpr uint32_t kApiIdFirst = 1;
constexpr uint32_t kApiIdLast = 418;  // hipEventRecordWithFlags, HIP 6.4

// The name of `id`, or null when AMD numbers no function with it.
const char* apiIdName(uint32_t id);
// The id of the HIP function `name` (as hipcore's api::call names it), or kApiIdNone when AMD
// traces no function of that name.
uint32_t apiIdOf(const char* name);

}  // namespace hipcore::trace
