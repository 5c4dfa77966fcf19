#!/usr/bin/env python3
"""What a serial young collection's pause is made of (gc-pause.sh runs it; JDK 17's unified log and perf).

    gc-pause.py GC_LOG [ROUNDS_FILE [PERF_DATA]]

GC_LOG: -Xlog:gc,gc+heap=info,gc+phases=trace,safepoint with uptime decorations. ROUNDS_FILE: lines "FIRST LAST",
the collection numbers of each measured run (all collections without it). Prints, over the young collections of
those runs, the median, 10th and 90th percentile and mean of: the time to safepoint, the collection itself (the
DefNew phase), the whole safepoint (what a stopped thread waits, less its own wake-up), the safepoint less the
collection, the survivors and the bytes promoted. PERF_DATA: `perf record -g` of the VM thread; the samples are
cut into bursts (no sample for 3 ms), a burst with DefNewGeneration::collect in a stack is a young collection,
and each sample goes to the first category of CATEGORIES any of its frames matches: the VM thread's CPU per
collection by what it was doing (perf counts CPU only, so time the thread waited for a core is in none). PERF_DATA
must cover the measured runs and no other load (gc-pause.sh records over the paced rounds alone).
"""
import re
import statistics
import subprocess
import sys

# (category, a frame that marks it), first match wins; the order puts the specific before the general.
CATEGORIES = [
    ('safepoint: stopping the threads', 'SafepointSynchronize::begin'),
    ('safepoint: restarting the threads', 'SafepointSynchronize::end'),
    ('roots: thread stacks (and their compiled code)', 'Threads::oops_do'),
    ('roots: class loader data', 'ClassLoaderDataGraph::roots_cld_do'),
    ('roots: code cache', 'CodeCache::'),
    ('old generation: dirty cards', 'CardTableRS::younger_refs'),
    ('weak tables (StringTable, JNI weak handles, ...)', 'WeakProcessor::weak_oops_do'),
    ('reference processing', 'ReferenceProcessor::'),
    ('copying the survivors (what the roots reach)', 'FastEvacuateFollowersClosure::do_void'),
    ('roots: other (OopStorage, ...)', 'GenCollectedHeap::process_roots'),
    ('GC log writes', '__GI___libc_write'),
    ('collection: other', 'DefNewGeneration::collect'),
    ('before and after the collection (TLABs, counters)', 'GenCollectedHeap::do_collection'),
    ('VM operation: other', 'VM_Operation::evaluate'),
    ('VM thread: other', 'VMThread::'),
]
GAP_MS = 3.0
HZ = 25000.0


def pct(values, p):
    values = sorted(values)
    k = (len(values) - 1) * p / 100
    f = int(k)
    c = min(f + 1, len(values) - 1)
    return values[f] + (values[c] - values[f]) * (k - f)


def young_collections(path, wanted):
    gcs = {}
    cur = None
    for line in open(path, encoding='utf-8', errors='replace'):
        m = re.search(r'GC\((\d+)\) DefNew \(.*\) ([\d.]+)ms', line)
        if m:
            cur = int(m.group(1))
            gcs[cur] = {'collection': float(m.group(2))}
            continue
        m = re.search(r'GC\((\d+)\) DefNew: \d+K\(\d+K\)->(\d+)K', line)
        if m and int(m.group(1)) in gcs:
            gcs[int(m.group(1))]['survivors KB'] = int(m.group(2))
            continue
        m = re.search(r'GC\((\d+)\) Tenured: (\d+)K\(\d+K\)->(\d+)K', line)
        if m and int(m.group(1)) in gcs:
            gcs[int(m.group(1))]['promoted KB'] = int(m.group(3)) - int(m.group(2))
            continue
        m = re.search(r'Safepoint "GenCollectForAllocation".*Reaching safepoint: (\d+) ns, Cleanup: \d+ ns, '
                      r'At safepoint: (\d+) ns, Total: (\d+) ns', line)
        if m and cur is not None and 'safepoint' not in gcs[cur]:
            g = gcs[cur]
            g['to safepoint'] = int(m.group(1)) / 1e6
            g['safepoint'] = int(m.group(3)) / 1e6
            g['safepoint less collection'] = int(m.group(2)) / 1e6 - g['collection']
    return [g for n, g in sorted(gcs.items()) if 'safepoint' in g and (wanted is None or n in wanted)]


def perf_bursts(data):
    out = subprocess.run(['perf', 'script', '-i', data, '-F', 'time,ip,sym'], capture_output=True, text=True,
                         check=True).stdout
    samples = []
    for block in out.split('\n\n'):
        lines = [line.strip() for line in block.strip().split('\n') if line.strip()]
        if not lines:
            continue
        t = float(lines[0].rstrip(':').split()[-1].rstrip(':')) * 1000
        frames = [line.split(None, 1)[1] if len(line.split(None, 1)) > 1 else '' for line in lines[1:]]
        category = next((c for c, frame in CATEGORIES if any(frame in f for f in frames)), 'other (kernel, scheduler)')
        samples.append((t, category, frames))
    bursts = []
    current = []
    for s in samples:
        if current and s[0] - current[-1][0] > GAP_MS:
            bursts.append(current)
            current = []
        current.append(s)
    if current:
        bursts.append(current)
    return [b for b in bursts if any('DefNewGeneration::collect' in f for _, _, frames in b for f in frames)
            and not any('TenuredGeneration::collect' in f for _, _, frames in b for f in frames)]


def main(argv):
    wanted = None
    if len(argv) > 2 and argv[2]:
        wanted = set()
        for line in open(argv[2]):
            first, last = (int(x) for x in line.split())
            wanted.update(range(first, last + 1))
    young = young_collections(argv[1], wanted)
    print(f'{argv[1]}: {len(young)} young collections')
    if not young:
        return
    print(f'  {"ms, KB":34s} {"median":>8s} {"p10":>8s} {"p90":>8s} {"mean":>8s}')
    for key in ['to safepoint', 'collection', 'safepoint', 'safepoint less collection', 'survivors KB', 'promoted KB']:
        values = [g.get(key, 0) for g in young]
        print(f'  {key:34s} {statistics.median(values):8.3f} {pct(values, 10):8.3f} {pct(values, 90):8.3f}'
              f' {statistics.mean(values):8.3f}')
    if len(argv) > 3:
        bursts = perf_bursts(argv[3])
        if not bursts:
            print('  perf: no collection sampled')
            return
        # A collection the VM thread was taken off its core in is cut into several bursts: divide by the collections
        # the log counts, not by the bursts.
        count = len(young)
        names = sorted({c for b in bursts for _, c, _ in b})
        per = {c: sum(1 for b in bursts for _, cc, _ in b if cc == c) / HZ * 1000 / count for c in names}
        print(f'  VM thread CPU per young collection (perf): {sum(per.values()):.3f} ms; by what it was doing'
              f' (ms, share):')
        for c in sorted(names, key=lambda c: -per[c]):
            print(f'    {c:52s} {per[c]:6.3f}  {100 * per[c] / sum(per.values()):5.1f}%')


if __name__ == '__main__':
    main(sys.argv)
