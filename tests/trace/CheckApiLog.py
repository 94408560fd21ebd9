#!/usr/bin/env python3
"""Runs log_calls under HIPCORE_LOG=api (and =1, and unset) and checks stderr's call lines:
names, arguments formatted by type, results (including a failing call), durations, nesting."""
import re
import subprocess
import sys

launcher, program = sys.argv[1], sys.argv[2]
command = ([launcher] if launcher else []) + [program]
failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)


def run(log):
    env = dict(__import__('os').environ)
    env.pop('HIPCORE_LOG', None)
    env.pop('HIPCORE_TRACE', None)
    if log is not None:
        env['HIPCORE_LOG'] = log
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    if done.returncode != 0 or 'PASSED' not in done.stdout:
        sys.exit('program failed (HIPCORE_LOG=%s): %d\n%s\n%s' % (log, done.returncode, done.stdout, done.stderr))
    return done.stdout, done.stderr


LINE = re.compile(r'^hipcore: \[tid (\d+)\] (\w+)\((.*)\) = (\w+) \((\d+\.\d) us\)$')

out, err = run('api')
facts = dict(line.split(': ', 1) for line in out.splitlines() if ': ' in line)
calls = []
for line in err.splitlines():
    m = LINE.match(line)
    if m:
        calls.append({'tid': m.group(1), 'name': m.group(2), 'args': m.group(3), 'result': m.group(4),
                      'us': float(m.group(5))})
names = [c['name'] for c in calls]


def find(name, args_pattern, result='hipSuccess'):
    for c in calls:
        if c['name'] == name and re.fullmatch(args_pattern, c['args']) and c['result'] == result:
            return c
    failures.append('no line %s(%s) = %s; lines for %s: %s' % (
        name, args_pattern, result, name, [c['args'] + ' = ' + c['result'] for c in calls if c['name'] == name]))
    return None


P = r'0x[0-9a-f]+'
stream = facts['stream handle']
buffer = facts['device buffer']
find('hipSetDevice', r'device=0')
find('hipMalloc', r'pointer=%s, size=4096' % P)
find('hipMemcpy', r'\w+=%s, \w+=%s, \w+=4096, \w+=hipMemcpyHostToDevice' % (re.escape(buffer), P))
find('hipMemcpy', r'\w+=%s, \w+=%s, \w+=512, \w+=hipMemcpyDeviceToHost' % (P, re.escape(buffer)))
find('hipStreamCreate', r'stream=%s' % P)
find('__hipPushCallConfiguration', r'gridDim=\{2, 1, 1\}, blockDim=\{64, 1, 1\}, sharedMem=0, stream=%s' % re.escape(stream))
find('hipLaunchKernel', r'function=%s, numBlocks=\{2, 1, 1\}, dimBlocks=\{64, 1, 1\}, args=%s, sharedMemBytes=0, stream=%s'
     % (P, P, re.escape(stream)))
sync = find('hipStreamSynchronize', r'stream=%s' % re.escape(stream))
find('hipSetDevice', r'device=99', 'hipErrorInvalidDevice')
find('hipStreamDestroy', r'stream=%s' % re.escape(stream))
find('hipFree', r'pointer=%s' % re.escape(buffer))
# hipStreamCreate calls hipStreamCreateWithFlags, which calls ...WithPriority: one line only.
expect('hipStreamCreateWithFlags' not in names and 'hipStreamCreateWithPriority' not in names,
       'nested calls were logged: %s' % names)
expect(all(c['tid'] == facts['thread id'] for c in calls), 'thread ids differ from %s' % facts['thread id'])
# The failure's reason is logged too (api includes the error log).
expect(re.search(r'^hipcore: hipSetDevice failed: ', err, re.M) is not None, 'no failure line for hipSetDevice(99)')
# Durations: the logged wait lies inside the wall time the program measured around the call,
# and the kernel (tens of ms on vgpu) makes it more than half of it.
if sync:
    measured = float(facts['measured hipStreamSynchronize'].split()[0])
    expect(sync['us'] <= measured + 0.1, 'logged %.1f us > measured %.1f us' % (sync['us'], measured))
    # (On a fast GPU the kernel may be done before the wait: then the printing dominates.)
    expect(measured < 1000 or sync['us'] >= 0.5 * measured,
           'logged %.1f us < half of measured %.1f us' % (sync['us'], measured))

# HIPCORE_LOG=1: failures only; unset: nothing from hipcore.
out, err = run('1')
expect(not LINE.search(err) and not any(LINE.match(l) for l in err.splitlines()), 'HIPCORE_LOG=1 printed call lines')
expect(re.search(r'^hipcore: hipSetDevice failed: ', err, re.M) is not None, 'HIPCORE_LOG=1 lost the failure line')
out, err = run(None)
expect('hipcore:' not in err, 'without HIPCORE_LOG hipcore printed: %s' % err[:300])

if failures:
    print('\n'.join(failures))
    sys.exit(1)
print('%d call lines checked' % len(calls))
