#!/usr/bin/env python3
"""Checks hipcore's dynamic symbol table against AMD's ABI: every exported function carries a
version tag (AMD's hip_4.2 ... hip_6.x nodes, hipcore's own node for its extensions), a name
AMD's libamdhip64.so.5 also exports carries the same tag there, AMD's few C++-linkage HIP
functions are exported by their mangled names, and no other C++ symbol (std::, typeinfo, vtables:
anything else mangled) is exported.

Also every function hipcore's headers declare HIPCORE_API is exported (a name missing from
runtime/exports.map would silently be local).

Usage: check_exports.py LIBHIPCORE AMD_LIBAMDHIP64_SO_5 HIPCORE_INCLUDE_DIR
"""
import glob
import os
import re
import subprocess
import sys

# "   669: 00000000001b3ed0  3527 FUNC    GLOBAL DEFAULT   13 hipMalloc@@hip_4.2"
SYMBOL = re.compile(r"^\s*\d+:\s+[0-9a-f]+\s+\d+\s+(\w+)\s+(\w+)\s+\w+\s+(\w+)\s+(\S+)")


def defined_symbols(library):
    """{name: (type, version or None, section)} of the symbols `library` defines and exports."""
    text = subprocess.run(["readelf", "-W", "--dyn-syms", library], check=True,
                          capture_output=True, text=True).stdout
    symbols = {}
    for line in text.splitlines():
        match = SYMBOL.match(line)
        if not match:
            continue
        kind, bind, section, name = match.groups()
        if section == "UND" or bind == "LOCAL":
            continue
        base, _, version = name.partition("@")
        symbols[base] = (kind, version.lstrip("@") or None, section)
    return symbols


def declared_functions(include_dir):
    """The names hipcore's headers declare with HIPCORE_API (the C ABI's functions)."""
    names = set()
    headers = glob.glob(os.path.join(include_dir, "**", "*.h"), recursive=True)
    headers += glob.glob(os.path.join(include_dir, "**", "*.hpp"), recursive=True)
    for header in headers:
        with open(header, encoding="utf-8") as text:
            source = re.sub(r"__attribute__\(\(.*?\)\)", "", text.read())
        for match in re.finditer(r"\bHIPCORE_API\b([^;{]*?)\b(\w+)\s*\(", source):
            names.add(match.group(2))
    return names


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    ours = defined_symbols(sys.argv[1])
    amd = defined_symbols(sys.argv[2])
    declared = declared_functions(sys.argv[3])
    problems = [f"{name}: declared HIPCORE_API but not exported" for name in sorted(declared)
                if name not in ours]
    # The version nodes themselves are absolute OBJECT symbols named after the node.
    nodes = {name for name, (kind, version, section) in ours.items() if section == "ABS"}
    functions = {name: version for name, (kind, version, _) in ours.items() if kind == "FUNC"}
    for name, version in sorted(functions.items()):
        if version is None or version not in nodes:
            problems.append(f"{name}: exported without a version tag ({version})")
        elif name in amd and amd[name][1] != version:
            problems.append(f"{name}: version {version}, AMD's libamdhip64.so.5 has {amd[name][1]}")
    # AMD's C++-linkage HIP functions (HIP 5's headers declare a few so): exported as AMD does,
    # under the same node; any other mangled name is a C++ internal leaking out.
    amd_cxx_api = {name for name, (kind, version, _) in amd.items()
                   if name.startswith("_Z") and kind == "FUNC" and (version or "").startswith("hip_")}
    problems += [f"{name}: AMD's C++-linkage HIP function is not exported"
                 for name in sorted(amd_cxx_api) if name not in ours]
    for name, (kind, version, _) in sorted(ours.items()):
        if name.startswith("_Z") and name not in amd_cxx_api:
            problems.append(f"{name}: a C++ symbol is exported ({kind})")
        elif kind not in ("FUNC", "OBJECT") or (kind == "OBJECT" and name not in nodes):
            problems.append(f"{name}: unexpected exported {kind} (only the HIP functions are)")
    shared = sum(1 for name in functions if name in amd)
    for problem in problems:
        print(problem)
    print(f"{len(functions)} functions exported in {len(nodes)} version nodes ({len(declared)} "
          f"declared in the headers); {shared} also in AMD's libamdhip64.so.5 with the same tag; "
          f"{len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
