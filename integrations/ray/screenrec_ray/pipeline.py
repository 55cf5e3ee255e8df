"""The Ray Data job: list screenshots, map batches of paths through screenrec actors, write JSONL."""

from __future__ import annotations

import json
import os
import subprocess
import threading
import time
import uuid
from collections import defaultdict, deque
from typing import Iterable, Sequence

# The extensions `screenrec analyze DIR` takes (Sources/screenrec/Batch.swift).
IMAGE_EXTENSIONS = (".png", ".jpg", ".jpeg")


def list_images(input_dir: str) -> list[str]:
    """The PNG and JPEG files of `input_dir`, sorted by name, as absolute paths (actors run in
    another working directory). Raises OSError for a folder that cannot be listed and ValueError
    for one without screenshots."""
    root = os.path.abspath(input_dir)
    if not os.path.isdir(root):
        raise NotADirectoryError(f"{input_dir} is not a folder")
    names = sorted(n for n in os.listdir(root) if n.lower().endswith(IMAGE_EXTENSIONS))
    if not names:
        raise ValueError(f"{input_dir} holds no PNG or JPEG screenshots")
    return [os.path.join(root, n) for n in names]


class ScreenrecProcess:
    """One long-lived `screenrec analyze - --format jsonl` process: paths go in on its standard
    input, one a line, and each result comes back as a JSON line as soon as it is ready. The
    models load once, when the process starts. If the process dies, the images it had not answered
    get error lines and the next call starts a new one."""

    def __init__(self, binary: str = "screenrec", jobs: int = 1, extra_args: Sequence[str] = ()):
        self.command = [binary, "analyze", "-", "--format", "jsonl", "--jobs", str(jobs), *extra_args]
        self.proc: subprocess.Popen | None = None

    def _ensure_started(self) -> subprocess.Popen:
        if self.proc is None or self.proc.poll() is not None:
            # stderr (one `screenrec: error: …` line per failing image) goes to the actor's log.
            self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        return self.proc

    def analyze(self, paths: Sequence[str]) -> list[str]:
        """The JSON line (without its newline) for each path, in the order given."""
        lines: list[str | None] = [None] * len(paths)
        ask = [(i, p) for i, p in enumerate(paths) if "\n" not in p and "\r" not in p and p]
        for i, p in enumerate(paths):
            if (i, p) not in ask:
                lines[i] = json.dumps({"error": "the path is empty or holds a line break", "image": p}, sort_keys=True)
        if ask:
            self._ask(ask, lines)
        return lines  # type: ignore[return-value]

    def _ask(self, ask: list[tuple[int, str]], lines: list[str | None]) -> None:
        try:
            proc = self._ensure_started()
        except OSError as e:
            for i, p in ask:
                lines[i] = json.dumps({"error": f"cannot start {self.command[0]}: {e}", "image": p}, sort_keys=True)
            return
        waiting: dict[str, deque[int]] = defaultdict(deque)
        for i, p in ask:
            waiting[p].append(i)

        def feed() -> None:  # a thread, so that a full stdout pipe cannot block the writes
            try:
                for _, p in ask:
                    proc.stdin.write((p + "\n").encode())
                proc.stdin.flush()
            except (BrokenPipeError, OSError):
                pass

        writer = threading.Thread(target=feed, daemon=True)
        writer.start()
        left = len(ask)
        while left:
            raw = proc.stdout.readline()
            if not raw:
                break
            text = raw.decode().rstrip("\n")
            try:
                image = json.loads(text)["image"]
            except (ValueError, KeyError, TypeError):
                continue
            if waiting.get(image):
                lines[waiting[image].popleft()] = text
                left -= 1
        writer.join()
        if left:  # the process died: report what it did not answer, start afresh next time
            status = proc.wait()
            self.proc = None
            for p, rest in waiting.items():
                for i in rest:
                    lines[i] = json.dumps({"error": f"screenrec stopped (exit status {status}) before answering", "image": p},
                                          sort_keys=True)

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait()
        self.proc = None


