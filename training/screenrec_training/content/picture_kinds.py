"""What kind of picture a picture is (paper §5.2, beyond ImageNet): photo, illustration, logo,
screenshot, map — so that a picture neither its text nor an ImageNet label names is spoken
"Illustration" or "Map" rather than a bare "Image".

A multinomial logistic regression over the describer's own pooled EfficientNet-Lite0 features
(`FEATURES`, 1280 values; the ImageNet weights stay as they are), trained on picture boxes of real
ui-real screenshots labelled by eye (training/labels/pictures-ui-real.json), and appended to the
describer's graph as a second output, `kinds`. One ONNX file still describes a picture.

    python3 -m screenrec_training.content.picture_kinds evaluate --labels ../training/labels/pictures-ui-real.json \
        --ui-real $UI_REAL --describer ../Models/pictures
    python3 -m screenrec_training.content.picture_kinds export --labels ... --ui-real $UI_REAL \
        --describer ../Models/pictures --out ../Models/pictures

`--describer` must hold the ImageNet-only export (`pictures.py export`) or an earlier export of this
script: the kinds head is rebuilt on the features either way.

The input is the Swift `ONNXPictureDescriber`'s: the picture's box rounded outwards to whole pixels,
area-averaged to 224 × 224 (nearest when enlarging), aspect not kept, (x − 127) / 128.
"""
from __future__ import annotations

import argparse
import collections
import hashlib
import json
import os

import numpy as np
from PIL import Image

INPUT_NAME = "image"
IMAGENET_OUTPUT = "probabilities"
KINDS_OUTPUT = "kinds"
# The pooled features the ImageNet head reads (the exported graph's ReduceMean before its Gemm).
FEATURES = "/net/ReduceMean_output_0"
INPUT_SIZE = 224
MEAN, STD = 127.0, 128.0

# The kinds, in output order. "text" (a banner that is mostly words: OCR reads it) and "none" (blank,
# gradient, texture, chart, a piece of interface) are learnt so that they are not taken for the
# others, and are never spoken.
KINDS = ("photo", "illustration", "logo", "screenshot", "map", "text", "none")
SPOKEN = {"photo": "Photo", "illustration": "Illustration", "logo": "Logo", "screenshot": "Screenshot", "map": "Map"}
# The precision the spoken kinds must reach where they are spoken — the bar the paper sets icons'
# labels at (§5.2: the icon classifier's threshold was chosen for precision).
TARGET_PRECISION = 0.9
# The regulariser, chosen by source-held-out cross-validation (`evaluate` prints each).
C_VALUES = (0.01, 0.03, 0.1, 0.3, 1.0)


def model_input(image: Image.Image, box) -> np.ndarray:
    """[1, 3, 224, 224] for `box` = [x, y, w, h] of `image`, as the Swift describer makes it."""
    x, y, w, h = box
    x0, y0 = max(0, int(np.floor(x))), max(0, int(np.floor(y)))
    x1, y1 = min(image.width, int(np.ceil(x + w))), min(image.height, int(np.ceil(y + h)))
    if x1 <= x0 or y1 <= y0:
        raise ValueError(f"box {box} holds no pixel of the {image.width}x{image.height} image")
    crop = image.convert("RGB").crop((x0, y0, x1, y1))
    # Area averaging when shrinking, nearest when enlarging, per axis (ONNXElementDetector.areaResize).
    if crop.width >= INPUT_SIZE and crop.height >= INPUT_SIZE:
        crop = crop.resize((INPUT_SIZE, INPUT_SIZE), Image.BOX)
    elif crop.width <= INPUT_SIZE and crop.height <= INPUT_SIZE:
        crop = crop.resize((INPUT_SIZE, INPUT_SIZE), Image.NEAREST)
    else:
        wide = crop.width > INPUT_SIZE
        crop = crop.resize((INPUT_SIZE, crop.height) if wide else (crop.width, INPUT_SIZE), Image.BOX)
        crop = crop.resize((INPUT_SIZE, INPUT_SIZE), Image.NEAREST)
    a = (np.asarray(crop, dtype=np.float32) - MEAN) / STD
    return a.transpose(2, 0, 1)[None].copy()


