"""Faces in pictures (paper §5.2, "describe pictures"): a photo with a person in it is announced
"Person" ("2 people", "Group of people") instead of a bare "Image".

The detector is MTCNN (Zhang, Zhang, Li & Qiao 2016, "Joint Face Detection and Alignment using
Multi-task Cascaded Convolutional Networks"): three small CNNs run as a cascade. The networks are
defined here from the paper's figure 2; the weights are the three files `facenet_pytorch/data/
{pnet,rnet,onet}.pt` of the PyPI wheel `facenet-pytorch` 2.6.0 (MIT licence), read straight from
the wheel file (`pip download --no-deps facenet-pytorch==2.6.0`) — the package itself is not
installed (it pins older torch releases). Not retrained here.

    python3 -m screenrec_training.content.faces export --wheel WHEEL --out ../Models/faces
    python3 -m screenrec_training.content.faces detect --onnx ../Models/faces IMAGE [IMAGE...]

The cascade (`detect`) is the reference for the Swift `ONNXFaceDetector`: the same scales, cell
mapping, thresholds, non-maximum suppression and box calibration; `fixtures` writes the faces
this module finds in a few images for the Swift parity test.
"""
from __future__ import annotations

import argparse
import datetime
import hashlib
import io
import json
import math
import os
import zipfile

import numpy as np
from PIL import Image

# The Swift `ONNXElementDetector.areaResize` rule, which the text-button model mirrors already.
from ..textbuttons.features import area_resize

OPSET = 13
FORMAT = "screenrecognition-face-detector"
# Pixel normalisation the weights were trained with: (x − 127.5) / 128.
MEAN, STD = 127.5, 128.0
# The cascade's settings (the MTCNN paper's operating point, as the weights' authors run them):
# a face must score ≥ 0.6 in the proposal net, ≥ 0.7 in the refinement and output nets; image
# pyramid step 0.709 (area halves every two levels); proposals merged at IoU 0.5 within a scale,
# 0.7 across scales and after refinement, 0.7 by the smaller box (Min) after the output net.
THRESHOLDS = (0.6, 0.7, 0.7)
PYRAMID_FACTOR = 0.709
NMS = (0.5, 0.7, 0.7, 0.7)
# The proposal net's window (12 px) and stride (2 px: one 2×2 max-pool).
CELL, STRIDE = 12, 2
STAGES = {"pnet": 12, "rnet": 24, "onet": 48}
# The picture rules of the Swift `ONNXFaceDetector.faces(inPicture:box:)`, chosen on the pictures
# of 300 ui-real train screens (2026-11-25; training/README.md): faces at least 0.15 of the
# picture's shorter side, output-net probability at least 0.8.
MIN_FACE_SHARE = 0.15
MIN_PICTURE_SCORE = 0.8
PEOPLE = ("Person", "Two people", "Group of people")


