#!/usr/bin/env bash
# run.sh: builds the benchmark programs against hipcore and against Debian's clr, runs both on
# vgpu in the same session, prints one table (hipcore vs clr, ratio per row) and writes JSON.
#   bench/run.sh [PART...]     parts: host load callgrind startup (default: all)
# Environment: BENCH_BUILD_DIR (default build-bench), BENCH_JOBS (2), BENCH_HOST_RUNS (3),
# BENCH_LOAD_RUNS (3), BENCH_STARTUP_RUNS (7), BENCH_SKIP_BUILD=1 to run what is built.
# See bench/README.md for what each number means.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BENCH_BUILD_DIR:-$root/build-bench}
parts=${*:-host load callgrind startup}
runs=${BENCH_STARTUP_RUNS:-7}
host_runs=${BENCH_HOST_RUNS:-3}
load_runs=${BENCH_LOAD_RUNS:-3}

if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
  [ -f "$build/build.ninja" ] || cmake -S "$root" -B "$build" -G Ninja >/dev/null
  cmake --build "$build" --target bench_hip -j"${BENCH_JOBS:-2}" >&2
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

# The same host benchmarks that wait for the device (round trip, event record, idle sync,
# copies) under a standard background load: one busy loop per CPU at nice 19, as a parallel
# compile job at nice 19 would be. Started before the first runtime and stopped after the
# last, so both runtimes' runs are paired under the same load; keys get the suffix _load.
load_pids=""
stop_load() {
  for pid in $load_pids; do kill "$pid" 2>/dev/null || true; done
  for pid in $load_pids; do wait "$pid" 2>/dev/null || true; done
  load_pids=""
}
if has load; then
  trap stop_load EXIT
  trap 'stop_load; exit 130' INT TERM
  for ((cpu = 0; cpu < $(nproc); cpu++)); do
    nice -n 19 bash -c 'while :; do :; done' &
    load_pids="$load_pids $!"
  done
  sleep 0.5  # the hogs are running (and have been seen by the scheduler) before the first run
  for ((i = 0; i < load_runs; i++)); do
    for rt in $runtimes; do
      echo "== $rt host_api under load ($(nproc) x nice 19 busy), run $((i + 1))/$load_runs" >&2
      "$vgpu" "$programs/$rt/host_api" roundtrip event sync memcpy |
        sed 's/^RESULT \([^ ]*\) /RESULT \1_load /' | tee "$raw/$rt.load.$i.txt" >&2
    done
  done
  stop_load
  trap - EXIT INT TERM
fi

# Instructions per call on the calling (main) thread: callgrind collects only inside the
# bench_*_batch functions (launch batches never fill the queue; syncs between batches are not
# counted); the main thread's file has suffix -01; inclusive cost / calls.
counted="launch:bench_launch_batch event_record:bench_event_batch stream_sync_idle:bench_idle_sync_batch malloc_free_256:bench_malloc_free_batch graph_launch_100:bench_graph_launch_batch graph_branched_100:bench_graph_branched_batch"
if has callgrind; then
  for rt in $runtimes; do
    echo "== $rt callgrind" >&2
    out="$raw/callgrind.$rt"
    toggles=""
    for entry in $counted; do toggles="$toggles --toggle-collect=${entry#*:}"; done
    # shellcheck disable=SC2086
    "$vgpu" valgrind --tool=callgrind --fair-sched=yes --separate-threads=yes $toggles --callgrind-out-file="$out.%p" \
      "$programs/$rt/host_api" counted_calls >"$raw/$rt.calls.log" 2>"$raw/$rt.valgrind.log"
    callgrind_annotate --inclusive=yes --threshold=100 "$(ls "$out".*-01 | head -1)" >"$raw/$rt.annotate.log"
    for entry in $counted; do
      key=${entry%%:*} fn=${entry#*:}
      calls=$(awk -v k="calls_$key" '$1 == "RESULT" && $2 == k {print $3}' "$raw/$rt.calls.log")
      awk -v n="$calls" -v fn=":$fn " -v key="${key}_ir" \
        'index($0, fn) {gsub(",", "", $1); printf "RESULT %s %.1f instr\n", key, $1 / n; exit}' \
        "$raw/$rt.annotate.log"
    done | tee "$raw/$rt.callgrind.txt" >&2
    # The round trip's own instructions: bench_roundtrip_batch minus the signal waits inside it
    # (hipcore: Signal::pollAtMost on the stream's kernel signal, and Signal::waitForZero, its
    # poll and ROCR's wait, should a barrier be needed; clr: ROCR's hsa_signal_wait_scacquire,
    # which it spins in). A run of its own, so that no other batch's waits are subtracted.
    case $rt in
      hipcore) wait_fns="hipcore::hsa::Signal::pollAtMost(|hipcore::hsa::Signal::waitForZero(" ;;
      *) wait_fns=":hsa_signal_wait_scacquire " ;;
    esac
    "$vgpu" valgrind --tool=callgrind --fair-sched=yes --separate-threads=yes --toggle-collect=bench_roundtrip_batch \
      --callgrind-out-file="$out.roundtrip.%p" "$programs/$rt/host_api" counted_roundtrip \
      >"$raw/$rt.roundtrip.log" 2>>"$raw/$rt.valgrind.log"
    callgrind_annotate --inclusive=yes --threshold=100 "$(ls "$out".roundtrip.*-01 | head -1)" \
      >"$raw/$rt.roundtrip.annotate.log"
    calls=$(awk '$1 == "RESULT" && $2 == "calls_roundtrip" {print $3}' "$raw/$rt.roundtrip.log")
    # Lines naming the function's object ([lib]) are whole functions; the others are inlined parts.
    awk -v n="$calls" -v wait_fns="$wait_fns" '
      function count(line) { gsub(",", "", line); split(line, f, " "); return f[1] }
      BEGIN { k = split(wait_fns, fns, "|") }
      index($0, ":bench_roundtrip_batch ") && total == "" { total = count($0) }
      /\]$/ { for (i = 1; i <= k; i++) if (index($0, fns[i]) && !(i in seen)) { seen[i]; wait += count($0) } }
      END { printf "RESULT roundtrip_host_ir %.1f instr\n", (total - wait) / n }' \
      "$raw/$rt.roundtrip.annotate.log" | tee -a "$raw/$rt.callgrind.txt" >&2
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
