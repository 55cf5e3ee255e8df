"""Exports the icon classifier: ONNX + model.json (the contract ONNXIconClassifier checks) +
metrics.json + MODEL_CARD.md, and fixtures for the Swift tests. Every metric is measured here on
the exported ONNX file with onnxruntime, on the rendered held-out sets (``dataset.py``).

    python3 -m screenrec_training.icons.export --checkpoint runs/icons_r1/best.pt --data data/icons \
        --out ../Models/icons --fixtures ../Tests/ScreenRecognitionONNXTests/Fixtures/icons
"""
from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import random
import time

import numpy as np
import onnxruntime as ort
import torch
from PIL import Image

from .model import ExportWrapper, IconNet
from .preprocess import CONTEXT, MEAN, SIZE, STD, combine, preprocess
from .sources import render_mask
from .table import CLASSES, MEANINGS, OTHER, PAPER_MEANINGS, load_table

NM = len(MEANINGS)


def decide(probs: np.ndarray, t: float) -> np.ndarray:
    """The reported class per row: best meaning index, or -1 (unknown) when its probability is below
    `t` or below the "other" probability (as ONNXIconClassifier.classify does)."""
    best = probs[:, :NM].argmax(1)
    pb = probs[np.arange(len(probs)), best]
    other = probs[:, NM]
    return np.where((pb >= t) & (pb >= other), best, -1)


def choose_threshold(probs: np.ndarray, y: np.ndarray) -> tuple[float, list]:
    """The threshold maximising the mean of (known icons labelled correctly) and (other-meaning
    icons left unknown) on the validation families, from 0.05 to 0.95 in steps of 0.01."""
    known, neg = y < NM, y == NM
    curve = []
    for t in np.arange(0.05, 0.955, 0.01):
        d = decide(probs, t)
        correct = float((d[known] == y[known]).mean())
        rejected = float((d[neg] == -1).mean()) if neg.any() else 1.0
        curve.append((round(float(t), 2), correct, rejected, 0.5 * (correct + rejected)))
    best = max(curve, key=lambda r: r[3])
    return best[0], curve


# The simplest glyphs, reported on their own (the first model dropped them as unknown).
SIMPLE = ["close", "add", "pause", "menu", "person", "more", "back", "checkmark"]


def metrics(probs: np.ndarray, y: np.ndarray, glyph_family: list, t: float) -> dict:
    known, neg = y < NM, y == NM
    top1 = probs[:, :NM].argmax(1)
    d = decide(probs, t)
    per_class = {m: round(float((top1[y == i] == i).mean()), 4) for i, m in enumerate(MEANINGS) if (y == i).any()}
    per_class_t = {m: round(float((d[y == i] == i).mean()), 4) for i, m in enumerate(MEANINGS) if (y == i).any()}
    fam = np.array(glyph_family)
    fams = [f for f in dict.fromkeys(glyph_family) if (known & (fam == f)).any()]
    per_family = {f: round(float((top1[known & (fam == f)] == y[known & (fam == f)]).mean()), 4) for f in fams}
    per_family_t = {f: round(float((d[known & (fam == f)] == y[known & (fam == f)]).mean()), 4) for f in fams}
    other_family = {f: round(float((d[neg & (fam == f)] == -1).mean()), 4) for f in fams if (neg & (fam == f)).any()}
    simple = {}
    for m in SIMPLE:
        i = MEANINGS.index(m)
        if (y == i).any():
            simple[m] = {"renders": int((y == i).sum()), "top1": per_class[m], "labelledCorrectly": per_class_t[m],
                         "unknown": round(float((d[y == i] == -1).mean()), 4),
                         "perFamily": {f: round(float((d[(y == i) & (fam == f)] == i).mean()), 4)
                                       for f in fams if ((y == i) & (fam == f)).any()}}
    acc_known = d[known]
    paper = y < len(PAPER_MEANINGS)
    return {
        "knownSamples": int(known.sum()), "otherSamples": int(neg.sum()),
        "top1": round(float((top1[known] == y[known]).mean()), 4),
        "top1PerFamily": per_family,
        # the paper's 38 meanings alone (argmax over all meanings): compares with models before the fifth
        "top1Paper38": round(float((top1[paper] == y[paper]).mean()), 4) if paper.any() else None,
        "labelledCorrectlyPaper38": round(float((d[paper] == y[paper]).mean()), 4) if paper.any() else None,
        "top1PerClass": per_class,
        "labelledCorrectlyPerFamily": per_family_t,
        "labelledCorrectlyPerClass": per_class_t,
        "otherLeftUnknownPerFamily": other_family,
        "simpleGlyphs": simple,
        "atThreshold": {
            "threshold": t,
            "knownLabelledCorrectly": round(float((acc_known == y[known]).mean()), 4),
            "knownUnknownRate": round(float((acc_known == -1).mean()), 4),
            "knownLabelledWrongly": round(float(((acc_known != -1) & (acc_known != y[known])).mean()), 4),
            "precisionOfLabels": round(float((acc_known[acc_known != -1] == y[known][acc_known != -1]).mean()), 4)
            if (acc_known != -1).any() else None,
            "otherLeftUnknown": round(float((d[neg] == -1).mean()), 4) if neg.any() else None,
        },
    }


