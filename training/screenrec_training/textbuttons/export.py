"""Exports the trained text-button model: ONNX (opset 13), `model.json` (the contract the Swift
`ONNXTextButtonClassifier` checks at load), `metrics.json` (train.py's report), parity fixtures.

    python3 -m screenrec_training.textbuttons.export --run runs/textbuttons --data data/textbuttons \
        --out ../Models/textbuttons [--fixtures ../Tests/ScreenRecognitionONNXTests/Fixtures/textbuttons]
"""
from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os

import numpy as np
import torch

from .features import CONTEXT, FEATURES, HEIGHT, WIDTH, area_resize, crop_box
from .model import Exported, TextButtonNet
from .train import to_tensor


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--run", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--fixtures")
    a = ap.parse_args(argv)
    ck = torch.load(os.path.join(a.run, "model.pt"), map_location="cpu")
    net = TextButtonNet(len(FEATURES), ck.get("width", 32))
    net.load_state_dict(ck["model"])
    model = Exported(net.eval()).eval()
    os.makedirs(a.out, exist_ok=True)
    path = os.path.join(a.out, "textbuttons.onnx")
    x = torch.zeros(1, 3, HEIGHT, WIDTH)
    f = torch.zeros(1, len(FEATURES))
    torch.onnx.export(model, (x, f), path, input_names=["image", "features"], output_names=["probabilities"],
                      dynamic_axes={"image": {0: "n"}, "features": {0: "n"}, "probabilities": {0: "n"}}, opset_version=13)
    data = open(path, "rb").read()
    report = json.load(open(os.path.join(a.run, "report.json")))
    contract = {
        "format": "screenrecognition-text-button-classifier",
        "formatVersion": 1,
        "name": "textbuttons-cnn-ui-real",
        "file": "textbuttons.onnx",
        "bytes": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
        "inputs": [{"name": "image", "shape": [-1, 3, HEIGHT, WIDTH]}, {"name": "features", "shape": [-1, len(FEATURES)]}],
        "outputs": [{"name": "probabilities", "shape": [-1]}],
        "crop": {"width": WIDTH, "height": HEIGHT, "context": CONTEXT},
        "normalization": {"scale": 255.0, "mean": [0.5, 0.5, 0.5], "std": [0.5, 0.5, 0.5]},
        "features": FEATURES,
        "threshold": ck["threshold"],
        "thresholdRule": f"lowest threshold with out-of-fold precision >= {report['targetPrecision']} on ui-real train "
                         f"(5-fold, grouped by screen)",
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%MZ"),
    }
    json.dump(contract, open(os.path.join(a.out, "model.json"), "w"), indent=2)
    json.dump(report, open(os.path.join(a.out, "metrics.json"), "w"), indent=2)
    print(f"wrote {path} ({len(data)} bytes), threshold {ck['threshold']:.4f}")
    if a.fixtures:
        os.makedirs(a.fixtures, exist_ok=True)
        va = np.load(os.path.join(a.data, "valid.npz"))
        pick = list(np.where(va["labels"] == 1)[0][:3]) + list(np.where(va["labels"] == 0)[0][:3])
        import onnxruntime as ort
        sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
        xs = to_tensor(va["crops"][pick]).numpy()
        probs = sess.run(None, {"image": xs, "features": va["features"][pick]})[0]
        # A crop case for the Swift crop code: a small gradient image and a box near its corner
        # (edges repeated), with the crop features.crop computes before rounding.
        img = np.zeros((30, 50, 3), np.uint8)
        img[..., 0] = np.arange(50)[None, :] * 5
        img[..., 1] = np.arange(30)[:, None] * 8
        img[..., 2] = 200
        box = [2.0, 3.0, 20.0, 10.0]
        x0, y0, x1, y1 = crop_box(box)
        ys, xs = np.clip(np.arange(y0, y1), 0, 29), np.clip(np.arange(x0, x1), 0, 49)
        expected = area_resize(img[ys][:, xs], WIDTH, HEIGHT)
        json.dump({"features": va["features"][pick].tolist(), "crops": va["crops"][pick].tolist(),
                   "probabilities": probs.tolist(),
                   "cropCase": {"width": 50, "height": 30, "rgb": img.reshape(-1).tolist(), "box": box,
                                "crop": np.round(expected, 3).reshape(-1).tolist()}},
                  open(os.path.join(a.fixtures, "fixtures.json"), "w"))
        print(f"fixtures: {len(pick)} in {a.fixtures}")


if __name__ == "__main__":
    main()
