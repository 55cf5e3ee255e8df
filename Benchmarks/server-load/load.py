#!/usr/bin/env python3
"""Load benchmark for `screenrec serve` (a script, not a CI test; standard library only).

For each N in --clients (default 1 8 50) it starts a fresh server, sends one warm-up request, then
runs N concurrent clients, each posting real screenshots (Examples/*.png and
Benchmarks/ocr-checkset/*.png, round-robin) to POST /v1/analyze. A client that gets 503 waits the
Retry-After seconds and tries the same screenshot again, so every screenshot is analysed once; its
latency runs from the first attempt to the 200 (what the client waits, backoff included); the
"accepted" latency is that of the attempt that got the 200 alone (the server's time). Reported per N: completed analyses, wall time,
throughput (analyses/s), p50/p95/max latency, 503 answers, other errors, and the server's peak RSS
(VmHWM from /proc/PID/status — the whole process, models included). Then the machine's load average.

    python3 Benchmarks/server-load/load.py --binary .build/release/screenrec [--clients 1 8 50]
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
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    c.request("POST", "/v1/analyze" + query, body=data, headers={"Content-Type": "image/png"})
    r = c.getresponse()
    r.read()
    c.close()
    return r.status, r.getheader("Retry-After")


def peak_rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def run_level(args, n, images):
    port = args.port
    cmd = [args.binary, "serve", "--port", str(port), "--max-concurrent", str(args.max_concurrent)] + args.server_arg
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        health = wait_ready(port, proc)
        status, _ = post(port, images[0][1], args.query)  # warm-up (first-run allocations, OCR caches)
        if status != 200:
            raise RuntimeError(f"warm-up request failed with HTTP {status}")
        per_client = args.requests if args.requests else max(2, args.total // n)
        latencies, service, rejected, errors = [], [], [0], []
        lock = threading.Lock()

        def client(k):
            for i in range(per_client):
                name, data = images[(k * per_client + i) % len(images)]
                start = time.perf_counter()
                while True:
                    attempt = time.perf_counter()
                    status, retry = post(port, data, args.query)
                    if status == 503:
                        with lock:
                            rejected[0] += 1
                        time.sleep(float(retry or 1))
                        continue
                    break
                with lock:
                    if status == 200:
                        now = time.perf_counter()
                        latencies.append(now - start)
                        service.append(now - attempt)
                    else:
                        errors.append((name, status))

        threads = [threading.Thread(target=client, args=(k,)) for k in range(n)]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
        rss = peak_rss_mib(proc.pid)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
    lat, svc = sorted(latencies), sorted(service)
    q = lambda p, v=lat: v[min(len(v) - 1, int(round(p * (len(v) - 1))))] if v else float("nan")
    return {"clients": n, "analyses": len(lat), "wall_s": round(wall, 1), "throughput_per_s": round(len(lat) / wall, 2),
            "p50_ms": round(q(0.50) * 1000), "p95_ms": round(q(0.95) * 1000), "max_ms": round(lat[-1] * 1000) if lat else None,
            "accepted_p50_ms": round(q(0.50, svc) * 1000), "accepted_p95_ms": round(q(0.95, svc) * 1000),
            "rejected_503": rejected[0], "errors": errors, "peak_rss_mib": round(rss, 1), "engines": health.get("engines")}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build/release/screenrec"))
    ap.add_argument("--clients", type=int, nargs="+", default=[1, 8, 50])
    ap.add_argument("--total", type=int, default=40, help="analyses per level (split among the clients, at least 2 each)")
    ap.add_argument("--requests", type=int, default=0, help="analyses per client (overrides --total)")
    ap.add_argument("--max-concurrent", type=int, default=2)
    ap.add_argument("--port", type=int, default=18080)
    ap.add_argument("--query", default="", help="query string for /v1/analyze, e.g. ?ocr=false")
    ap.add_argument("--server-arg", action="append", default=[], help="extra argument for screenrec serve (repeatable)")
    ap.add_argument("--json", help="also write the results here")
    args = ap.parse_args()

    paths = sorted(glob.glob(os.path.join(ROOT, "Examples/*.png"))) + sorted(glob.glob(os.path.join(ROOT, "Benchmarks/ocr-checkset/*.png")))
    images = [(os.path.basename(p), open(p, "rb").read()) for p in paths]
    print(f"{len(images)} screenshots; server: {args.binary} serve --max-concurrent {args.max_concurrent} {' '.join(args.server_arg)}", flush=True)
    results = []
    for n in args.clients:
        before = os.getloadavg()
        r = run_level(args, n, images)
        r["loadavg_before"] = [round(x, 2) for x in before]
        r["loadavg_after"] = [round(x, 2) for x in os.getloadavg()]
        results.append(r)
        print(json.dumps(r), flush=True)
    print()
    print("| clients | analyses | wall (s) | throughput (/s) | p50 (ms) | p95 (ms) | max (ms) | accepted p50 / p95 (ms) | 503s | errors | peak RSS (MiB) | load avg before → after |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in results:
        print(f"| {r['clients']} | {r['analyses']} | {r['wall_s']} | {r['throughput_per_s']} | {r['p50_ms']} | {r['p95_ms']} | {r['max_ms']} | "
              f"{r['accepted_p50_ms']} / {r['accepted_p95_ms']} | {r['rejected_503']} | {len(r['errors'])} | {r['peak_rss_mib']} | {r['loadavg_before'][0]} → {r['loadavg_after'][0]} |")
    print(f"\nmachine: {os.cpu_count()} CPUs, {platform.platform()}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"results": results, "cpus": os.cpu_count()}, f, indent=1)


if __name__ == "__main__":
    main()
