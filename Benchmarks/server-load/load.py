#!/usr/bin/env python3
"""Load benchmark for `screenrec serve` (a script, not a CI test; standard library only).

For each level N:TOTAL in --plan (or each N in --clients with --total) it starts a fresh server,
sends one warm-up request, then starts N concurrent clients at once (a barrier), which share TOTAL
requests as evenly as they split, each posting real screenshots (Examples/*.png and
Benchmarks/ocr-checkset/*.png, round-robin) to POST /v1/analyze.

- With retries (the default), a client that gets 503 waits the Retry-After seconds and tries the
  same screenshot again, so every screenshot is analysed once; its latency runs from the first
  attempt to the 200 (what the client waits, backoff included); the "accepted" latency is that of
  the attempt that got the 200 alone (the server's time).
- With --no-retry each request is sent once and its answer counted as it comes: 200, 503 (and
  whether it carried Retry-After) or other; latency is that of the 200s.

Reported per level: 200s, wall time, throughput (200s a second), p50/p95/max latency, 503 answers,
other errors, the slowest /healthz answer (polled every 0.25 s during the level from another
connection), and the server's peak RSS (VmHWM from /proc/PID/status — the whole process, models
included), with the machine's load average before and after.

    python3 Benchmarks/server-load/load.py --binary .build/release/screenrec --no-retry --plan 1:40 8:40 20:40 50:60
"""
import argparse, glob, http.client, json, os, platform, statistics, subprocess, sys, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def wait_ready(port, proc, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with status {proc.returncode}")
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            c.request("GET", "/healthz")
            r = c.getresponse()
            body = r.read()
            if r.status == 200:
                return json.loads(body)
        except OSError:
            time.sleep(0.2)
    raise TimeoutError("the server did not answer /healthz")


def post(port, data, query):
    """(status, Retry-After), or (0, None) when the connection failed."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    try:
        c.request("POST", "/v1/analyze" + query, body=data, headers={"Content-Type": "image/png"})
        r = c.getresponse()
        r.read()
        return r.status, r.getheader("Retry-After")
    except OSError:
        return 0, None
    finally:
        c.close()


def probe_health(port, stop, worst):
    """Polls /healthz every 0.25 s until `stop` is set; keeps the slowest answer (s) in worst[0]
    (a failed probe counts as its 10 s timeout)."""
    while not stop.is_set():
        t = time.perf_counter()
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            c.request("GET", "/healthz")
            c.getresponse().read()
            c.close()
            took = time.perf_counter() - t
        except OSError:
            took = 10.0
        worst[0] = max(worst[0], took)
        stop.wait(0.25)


def peak_rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def run_level(args, n, total, images):
    port = args.port
    cmd = [args.binary, "serve", "--port", str(port)] + args.server_arg
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        health = wait_ready(port, proc)
        status, _ = post(port, images[0][1], args.query)  # warm-up (first-run allocations, OCR caches)
        if status != 200:
            raise RuntimeError(f"warm-up request failed with HTTP {status}")
        counts = [total // n + (1 if k < total % n else 0) for k in range(n)]
        latencies, service, rejected, errors = [], [], [0], []
        without_retry_after = [0]
        lock = threading.Lock()
        barrier = threading.Barrier(n)

        def client(k):
            barrier.wait()
            for i in range(counts[k]):
                name, data = images[(sum(counts[:k]) + i) % len(images)]
                start = time.perf_counter()
                while True:
                    attempt = time.perf_counter()
                    status, retry = post(port, data, args.query)
                    if status == 503:
                        with lock:
                            rejected[0] += 1
                            if retry is None:
                                without_retry_after[0] += 1
                        if args.no_retry:
                            break
                        time.sleep(float(retry or 1))
                        continue
                    break
                with lock:
                    if status == 200:
                        now = time.perf_counter()
                        latencies.append(now - start)
                        service.append(now - attempt)
                    elif status != 503:
                        errors.append((name, status))

        stop, worst_health = threading.Event(), [0.0]
        prober = threading.Thread(target=probe_health, args=(port, stop, worst_health))
        threads = [threading.Thread(target=client, args=(k,)) for k in range(n)]
        prober.start()
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
        stop.set()
        prober.join()
        rss = peak_rss_mib(proc.pid)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
    lat, svc = sorted(latencies), sorted(service)
    q = lambda p, v=lat: v[min(len(v) - 1, int(round(p * (len(v) - 1))))] if v else float("nan")
    return {"clients": n, "requests": total, "retries": not args.no_retry, "analyses": len(lat), "wall_s": round(wall, 1), "throughput_per_s": round(len(lat) / wall, 2),
            "p50_ms": round(q(0.50) * 1000), "p95_ms": round(q(0.95) * 1000), "max_ms": round(lat[-1] * 1000) if lat else None,
            "accepted_p50_ms": round(q(0.50, svc) * 1000), "accepted_p95_ms": round(q(0.95, svc) * 1000),
            "rejected_503": rejected[0], "rejected_503_without_retry_after": without_retry_after[0], "errors": errors,
            "healthz_max_ms": round(worst_health[0] * 1000), "peak_rss_mib": round(rss, 1), "engines": health.get("engines")}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build/release/screenrec"))
    ap.add_argument("--clients", type=int, nargs="+", default=[1, 8, 50])
    ap.add_argument("--total", type=int, default=40, help="requests per level with --clients (split among the clients, at least 2 each)")
    ap.add_argument("--plan", nargs="+", default=None, help="levels as CLIENTS:REQUESTS, e.g. 1:40 8:40 20:40 50:60 (overrides --clients and --total)")
    ap.add_argument("--no-retry", action="store_true", help="send each request once; count 503s instead of retrying them")
    ap.add_argument("--port", type=int, default=18080)
    ap.add_argument("--query", default="", help="query string for /v1/analyze, e.g. ?ocr=false")
    ap.add_argument("--server-arg", action="append", default=[], help="extra argument for screenrec serve (repeatable)")
    ap.add_argument("--json", help="also write the results here")
    args = ap.parse_args()

    paths = sorted(glob.glob(os.path.join(ROOT, "Examples/*.png"))) + sorted(glob.glob(os.path.join(ROOT, "Benchmarks/ocr-checkset/*.png")))
    images = [(os.path.basename(p), open(p, "rb").read()) for p in paths]
    print(f"{len(images)} screenshots; server: {args.binary} serve {' '.join(args.server_arg)}; {'no retries' if args.no_retry else 'retrying 503s'}", flush=True)
    plan = [tuple(int(x) for x in p.split(":")) for p in args.plan] if args.plan else [(n, max(2 * n, args.total)) for n in args.clients]
    results = []
    for n, total in plan:
        before = os.getloadavg()
        r = run_level(args, n, total, images)
        r["loadavg_before"] = [round(x, 2) for x in before]
        r["loadavg_after"] = [round(x, 2) for x in os.getloadavg()]
        results.append(r)
        print(json.dumps(r), flush=True)
    print()
    print("| clients | requests | 200 | 503 (all with Retry-After?) | other | wall (s) | throughput (/s) | p50 (ms) | p95 (ms) | max (ms) | slowest /healthz (ms) | peak RSS (MiB) | load avg before → after |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in results:
        ra = "yes" if r["rejected_503_without_retry_after"] == 0 else f"no: {r['rejected_503_without_retry_after']} without"
        print(f"| {r['clients']} | {r['requests']} | {r['analyses']} | {r['rejected_503']} ({ra}) | {len(r['errors'])} | {r['wall_s']} | {r['throughput_per_s']} | "
              f"{r['p50_ms']} | {r['p95_ms']} | {r['max_ms']} | {r['healthz_max_ms']} | {r['peak_rss_mib']} | {r['loadavg_before'][0]} → {r['loadavg_after'][0]} |")
    print(f"\nmachine: {os.cpu_count()} CPUs, {platform.platform()}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"results": results, "cpus": os.cpu_count()}, f, indent=1)


if __name__ == "__main__":
    main()
