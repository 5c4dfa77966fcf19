#!/usr/bin/env python3
"""Takes apart the paced latencies that profile/trace.sh recorded (usage: trace.py DIR).

Per server and round: the client's latency (send to receive, CLOCK_MONOTONIC) p50/p99; for a traced webhook
(RequestTrace), each request's stages: before its head was routed (network, the loop reading and decrypting,
waiting for the loop), its body's rest, the decision, the answer's encoding and write, and the client's side
after the write; then, for the slowest 1% against all requests, the share of each stage, the time it waited
behind other requests' decisions on its own loop, how much of that wait the other loop sat idle (what one
shared queue could have saved), and how many overlapped a young pause (GC log on the same clock). Last, a
queueing model fed with the measured decision times: the same Poisson arrivals served by one queue per pinned
loop (M/G/1 each, connections split evenly) or by one queue for both (M/G/2), each sojourn added to a latency
drawn from the bare server's measured ones, against the measured p99s.
"""
import bisect
import glob
import os
import random
import re
import statistics
import sys


def pct(values, p):
    if not values:
        return float("nan")
    s = sorted(values)
    k = min(len(s) - 1, max(0, int(round(p / 100.0 * len(s) + 0.5)) - 1))
    return s[k]


def client(prefix):
    sent, got = {}, {}
    for f in glob.glob(prefix + ".*"):
        with open(f) as fh:
            for line in fh:
                p = line.split()
                if len(p) < 3:
                    continue
                if p[0] == "S":
                    sent[p[1]] = int(p[2])
                elif p[0] == "R" and p[1] != "-1":
                    got[p[1]] = int(p[2])
    return {i: (sent[i], got[i]) for i in got if i in sent}


def trace(path):
    rows, offset = {}, 0
    if not os.path.exists(path):
        return rows, offset
    with open(path) as fh:
        for line in fh:
            if line.startswith("# uptimeOffsetNanos"):
                offset = int(line.split()[-1])
                continue
            if line.startswith("#"):
                continue
            p = line.split()
            i, loop, head, body, decided, written = p[:6]
            cpu = int(p[7]) - int(p[6]) if len(p) >= 8 else 0
            if int(written) > 0 and int(body) > 0:
                rows[i] = (int(loop), int(head), int(body), int(decided), int(written), cpu)
    return rows, offset


def pauses(path, offset):
    out = []
    if not os.path.exists(path):
        return out
    for line in open(path):
        m = re.match(r"\[(\d+)ns\].*Pause.* ([0-9.]+)ms", line)
        if m:
            end = int(m.group(1)) + offset
            out.append((end - int(float(m.group(2)) * 1e6), end))
    return out


def overlap(a, b, intervals, starts):
    """Time of [a, b) covered by the sorted, disjoint-or-not intervals (their union)."""
    i = max(0, bisect.bisect_right(starts, a) - 64)
    total, cur_a, cur_b = 0, None, None
    while i < len(intervals) and intervals[i][0] < b:
        s, e = intervals[i]
        i += 1
        s, e = max(s, a), min(e, b)
        if e <= s:
            continue
        if cur_b is None or s > cur_b:
            if cur_b is not None:
                total += cur_b - cur_a
            cur_a, cur_b = s, e
        else:
            cur_b = max(cur_b, e)
    if cur_b is not None:
        total += cur_b - cur_a
    return total


def segments(a, b, intervals, starts, skip):
    """The union of intervals clipped to [a, b), as a list of (s, e), leaving out the interval `skip`."""
    i = max(0, bisect.bisect_right(starts, a) - 64)
    segs = []
    while i < len(intervals) and intervals[i][0] < b:
        s, e = intervals[i]
        i += 1
        if (s, e) == skip:
            continue
        s, e = max(s, a), min(e, b)
        if e <= s:
            continue
        if segs and s <= segs[-1][1]:
            segs[-1] = (segs[-1][0], max(segs[-1][1], e))
        else:
            segs.append((s, e))
    return segs


def simulate(lam, service, n, shared, rng):
    """Sojourn times (wait + service) of n Poisson arrivals at rate lam (per ns) on 2 servers."""
    free = [0.0, 0.0]
    t = 0.0
    out = []
    for k in range(n):
        t += rng.expovariate(lam)
        s = rng.choice(service)
        if shared:
            j = 0 if free[0] <= free[1] else 1
        else:
            j = rng.randrange(2)  # the request's connection's loop: 16 connections on each
        start = max(t, free[j])
        free[j] = start + s
        out.append(free[j] - t)
    return out