def _nets():
    import torch
    from torch import nn

    class PNet(nn.Module):
        """Proposal net: fully convolutional, one 12×12 window per output cell."""

        def __init__(self):
            super().__init__()
            self.conv1, self.prelu1 = nn.Conv2d(3, 10, 3), nn.PReLU(10)
            self.pool1 = nn.MaxPool2d(2, 2, ceil_mode=True)
            self.conv2, self.prelu2 = nn.Conv2d(10, 16, 3), nn.PReLU(16)
            self.conv3, self.prelu3 = nn.Conv2d(16, 32, 3), nn.PReLU(32)
            self.conv4_1 = nn.Conv2d(32, 2, 1)
            self.conv4_2 = nn.Conv2d(32, 4, 1)

        def forward(self, x):
            x = self.pool1(self.prelu1(self.conv1(x)))
            x = self.prelu3(self.conv3(self.prelu2(self.conv2(x))))
            return torch.softmax(self.conv4_1(x), dim=1), self.conv4_2(x)

    class RNet(nn.Module):
        """Refinement net over 24×24 crops."""

        def __init__(self):
            super().__init__()
            self.conv1, self.prelu1 = nn.Conv2d(3, 28, 3), nn.PReLU(28)
            self.pool1 = nn.MaxPool2d(3, 2, ceil_mode=True)
            self.conv2, self.prelu2 = nn.Conv2d(28, 48, 3), nn.PReLU(48)
            self.pool2 = nn.MaxPool2d(3, 2, ceil_mode=True)
            self.conv3, self.prelu3 = nn.Conv2d(48, 64, 2), nn.PReLU(64)
            self.dense4, self.prelu4 = nn.Linear(576, 128), nn.PReLU(128)
            self.dense5_1 = nn.Linear(128, 2)
            self.dense5_2 = nn.Linear(128, 4)

        def forward(self, x):
            x = self.pool1(self.prelu1(self.conv1(x)))
            x = self.pool2(self.prelu2(self.conv2(x)))
            x = self.prelu3(self.conv3(x))
            # The weights were converted from a framework that flattens width before height.
            x = self.prelu4(self.dense4(x.permute(0, 3, 2, 1).reshape(x.shape[0], -1)))
            return torch.softmax(self.dense5_1(x), dim=1), self.dense5_2(x)

    class ONet(nn.Module):
        """Output net over 48×48 crops (its landmark head is not exported)."""

        def __init__(self):
            super().__init__()
            self.conv1, self.prelu1 = nn.Conv2d(3, 32, 3), nn.PReLU(32)
            self.pool1 = nn.MaxPool2d(3, 2, ceil_mode=True)
            self.conv2, self.prelu2 = nn.Conv2d(32, 64, 3), nn.PReLU(64)
            self.pool2 = nn.MaxPool2d(3, 2, ceil_mode=True)
            self.conv3, self.prelu3 = nn.Conv2d(64, 64, 3), nn.PReLU(64)
            self.pool3 = nn.MaxPool2d(2, 2, ceil_mode=True)
            self.conv4, self.prelu4 = nn.Conv2d(64, 128, 2), nn.PReLU(128)
            self.dense5, self.prelu5 = nn.Linear(1152, 256), nn.PReLU(256)
            self.dense6_1 = nn.Linear(256, 2)
            self.dense6_2 = nn.Linear(256, 4)
            self.dense6_3 = nn.Linear(256, 10)

        def forward(self, x):
            x = self.pool1(self.prelu1(self.conv1(x)))
            x = self.pool2(self.prelu2(self.conv2(x)))
            x = self.pool3(self.prelu3(self.conv3(x)))
            x = self.prelu4(self.conv4(x))
            x = self.prelu5(self.dense5(x.permute(0, 3, 2, 1).reshape(x.shape[0], -1)))
            return torch.softmax(self.dense6_1(x), dim=1), self.dense6_2(x)

    return {"pnet": PNet, "rnet": RNet, "onet": ONet}


def load_from_wheel(wheel: str):
    """The three nets with the wheel's weights (every tensor in place: strict loading)."""
    import torch

    nets = {}
    with zipfile.ZipFile(wheel) as z:
        for name, cls in _nets().items():
            data = z.read(f"facenet_pytorch/data/{name}.pt")
            state = torch.load(io.BytesIO(data), map_location="cpu", weights_only=True)
            net = cls()
            net.load_state_dict(state, strict=True)
            nets[name] = net.eval()
    return nets