class AnalyzeBatch:
    """The actor of the pool: one ScreenrecProcess, kept for the actor's life."""

    def __init__(self, screenrec: str, jobs: int, extra_args: Sequence[str]):
        self.process = ScreenrecProcess(screenrec, jobs=jobs, extra_args=extra_args)

    def __call__(self, batch: dict) -> dict:
        paths = [str(p) for p in batch["path"]]
        try:
            lines = self.process.analyze(paths)
        except Exception as e:  # never fail the job: every image gets its row
            lines = [json.dumps({"error": f"screenrec_ray: {e}", "image": p}, sort_keys=True) for p in paths]
        return {"image": paths, "json": lines}


def _json_lines_sink(output_dir: str):
    from ray.data import Datasink
    from ray.data.block import BlockAccessor

    class JSONLinesSink(Datasink):
        """Writes the `json` column verbatim, one file per write task: the CLI's lines, unchanged
        (Ray's write_json would turn them into Arrow rows and back)."""

        def write(self, blocks: Iterable, ctx) -> None:
            path = os.path.join(output_dir, f"part-{ctx.task_idx:05d}-{uuid.uuid4().hex[:8]}.jsonl")
            with open(path, "w", encoding="utf-8") as f:
                for block in blocks:
                    for line in BlockAccessor.for_block(block).to_pandas()["json"]:
                        f.write(line + "\n")

    return JSONLinesSink()


def run(input_dir: str, output_dir: str, *, address: str | None = None, screenrec: str = "screenrec",
        batch_size: int = 16, actors: int | None = None, cpus_per_actor: float = 1, jobs: int = 1,
        extra_args: Sequence[str] = ()) -> dict:
    """Analyses every screenshot of `input_dir` on the Ray cluster at `address` and writes JSON
    lines to `output_dir`; returns a summary (images, errors, seconds, rate, actors, nodes)."""
    loopback = bool(address) and address.rsplit(":", 1)[0] in ("127.0.0.1", "localhost")
    if loopback:
        # A cluster on this machine's loopback (the test's): Ray would otherwise replace 127.0.0.1
        # with the machine's outward address, which a sandbox may not reach. Read at import.
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    import ray

    images = list_images(input_dir)
    out = os.path.abspath(output_dir)
    os.makedirs(out, exist_ok=True)
    if any(n.endswith(".jsonl") for n in os.listdir(out)):
        raise ValueError(f"{output_dir} already holds .jsonl results; choose an empty folder")
    if os.sep in screenrec:
        screenrec = os.path.abspath(screenrec)
    init = {"_node_ip_address": "127.0.0.1"} if loopback else {}
    ray.init(address=address, ignore_reinit_error=True, logging_level="ERROR", log_to_driver=False, **init)
    ctx = ray.data.DataContext.get_current()
    ctx.enable_progress_bars = False
    nodes = sum(1 for n in ray.nodes() if n.get("Alive"))
    if actors is None:
        actors = max(1, int(ray.cluster_resources().get("CPU", 1) // cpus_per_actor))
    start = time.monotonic()
    ds = ray.data.from_items([{"path": p} for p in images])
    ds = ds.map_batches(AnalyzeBatch, fn_constructor_kwargs={"screenrec": screenrec, "jobs": jobs, "extra_args": list(extra_args)},
                        batch_size=batch_size, compute=ray.data.ActorPoolStrategy(size=actors), num_cpus=cpus_per_actor,
                        batch_format="numpy")
    ds.write_datasink(_json_lines_sink(out))
    seconds = time.monotonic() - start
    rows = errors = 0
    for name in os.listdir(out):
        if name.endswith(".jsonl"):
            with open(os.path.join(out, name), encoding="utf-8") as f:
                for line in f:
                    rows += 1
                    errors += '"error":' in line and "error" in json.loads(line)
    return {"images": len(images), "rows": rows, "errors": errors, "seconds": round(seconds, 2),
            "screens_per_second": round(len(images) / seconds, 3) if seconds > 0 else None,
            "actors": actors, "nodes": nodes, "batch_size": batch_size}