def sent(prefix):
    """Requests the client sent (for a server that does not echo their numbers)."""
    n = 0
    for f in glob.glob(prefix + ".*"):
        with open(f) as fh:
            n += sum(1 for line in fh if line.startswith("S "))
    return n


def wrk_results(d):
    """{(server, round): {field: value}} from the summary's "round R NAME load=L rps=... p99=..." lines."""
    out = {}
    path = os.path.join(d, "summary.txt")
    if os.path.exists(path):
        for line in open(path):
            m = re.match(r"round (\d+) (\S+) (.*)", line)
            if m:
                out[(m.group(2), int(m.group(1)))] = dict(
                    kv.split("=", 1) for kv in m.group(3).split() if "=" in kv)
    return out


def thread_cpu(d, servers, rounds, lat):
    """{(server, round): {thread name: µs of CPU per request}} from the /proc snapshots around each run."""
    def load(f):
        out = {}
        for line in open(f):
            p = line.rstrip("\n").split("\t")
            if len(p) >= 2 and p[1]:
                name = re.sub(r"[-#]?\d+$", "", p[0])
                out[name] = out.get(name, 0) + int(p[1])
                if len(p) >= 4 and p[3]:
                    # Waiting on a run queue for a CPU, in ticks' units (10 ms) to share the arithmetic below.
                    out[name + " (runqueue wait)"] = out.get(name + " (runqueue wait)", 0) + int(p[3]) / 1e7
        return out
    res = {}
    for s in servers:
        for r in rounds:
            f0 = os.path.join(d, "cpu-%s-%d-0" % (s, r))
            f1 = os.path.join(d, "cpu-%s-%d-1" % (s, r))
            if not (os.path.exists(f0) and os.path.exists(f1)):
                continue
            n = len(lat.get((s, r), {})) or sent(os.path.join(d, "client-%s-%d" % (s, r))) or 1
            a, b = load(f0), load(f1)
            res[(s, r)] = {k: (b[k] - a.get(k, 0)) * 10000.0 / n for k in b}
            fw = os.path.join(d, "wrk-%s-%d" % (s, r))
            if os.path.exists(fw):
                # Sampled a second before the run's end: per request of the run, roughly.
                for k, v in load(fw).items():
                    res[(s, r)]["client " + k] = v * 10000.0 / n
    return res