def export(wheel: str, out: str) -> list[dict]:
    import torch

    os.makedirs(out, exist_ok=True)
    nets = load_from_wheel(wheel)
    wheel_sha = hashlib.sha256(open(wheel, "rb").read()).hexdigest()
    contracts = []
    for name, net in nets.items():
        size = STAGES[name]
        os.makedirs(os.path.join(out, name), exist_ok=True)
        path = os.path.join(out, name, f"mtcnn-{name}.onnx")
        dynamic = {"image": {0: "n"}, "probabilities": {0: "n"}, "regression": {0: "n"}}
        if name == "pnet":
            dynamic = {"image": {2: "h", 3: "w"}, "probabilities": {2: "h", 3: "w"}, "regression": {2: "h", 3: "w"}}
        example = torch.zeros(1, 3, size, size)
        torch.onnx.export(
            net, example, path, input_names=["image"], output_names=["probabilities", "regression"],
            dynamic_axes=dynamic, opset_version=OPSET)
        data = open(path, "rb").read()
        # torch vs ONNX on a random input
        import onnxruntime as ort

        x = np.random.default_rng(0).uniform(-1, 1, (1, 3, size * 2 if name == "pnet" else size, size)).astype(np.float32)
        s = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
        with torch.no_grad():
            ref = [t.numpy() for t in net(torch.from_numpy(x))]
        got = s.run(None, {"image": x})
        diff = max(float(np.abs(a - b).max()) for a, b in zip(ref, got))
        shape_in = [1, 3, -1, -1] if name == "pnet" else [-1, 3, size, size]
        shape_p = [1, 2, -1, -1] if name == "pnet" else [-1, 2]
        shape_r = [1, 4, -1, -1] if name == "pnet" else [-1, 4]
        contract = {
            "format": FORMAT,
            "formatVersion": 1,
            "name": f"mtcnn-{name}",
            "stage": name,
            "file": f"mtcnn-{name}.onnx",
            "bytes": len(data),
            "sha256": hashlib.sha256(data).hexdigest(),
            "origin": f"facenet_pytorch/data/{name}.pt from the PyPI wheel facenet-pytorch 2.6.0 (MIT; wheel sha256 {wheel_sha}), "
            "networks defined in training/screenrec_training/content/faces.py",
            "licence": "MIT",
            "inputs": [{"name": "image", "shape": shape_in, "dtype": "float32"}],
            "outputs": [{"name": "probabilities", "shape": shape_p}, {"name": "regression", "shape": shape_r}],
            "normalization": {"scale": 1.0, "mean": [MEAN] * 3, "std": [STD] * 3},
            "channelOrder": "RGB",
            "threshold": THRESHOLDS[list(STAGES).index(name)],
            "window": size,
            "inputSizeRule": "any height and width >= 12; one output cell per 12x12 window, stride 2"
            if name == "pnet" else f"{size}x{size} crops of square candidate boxes, zero-padded outside the picture",
            "output": "softmax over (not a face, face); box regression (dx1, dy1, dx2, dy2) in units of the window's size",
            "export": {"opset": OPSET, "torchVsOnnxMaxDiff": diff, "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%MZ")},
        }
        if name == "pnet":
            contract["cascade"] = {
                "pyramidFactor": PYRAMID_FACTOR, "cell": CELL, "stride": STRIDE,
                "nms": {"perScale": NMS[0], "acrossScales": NMS[1], "refine": NMS[2], "outputMin": NMS[3]},
            }
        with open(os.path.join(out, name, "model.json"), "w") as f:
            json.dump(contract, f, indent=2)
            f.write("\n")
        contracts.append(contract)
    return contracts


# ---- the cascade (reference for Swift) ---------------------------------------------------------


def _normalise(rgb: np.ndarray) -> np.ndarray:
    return ((rgb - MEAN) / STD).transpose(2, 0, 1)[None].astype(np.float32)


def nms(boxes: np.ndarray, threshold: float, mode: str = "union") -> list[int]:
    """Indices kept by greedy non-maximum suppression over rows (x1, y1, x2, y2, score), highest
    score first (ties: the earlier row); overlap is IoU ("union") or intersection over the smaller
    box ("min")."""
    if len(boxes) == 0:
        return []
    order = sorted(range(len(boxes)), key=lambda i: (-boxes[i, 4], i))
    keep = []
    area = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    suppressed = set()
    for i in order:
        if i in suppressed:
            continue
        keep.append(i)
        for j in order:
            if j == i or j in suppressed:
                continue
            iw = min(boxes[i, 2], boxes[j, 2]) - max(boxes[i, 0], boxes[j, 0])
            ih = min(boxes[i, 3], boxes[j, 3]) - max(boxes[i, 1], boxes[j, 1])
            inter = max(0.0, iw) * max(0.0, ih)
            denom = min(area[i], area[j]) if mode == "min" else area[i] + area[j] - inter
            if denom > 0 and inter / denom > threshold:
                suppressed.add(j)
    return keep


