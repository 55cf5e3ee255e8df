"""Command line: python -m screenrec_ray INPUT_DIR OUTPUT_DIR [--address HOST:PORT] ..."""

import argparse
import json
import sys

from .pipeline import run


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m screenrec_ray",
        description="Analyse every PNG/JPEG in INPUT_DIR on a Ray cluster with screenrec; "
        "write one JSON line per image to OUTPUT_DIR.",
    )
    p.add_argument("input_dir", help="folder of screenshots (every node must see it at this path)")
    p.add_argument("output_dir", help="folder for the JSON-lines files (created; every node writes to it)")
    p.add_argument("--address", help="Ray cluster address HOST:PORT (default: RAY_ADDRESS, else a local Ray)")
    p.add_argument("--screenrec", default="screenrec", help="the screenrec binary on every node (default: screenrec on PATH)")
    p.add_argument("--batch-size", type=int, default=16, help="images per batch sent to an actor (default 16)")
    p.add_argument("--actors", type=int, help="actors in the pool (default: the cluster's CPUs)")
    p.add_argument("--cpus-per-actor", type=float, default=1, help="CPUs each actor reserves (default 1)")
    p.add_argument("--jobs", type=int, default=1, help="screenrec --jobs inside each actor (default 1)")
    p.add_argument("--screenrec-arg", action="append", default=[], metavar="ARG",
                   help="an extra argument for `screenrec analyze` (repeat: --screenrec-arg=--ocr --screenrec-arg=none)")
    a = p.parse_args(argv)
    if a.batch_size < 1:
        p.error("--batch-size must be at least 1")
    if a.actors is not None and a.actors < 1:
        p.error("--actors must be at least 1")
    try:
        summary = run(a.input_dir, a.output_dir, address=a.address, screenrec=a.screenrec, batch_size=a.batch_size,
                      actors=a.actors, cpus_per_actor=a.cpus_per_actor, jobs=a.jobs, extra_args=a.screenrec_arg)
    except (OSError, ValueError) as e:
        print(f"screenrec_ray: error: {e}", file=sys.stderr)
        return 66 if isinstance(e, OSError) else 65
    print(json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