def main(d):
    names = []
    for f in sorted(glob.glob(os.path.join(d, "client-*-*.1"))):
        m = re.match(r"client-(.+)-(\d+)\.1$", os.path.basename(f))
        names.append((m.group(1), int(m.group(2))))
    servers = sorted({n for n, _ in names}, key=lambda n: (n != "bare", n))
    rounds = sorted({r for _, r in names})
    lat = {}
    for s, r in names:
        c = client(os.path.join(d, "client-%s-%d" % (s, r)))
        lat[(s, r)] = c
    print("\nclient latency (send to receive), ms: p50 / p99 per round; paired requests")
    for s in servers:
        cells = []
        for r in rounds:
            c = lat.get((s, r), {})
            L = [(b - a) / 1e6 for a, b in c.values()]
            cells.append("%.2f/%.2f (%d)" % (pct(L, 50), pct(L, 99), len(L)) if L else "-")
        print("  %-10s %s" % (s, "  ".join(cells)))
    res = wrk_results(d)
    if res:
        print("wrk's own figures (every request, paired or not): p99 added over bare in the same round, ms, and req/s")
        for s in servers:
            if s == "bare":
                continue
            diffs = [float(res[(s, r)]["p99"]) - float(res[("bare", r)]["p99"]) for r in rounds
                     if (s, r) in res and ("bare", r) in res]
            rps = [float(res[(s, r)]["rps"]) for r in rounds if (s, r) in res]
            if diffs:
                print("  %-10s median %+.2f (%+.2f to %+.2f): %s; req/s %s" % (s, statistics.median(diffs), min(diffs),
                      max(diffs), " ".join("%+.2f" % x for x in diffs), " ".join("%.0f" % x for x in rps)))
    if "bare" in servers:
        print("p99 added over bare (same round), ms:")
        for s in servers:
            if s == "bare":
                continue
            diffs = []
            for r in rounds:
                a = [(y - x) / 1e6 for x, y in lat.get((s, r), {}).values()]
                b = [(y - x) / 1e6 for x, y in lat.get(("bare", r), {}).values()]
                if a and b:
                    diffs.append(pct(a, 99) - pct(b, 99))
            if diffs:
                print("  %-10s median %+.2f (%+.2f to %+.2f): %s" % (s, statistics.median(diffs), min(diffs),
                      max(diffs), " ".join("%+.2f" % x for x in diffs)))
    cpu = thread_cpu(d, servers, rounds, lat)
    rng = random.Random(7)
    for s in servers:
        rows, offset = trace(os.path.join(d, "trace-%s.tsv" % s))
        if not rows:
            continue
        gcs = pauses(os.path.join(d, "gc-%s.log" % s), offset)
        gstarts = [g[0] for g in gcs]
        print("\n== %s: stages per request, ms (all requests' mean | slowest 1%%' mean), per round" % s)
        print("  round  n      p99   pre(head)     body-rest     decision      write         client-side"
              "   wait-same-loop  of-it-other-idle  decision-off-cpu  gc-overlap  loops(n)")
        model_rows = []
        for r in rounds:
            c = lat.get((s, r), {})
            joined = []
            cpus = []
            for i, (snd, rcv) in c.items():
                t = rows.get(i)
                if t:
                    joined.append((snd, rcv) + t[:5])
                    cpus.append(t[5])
            if not joined:
                continue
            # Each loop's busy intervals: the decisions' [body, written).
            busy = {}
            for j in joined:
                busy.setdefault(j[2], []).append((j[4], j[6]))
            for k in busy:
                busy[k].sort()
            bstarts = {k: [x[0] for x in v] for k, v in busy.items()}
            loops = sorted(busy)
            L = [(j[1] - j[0]) for j in joined]
            cut = pct(L, 99)
            stats = {"all": [], "tail": []}
            for jn, j in enumerate(joined):
                snd, rcv, loop, head, body, decided, written = j
                mine = busy[loop]
                segs = segments(snd, body, mine, bstarts[loop], (body, written))
                wait = sum(e - s_ for s_, e in segs)
                idle = 0
                for other in loops:
                    if other == loop:
                        continue
                    for a, b in segs:
                        idle += (b - a) - overlap(a, b, busy[other], bstarts[other])
                g = 0
                gi = bisect.bisect_right(gstarts, rcv)
                for k in range(max(0, gi - 3), gi):
                    if gcs[k][1] > snd:
                        g = 1
                v = (head - snd, body - head, decided - body, written - decided, rcv - written, wait, idle, g,
                     rcv - snd, (written - body - cpus[jn]) if cpus[jn] else 0)
                stats["all"].append(v)
                if rcv - snd >= cut:
                    stats["tail"].append(v)

            def mean(key, idx):
                xs = [v[idx] for v in stats[key]]
                return sum(xs) / len(xs) / 1e6

            cells = []
            for idx in (0, 1, 2, 3, 4, 5, 6, 9):
                cells.append("%.3f|%.3f" % (mean("all", idx), mean("tail", idx)))
            gshare = "%.1f%%|%.0f%%" % (100.0 * mean("all", 7) * 1e6, 100.0 * mean("tail", 7) * 1e6)
            per_loop = "/".join(str(len(busy[k])) for k in loops)
            print("  %-5d %-6d %.2f  %s  %s  %s" % (r, len(joined), cut / 1e6, "  ".join("%-12s" % x for x in cells),
                  gshare, per_loop))
            # p99 without the requests that overlapped a pause.
            nogc = [v[8] for v in stats["all"] if not v[7]]
            service = [j[6] - j[4] for j in joined]
            span = (max(j[0] for j in joined) - min(j[0] for j in joined))
            lam = len(joined) / span
            model_rows.append((r, cut / 1e6, pct(nogc, 99) / 1e6, service, lam, cpus))
        bare = {r: [(y - x) for x, y in lat.get(("bare", r), {}).values()] for r in rounds}
        if not any(any(m[5]) for m in model_rows):
            # Decided on the worker pool: [body, written] is the pool's queue and the hop, not the loop's work.
            print("  (decided on the worker pool: no loop model)")
            continue
        print("  p99 without the requests that overlapped a young pause, ms: "
              + " ".join("%.2f" % m[2] for m in model_rows))
        print("  decision on the loop (body whole to answer written), ms: p50 / p90 / p99 / p99.9 / mean, per round")
        for r, _, _, service, lam, cpus in model_rows:
            sv = [x / 1e6 for x in service]
            off = [(w - c) / 1e6 for w, c in zip(service, cpus)] if any(cpus) else []
            print("    round %d: %.3f / %.3f / %.3f / %.3f / %.3f; rate %.0f req/s, each loop busy %.0f%%%s" % (
                r, pct(sv, 50), pct(sv, 90), pct(sv, 99), pct(sv, 99.9), sum(sv) / len(sv), lam * 1e9,
                50.0 * lam * sum(service) / len(service),
                "; off the CPU during it (wall - thread CPU) p50 %.3f, p99 %.3f, mean %.3f" % (
                    pct(off, 50), pct(off, 99), sum(off) / len(off)) if off else ""))
        print("  model: sojourn on 2 pinned loops (M/G/1 each) or one shared queue (M/G/2), the measured decision"
              " times, Poisson at the measured rate; + a bare latency of the same round. p99 ms: measured |"
              " pinned | shared; p99 added over bare: measured | pinned | shared")
        for r, measured, _, service, lam, _ in model_rows:
            b = bare.get(r) or [0]
            n = 200000
            res = []
            for shared in (False, True):
                soj = simulate(lam, service, n, shared, rng)
                tot = [x + rng.choice(b) for x in soj]
                res.append(pct(tot, 99) / 1e6)
            bp = pct(b, 99) / 1e6
            print("    round %d: %.2f | %.2f | %.2f ; %+.2f | %+.2f | %+.2f" % (r, measured, res[0], res[1],
                  measured - bp, res[0] - bp, res[1] - bp))
        print("  the decision's CPU on its loop (thread CPU, body whole to answer written), µs: p50 / p90 / p99 / p99.9 /"
              " mean; the loops' CPU per request (/proc); the model on a machine that waits for nothing else: the"
              " loop's work per request = the decision's CPU + the rest of the loop's CPU per request (the bare"
              " server's: its loops' CPU per request), Poisson at the measured rate: p99 sojourn webhook / bare,"
              " µs, pinned and shared, and the p99 added")
        for r, measured, _, service, lam, cpus in model_rows:
            if not any(cpus):
                continue
            loop_w = cpu.get((s, r), {}).get("vert.x-eventloo", 0.0)
            loop_b = cpu.get(("bare", r), {}).get("vert.x-eventloo", 0.0)
            cv = [x / 1e3 for x in cpus]
            mean_c = sum(cv) / len(cv)
            rest = max(0.0, loop_w - mean_c)
            svc_w = [(x + rest) * 1e3 for x in cv]
            svc_b = [loop_b * 1e3]
            out = []
            for shared in (False, True):
                w = pct(simulate(lam, svc_w, 200000, shared, rng), 99) / 1e3
                b = pct(simulate(lam, svc_b, 200000, shared, rng), 99) / 1e3 if loop_b else float("nan")
                out.append((w, b))
            print("    round %d: %.0f / %.0f / %.0f / %.0f / %.0f; loops %.0f (bare %.0f) per request; pinned %.0f / %.0f"
                  " (%+.0f), shared %.0f / %.0f (%+.0f)" % (r, pct(cv, 50), pct(cv, 90), pct(cv, 99), pct(cv, 99.9),
                  mean_c, loop_w, loop_b, out[0][0], out[0][1], out[0][0] - out[0][1], out[1][0], out[1][1],
                  out[1][0] - out[1][1]))
    print("\nCPU per request, µs (threads' user + system ticks over each paced run / requests), and each thread"
          " group's wait on a run queue for a CPU per request (schedstat), median of rounds:")
    for s_ in servers:
        per = {}
        for (name, r), by in cpu.items():
            if name == s_:
                for k, v in by.items():
                    per.setdefault(k, []).append(v)
        top = sorted(per.items(), key=lambda kv: -statistics.median(kv[1]))
        print("  %-10s %s" % (s_, ", ".join("%s %.0f" % (k, statistics.median(v)) for k, v in top
                                              if statistics.median(v) >= 1)))

if __name__ == "__main__":
    main(sys.argv[1])
