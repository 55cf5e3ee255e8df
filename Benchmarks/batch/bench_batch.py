#!/usr/bin/env python3
"""Batch analysis against one `screenrec analyze` process per file.

Gathers the screenshots given (files, or folders: their PNG/JPEG files sorted, at most
--per-folder of each) into a temporary folder of links, adds one corrupt file, then times
  1. one `screenrec analyze FILE --format transcript` process per file, one after another;
  2. one `screenrec analyze FOLDER --format jsonl --jobs J` process,
and checks that every image's announcements are identical in both. Prints wall times, screens/s,
the ratio, and the 1-minute load average before and after each run (the machine may be shared).
Nothing is written outside the temporary folder.

  Benchmarks/batch/bench_batch.py --screenrec .build/release/screenrec --jobs 2 \\
      Benchmarks/ocr-checkset /path/to/ui-real/images --per-folder 16,44
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

EXTS = (".png", ".jpg", ".jpeg")


def gather(paths, per_folder):
    out = []
    for i, p in enumerate(paths):
        if os.path.isdir(p):
            names = sorted(n for n in os.listdir(p) if n.lower().endswith(EXTS))
            limit = per_folder[i] if i < len(per_folder) else per_folder[-1] if per_folder else None
            out += [os.path.join(p, n) for n in names[:limit]]
        else:
            out.append(p)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--screenrec", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--per-folder", default="", help="comma-separated: how many images to take from each folder")
    a = ap.parse_args()
    per = [int(x) for x in a.per_folder.split(",") if x]
    images = gather(a.paths, per)
    with tempfile.TemporaryDirectory(prefix="screenrec-batch-bench-") as tmp:
        files = []
        for i, src in enumerate(images):
            dst = os.path.join(tmp, f"{i:03d}-{os.path.basename(src)}")
            os.symlink(os.path.abspath(src), dst)
            files.append(dst)
        corrupt = os.path.join(tmp, "999-corrupt.png")
        with open(corrupt, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + b"\0" * 64)
        files.append(corrupt)

        load0 = os.getloadavg()[0]
        t0 = time.monotonic()
        single = {}
        single_failures = 0
        for f in files:
            r = subprocess.run([a.screenrec, "analyze", f, "--format", "transcript"], capture_output=True, text=True)
            if r.returncode == 0:
                single[f] = r.stdout.splitlines()
            else:
                single_failures += 1
        t_single = time.monotonic() - t0
        load1 = os.getloadavg()[0]

        t0 = time.monotonic()
        r = subprocess.run([a.screenrec, "analyze", tmp, "--format", "jsonl", "--jobs", str(a.jobs)],
                           capture_output=True, text=True)
        t_batch = time.monotonic() - t0
        load2 = os.getloadavg()[0]
        rows = [json.loads(line) for line in r.stdout.splitlines()]
        batch = {row["image"]: [e["announcement"] for e in row["elements"]] for row in rows if "error" not in row}
        errors = [row["image"] for row in rows if "error" in row]
        same = sum(1 for f in single if batch.get(f) == single[f])
        differ = [os.path.basename(f) for f in single if batch.get(f) != single[f]]
        sizes = sorted({f"{row['width']}x{row['height']}" for row in rows if "width" in row})
        report = {
            "files": len(files), "sizes": sizes, "jobs": a.jobs,
            "single": {"seconds": round(t_single, 2), "screens_per_second": round(len(files) / t_single, 3),
                       "failures": single_failures, "load_before": load0, "load_after": load1},
            "batch": {"seconds": round(t_batch, 2), "screens_per_second": round(len(files) / t_batch, 3),
                      "exit": r.returncode, "error_rows": len(errors), "rows": len(rows),
                      "load_before": load1, "load_after": load2},
            "ratio_batch_over_single": round(t_batch / t_single, 3),
            "identical_announcements": f"{same}/{len(single)}", "differ": differ,
        }
        print(json.dumps(report, indent=2))
        ok = same == len(single) and len(rows) == len(files) and len(errors) == single_failures
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
