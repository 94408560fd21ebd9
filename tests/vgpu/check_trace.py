#!/usr/bin/env python3
"""Runs an HSA program on vgpu with VGPU_TRACE=<file> (and VGPU_LOG=1, whose stderr lines name
every packet processed) and checks vgpu's trace file (the hipcore/vgpu trace interface):
valid JSON, the vgpu process and its queue and CU rows, one complete event per packet processed,
one event per workgroup of every dispatch, and events of one queue that never overlap.

usage: check_trace.py OUTPUT.json LAUNCHER PROGRAM [ARGS...]"""
import collections
import json
import os
import re
import subprocess
import sys


def fail(message):
    print("check_trace: FAIL: " + message)
    sys.exit(1)


def main():
    out, command = sys.argv[1], sys.argv[2:]
    if os.path.exists(out):
        os.remove(out)
    env = dict(os.environ, VGPU_TRACE=out, VGPU_LOG="1")
    env.pop("HIPCORE_TRACE", None)
    run = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, timeout=240)
    if run.returncode != 0:
        fail("the program failed (%d):\n%s\n%s" % (run.returncode, run.stdout, run.stderr))
    with open(out) as f:
        trace = json.load(f)  # must be valid JSON
    if trace.get("displayTimeUnit") != "ns":
        fail("no displayTimeUnit")
    events = trace["traceEvents"]
    if any(e.get("pid") != 2 for e in events):
        fail("vgpu rows must all be pid 2")
    meta = [e for e in events if e["ph"] == "M"]
    if not any(e["name"] == "process_name" and e["args"]["name"] == "vgpu" for e in meta):
        fail("no process_name event naming pid 2 vgpu")
    names = {e["tid"]: e["args"]["name"] for e in meta if e["name"] == "thread_name"}
    complete = [e for e in events if e["ph"] == "X"]
    for e in complete:
        tid = e["tid"]
        if tid not in names:
            fail("tid %d has events but no thread_name" % tid)
        want = ("queue %d" % (tid - 1000) if e["cat"] == "aql" else
                "sdma queue %d" % (tid - 1500) if e["cat"] == "sdma" else "CU %d" % (tid - 2000))
        if names[tid] != want:
            fail("tid %d is named %r, expected %r" % (tid, names[tid], want))
        if e["dur"] < 0:
            fail("negative duration: %r" % e)

    # One AQL event per packet the command processor finished (VGPU_LOG's lines).
    logged = collections.Counter(re.findall(r"aql packet \d+ (\S+) done", run.stderr))
    aql = [e for e in complete if e["cat"] == "aql"]
    kinds = collections.Counter()
    for e in aql:
        if "grid" in e["args"]:
            kinds["kernel-dispatch"] += 1
        elif e["name"] in ("barrier-and", "barrier-or"):
            kinds[e["name"]] += 1
        else:
            kinds["vendor"] += 1
    if kinds != logged:
        fail("packet events %r differ from the packets processed %r" % (dict(kinds), dict(logged)))
    sdma_logged = len(re.findall(r"sdma packet op (?:1|11) at", run.stderr))
    sdma = [e for e in complete if e["cat"] == "sdma"]
    if len(sdma) != sdma_logged:
        fail("%d SDMA copy/fill events for %d such packets" % (len(sdma), sdma_logged))

    # One workgroup event per workgroup of every dispatch, named after its kernel.
    want = collections.Counter()
    for e in aql:
        if "grid" in e["args"]:
            g, w = e["args"]["grid"], e["args"]["workgroup"]
            n = 1
            for d in range(3):
                n *= (g[d] + w[d] - 1) // w[d]
            want[e["name"]] += n
    got = collections.Counter(e["name"] for e in complete if e["cat"] == "workgroup")
    if got != want:
        fail("workgroup events per kernel %r, dispatches ask for %r" % (dict(got), dict(want)))

    # Packets of one queue run one after another.
    rows = collections.defaultdict(list)
    for e in aql + sdma:
        rows[e["tid"]].append(e)
    for tid, row in rows.items():
        row.sort(key=lambda e: e["ts"])
        for a, b in zip(row, row[1:]):
            if b["ts"] < a["ts"] + a["dur"] - 0.002:  # printed with 1 ns resolution
                fail("events overlap on %s: %r and %r" % (names[tid], a, b))
    print("check_trace: %d packet events on %d queues, %d workgroup events on %d CU rows, "
          "%d SDMA events" % (len(aql), len({e["tid"] for e in aql}), sum(got.values()),
                              len({e["tid"] for e in complete if e["cat"] == "workgroup"}),
                              len(sdma)))


main()
