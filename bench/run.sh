#!/usr/bin/env bash
# run.sh: builds the benchmark programs against hipcore and against Debian's clr, runs both on
# vgpu in the same session, prints one table (hipcore vs clr, ratio per row) and writes JSON.
#   bench/run.sh [PART...]     parts: host callgrind startup (default: all)
# Environment: BENCH_BUILD_DIR (default build-bench), BENCH_JOBS (2), BENCH_HOST_RUNS (3),
# BENCH_STARTUP_RUNS (7), BENCH_SKIP_BUILD=1 to run what is built. See bench/README.md for what each number means.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BENCH_BUILD_DIR:-$root/build-bench}
parts=${*:-host callgrind startup}
runs=${BENCH_STARTUP_RUNS:-7}
host_runs=${BENCH_HOST_RUNS:-3}

if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
  [ -f "$build/build.ninja" ] || cmake -S "$root" -B "$build" -G Ninja >/dev/null
  cmake --build "$build" --target bench_hip -j"${BENCH_JOBS:-2}"
fi

vgpu="$build/bin/vgpu-run"
programs="$build/bench/hip"
raw="$build/bench/raw"
rm -rf "$raw" && mkdir -p "$raw"
runtimes=""
for rt in hipcore clr; do
  [ -x "$programs/$rt/host_api" ] && runtimes="$runtimes $rt"
done
echo "runtimes:$runtimes; raw results in $raw" >&2

has() { case " $parts " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

# All host-API benchmarks, one process per runtime and run, runtimes interleaved; each program
# prints medians of its repeats, the report takes the median over runs.
if has host; then
  for ((i = 0; i < host_runs; i++)); do
    for rt in $runtimes; do
      echo "== $rt host_api, run $((i + 1))/$host_runs" >&2
      "$vgpu" "$programs/$rt/host_api" | tee "$raw/$rt.host.$i.txt" >&2
    done
  done
fi

# Instructions per launch on the launching thread: callgrind counts only inside
# bench_launch_batch (batches that never fill the queue), main thread = file suffix -01.
if has callgrind; then
  for rt in $runtimes; do
    echo "== $rt callgrind" >&2
    out="$raw/callgrind.$rt"
    "$vgpu" valgrind --tool=callgrind --separate-threads=yes --toggle-collect=bench_launch_batch \
      --callgrind-out-file="$out.%p" "$programs/$rt/host_api" launch_calls >"$raw/$rt.calls.log" 2>"$raw/$rt.valgrind.log"
    main=$(ls "$out".*-01 | head -1)
    launches=$(awk '$1 == "RESULT" && $2 == "launch_calls" {print $3}' "$raw/$rt.calls.log")
    awk -v n="$launches" '$1 == "totals:" || $1 == "summary:" {printf "RESULT launch_ir %.1f instr\n", $2 / n; exit}' \
      "$main" | tee "$raw/$rt.callgrind.txt" >&2
  done
fi

# Start-up: process start (bash's clock just before exec) to the first kernel done; runtimes
# interleaved so both see the same load.
if has startup; then
  for ((i = 0; i < runs; i++)); do
    for rt in $runtimes; do
      for n in 1 200; do
        BENCH_T0=$EPOCHREALTIME "$vgpu" "$programs/$rt/startup_$n" |
          sed "s/^RESULT startup_ms /RESULT startup_${n}_ms /" >>"$raw/$rt.startup.txt"
      done
    done
  done
  cat "$raw"/*.startup.txt >&2
fi

python3 "$root/bench/report.py" "$raw" "$build/bench/results.json"
