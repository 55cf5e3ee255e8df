"""Before/after tables for the icon classifier's card: evaluates exported models (a folder with
model.json + ONNX) on the rendered held-out sets, at each model's own ``unknownThreshold``, and
prints Markdown tables (per held-out family, per meaning, simple glyphs).

    python3 -m screenrec_training.icons.report --data data/icons_r3 \\
        --model before=OLD_MODEL_DIR --model after=../Models/icons --out report.json
"""
from __future__ import annotations

import argparse
import json
import os

import onnxruntime as ort

from .export import SIMPLE, evaluate_sets
from .table import MEANINGS, load_table


def evaluate_model(model_dir: str, data: str) -> dict:
    contract = json.load(open(os.path.join(model_dir, "model.json")))
    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    sess = ort.InferenceSession(os.path.join(model_dir, contract["file"]), so)
    results, t, _ = evaluate_sets(sess, data, contract["unknownThreshold"], classes=contract["classes"])
    return {"threshold": t, "results": results}


def _pct(v) -> str:
    return "—" if v is None else f"{100 * v:.1f}"


def tables(reports: dict) -> str:
    names = list(reports)
    table = load_table()
    lines = []
    head = "| " + " | ".join(f"{n} top-1 | {n} labelled" for n in names) + " |"
    sep = "| --- " * (2 * len(names))
    thresholds = ", ".join(f"{n} {r['threshold']}" for n, r in reports.items())
    for split, title in (("val", "Held-out families (val)"), ("gen", "Generalisation families (gen, test only)")):
        lines += [f"\n{title}, top-1 over the meanings and labelled correctly at each model's threshold "
                  f"({thresholds}):\n",
                  "| family | style | " + head[2:], "| --- | --- " + sep + "|"]
        first = reports[names[0]]["results"][split]
        for fam in first["top1PerFamily"]:
            cells = " | ".join(f"{_pct(r['results'][split]['top1PerFamily'].get(fam))} | "
                               f"{_pct(r['results'][split]['labelledCorrectlyPerFamily'].get(fam))}" for r in reports.values())
            lines.append(f"| {fam} | {table.get(fam, {}).get('heldOutFor') or table.get(fam, {}).get('style', '')} | {cells} |")
        cells = " | ".join(f"**{_pct(r['results'][split]['top1'])}** | **{_pct(r['results'][split]['atThreshold']['knownLabelledCorrectly'])}**"
                           for r in reports.values())
        lines.append(f"| all | | {cells} |")
        cells = " | ".join(f"{_pct(r['results'][split].get('top1Paper38'))} | {_pct(r['results'][split].get('labelledCorrectlyPaper38'))}"
                           for r in reports.values())
        lines.append(f"| the paper's 38 meanings | | {cells} |")
        cells = " | ".join(f"other left unknown {_pct(r['results'][split]['atThreshold']['otherLeftUnknown'])} | "
                           f"precision {_pct(r['results'][split]['atThreshold']['precisionOfLabels'])}" for r in reports.values())
        lines.append(f"| | | {cells} |")
    lines += ["\nSimple glyphs, labelled correctly at the threshold (held-out val / gen):\n",
              "| meaning | " + " | ".join(f"{n} val | {n} gen" for n in names) + " |", "| --- " + sep + "|"]
    for m in SIMPLE:
        cells = " | ".join(f"{_pct(r['results']['val']['simpleGlyphs'].get(m, {}).get('labelledCorrectly'))} | "
                           f"{_pct(r['results']['gen']['simpleGlyphs'].get(m, {}).get('labelledCorrectly'))}" for r in reports.values())
        lines.append(f"| {m} | {cells} |")
    lines += ["\nPer meaning on the held-out families (val): top-1 / labelled correctly at the threshold:\n",
              "| meaning | " + " | ".join(names) + " |", "| --- " * (1 + len(names)) + "|"]
    for m in MEANINGS:
        cells = " | ".join(f"{_pct(r['results']['val']['top1PerClass'].get(m))} / {_pct(r['results']['val']['labelledCorrectlyPerClass'].get(m))}"
                           for r in reports.values())
        lines.append(f"| {m} | {cells} |")
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--data", required=True)
    p.add_argument("--model", action="append", required=True, help="NAME=MODEL_DIR")
    p.add_argument("--out", default=None)
    a = p.parse_args()
    reports = {}
    for spec in a.model:
        name, _, path = spec.partition("=")
        reports[name] = evaluate_model(path, a.data)
    print(tables(reports))
    if a.out:
        with open(a.out, "w") as f:
            json.dump(reports, f, indent=1)


if __name__ == "__main__":
    main()
