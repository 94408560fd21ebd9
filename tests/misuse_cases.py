#!/usr/bin/env python3
"""Counts the API misuse cases the test suites assert (tests/RELIABILITY.md's table).

A misuse case is one assertion that a HIP or hiprtc call returns a specific error code, e.g.
`EXPECT_EQ(hipStreamDestroy(nullptr), hipErrorInvalidHandle)`. Follow-up checks of the sticky
or last error (hipGetLastError, hipPeekAtLastError) are not counted: they check the bookkeeping
of a case already counted. Usage: tests/misuse_cases.py [--markdown] [root]
"""
import collections
import pathlib
import re
import sys

ASSERTION = re.compile(
    r"(?:EXPECT|ASSERT)_EQ\(\s*(?P<call>(?:hip|hiprtc)[A-Za-z0-9_]*)\s*\((?P<args>(?:[^()]|\([^()]*\))*)\)\s*,"
    r"\s*(?P<error>hipError[A-Za-z]+|HIPRTC_ERROR_[A-Z_]+)\s*\)", re.S)
NOT_CASES = {"hipGetLastError", "hipPeekAtLastError"}
SUFFIXES = {".cpp", ".hip", ".cc", ".h"}


def cases(root):
    for path in sorted(root.rglob("*")):
        if path.suffix not in SUFFIXES or "fuzz" in path.parts:
            continue
        text = path.read_text(errors="replace")
        for match in ASSERTION.finditer(text):
            if match["call"] in NOT_CASES:
                continue
            line = text.count("\n", 0, match.start()) + 1
            yield match["call"], match["error"], f"{path.relative_to(root.parent)}:{line}"


def main(argv):
    markdown = "--markdown" in argv
    args = [a for a in argv if not a.startswith("--")]
    root = pathlib.Path(args[0]) if args else pathlib.Path(__file__).resolve().parent
    by_call = collections.defaultdict(list)
    for call, error, where in cases(root):
        by_call[call].append((error, where))
    total = sum(len(v) for v in by_call.values())
    if markdown:
        print("| API function | cases | errors asserted |")
        print("| --- | ---: | --- |")
        for call in sorted(by_call):
            errors = sorted({e for e, _ in by_call[call]})
            print(f"| `{call}` | {len(by_call[call])} | {', '.join(errors)} |")
        print(f"| **total: {len(by_call)} functions** | **{total}** | |")
    else:
        for call in sorted(by_call):
            for error, where in by_call[call]:
                print(f"{where}: {call} -> {error}")
        print(f"{total} misuse cases across {len(by_call)} functions")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
