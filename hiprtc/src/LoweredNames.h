// Name expressions (hiprtcAddNameExpression): each becomes a device variable holding the
// address of what the expression names; after the compile the relocation of that variable in
// the code object says which symbol it is, i.e. the expression's lowered (mangled) name. The
// compiler itself resolves templates, overloads and namespaces; nothing is demangled.
#pragma once

#include <string>
#include <vector>

#include "hipcore/loader/Result.h"

namespace hiprtc {

// The source text appended to the program for its name expressions.
std::string nameExpressionStubs(const std::vector<std::string>& expressions);

// The lowered names, in the order of the expressions, read from a compiled code object.
hipcore::loader::Result<std::vector<std::string>> readLoweredNames(const std::string& codeObject,
                                                                   std::size_t count);

}  // namespace hiprtc