def load_labels(path: str) -> list[dict]:
    """The labelled boxes: dicts with image, box, kind (one of KINDS)."""
    with open(path) as f:
        data = json.load(f)
    boxes = data["boxes"]
    for b in boxes:
        if b["kind"] not in KINDS:
            raise ValueError(f"{b['image']}: unknown kind {b['kind']!r}")
    return boxes


def sources(ui_real: str) -> tuple[dict, dict]:
    """(file name → source, file name → split) of ui-real's COCO files."""
    source, split = {}, {}
    for s in ("train", "valid"):
        with open(os.path.join(ui_real, s + ".json")) as f:
            for i in json.load(f)["images"]:
                source[i["file_name"]] = i.get("source", "?")
                split[i["file_name"]] = s
    return source, split


def feature_session(describer_dir: str):
    """An onnxruntime session over the describer's graph that also returns its pooled features."""
    import onnx
    import onnxruntime as ort

    model = onnx.load(os.path.join(describer_dir, "pictures.onnx"))
    if FEATURES not in {o for n in model.graph.node for o in n.output}:
        raise ValueError(f"{describer_dir}/pictures.onnx has no tensor {FEATURES}")
    if FEATURES not in {o.name for o in model.graph.output}:
        model.graph.output.append(onnx.helper.make_tensor_value_info(FEATURES, onnx.TensorProto.FLOAT, [1, 1280]))
    so = ort.SessionOptions()
    so.intra_op_num_threads = 2
    return ort.InferenceSession(model.SerializeToString(), so, providers=["CPUExecutionProvider"])


def features(session, ui_real: str, boxes: list[dict]) -> np.ndarray:
    rows, cache = [], {}
    for b in boxes:
        if b["image"] not in cache:
            cache.clear()
            cache[b["image"]] = Image.open(os.path.join(ui_real, "images", b["image"])).convert("RGB")
        x = model_input(cache[b["image"]], b["box"])
        rows.append(session.run([FEATURES], {INPUT_NAME: x})[0][0])
    return np.asarray(rows, dtype=np.float32)


def fit(X: np.ndarray, y: np.ndarray, C: float):
    from sklearn.linear_model import LogisticRegression

    clf = LogisticRegression(C=C, max_iter=5000)
    clf.fit(X, y)
    return clf


def probabilities(clf, X: np.ndarray) -> np.ndarray:
    """[n, len(KINDS)] probabilities, columns in KINDS order (absent classes 0)."""
    p = np.zeros((len(X), len(KINDS)))
    p[:, clf.classes_] = clf.predict_proba(X)
    return p


def spoken_at(p: np.ndarray, threshold: float) -> np.ndarray:
    """Per row, the kind index spoken at `threshold`, or -1 (argmax unspoken or below it)."""
    best = p.argmax(1)
    ok = (p.max(1) >= threshold) & np.isin(best, [KINDS.index(k) for k in SPOKEN])
    return np.where(ok, best, -1)


def precision_coverage(p: np.ndarray, y: np.ndarray, threshold: float) -> tuple[float, int, int, int]:
    """(precision of the kinds spoken, spoken, right, pictures of a spoken kind)."""
    s = spoken_at(p, threshold)
    spoken = int((s >= 0).sum())
    right = int(((s >= 0) & (s == y)).sum())
    speakable = int(np.isin(y, [KINDS.index(k) for k in SPOKEN]).sum())
    return (right / spoken if spoken else 1.0), spoken, right, speakable


def choose_threshold(p: np.ndarray, y: np.ndarray, target: float = TARGET_PRECISION) -> float:
    """The lowest threshold (0.30–0.95 by 0.05) at which the spoken kinds reach `target` precision."""
    for t in np.arange(0.30, 0.951, 0.05):
        if precision_coverage(p, y, float(t))[0] >= target:
            return round(float(t), 2)
    return 0.95


