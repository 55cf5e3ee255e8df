"""The job on a real two-node Ray cluster on 127.0.0.1 (a head and one worker node, one CPU each):
its rows are the CLI's."""

import json
import shutil
import subprocess
import sys

import pytest
from conftest import ROOT

IMAGES = ["Examples/clock.png", "Benchmarks/ocr-checkset/screen-01.png", "Benchmarks/ocr-checkset/screen-02.png",
          "Benchmarks/ocr-checkset/screen-03.png"]


@pytest.fixture(scope="module")
def cluster():
    from ray.cluster_utils import Cluster

    args = {"num_cpus": 1, "object_store_memory": 100 * 1024 * 1024, "node_ip_address": "127.0.0.1"}
    c = Cluster(initialize_head=True, head_node_args=dict(args, include_dashboard=False))
    c.add_node(**args)
    c.wait_for_nodes()
    yield c
    c.shutdown()


def read_rows(out_dir):
    rows = {}
    for f in sorted(out_dir.glob("*.jsonl")):
        for line in f.read_text().splitlines():
            row = json.loads(line)
            assert row["image"] not in rows, f"{row['image']} written twice"
            rows[row["image"]] = row
    return rows


def test_two_node_job_writes_the_cli_rows(cluster, screenrec, tmp_path):
    inp, out = tmp_path / "in", tmp_path / "out"
    inp.mkdir()
    for rel in IMAGES:
        shutil.copy(ROOT / rel, inp / rel.replace("/", "_"))
    (inp / "corrupt.png").write_bytes(b"\x89PNG\r\n\x1a\n truncated")

    r = subprocess.run([sys.executable, "-m", "screenrec_ray", str(inp), str(out), "--address", cluster.address,
                        "--screenrec", screenrec, "--batch-size", "2"],
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr[-4000:]
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    assert summary["nodes"] == 2 and summary["actors"] == 2, summary
    assert summary["images"] == 5 and summary["rows"] == 5 and summary["errors"] == 1, summary

    got = read_rows(out)
    cli = subprocess.run([screenrec, "analyze", str(inp), "--format", "jsonl", "--jobs", "1"],
                         capture_output=True, text=True, timeout=900)
    assert cli.returncode == 65, cli.stderr  # the corrupt file
    want = {row["image"]: row for row in map(json.loads, cli.stdout.splitlines())}
    assert sorted(got) == sorted(want) == sorted(str(p) for p in inp.iterdir())
    for image in want:
        assert got[image] == want[image], image
    assert "error" in got[str(inp / "corrupt.png")]
    assert all(got[str(inp / n.replace("/", "_"))]["elements"] for n in IMAGES)


def test_bad_arguments_are_clear_errors(tmp_path):
    r = subprocess.run([sys.executable, "-m", "screenrec_ray", str(tmp_path / "nope"), str(tmp_path / "out")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 66 and "nope is not a folder" in r.stderr
    r = subprocess.run([sys.executable, "-m", "screenrec_ray", str(tmp_path), str(tmp_path / "out"), "--batch-size", "0"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "--batch-size" in r.stderr
