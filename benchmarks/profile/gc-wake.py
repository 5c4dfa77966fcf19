#!/usr/bin/env python3
"""gc-wake.sh's analysis: DIR holds gc.log (gc+phases, safepoint; timenanos), sched.txt (perf script of
sched_wakeup and sched_switch on CLOCK_MONOTONIC) and threads ("TID NAME" per line).

For each young collection: its safepoint's start (the log's end less its total), the end of the DefNew phase, the
log's end, the first wake-up of an event loop ("vert.x-eventloo", the kernel's 15 characters) by the VM thread from
half a millisecond before the collection's end to 5 ms after the log's end, and the first time a loop got a core
after it. Collections in which no loop was woken (both idle in epoll_wait, which a safepoint does not stop) are left
out. Printed in ms: median, 10th and 90th percentile.
"""
import re
import statistics
import sys


def main(d):
    threads = dict(line.split(None, 1) for line in open(f'{d}/threads'))
    vm = next(t for t, name in threads.items() if name.strip() == 'VM Thread')
    gcs = []
    defnew = None
    for line in open(f'{d}/gc.log'):
        m = re.match(r'\[[\d.]+s\]\[(\d+)ns\]', line)
        if not m:
            continue
        t = int(m.group(1)) / 1e6
        if 'DefNew (' in line:
            defnew = (t, float(re.search(r'([\d.]+)ms$', line.strip()).group(1)))
            continue
        m = re.search(r'Safepoint "GenCollectForAllocation".*Total: (\d+) ns', line)
        if m and defnew:
            gcs.append({'begin': t - int(m.group(1)) / 1e6, 'defnew_end': defnew[0], 'collection': defnew[1], 'end': t})
            defnew = None
    events = []
    for line in open(f'{d}/sched.txt'):
        m = re.match(r'\s*(.+?)\s+(\d+)\s+([\d.]+): (sched:\w+): (.*)', line)
        if m:
            events.append((float(m.group(3)) * 1000, m.group(2), m.group(4), m.group(5)))
    rows = []
    for g in gcs:
        wakes = [t for t, tid, e, trace in events if e == 'sched:sched_wakeup' and tid == vm
                 and 'comm=vert.x-eventloo' in trace and g['defnew_end'] - 0.5 <= t <= g['end'] + 5]
        if not wakes:
            continue
        woken = min(wakes)
        ran = [t for t, _, e, trace in events if e == 'sched:sched_switch' and 'next_comm=vert.x-eventloo' in trace
               and woken <= t <= g['end'] + 20]
        rows.append({
            'the collection (DefNew)': g['collection'],
            'loops woken after it': woken - g['defnew_end'],
            "the log's safepoint end after it": g['end'] - g['defnew_end'],
            'a woken loop waits for a core': min(ran) - woken if ran else None,
            'safepoint start to wake-up': woken - g['begin'],
            "the log's safepoint total": g['end'] - g['begin'],
        })
    print(f'{len(rows)} young collections in which the VM thread woke an event loop (of {len(gcs)})')
    for key in rows[0] if rows else []:
        v = sorted(r[key] for r in rows if r[key] is not None)
        print(f'  {key:36s} median {statistics.median(v):7.3f}  p10 {v[len(v) // 10]:7.3f}  p90 {v[len(v) * 9 // 10]:7.3f}')


if __name__ == '__main__':
    main(sys.argv[1])