def remap(probs: np.ndarray, classes: list) -> np.ndarray:
    """Probabilities of a model with other classes (one before the fifth: 38 meanings + other) laid
    out as CLASSES: a meaning the model lacks gets probability 0, so it can never be labelled.
    A model with CLASSES themselves is returned as it is."""
    if list(classes) == CLASSES:
        return probs
    out = np.zeros((len(probs), len(CLASSES)), probs.dtype)
    for j, name in enumerate(classes):
        out[:, CLASSES.index(name)] = probs[:, j]
    return out


def evaluate_sets(sess: ort.InferenceSession, data: str, threshold: float | None = None,
                  classes: list | None = None) -> tuple[dict, float, list]:
    """Metrics of the ONNX session on data/{val,gen}.npz. With no `threshold`, it is chosen on val.
    `classes`: the model's classes, when they may not be CLASSES (see ``remap``)."""
    results, curve = {}, None
    for split in ("val", "gen"):
        d = np.load(os.path.join(data, f"{split}.npz"))
        meta = json.load(open(os.path.join(data, f"{split}.json")))
        fams = [meta["glyphList"][g][0] for g in d["glyph"]]
        probs = run_onnx(sess, d["x"])
        if classes is not None:
            probs = remap(probs, classes)
        if split == "val" and threshold is None:
            threshold, curve = choose_threshold(probs, d["y"])
        results[split] = {"families": meta["families"], "glyphs": meta["glyphs"], **metrics(probs, d["y"], fams, threshold)}
    return results, threshold, curve


def run_onnx(sess: ort.InferenceSession, x_uint8: np.ndarray, batch: int = 256) -> np.ndarray:
    """Probabilities for uint8 crops [N, H, W, 3]; for [N, S, H, W, 3] (one crop per box scale)
    each sample's S rows are combined (``preprocess.combine``)."""
    if x_uint8.ndim == 5:
        n, k = x_uint8.shape[:2]
        p = run_onnx(sess, x_uint8.reshape(n * k, *x_uint8.shape[2:]), batch).reshape(n, k, -1)
        return np.stack([combine(row) for row in p])
    x = (x_uint8.astype(np.float32).transpose(0, 3, 1, 2) / 255.0 - MEAN) / STD
    return np.concatenate([sess.run(["probabilities"], {"image": x[i:i + batch]})[0] for i in range(0, len(x), batch)])


