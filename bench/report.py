#!/usr/bin/env python3
"""report.py: turns the raw results of bench/run.sh into one hipcore-vs-clr table and a JSON file.

Usage: report.py RAW_DIR JSON_OUT. RAW_DIR holds <runtime>.<part>.txt files with lines
"RESULT key value unit" (repeated keys: the median is taken) and "NOTE key text".
"""
import json
import os
import platform
import statistics
import sys
import time

RUNTIMES = ("hipcore", "clr")

# key, what it is, lower is better?, target (minimum clr/hipcore speedup, or None)
ROWS = [
    ("launch_ir", "launch: instructions per launch (callgrind, launching thread)", True, 10),
    ("event_record_ir", "hipEventRecord: instructions per call", True, None),
    ("stream_sync_idle_ir", "idle hipStreamSynchronize: instructions per call", True, None),
    ("malloc_free_256_ir", "hipMalloc+hipFree 256 B: instructions per pair", True, None),
    ("roundtrip_host_ir", "launch + sync: instructions per round trip, its wait excluded", True, None),
    ("launch_host_us", "launch: host time per launch, 100k into one stream", True, None),
    ("launch_drain_us", "launch: 100k launches + sync, per launch", True, None),
    ("roundtrip_us", "launch + hipStreamSynchronize round trip", True, 3),
    ("event_record_us", "hipEventRecord", True, 3),
    ("stream_sync_idle_us", "hipStreamSynchronize, idle stream", True, 3),
    ("host_func_us", "hipLaunchHostFunc (enqueue)", True, None),
    ("malloc_free_256_us", "hipMalloc + hipFree 256 B", True, 10),
    ("malloc_free_64k_us", "hipMalloc + hipFree 64 KiB", True, 10),
    ("malloc_free_16m_us", "hipMalloc + hipFree 16 MiB", True, None),
    ("memcpy_h2d_4k_pageable_us", "hipMemcpy H2D 4 KiB pageable", True, None),
    ("memcpy_d2h_4k_pageable_us", "hipMemcpy D2H 4 KiB pageable", True, None),
    ("memcpy_h2d_4k_pinned_us", "hipMemcpy H2D 4 KiB pinned", True, None),
    ("memcpy_d2h_4k_pinned_us", "hipMemcpy D2H 4 KiB pinned", True, None),
    ("memcpy_h2d_64m_pageable_gbs", "hipMemcpy H2D 64 MiB pageable", False, None),
    ("memcpy_d2h_64m_pageable_gbs", "hipMemcpy D2H 64 MiB pageable", False, None),
    ("memcpy_h2d_64m_pinned_gbs", "hipMemcpy H2D 64 MiB pinned", False, None),
    ("memcpy_d2h_64m_pinned_gbs", "hipMemcpy D2H 64 MiB pinned", False, None),
    ("startup_1_ms", "start-up to first kernel done, 1 kernel", True, 3),
    ("startup_200_ms", "start-up to first kernel done, 200 kernels", True, 3),
    ("module_load_200_us", "hipModuleLoadData + GetFunction, 200 kernels", True, None),
    ("graph_launch_100_ir", "hipGraphLaunch of a 100-kernel chain: instructions", True, 10),
    ("graph_branched_100_ir", "hipGraphLaunch of 4 branches x 25 kernels: instructions", True, None),
    ("graph_instantiate_100_us", "hipGraphInstantiate of that chain", True, None),
    ("graph_exec_update_100_us", "hipGraphExecUpdate of that chain (all arguments)", True, None),
    ("graph_launch_sync_100_us", "hipGraphLaunch of that chain + sync", True, None),
]

# The rows bench/run.sh's load part measures again under one nice-19 busy loop per CPU (keys
# with the suffix _load). Targets: the copies no slower than clr's, the round trip still ahead.
LOADED = {"roundtrip_us": 1, "event_record_us": None, "stream_sync_idle_us": None,
          "memcpy_h2d_4k_pageable_us": 1, "memcpy_d2h_4k_pageable_us": 1,
          "memcpy_h2d_4k_pinned_us": 1, "memcpy_d2h_4k_pinned_us": 1,
          "memcpy_h2d_64m_pageable_gbs": None, "memcpy_d2h_64m_pageable_gbs": None,
          "memcpy_h2d_64m_pinned_gbs": None, "memcpy_d2h_64m_pinned_gbs": None}
