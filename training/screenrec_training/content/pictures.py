"""Picture descriptions (paper §5.2): EfficientNet-Lite0 ImageNet probabilities → a short alt-text
label, offered only when the summed probability of the classes sharing that label reaches
`MIN_CONFIDENCE`.

    python3 -m screenrec_training.content.pictures export --out ../Models/pictures
    python3 -m screenrec_training.content.pictures describe PHOTO...

The preprocessing is the Swift `ONNXPictureDescriber`'s: the picture's whole box is resized to
224×224 (aspect not kept; bilinear, antialiased when shrinking), RGB, (x − 127) / 128.
Squashing rather than centre-cropping was chosen on the sample cat photo: Egyptian cat 0.79
squashed against 0.40 centre-cropped (training-assets.md reports 0.77 for the same photo).
"""
from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import statistics
import time

import numpy as np
import torch
from PIL import Image

from .efficientnet_lite import INPUT_SIZE, MEAN, STD, load_pretrained
from .picture_labels import imagenet_classes, label_table

# Seed 002: the Buffer team found ~70% confidence the right bar for suggested alt text.
MIN_CONFIDENCE = 0.7
FALLBACK = "Image"
INPUT_NAME, OUTPUT_NAME = "image", "probabilities"
OPSET = 13


class WithSoftmax(torch.nn.Module):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, x):
        return torch.softmax(self.net(x), dim=1)


def preprocess(image: Image.Image) -> np.ndarray:
    """[1, 3, 224, 224] float32 input for a PIL image (the whole image is the picture)."""
    im = image.convert("RGB").resize((INPUT_SIZE, INPUT_SIZE), Image.BILINEAR)
    x = (np.asarray(im, dtype=np.float32) - MEAN) / STD
    return x.transpose(2, 0, 1)[None].copy()


def describe_probabilities(p: np.ndarray, labels: list[str], min_confidence: float = MIN_CONFIDENCE):
    """(label or "Image", summed confidence of the best label, best label) for 1000 probabilities."""
    sums: dict[str, float] = {}
    for prob, label in zip(p.tolist(), labels):
        sums[label] = sums.get(label, 0.0) + prob
    best = max(sums, key=lambda k: sums[k])
    conf = sums[best]
    return (best if conf >= min_confidence else FALLBACK), conf, best


def export(out: str):
    os.makedirs(out, exist_ok=True)
    net = load_pretrained()
    model = WithSoftmax(net).eval()
    onnx_path = os.path.join(out, "pictures.onnx")
    dummy = torch.zeros(1, 3, INPUT_SIZE, INPUT_SIZE)
    torch.onnx.export(model, dummy, onnx_path, input_names=[INPUT_NAME], output_names=[OUTPUT_NAME],
                      opset_version=OPSET, do_constant_folding=True)
    names = imagenet_classes()
    labels = label_table(names)
    with open(os.path.join(out, "labels.json"), "w") as f:
        json.dump({"source": "training/screenrec_training/content/picture_labels.py",
                   "imagenetClasses": names, "labels": labels}, f, indent=0)
        f.write("\n")
    # torch vs onnxruntime on a random input, and latency.
    import onnxruntime as ort
    so = ort.SessionOptions()
    so.intra_op_num_threads = 2
    sess = ort.InferenceSession(onnx_path, so, providers=["CPUExecutionProvider"])
    x = np.random.default_rng(0).uniform(-1, 1, (1, 3, INPUT_SIZE, INPUT_SIZE)).astype(np.float32)
    with torch.no_grad():
        ref = model(torch.from_numpy(x)).numpy()
    got = sess.run([OUTPUT_NAME], {INPUT_NAME: x})[0]
    times = []
    for _ in range(20):
        t = time.perf_counter()
        sess.run([OUTPUT_NAME], {INPUT_NAME: x})
        times.append((time.perf_counter() - t) * 1000)
    data = open(onnx_path, "rb").read()
    contract = {
        "format": "screenrecognition-picture-describer",
        "formatVersion": 1,
        "name": "efficientnet-lite0-imagenet",
        "file": "pictures.onnx",
        "bytes": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
        "inputs": [{"name": INPUT_NAME, "shape": [1, 3, INPUT_SIZE, INPUT_SIZE]}],
        "outputs": [{"name": OUTPUT_NAME, "shape": [1, 1000]}],
        "normalization": {"scale": 1.0, "mean": [MEAN] * 3, "std": [STD] * 3},
        "input": {"width": INPUT_SIZE, "height": INPUT_SIZE, "layout": "NCHW", "colour": "RGB",
                  "resize": "the picture's whole box to 224x224, aspect not kept; bilinear, antialiased when shrinking",
                  "formula": "(pixel - 127) / 128 on 0-255 channels"},
        "output": "softmax probabilities over the 1000 ImageNet classes, in labels.json's order",
        "labelsFile": "labels.json",
        "minConfidence": MIN_CONFIDENCE,
        "fallbackLabel": FALLBACK,
        "decoding": "sum the probabilities of classes sharing a label; the best label is offered when its sum >= minConfidence, else fallbackLabel",
        "export": {"opset": OPSET, "torchVsOnnxMaxDiff": float(np.abs(ref - got).max()),
                   "latencyMsOrt2Threads": {"median": round(statistics.median(times), 2), "runs": len(times)},
                   "date": datetime.datetime.utcnow().strftime("%Y-%m-%dT%H:%MZ")},
    }
    with open(os.path.join(out, "model.json"), "w") as f:
        json.dump(contract, f, indent=2)
        f.write("\n")
    print(json.dumps(contract["export"]))


def describe_files(paths, onnx_dir=None):
    labels = label_table()
    if onnx_dir:
        import onnxruntime as ort
        sess = ort.InferenceSession(os.path.join(onnx_dir, "pictures.onnx"), providers=["CPUExecutionProvider"])
        run = lambda x: sess.run([OUTPUT_NAME], {INPUT_NAME: x})[0][0]  # noqa: E731
    else:
        model = WithSoftmax(load_pretrained()).eval()
        run = lambda x: model(torch.from_numpy(x)).detach().numpy()[0]  # noqa: E731
    names = imagenet_classes()
    rows = []
    for p in paths:
        probs = run(preprocess(Image.open(p)))
        label, conf, best = describe_probabilities(probs, labels)
        top = int(np.argmax(probs))
        rows.append({"image": os.path.basename(p), "label": label, "confidence": round(conf, 3), "best": best,
                     "top1": names[top], "top1Probability": round(float(probs[top]), 3)})
        print(json.dumps(rows[-1]))
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("export", help="write pictures.onnx, model.json and labels.json")
    e.add_argument("--out", required=True)
    d = sub.add_parser("describe", help="print the description of each photo")
    d.add_argument("photos", nargs="+")
    d.add_argument("--onnx", help="use the exported model in this folder instead of torch")
    a = ap.parse_args(argv)
    if a.cmd == "export":
        export(a.out)
    else:
        describe_files(a.photos, a.onnx)


if __name__ == "__main__":
    main()
