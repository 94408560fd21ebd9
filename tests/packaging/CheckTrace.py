#!/usr/bin/env python3
"""Runs samples/streams with HIPCORE_TRACE and checks the Chrome/Perfetto trace it writes:
valid JSON; hipcore's process and thread names; API events of the host thread; one kernel
event per launch of the sample (4 x affine on four queues, 1 x combine), real intervals that
do not overlap on a queue and start after their launch call; flow arrows that pair up; and,
when the thunk is vgpu exporting vgpu_trace_take_json, vgpu's rows (pid 2).
Usage: CheckTrace.py LAUNCHER PROGRAM TRACE_FILE [VGPU_LIBHSAKMT]"""
import collections
import json
import os
import re
import subprocess
import sys

launcher, program, path = sys.argv[1], sys.argv[2], sys.argv[3]
thunk = sys.argv[4] if len(sys.argv) > 4 else ''
failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)


if os.path.exists(path):
    os.remove(path)
env = dict(os.environ, HIPCORE_TRACE=path)
env.pop('HIPCORE_LOG', None)
done = subprocess.run(([launcher] if launcher else []) + [program], env=env, capture_output=True,
                      text=True, timeout=600)
if done.returncode != 0 or 'PASSED' not in done.stdout:
    sys.exit('streams failed under HIPCORE_TRACE: %d\n%s\n%s' % (done.returncode, done.stdout, done.stderr))

with open(path) as f:
    trace = json.load(f)  # raises (test fails) on invalid JSON
events = trace['traceEvents']
expect(trace.get('displayTimeUnit') == 'ns', 'displayTimeUnit missing')
for e in events:
    expect('ph' in e and 'pid' in e, 'event without ph/pid: %s' % e)

meta = {(e['pid'], e.get('tid'), e['name']): e['args']['name'] for e in events if e['ph'] == 'M'}
expect(meta.get((1, None, 'process_name')) == 'hipcore', 'no process_name "hipcore" for pid 1')

api = [e for e in events if e['ph'] == 'X' and e['pid'] == 1 and e.get('cat') == 'api']
kernels = [e for e in events if e['ph'] == 'X' and e['pid'] == 1 and e.get('cat') == 'kernel']
api_names = collections.Counter(e['name'] for e in api)
# The sample's calls, on its one host thread, each in a named thread row.
for name, count in [('hipStreamCreate', 5), ('hipEventRecord', 8), ('hipLaunchKernel', 5),
                    ('hipMemcpyAsync', 8), ('hipStreamSynchronize', 1), ('hipEventElapsedTime', 4)]:
    expect(api_names[name] == count, 'expected %d %s events, found %d' % (count, name, api_names[name]))
# Arguments by type: the two allocations' sizes, the copies' directions and sizes.
malloc_args = sorted(e['args']['arguments'] for e in api if e['name'] == 'hipMalloc')
expect(len(malloc_args) == 2 and malloc_args[0].endswith('size=16384') and malloc_args[1].endswith('size=65536'),
       'hipMalloc arguments: %s' % malloc_args)
async_args = [e['args']['arguments'] for e in api if e['name'] == 'hipMemcpyAsync']
for kind in ('hipMemcpyHostToDevice', 'hipMemcpyDeviceToHost'):
    expect(sum('=16384, ' in a and 'kind=' + kind in a for a in async_args) == 4,
           'expected 4 hipMemcpyAsync of 16384 bytes, %s: %s' % (kind, async_args))
api_tids = {e['tid'] for e in api}
expect(len(api_tids) == 1, 'API events on %d threads, expected the main thread only' % len(api_tids))
for tid in api_tids:
    expect((1, tid, 'thread_name') in meta, 'API thread %s has no thread_name' % tid)
for e in api + kernels:
    expect(e['dur'] >= 0 and e['ts'] > 0, 'bad interval: %s' % e)

# Kernels: names demangled, one per launch, each stream's affine on its own queue.
by_name = collections.Counter(re.search(r'(\w+)\([^()]*\)$', e['name']).group(1) for e in kernels)
expect(by_name['affine'] == 4 and by_name['combine'] == 1, 'kernel events: %s' % dict(by_name))
affine_rows = {e['tid'] for e in kernels if 'affine' in e['name']}
expect(len(affine_rows) == 4, 'the four affine kernels ran on %d queue rows' % len(affine_rows))
rows = collections.defaultdict(list)
for e in kernels:
    rows[e['tid']].append(e)
    expect((1, e['tid'], 'thread_name') in meta, 'queue row %s has no thread_name' % e['tid'])