def source_folds(X, y, groups, C):
    """Out-of-fold probabilities with each source held out whole."""
    p = np.zeros((len(X), len(KINDS)))
    for g in sorted(set(groups)):
        test = groups == g
        p[test] = probabilities(fit(X[~test], y[~test], C), X[test])
    return p


def report(p, y, groups, threshold, title):
    lines = [f"{title} at threshold {threshold}:"]
    prec, spoken, right, speakable = precision_coverage(p, y, threshold)
    lines.append(f"  all: precision {prec:.3f} ({right}/{spoken}), {spoken} of {len(y)} pictures spoken, "
                 f"{right} of {speakable} pictures of a spoken kind named right; top-1 {float((p.argmax(1) == y).mean()):.3f}")
    for g in sorted(set(groups)):
        m = groups == g
        prec, spoken, right, speakable = precision_coverage(p[m], y[m], threshold)
        lines.append(f"  {g}: precision {prec:.3f} ({right}/{spoken}), {m.sum()} pictures, {speakable} of a spoken kind")
    s = spoken_at(p, threshold)
    for k in SPOKEN:
        i = KINDS.index(k)
        said = int((s == i).sum())
        ok = int(((s == i) & (y == i)).sum())
        lines.append(f"  {k}: {int((y == i).sum())} pictures, said {said}, right {ok}")
    return "\n".join(lines)


def dataset(args):
    boxes = load_labels(args.labels)
    source, split = sources(args.ui_real)
    missing = [b["image"] for b in boxes if b["image"] not in source]
    if missing:
        raise SystemExit(f"{len(missing)} labelled image(s) are not in {args.ui_real}'s COCO files, e.g. {missing[0]}")
    X = features(feature_session(args.describer), args.ui_real, boxes)
    y = np.array([KINDS.index(b["kind"]) for b in boxes])
    groups = np.array([source[b["image"]] for b in boxes])
    splits = np.array([split[b["image"]] for b in boxes])
    return boxes, X, y, groups, splits


def evaluate(args, data=None):
    boxes, X, y, groups, splits = data or dataset(args)
    print("kinds:", dict(collections.Counter(b["kind"] for b in boxes)))
    train = splits == "train"
    out = []
    best = None
    for C in C_VALUES:
        p = source_folds(X[train], y[train], groups[train], C)
        t = choose_threshold(p, y[train])
        prec, spoken, right, _ = precision_coverage(p, y[train], t)
        out.append(f"C={C}: sources held out on train: threshold {t}, precision {prec:.3f}, {right} right of {spoken} spoken")
        # The C naming the most pictures right among those that reach the precision.
        key = (prec >= TARGET_PRECISION, right)
        if best is None or key > best[3]:
            best = (C, t, right, key)
    print("\n".join(out))
    C, t, _, _ = best
    p_train = source_folds(X[train], y[train], groups[train], C)
    print(report(p_train, y[train], groups[train], t, f"C={C}, each train source held out whole"))
    clf = fit(X[train], y[train], C)
    valid = ~train
    print(report(probabilities(clf, X[valid]), y[valid], groups[valid], t, f"C={C}, fit on train, ui-real valid"))
    return C, t