def calibrate(boxes: np.ndarray, reg: np.ndarray) -> np.ndarray:
    w = boxes[:, 2] - boxes[:, 0]
    h = boxes[:, 3] - boxes[:, 1]
    out = boxes.copy()
    out[:, 0] += reg[:, 0] * w
    out[:, 1] += reg[:, 1] * h
    out[:, 2] += reg[:, 2] * w
    out[:, 3] += reg[:, 3] * h
    return out


def square(boxes: np.ndarray) -> np.ndarray:
    out = boxes.copy()
    w = boxes[:, 2] - boxes[:, 0]
    h = boxes[:, 3] - boxes[:, 1]
    side = np.maximum(w, h)
    out[:, 0] = boxes[:, 0] + w / 2 - side / 2
    out[:, 1] = boxes[:, 1] + h / 2 - side / 2
    out[:, 2] = out[:, 0] + side
    out[:, 3] = out[:, 1] + side
    return out


def usable(boxes: np.ndarray) -> np.ndarray:
    """Rows with finite corners around a positive area, under 2^20 px a side (Swift's `isUsable`)."""
    if len(boxes) == 0:
        return boxes
    c = boxes[:, :4]
    w, h = c[:, 2] - c[:, 0], c[:, 3] - c[:, 1]
    ok = np.isfinite(c).all(1) & (np.abs(c) < 2 ** 20).all(1) & (w > 0) & (h > 0) & (w < 2 ** 20) & (h < 2 ** 20)
    return boxes[ok]


def crops(rgb: np.ndarray, boxes: np.ndarray, size: int) -> np.ndarray:
    """[N, 3, size, size] inputs: each box rounded to whole pixels, the part outside the picture
    black (zero pixels), resized to size × size."""
    h, w = rgb.shape[:2]
    out = []
    for b in boxes:
        x1, y1 = int(math.floor(b[0])), int(math.floor(b[1]))
        x2, y2 = max(x1 + 1, int(math.ceil(b[2]))), max(y1 + 1, int(math.ceil(b[3])))
        patch = np.zeros((y2 - y1, x2 - x1, 3), np.float32)
        sx1, sy1, sx2, sy2 = max(0, x1), max(0, y1), min(w, x2), min(h, y2)
        if sx2 > sx1 and sy2 > sy1:
            patch[sy1 - y1:sy2 - y1, sx1 - x1:sx2 - x1] = rgb[sy1:sy2, sx1:sx2]
        out.append(_normalise(area_resize(patch, size, size))[0])
    return np.stack(out) if out else np.zeros((0, 3, size, size), np.float32)


def scales(width: int, height: int, min_face: float) -> list[float]:
    """The pyramid: the proposal net's 12 px window spans `min_face` pixels at the first scale;
    each next scale is PYRAMID_FACTOR smaller, while the picture's shorter side stays ≥ 12 px."""
    s = CELL / min_face
    out = []
    while min(width, height) * s >= CELL:
        out.append(s)
        s *= PYRAMID_FACTOR
    return out


