#!/usr/bin/env python3
"""Runs the threads program with HIPCORE_TRACE and checks the file hipDeviceReset wrote and the
one written at exit: three worker rows (plus the main thread's at exit), each named; per thread, calls that
do not overlap (only outermost calls are events); 5 kernels per worker stream and 5 more after
the reset; per-queue intervals that do not overlap; paired flow arrows."""
import collections
import json
import os
import subprocess
import sys

launcher, program, path = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)


for stale in (path, path + '.reset.json'):
    if os.path.exists(stale):
        os.remove(stale)
env = dict(os.environ, HIPCORE_TRACE=path)
env.pop('HIPCORE_LOG', None)
done = subprocess.run(([launcher] if launcher else []) + [program], env=env, capture_output=True, text=True,
                      timeout=600)
if done.returncode != 0 or 'PASSED' not in done.stdout:
    sys.exit('threads failed: %d\n%s\n%s' % (done.returncode, done.stdout, done.stderr))


def check(file, kernels_expected, threads_expected, label):
    with open(file) as f:
        events = json.load(f)['traceEvents']
    names = {(e['pid'], e.get('tid')): e['args']['name'] for e in events if e['ph'] == 'M' and e['name'] == 'thread_name'}
    api = [e for e in events if e['ph'] == 'X' and e.get('cat') == 'api' and e['pid'] == 1]
    kernels = [e for e in events if e['ph'] == 'X' and e.get('cat') == 'kernel' and e['pid'] == 1]
    threads = collections.defaultdict(list)
    for e in api:
        threads[e['tid']].append(e)
    expect(len(threads) == threads_expected,
           '%s: API events on %d threads, expected %d' % (label, len(threads), threads_expected))
    for tid, calls in threads.items():
        expect((1, tid) in names, '%s: thread %s has no name' % (label, tid))
        calls.sort(key=lambda e: e['ts'])
        for a, b in zip(calls, calls[1:]):
            expect(b['ts'] >= a['ts'] + a['dur'] - 0.001, '%s: overlapping calls on thread %s: %s %s' % (label, tid, a, b))
    workers = [tid for tid, calls in threads.items() if sum(c['name'] == 'hipLaunchKernel' for c in calls) == 5]
    expect(len(workers) >= 3, '%s: %d threads launched 5 kernels each' % (label, len(workers)))
    expect(sum(1 for e in kernels if 'addOne' in e['name']) == kernels_expected,
           '%s: %d addOne kernels, expected %d' % (label, len(kernels), kernels_expected))
    rows = collections.defaultdict(list)
    for e in kernels:
        rows[e['tid']].append(e)
    for tid, row in rows.items():
        expect((1, tid) in names, '%s: queue row %s has no name' % (label, tid))
        row.sort(key=lambda e: e['ts'])
        for a, b in zip(row, row[1:]):
            expect(b['ts'] >= a['ts'] + a['dur'] - 0.001, '%s: overlapping kernels on %s' % (label, tid))
    starts = sorted(e['id'] for e in events if e['ph'] == 's')
    finishes = sorted(e['id'] for e in events if e['ph'] == 'f')
    expect(starts == finishes and len(starts) == kernels_expected,
           '%s: %d flow starts, %d finishes, expected %d pairs' % (label, len(starts), len(finishes), kernels_expected))
    return len(api)


# The main thread's first call is hipDeviceReset itself, recorded once it returns.
at_reset = check(path + '.reset.json', 15, 3, 'at hipDeviceReset')
at_exit = check(path, 20, 4, 'at exit')
expect(at_exit > at_reset, 'the exit trace has no more calls than the reset one')
if failures:
    print('\n'.join(failures))
    sys.exit(1)
print('OK: %d calls at reset, %d at exit' % (at_reset, at_exit))
