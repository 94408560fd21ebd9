#!/usr/bin/env python3
"""hipcore's coverage of AMD's HIP API: every function AMD's libamdhip64 exports (HIP 7.2's map
and Debian 12's clr 5.2.3, amd_hip_functions.txt), marked exported by the built libhipcore or
not, with the reason for each one left out. Prints the counts, and checks that
tests/API_COVERAGE.md is what this script writes for the library as built (run with --write to
update it after adding functions).

Usage: api_coverage.py LIBHIPCORE FUNCTIONS_TXT COVERAGE_MD [--write]
"""
import re
import subprocess
import sys

# Why a function is not exported, by name pattern (first match wins). Every function hipcore
# leaves out must match one: a new gap needs a stated reason.
REASONS = [
    (r"^__hipGetPCH$", "a clang precompiled header of the HIP headers for AMD's hiprtc; a PCH "
     "loads only in the clang build that wrote it (AMD's hiprtc runs comgr's LLVM), hipcore's "
     "hiprtc compiles from its headers, and hip_version.h says __HIP_HAS_GET_PCH 0"),
    (r".", "not implemented yet (issue 20)"),
]


def exported(library):
    text = subprocess.run(["readelf", "-W", "--dyn-syms", library], check=True,
                          capture_output=True, text=True).stdout
    names = set()
    for line in text.splitlines():
        fields = line.split()
        if len(fields) >= 8 and fields[6] != "UND" and fields[4] == "GLOBAL":
            names.add(fields[7].split("@")[0])
    return names


def reason(name):
    for pattern, why in REASONS:
        if re.search(pattern, name):
            return why
    raise AssertionError("unreachable")


def render(functions, names):
    rows, counts = [], {"all": 0, "yes": 0, "hip6": 0, "hip6yes": 0, "clr523": 0, "clr523yes": 0}
    for name, node, clr, deprecated in functions:
        ours = name in names
        counts["all"] += 1
        counts["yes"] += ours
        if node != "-" and deprecated == "-":
            counts["hip6"] += 1
            counts["hip6yes"] += ours
        if clr != "-":
            counts["clr523"] += 1
            counts["clr523yes"] += ours
        rows.append("| `%s` | %s | %s | %s | %s | %s |" % (
            name, node, clr, "yes" if deprecated != "-" else "", "yes" if ours else "**no**",
            "" if ours else reason(name)))
    head = [
        "# hipcore's coverage of AMD's HIP API",
        "",
        "Written by `tests/compat/api_coverage.py` (ctest `compat.api_coverage`, which fails when",
        "this file differs from what the built library exports; `--write` updates it). The list is",
        "every function AMD's libamdhip64 exports: clr's version map as of HIP 7.2 and Debian 12's",
        "`libamdhip64.so.5` (clr 5.2.3), in `tests/compat/amd_hip_functions.txt`.",
        "",
        "- Exported by hipcore: %d of %d." % (counts["yes"], counts["all"]),
        "- Not deprecated in HIP 6 and exported by AMD's current runtime: %d of %d." % (
            counts["hip6yes"], counts["hip6"]),
        "- Exported by Debian's clr 5.2.3: %d of %d." % (counts["clr523yes"], counts["clr523"]),
        "",
        "| function | AMD's node | clr 5.2.3 | deprecated | hipcore | why not |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    return "\n".join(head + rows) + "\n", counts


def main():
    library, functions_txt, coverage_md = sys.argv[1:4]
    functions = [line.split() for line in open(functions_txt)
                 if line.strip() and not line.startswith("#")]
    text, counts = render(functions, exported(library))
    print("hipcore exports %d of AMD's %d HIP functions; %d of %d current non-deprecated ones; "
          "%d of clr 5.2.3's %d" % (counts["yes"], counts["all"], counts["hip6yes"],
                                    counts["hip6"], counts["clr523yes"], counts["clr523"]))
    if "--write" in sys.argv:
        open(coverage_md, "w").write(text)
        return 0
    if open(coverage_md).read() != text:
        print("%s is out of date: run %s %s %s %s --write" % (
            coverage_md, sys.argv[0], library, functions_txt, coverage_md))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
