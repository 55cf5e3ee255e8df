"""Writes MODEL_CARD.md beside an exported model from model.json, metrics.json, thresholds.json
and the run's log.

    python3 -m screenrec_training.card --export exports/r1 --run runs/r1 \
        --train-command "..." --export-command "..." --synthetic data/synth
"""
from __future__ import annotations

import argparse
import json
import os

from .classes import CLASSES

LICENCES = """\
- **ui-real** ($UI_REAL; 2,402 train images used for training, 299 valid images for
  validation): Roboflow project "yolov8_ui-similarity_ver4" (workspace "iae"), version 1, licensed
  **CC BY 4.0**, as exported in the public repository NX2411/GUI-detection-model. Credit: the
  "iae" workspace authors on Roboflow. Labels were mapped to our classes (training/README.md);
  its toggles and checkboxes carry no state.
- **Synthetic screens** made by `screenrec_training.synth` in headless Chromium, with:
  Font Awesome Free 6.6.0 icons (PyPI `fontawesomefree`; icons **CC BY 4.0**, © Fonticons, Inc.),
  Tabler icons (PyPI `tabler-icons` 0.5.0, **MIT**), fonts Inter, Roboto, Noto Sans, Open Sans,
  Lato (**OFL 1.1**), DejaVu Sans (Bitstream Vera licence), Liberation Sans (OFL 1.1), Cantarell
  (OFL 1.1), and 12 photos from the scikit-image 0.24.0 wheel (CC0 or public domain, listed in
  training/data/assets/photos/LICENCES.txt by fetch_assets.sh).
- No pretrained weights: the network is trained from random initialisation."""


def fmt_metrics(m: dict) -> str:
    lines = ["| class | " + " | ".join(m) + " |", "| --- |" + " --- |" * len(m)]
    for c in CLASSES:
        row = []
        for v in m.values():
            ap = v["per_class_AP50"].get(c)
            row.append("—" if ap is None else f"{ap:.3f} ({v['n_gt'][c]})")
        lines.append(f"| {c} | " + " | ".join(row) + " |")
    lines.append("| **mAP@0.5** | " + " | ".join(f"**{v['mAP50']:.3f}**" for v in m.values()) + " |")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--export", required=True)
    ap.add_argument("--run")
    ap.add_argument("--train-command", default="")
    ap.add_argument("--export-command", default="")
    ap.add_argument("--synthetic")
    ap.add_argument("--notes", default="")
    args = ap.parse_args(argv)
    meta = json.load(open(os.path.join(args.export, "model.json")))
    metrics = json.load(open(os.path.join(args.export, "metrics.json")))
    th = json.load(open(os.path.join(args.export, "thresholds.json")))
    ex = meta["export"]
    train_info = ""
    if args.run and os.path.exists(os.path.join(args.run, "log.jsonl")):
        recs = [json.loads(l) for l in open(os.path.join(args.run, "log.jsonl"))]
        steps = [r for r in recs if "loss" in r]
        if steps:
            last = steps[-1]
            rates = [r["img_per_s"] for r in steps]
            train_info = (f"{ex['checkpoint']['iter']} iterations (logged up to {last['iter']}; batch {json.load(open(os.path.join(args.run, 'config.json')))['batch_size']}), "
                          f"epoch {last['epoch']}, {last['minutes']} min in the last chunk, last loss {last['loss']}, "
                          f"throughput {min(rates)}–{max(rates)} images/s (median {sorted(rates)[len(rates) // 2]}).")
    syn = ""
    if args.synthetic:
        for split in ("train", "heldout"):
            p = os.path.join(args.synthetic, f"{split}.json")
            if os.path.exists(p):
                d = json.load(open(p))
                syn += f"- synthetic {split}: {len(d['images'])} screens, {len(d['annotations'])} boxes, seed {d['info'].get('seed')}, {d['info'].get('seconds_per_screen')} s/screen to generate\n"
    card = f"""# Model card: {os.path.basename(os.path.normpath(args.export))}

UI element detector for ScreenRecognition (paper §4): 13 classes, ONNX, {ex['onnxBytes'] / 1e6:.1f} MB,
{ex['parameters']:,} parameters. Exported {ex['date']} from iteration {ex['checkpoint']['iter']}.

**Status: an early, undertrained model** — trained for a short time on 2 shared CPU cores. Use it to
exercise the pipeline, not for users. Numbers below are measured, not targets.

## Contract
Input `{meta['input']['name']}` {meta['input']['shape']} float32 RGB in 0..1 (pixel/255), letterboxed
top-left with black padding (s = min({meta['input']['width']}/w, {meta['input']['height']}/h)). Output
`{meta['outputs'][0]['name']}` {meta['outputs'][0]['shape']}: x1, y1, x2, y2 (input px), score, class
index. Then: per-class thresholds (thresholds.json), per-class NMS IoU {meta['decoding']['nmsIoU']},
divide boxes by s. Full details: model.json.

## Architecture
MobileNetV2-style backbone (width 0.5) + FPN to stride 4 + anchor-free heatmap/box head
(TTFNet/CenterNet style); peak extraction and top-{meta['decoding']['topK']} inside the graph.
Latency (onnxruntime, 2 threads, batch 1, shared dev machine): median {ex['latencyMsOrt2Threads']['median']} ms,
min {ex['latencyMsOrt2Threads']['min']} ms.

## Data and licences
{LICENCES}
{syn}
## Training
{train_info}

Command:
```
{args.train_command}
```
Export:
```
{args.export_command}
```

## Metrics (AP@0.5, paper §4.3; in parentheses the number of ground-truth boxes)
ui-real valid: states merged (selected/unselected pairs counted as one class), classes it does not
label are absent from its mean. Synthetic held-out: all 13 classes with states.

{fmt_metrics(metrics)}

Targets: synthetic held-out mAP@0.5 ≥ 0.90; ui-real valid ≥ 0.60; ≤ 40 ms on 2 cores; ≤ 20 MB.

## Thresholds
Rule: {th['rule']}.

| class | threshold | precision | recall | source |
| --- | --- | --- | --- | --- |
""" + "\n".join(f"| {c} | {p['threshold']:.3f} | {p.get('precision', float('nan')):.3f} | {p.get('recall', float('nan')):.3f} | {p['source']} |"
                for c, p in th["points"].items()) + f"""

PR curves: pr_curves.svg.

## Known limitations
{args.notes}
"""
    with open(os.path.join(args.export, "MODEL_CARD.md"), "w") as f:
        f.write(card)


if __name__ == "__main__":
    main()
