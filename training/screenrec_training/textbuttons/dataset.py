"""Builds the text-button training arrays from ui-real and the shipped detector's own text boxes.

The detector's text boxes (``screenrec detect`` JSON lines, the boxes the Swift pipeline sees) are
matched to ui-real's ground truth as ``TextButtonMetrics`` matches them: a detected text is a
button when its centre lies in a ``TextButton`` box and ≥ 85 % of it lies inside (§3.3's
containment; a TextButton box is the whole tappable area — often a full-width row many times the
text's size), static when it lies so in a ``Text`` box; texts inside a ``TextImageButton`` (an icon + text cell, a grouping
matter) and unmatched detections are left out.

    screenrec detect $UI_REAL/images/*.jpg > detect.jsonl      # (xargs for long lists)
    python3 -m screenrec_training.textbuttons.dataset --ui-real $UI_REAL --detections detect.jsonl \
        --out data/textbuttons
writes ``train.npz`` and ``valid.npz`` (crops uint8 [N, H, W, 3], features float32 [N, F], labels,
image ids, sources).
"""
from __future__ import annotations

import argparse
import json
import os

import numpy as np
from PIL import Image

from .features import crop, layout_features

CONTAINMENT = 0.85  # TextButtonMetrics.containment (paper §3.3)


def _fits(p, g):
    cx, cy = p[0] + p[2] / 2, p[1] + p[3] / 2
    if not (g[0] <= cx <= g[0] + g[2] and g[1] <= cy <= g[1] + g[3]):
        return False
    ix = max(0.0, min(p[0] + p[2], g[0] + g[2]) - max(p[0], g[0]))
    iy = max(0.0, min(p[1] + p[3], g[1] + g[3]) - max(p[1], g[1]))
    return ix * iy >= CONTAINMENT * max(p[2] * p[3], 1e-9)


def label_for(box, buttons, statics, cells):
    """1 (button), 0 (static) or None (left out)."""
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    if any(c[0] <= cx <= c[0] + c[2] and c[1] <= cy <= c[1] + c[3] for c in cells):
        return None
    if any(_fits(box, g) for g in buttons):
        return 1
    if any(_fits(box, g) for g in statics):
        return 0
    return None


def build(coco_path, detections, images_dir):
    d = json.load(open(coco_path))
    cats = {c["id"]: c["name"] for c in d["categories"]}
    gt = {}
    for a in d["annotations"]:
        gt.setdefault(a["image_id"], []).append((cats[a["category_id"]], a["bbox"]))
    crops, feats, labels, ids, sources = [], [], [], [], []
    for im in d["images"]:
        det = detections.get(im["file_name"])
        if det is None:
            continue
        texts = [x["box"] for x in det["detections"] if x["type"] == "text"]
        icons = [x["box"] for x in det["detections"] if x["type"] == "icon"]
        g = gt.get(im["id"], [])
        buttons = [b for n, b in g if n == "TextButton"]
        statics = [b for n, b in g if n == "Text"]
        cells = [b for n, b in g if n == "TextImageButton"]
        pixels = None
        for box in texts:
            y = label_for(box, buttons, statics, cells)
            if y is None:
                continue
            if pixels is None:
                pixels = np.asarray(Image.open(os.path.join(images_dir, im["file_name"])).convert("RGB"))
            crops.append(crop(pixels, box))
            feats.append(layout_features(box, texts, icons, det["width"], det["height"]))
            labels.append(y)
            ids.append(im["id"])
            sources.append(im.get("source", "unknown"))
    return dict(crops=np.stack(crops), features=np.asarray(feats, np.float32), labels=np.asarray(labels, np.int8),
                image_ids=np.asarray(ids, np.int32), sources=np.asarray(sources))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ui-real", required=True)
    ap.add_argument("--detections", required=True, help="screenrec detect JSON lines for the ui-real images")
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    detections = {}
    for line in open(a.detections):
        r = json.loads(line)
        if "detections" in r:
            detections[os.path.basename(r["image"])] = r
    os.makedirs(a.out, exist_ok=True)
    for split in ("train", "valid"):
        arrays = build(os.path.join(a.ui_real, f"{split}.json"), detections, os.path.join(a.ui_real, "images"))
        np.savez_compressed(os.path.join(a.out, f"{split}.npz"), **arrays)
        n, pos = len(arrays["labels"]), int(arrays["labels"].sum())
        print(f"{split}: {n} texts, {pos} buttons ({pos / max(n, 1):.1%})")


if __name__ == "__main__":
    main()