ROWS += [(key + "_load", "load: " + label, lower, LOADED[key])
         for key, label, lower, _ in list(ROWS) if key in LOADED]


def read_raw(raw_dir):
    values = {rt: {} for rt in RUNTIMES}
    units, notes = {}, {rt: {} for rt in RUNTIMES}
    for name in sorted(os.listdir(raw_dir)):
        runtime = name.split(".")[0]
        if runtime not in values or not name.endswith(".txt"):
            continue
        with open(os.path.join(raw_dir, name)) as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 4 and parts[0] == "RESULT":
                    units[parts[1]] = parts[3]
                    if parts[2] != "n/a":
                        values[runtime].setdefault(parts[1], []).append(float(parts[2]))
                elif len(parts) >= 3 and parts[0] == "NOTE":
                    notes[runtime][parts[1]] = " ".join(parts[2:])
    medians = {rt: {k: statistics.median(v) for k, v in values[rt].items()} for rt in RUNTIMES}
    return medians, units, notes


def fmt(value):
    if value is None:
        return "n/a"
    return f"{value:,.0f}" if value >= 1000 else f"{value:.3g}" if value < 10 else f"{value:.1f}"


def main():
    raw_dir, json_out = sys.argv[1], sys.argv[2]
    medians, units, notes = read_raw(raw_dir)
    rows = []
    for key, label, lower_better, target in ROWS:
        h, c = medians["hipcore"].get(key), medians["clr"].get(key)
        speedup = None
        if h and c:
            speedup = c / h if lower_better else h / c
        met = None
        if target is not None and speedup is not None:
            met = speedup >= target
            if key == "launch_ir":
                met = met and h < 1000
            if key == "graph_launch_100_ir":  # also at most 1/3 of 100 launches one by one
                one_by_one = medians["hipcore"].get("launch_ir")
                met = met and one_by_one is not None and h <= 100 * one_by_one / 3
        rows.append({"key": key, "what": label, "unit": units.get(key, ""), "hipcore": h, "clr": c,
                     "speedup": speedup, "target_speedup": target, "met": met,
                     "notes": {rt: notes[rt][key] for rt in RUNTIMES if key in notes[rt]}})
    # Start-up must not grow with kernels never launched (hipcore only; clr's growth is shown).
    s1, s200 = medians["hipcore"].get("startup_1_ms"), medians["hipcore"].get("startup_200_ms")
    growth = s200 / s1 if s1 and s200 else None

    print(f"{'benchmark':<48} {'unit':>6} {'hipcore':>10} {'clr':>10} {'clr/hipcore':>11}  target")
    print("-" * 98)
    for r in rows:
        ratio = "n/a" if r["speedup"] is None else f"{r['speedup']:.2f}x"
        target = ""
        if r["target_speedup"]:
            target = f">={r['target_speedup']}x " + ("ok" if r["met"] else "MISS" if r["met"] is False else "n/a")
            if r["key"] == "launch_ir":
                target += " (and <1000)"
            if r["key"] == "graph_launch_100_ir":
                target += " (and <= 100 launches / 3)"
        note = "; ".join(f"{rt}: {n}" for rt, n in r["notes"].items())
        print(f"{r['what'][:48]:<48} {r['unit']:>6} {fmt(r['hipcore']):>10} {fmt(r['clr']):>10} "
              f"{ratio:>11}  {target}{'  [' + note + ']' if note else ''}")
    launch, graph = medians["hipcore"].get("launch_ir"), medians["hipcore"].get("graph_launch_100_ir")
    if launch and graph:
        print(f"hipcore hipGraphLaunch of 100 kernels / 100 launches: {graph / (100 * launch):.3f} "
              "(target: <= 0.333)")
    if growth is not None:
        print(f"hipcore start-up, 200 kernels / 1 kernel: {growth:.2f} (target: ~1, independent)")
    print("ratio = how many times faster hipcore is (GB/s rows: hipcore/clr); medians of repeats")

    report = {"date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
              "machine": {"host": platform.node(), "cpus": os.cpu_count(),
                          "load_average": os.getloadavg()},
              "gpu": "vgpu gfx1030", "rows": rows, "hipcore_startup_growth_200_vs_1": growth}
    with open(json_out, "w") as f:
        json.dump(report, f, indent=1)
    print(f"JSON: {json_out}")


if __name__ == "__main__":
    main()
