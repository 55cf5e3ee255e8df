"""Evaluates the shipped icon classifier on real app icons: the hand-labelled ui-real boxes of
Benchmarks/icons-ui-real/labels.json (the images stay in $UI_REAL).

    python3 -m screenrec_training.icons.eval_ui_real --labels ../Benchmarks/icons-ui-real/labels.json \
        --images $UI_REAL/images --model ../Models/icons
"""
from __future__ import annotations

import argparse
import json
import os

import numpy as np
import onnxruntime as ort
from PIL import Image

from .export import decide
from .preprocess import preprocess
from .table import CLASSES, MEANINGS


def evaluate(labels: dict, images: str, model_dir: str) -> dict:
    contract = json.load(open(os.path.join(model_dir, "model.json")))
    sess = ort.InferenceSession(os.path.join(model_dir, contract["file"]))
    t = contract["unknownThreshold"]
    rows = []
    for r in labels["icons"]:
        rgb = np.asarray(Image.open(os.path.join(images, r["image"])).convert("RGB"))
        p = sess.run(["probabilities"], {"image": preprocess(rgb, tuple(r["box"]))[None]})[0]
        d = int(decide(p, t)[0])
        rows.append({**r, "top1": MEANINGS[int(p[0, :len(MEANINGS)].argmax())], "label": MEANINGS[d] if d >= 0 else "unknown",
                     "confidence": round(float(p[0, :len(MEANINGS)].max()), 4)})
    known = [r for r in rows if r["meaning"] != "none"]
    none = [r for r in rows if r["meaning"] == "none"]
    labelled = [r for r in rows if r["label"] != "unknown"]
    return {
        "icons": len(rows), "withMeaning": len(known), "withoutMeaning": len(none), "threshold": t,
        "top1": round(sum(r["top1"] == r["meaning"] for r in known) / max(1, len(known)), 4),
        "labelledCorrectly": round(sum(r["label"] == r["meaning"] for r in known) / max(1, len(known)), 4),
        "unknownRateWithMeaning": round(sum(r["label"] == "unknown" for r in known) / max(1, len(known)), 4),
        "noneLeftUnknown": round(sum(r["label"] == "unknown" for r in none) / max(1, len(none)), 4),
        "precisionOfLabels": round(sum(r["label"] == r["meaning"] for r in labelled) / max(1, len(labelled)), 4),
        "wrongLabels": [{k: r[k] for k in ("image", "box", "meaning", "label", "confidence")}
                        for r in labelled if r["label"] != r["meaning"]],
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--labels", required=True)
    p.add_argument("--images", required=True)
    p.add_argument("--model", required=True)
    p.add_argument("--out", default=None)
    a = p.parse_args()
    res = evaluate(json.load(open(a.labels)), a.images, a.model)
    text = json.dumps(res, indent=1)
    print(text)
    if a.out:
        open(a.out, "w").write(text + "\n")


if __name__ == "__main__":
    main()