for tid, row in rows.items():
    row.sort(key=lambda e: e['ts'])
    for a, b in zip(row, row[1:]):
        expect(b['ts'] >= a['ts'] + a['dur'] - 0.001, 'overlapping kernels on queue %s: %s / %s' % (tid, a, b))

# Flows: every start has one finish with its id and vice versa; the start lies inside a
# hipLaunchKernel slice, the finish at a kernel's start, and the kernel runs after its launch.
starts = {e['id']: e for e in events if e['ph'] == 's'}
finishes = {e['id']: e for e in events if e['ph'] == 'f'}
expect(len(starts) == 5 and set(starts) == set(finishes),
       'flow ids: starts %s, finishes %s' % (sorted(starts), sorted(finishes)))
launches = [e for e in api if e['name'] == 'hipLaunchKernel']
kernel_at = {(e['tid'], e['ts']): e for e in kernels}
for flow_id, s in starts.items():
    f = finishes.get(flow_id)
    launch = [l for l in launches if l['tid'] == s['tid'] and l['ts'] <= s['ts'] <= l['ts'] + l['dur']]
    expect(len(launch) == 1, 'flow %s does not start inside a hipLaunchKernel' % flow_id)
    if f:
        expect((f['tid'], f['ts']) in kernel_at, 'flow %s does not end on a kernel' % flow_id)
        if launch:
            expect(f['ts'] >= launch[0]['ts'], 'kernel of flow %s starts before its launch call' % flow_id)

# The time base: the combine kernel runs after its launch call starts and ends before the
# hipStreamSynchronize waiting for it returns; a copy timed inside a synchronous hipMemcpy lies
# within that call. Both bracket the GPU-clock -> CLOCK_MONOTONIC conversion from both sides.
combine = [e for e in kernels if 'combine' in e['name']]
syncs = [e for e in api if e['name'] == 'hipStreamSynchronize']
if combine and syncs and launches:
    k, sync = combine[0], syncs[0]
    expect(k['ts'] >= launches[-1]['ts'], 'combine starts before its launch call')
    expect(k['ts'] + k['dur'] <= sync['ts'] + sync['dur'] + 0.001,
           'combine ends after hipStreamSynchronize returned (%s > %s)' % (k['ts'] + k['dur'], sync['ts'] + sync['dur']))
copies = [e for e in events if e['ph'] == 'X' and e.get('cat') == 'copy']
memcpys = [e for e in api if e['name'] == 'hipMemcpy']
if copies:
    inside = [c for c in copies for m in memcpys if m['ts'] <= c['ts'] and c['ts'] + c['dur'] <= m['ts'] + m['dur']]
    expect(len(inside) >= 1, 'no copy lies inside the synchronous hipMemcpy call')
    for c in copies:
        expect((1, c['tid'], 'thread_name') in meta, 'copy row %s has no thread_name' % c['tid'])

# vgpu's rows, once its libhsakmt exports vgpu_trace_take_json.
if thunk:
    symbols = subprocess.run(['nm', '-D', '--defined-only', thunk], capture_output=True, text=True).stdout
    if 'vgpu_trace_take_json' in symbols:
        vgpu = [e for e in events if e['pid'] == 2 and e['ph'] == 'X']
        expect(len(vgpu) > 0, 'vgpu exports vgpu_trace_take_json but the trace has no pid 2 events')
        # Both sides convert to CLOCK_MONOTONIC on their own (hipcore from ROCR's profiling
        # times, vgpu from its clock): each kernel has vgpu's packet of that name at the same
        # time (measured: within 0.3 us).
        for k in kernels:
            same = [v for v in vgpu if v['name'] == k['name'] and abs(v['ts'] - k['ts']) < 100]
            expect(len(same) >= 1, 'no vgpu event named %s within 100 us of %s' % (k['name'], k['ts']))

if failures:
    print('\n'.join(failures))
    sys.exit(1)
print('trace OK: %d events, %d API calls, %d kernels on %d queues' % (len(events), len(api), len(kernels), len(rows)))
