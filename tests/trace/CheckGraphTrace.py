#!/usr/bin/env python3
"""Runs the graphs program with HIPCORE_TRACE and checks the kernels of its executable graphs in
the trace: every launch's laneAdd kernels (a branched graph on lanes) on more than one queue
row, its copy and fill kernels, the chain's chainAdd kernels (the single-queue plan), each
kernel's row free of overlaps, and one flow arrow per hipGraphLaunch, paired."""
import collections
import json
import os
import subprocess
import sys

launcher, program, path = sys.argv[1], sys.argv[2], sys.argv[3]
LAUNCHES = 5
failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)


if os.path.exists(path):
    os.remove(path)
env = dict(os.environ, HIPCORE_TRACE=path)
env.pop('HIPCORE_LOG', None)
done = subprocess.run(([launcher] if launcher else []) + [program], env=env, capture_output=True, text=True,
                      timeout=600)
if done.returncode != 0 or 'PASSED' not in done.stdout:
    sys.exit('graphs failed: %d\n%s\n%s' % (done.returncode, done.stdout, done.stderr))
with open(path) as f:
    events = json.load(f)['traceEvents']
kernels = [e for e in events if e['ph'] == 'X' and e.get('cat') == 'kernel' and e['pid'] == 1]


def named(part):
    return [e for e in kernels if part in e['name']]


lane = named('laneAdd')
expect(len(lane) == 2 * LAUNCHES, '%d laneAdd kernels, expected %d' % (len(lane), 2 * LAUNCHES))
expect(len({e['tid'] for e in lane}) >= 2, 'laneAdd kernels on rows %s: expected two or more' %
       sorted({e['tid'] for e in lane}))
fills, copies = named('__hipcore_fill'), named('__hipcore_copy')
# and the program's own hipMemset before the launches
expect(len(fills) == 2 * LAUNCHES + 1, '%d fill kernels, expected %d' % (len(fills), 2 * LAUNCHES + 1))
expect(len(copies) == 2 * LAUNCHES, '%d copy kernels, expected %d' % (len(copies), 2 * LAUNCHES))
chain = named('chainAdd')
expect(len(chain) == 3 * LAUNCHES, '%d chainAdd kernels, expected %d' % (len(chain), 3 * LAUNCHES))
rows = collections.defaultdict(list)
for e in kernels:
    rows[e['tid']].append(e)
for tid, row in rows.items():
    row.sort(key=lambda e: e['ts'])
    for a, b in zip(row, row[1:]):
        expect(b['ts'] >= a['ts'] + a['dur'] - 0.001, 'overlapping kernels on row %s' % tid)
launch_calls = [e for e in events if e['ph'] == 'X' and e.get('cat') == 'api' and e['name'] == 'hipGraphLaunch']
expect(len(launch_calls) == 2 * LAUNCHES, '%d hipGraphLaunch calls, expected %d' % (len(launch_calls), 2 * LAUNCHES))
starts = sorted(e['id'] for e in events if e['ph'] == 's')
finishes = sorted(e['id'] for e in events if e['ph'] == 'f')
expect(starts == finishes, '%d flow starts, %d finishes' % (len(starts), len(finishes)))
if failures:
    print('\n'.join(failures))
    sys.exit(1)
print('OK: %d kernels, %d laneAdd on %d rows' % (len(kernels), len(lane), len({e['tid'] for e in lane})))