def append_head(model, W: np.ndarray, b: np.ndarray):
    """Appends Gemm(FEATURES, W, b) → Softmax as output KINDS_OUTPUT to `model` (in place),
    replacing a head an earlier export appended."""
    from onnx import TensorProto, helper, numpy_helper

    graph = model.graph
    kept = [n for n in graph.node if n.name not in ("kinds/Gemm", "kinds/Softmax")]
    del graph.node[:]
    graph.node.extend(kept)
    for init in [i for i in graph.initializer if i.name in ("kinds.weight", "kinds.bias")]:
        graph.initializer.remove(init)
    for o in [o for o in graph.output if o.name == KINDS_OUTPUT]:
        graph.output.remove(o)
    graph.initializer.extend([numpy_helper.from_array(W.astype(np.float32), "kinds.weight"),
                              numpy_helper.from_array(b.astype(np.float32), "kinds.bias")])
    graph.node.extend([
        helper.make_node("Gemm", [FEATURES, "kinds.weight", "kinds.bias"], ["kinds/logits"], name="kinds/Gemm", transB=1),
        helper.make_node("Softmax", ["kinds/logits"], [KINDS_OUTPUT], name="kinds/Softmax", axis=1),
    ])
    graph.output.append(helper.make_tensor_value_info(KINDS_OUTPUT, TensorProto.FLOAT, [1, len(W)]))
    return model


def export(args):
    import onnx

    data = dataset(args)
    C, threshold = evaluate(args, data)
    boxes, X, y, groups, splits = data
    train = splits == "train"
    clf = fit(X[train], y[train], C)
    W = np.zeros((len(KINDS), X.shape[1]), dtype=np.float32)
    b = np.full(len(KINDS), -30.0, dtype=np.float32)  # a class absent from training is never chosen
    W[clf.classes_] = clf.coef_.astype(np.float32)
    b[clf.classes_] = clf.intercept_.astype(np.float32)

    path = os.path.join(args.describer, "pictures.onnx")
    model = onnx.load(path)
    append_head(model, W, b)
    onnx.checker.check_model(model)
    os.makedirs(args.out, exist_ok=True)
    out_path = os.path.join(args.out, "pictures.onnx")
    onnx.save(model, out_path)

    # The exported graph against the fitted regression.
    import onnxruntime as ort

    sess = ort.InferenceSession(out_path, providers=["CPUExecutionProvider"])
    image = Image.open(os.path.join(args.ui_real, "images", boxes[0]["image"]))
    got = sess.run([KINDS_OUTPUT], {INPUT_NAME: model_input(image, boxes[0]["box"])})[0][0]
    want = probabilities(clf, X[:1])[0]
    diff = float(np.abs(got - want).max())
    if diff > 1e-3:
        raise SystemExit(f"the exported kinds head differs from the regression by {diff}")

    contract_path = os.path.join(args.describer, "model.json")
    with open(contract_path) as f:
        contract = json.load(f)
    data = open(out_path, "rb").read()
    contract["bytes"] = len(data)
    contract["sha256"] = hashlib.sha256(data).hexdigest()
    contract["outputs"] = [o for o in contract["outputs"] if o["name"] != KINDS_OUTPUT]
    contract["outputs"].append({"name": KINDS_OUTPUT, "shape": [1, len(KINDS)]})
    contract["kinds"] = {
        "output": KINDS_OUTPUT,
        "kinds": list(KINDS),
        "spoken": [SPOKEN.get(k) for k in KINDS],
        "minConfidence": threshold,
        "decoding": "when no ImageNet label reaches minConfidence, the best kind is offered when it is spoken "
                    "(spoken[i] not null) and its probability >= kinds.minConfidence",
        "training": {"labels": "training/labels/pictures-ui-real.json", "boxes": int(train.sum()),
                     "C": C, "targetPrecision": TARGET_PRECISION, "exportCheckMaxDiff": diff},
    }
    with open(os.path.join(args.out, "model.json"), "w") as f:
        json.dump(contract, f, indent=2)
        f.write("\n")
    print(json.dumps(contract["kinds"]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("evaluate", "export"):
        p = sub.add_parser(name)
        p.add_argument("--labels", required=True, help="training/labels/pictures-ui-real.json")
        p.add_argument("--ui-real", required=True, help="ui-real folder (train.json, valid.json, images/)")
        p.add_argument("--describer", required=True, help="folder with pictures.onnx and model.json")
        if name == "export":
            p.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    evaluate(a) if a.cmd == "evaluate" else export(a)


if __name__ == "__main__":
    main()