def write_fixtures(sess: ort.InferenceSession, out: str, table: dict) -> list:
    """App-like icon screenshots (opaque PNG) from held-out and generalisation families with the
    probabilities Python's preprocessing + the ONNX file give for a box, for the Swift parity test."""
    os.makedirs(out, exist_ok=True)
    # one icon per held-out (val) or test-only (gen) family; r3 swaps r2's Lucide heart for a
    # simple glyph (Lucide close)
    picks = [("bootstrap", "back", (255, 255, 255), (0, 122, 255)), ("eva", "search", (28, 28, 30), (255, 255, 255)),
             ("lucide", "trash", (242, 242, 247), (255, 59, 48)), ("heroicons", "share", (255, 255, 255), (60, 60, 67)),
             ("ionicons", "settings", (0, 122, 255), (255, 255, 255)), ("lucide", "close", (255, 255, 255), (0, 0, 0))]
    rows = []
    for fam, meaning, bg, fg in picks:
        name = table[fam]["meanings"][meaning][0]
        m = render_mask(fam, name, 66)
        h, w = m.shape
        canvas = Image.new("RGB", (w + 40, h + 30), bg)
        canvas.paste(Image.new("RGB", (w, h), fg), (22, 13), Image.fromarray(m))
        file = f"{fam}-{meaning}.png"
        canvas.save(os.path.join(out, file))
        box = [19.0, 10.0, w + 6.0, h + 6.0]
        rgb = np.asarray(canvas)
        p = sess.run(["probabilities"], {"image": preprocess(rgb, tuple(box))[None]})[0][0]
        full = sess.run(["probabilities"], {"image": preprocess(rgb, (0, 0, rgb.shape[1], rgb.shape[0]))[None]})[0][0]
        rows.append({"file": file, "family": fam, "meaning": meaning, "box": box,
                     "probabilities": [round(float(v), 6) for v in p],
                     "wholeImageProbabilities": [round(float(v), 6) for v in full]})
    with open(os.path.join(out, "expected.json"), "w") as f:
        json.dump({"classes": CLASSES, "note": "written by training/screenrec_training/icons/export.py", "icons": rows}, f, indent=1)
    return rows


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--checkpoint", required=True)
    p.add_argument("--data", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--fixtures", default=None)
    p.add_argument("--command", default="", help="the training command, for the card")
    a = p.parse_args()
    torch.set_num_threads(1)
    ck = torch.load(a.checkpoint, map_location="cpu")
    net = IconNet(len(CLASSES), ck["width"])
    net.load_state_dict(ck["model"])
    net.eval()
    os.makedirs(a.out, exist_ok=True)
    onnx_path = os.path.join(a.out, "icons.onnx")
    wrapper = ExportWrapper(net).eval()  # export restores the wrapper's mode afterwards: keep it eval
    torch.onnx.export(wrapper, torch.zeros(1, 3, SIZE, SIZE), onnx_path, input_names=["image"],
                      output_names=["probabilities"], dynamic_axes={"image": {0: "n"}, "probabilities": {0: "n"}},
                      opset_version=13)
    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    sess = ort.InferenceSession(onnx_path, so)
    # parity torch vs onnx
    net.eval()
    va = np.load(os.path.join(a.data, "val.npz"))
    xt = torch.from_numpy((va["x"][:64].astype(np.float32).transpose(0, 3, 1, 2) / 255.0 - MEAN) / STD)
    with torch.no_grad():
        diff = float(np.abs(torch.softmax(net(xt), 1).numpy() - run_onnx(sess, va["x"][:64])).max())
    results, threshold, curve = evaluate_sets(sess, a.data)
    # latency, batch 1, 1 thread
    x1 = np.zeros((1, 3, SIZE, SIZE), np.float32)
    for _ in range(20):
        sess.run(["probabilities"], {"image": x1})
    ts = []
    for _ in range(200):
        t = time.perf_counter()
        sess.run(["probabilities"], {"image": x1})
        ts.append((time.perf_counter() - t) * 1000)
    data = open(onnx_path, "rb").read()
    contract = {
        "format": "screenrecognition-icon-classifier", "formatVersion": 1, "name": "icons",
        "file": "icons.onnx", "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(),
        "classes": CLASSES, "otherClass": OTHER,
        "input": {"name": "image", "shape": [-1, 3, SIZE, SIZE], "dtype": "float32", "layout": "NCHW", "colour": "RGB",
                  "width": SIZE, "height": SIZE,
                  "crop": {"context": CONTEXT, "shape": "square, side = round(max(w, h) * (1 + context)), centred on the box",
                           "outside": "pixels outside the image repeat the nearest edge pixel",
                           "alpha": "transparent pixels are composited over white",
                           "rounding": "floor(v + 0.5)"},
                  "resize": "area average (ONNXElementDetector.areaResize; preprocess.py area_resize)",
                  "normalization": {"scale": 255.0, "mean": [MEAN] * 3, "std": [STD] * 3}},
        "output": {"name": "probabilities", "shape": [-1, len(CLASSES)], "meaning": "softmax over classes"},
        "unknownThreshold": threshold,
        "unknownRule": "unknown when the best meaning's probability < unknownThreshold or < P(other); the Swift side also answers unknown for a crop whose luminance range is < 0.1 (no glyph; every rendered sample has >= 0.23)",
        "export": {"checkpointEpoch": ck["epoch"], "torchVsOnnxMaxProbDiff": diff, "opset": 13,
                   "parameters": sum(p.numel() for p in net.parameters()),
                   "latencyMsOrt1Thread": {"median": round(float(np.median(ts)), 3), "p95": round(float(np.percentile(ts, 95)), 3),
                                           "note": "onnxruntime Python API, batch 1, shared 2-core dev machine"},
                   "date": datetime.datetime.utcnow().strftime("%Y-%m-%dT%H:%MZ")},
    }
    with open(os.path.join(a.out, "model.json"), "w") as f:
        json.dump(contract, f, indent=1)
    with open(os.path.join(a.out, "metrics.json"), "w") as f:
        json.dump({"results": results, "thresholdCurve": [list(r) for r in curve], "training": ck.get("args"),
                   "trainingCommand": a.command}, f, indent=1)
    if a.fixtures:
        write_fixtures(sess, a.fixtures, load_table())
    print(json.dumps({k: {kk: v[kk] for kk in ("top1", "atThreshold", "top1PerFamily")} for k, v in results.items()}, indent=1))
    print("threshold", threshold, "torch-vs-onnx", diff, "latency ms", contract["export"]["latencyMsOrt1Thread"])


if __name__ == "__main__":
    main()