def detect(sessions: dict, rgb: np.ndarray, min_face: float, thresholds=THRESHOLDS) -> np.ndarray:
    """Faces in an H×W×3 RGB picture: rows (x1, y1, x2, y2, score) in the picture's pixels."""
    h, w = rgb.shape[:2]
    found = []
    for s in scales(w, h, min_face):
        ws, hs = int(math.ceil(w * s)), int(math.ceil(h * s))
        p, r = sessions["pnet"].run(None, {"image": _normalise(area_resize(rgb, ws, hs))})
        prob, reg = p[0, 1], r[0]
        ys, xs = np.nonzero(prob >= thresholds[0])
        if len(xs) == 0:
            continue
        rows = np.stack([
            (STRIDE * xs + 1) / s, (STRIDE * ys + 1) / s,
            (STRIDE * xs + CELL) / s, (STRIDE * ys + CELL) / s, prob[ys, xs]], 1)
        regs = reg[:, ys, xs].T
        keep = nms(rows, NMS[0])
        found.append(np.concatenate([rows[keep], regs[keep]], 1))
    if not found:
        return np.zeros((0, 5))
    allb = np.concatenate(found)
    keep = nms(allb[:, :5], NMS[1])
    allb = allb[keep]
    boxes = usable(square(calibrate(allb[:, :5], allb[:, 5:9])))
    if len(boxes) == 0:
        return np.zeros((0, 5))
    # refinement
    p, r = sessions["rnet"].run(None, {"image": crops(rgb, boxes, 24)})
    ok = p[:, 1] >= thresholds[1]
    boxes, r = boxes[ok], r[ok]
    boxes[:, 4] = p[ok, 1]
    if len(boxes) == 0:
        return np.zeros((0, 5))
    keep = nms(boxes, NMS[2])
    boxes = usable(square(calibrate(boxes[keep], r[keep])))
    if len(boxes) == 0:
        return np.zeros((0, 5))
    # output
    p, r = sessions["onet"].run(None, {"image": crops(rgb, boxes, 48)})
    ok = p[:, 1] >= thresholds[2]
    boxes, r = boxes[ok], r[ok]
    boxes[:, 4] = p[ok, 1]
    if len(boxes) == 0:
        return np.zeros((0, 5))
    boxes = usable(calibrate(boxes, r))
    keep = nms(boxes, NMS[3], mode="min")
    return boxes[keep]


def picture_faces(sessions: dict, rgb: np.ndarray) -> np.ndarray:
    """The faces that make a picture (its whole H×W×3 crop) a photo of people."""
    min_face = max(float(CELL), MIN_FACE_SHARE * min(rgb.shape[:2]))
    faces = detect(sessions, rgb, min_face)
    return faces[faces[:, 4] >= MIN_PICTURE_SCORE] if len(faces) else faces


def people_label(count: int) -> str | None:
    return PEOPLE[min(count, len(PEOPLE)) - 1] if count > 0 else None


def load_sessions(model_dir: str) -> dict:
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    return {n: ort.InferenceSession(os.path.join(model_dir, n, f"mtcnn-{n}.onnx"), opts, providers=["CPUExecutionProvider"]) for n in STAGES}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("export", help="write the three ONNX files and their contracts")
    e.add_argument("--wheel", required=True, help="facenet_pytorch-2.6.0-py3-none-any.whl")
    e.add_argument("--out", required=True)
    d = sub.add_parser("detect", help="faces in whole images")
    d.add_argument("--onnx", required=True, help="the folder with pnet/, rnet/ and onet/")
    d.add_argument("--min-face", type=float, default=20)
    d.add_argument("images", nargs="+")
    fx = sub.add_parser("fixtures", help="expected faces for the Swift parity test")
    fx.add_argument("--onnx", required=True)
    fx.add_argument("--out", required=True, help="faces-expected.json")
    fx.add_argument("images", nargs="+")
    a = ap.parse_args(argv)
    if a.cmd == "fixtures":
        sessions = load_sessions(a.onnx)
        cases = []
        for path in a.images:
            rgb = np.asarray(Image.open(path).convert("RGB"), np.float32)
            for min_face in (20.0, 40.0):
                faces = detect(sessions, rgb, min_face)
                cases.append({"image": os.path.basename(path), "minFace": min_face,
                              "faces": [[round(float(v), 3) for v in f] for f in faces]})
            cases.append({"image": os.path.basename(path), "picture": True,
                          "label": people_label(len(picture_faces(sessions, rgb)))})
        with open(a.out, "w") as f:
            json.dump({"source": "python3 -m screenrec_training.content.faces fixtures --onnx ../Models/faces --out FILE IMAGES",
                       "cases": cases}, f, indent=1)
            f.write("\n")
        return
    if a.cmd == "export":
        for c in export(a.wheel, a.out):
            print(c["name"], c["bytes"], "bytes, torch vs ONNX", c["export"]["torchVsOnnxMaxDiff"])
    else:
        sessions = load_sessions(a.onnx)
        for path in a.images:
            rgb = np.asarray(Image.open(path).convert("RGB"), np.float32)
            faces = detect(sessions, rgb, a.min_face)
            print(json.dumps({"image": path, "faces": [[round(float(v), 2) for v in f] for f in faces]}))


if __name__ == "__main__":
    main()
