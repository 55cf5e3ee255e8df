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

from .export import decide, remap
from .preprocess import combine, preprocess, scaled_box
from .table import MEANINGS


# The Swift classifier's derived directions (ONNXIconClassifier.classify(in:boxes:)): an unknown
# glyph read as a confident "back" mirrored is "forward", turned a quarter anticlockwise "up",
# clockwise "down" (input planes [C, H, W]; np.rot90 with k=1 on (H, W) turns anticlockwise).
TURNS = (("forward", lambda x: x[:, :, ::-1]), ("up", lambda x: np.rot90(x, 1, axes=(1, 2))),
         ("down", lambda x: np.rot90(x, -1, axes=(1, 2))))


# ONNXIconClassifier.turnedThreshold: up and down need "back" at >= 0.9 on the turned glyph (0.95
# until the sixth model).
TURNED_THRESHOLD = 0.9
# ONNXIconClassifier.mirroredThreshold: forward needs "back" at >= 0.8 on the mirrored glyph.
MIRRORED_THRESHOLD = 0.8


def derived_direction(sess, x: np.ndarray, t: float, classes: list | None = None) -> tuple[str, float] | None:
    """The derived direction of the unknown icon with input `x` ([3, H, W], or [S, 3, H, W]: one
    crop per box scale, each turned and their probabilities combined), or None."""
    xs = x[None] if x.ndim == 3 else x
    batch = np.stack([np.ascontiguousarray(f(c)) for _, f in TURNS for c in xs]).astype(np.float32)
    p = sess.run(["probabilities"], {"image": batch})[0].reshape(len(TURNS), len(xs), -1)
    p = np.stack([combine(rows) for rows in p])
    if classes is not None:
        p = remap(p, classes)
    back = MEANINGS.index("back")
    best = None
    for (name, _), row, d in zip(TURNS, p, decide(p, t)):
        if row[back] < (MIRRORED_THRESHOLD if name == "forward" else TURNED_THRESHOLD):
            continue
        if int(d) == back and (best is None or row[back] > best[1]):
            best = (name, float(row[back]))
    return best


def evaluate(labels: dict, images: str, model_dir: str, directions: bool = True) -> dict:
    contract = json.load(open(os.path.join(model_dir, "model.json")))
    sess = ort.InferenceSession(os.path.join(model_dir, contract["file"]))
    t = contract["unknownThreshold"]
    scales = contract["input"]["crop"].get("scales", [1.0])  # one crop per scale, as ONNXIconClassifier reads it
    rows = []
    for r in labels["icons"]:
        rgb = np.asarray(Image.open(os.path.join(images, r["image"])).convert("RGB"))
        x = np.stack([preprocess(rgb, scaled_box(tuple(r["box"]), f)) for f in scales])
        p = combine(sess.run(["probabilities"], {"image": x})[0])[None]
        p = remap(p, contract["classes"])  # a model before the fifth has only the 38 meanings + other
        d = int(decide(p, t)[0])
        row = {**r, "top1": MEANINGS[int(p[0, :len(MEANINGS)].argmax())], "label": MEANINGS[d] if d >= 0 else "unknown",
               "confidence": round(float(p[0, :len(MEANINGS)].max()), 4)}
        if directions and d < 0 and (found := derived_direction(sess, x, t, contract["classes"])):
            row["label"], row["confidence"] = found[0], round(found[1], 4)
        rows.append(row)
    known = [r for r in rows if r["meaning"] != "none"]
    none = [r for r in rows if r["meaning"] == "none"]
    labelled = [r for r in rows if r["label"] != "unknown"]
    return {
        "icons": len(rows), "withMeaning": len(known), "withoutMeaning": len(none), "threshold": t, "scales": scales,
        "withDerivedDirection": sum(r["meaning"] not in MEANINGS for r in known),
        # top-1 over the model's own classes: icons whose meaning is a derived direction are left out
        "top1": round(sum(r["top1"] == r["meaning"] for r in known if r["meaning"] in MEANINGS)
                      / max(1, sum(r["meaning"] in MEANINGS for r in known)), 4),
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
    p.add_argument("--no-directions", action="store_true", help="leave out the derived forward/up/down directions")
    a = p.parse_args()
    res = evaluate(json.load(open(a.labels)), a.images, a.model, directions=not a.no_directions)
    text = json.dumps(res, indent=1)
    print(text)
    if a.out:
        open(a.out, "w").write(text + "\n")


if __name__ == "__main__":
    main()
