"""Icon clickability (paper §5.4): gradient-boosted trees (sklearn GradientBoostingClassifier) over the features the Swift pipeline
computes for every icon (`Interactivity.features(of:among:screen:)` →`IconFeatures`), trained on
ui-real, whose annotators told clickable icons (`ImageButton`) from plain ones (`Icon`).

    python3 -m screenrec_training.content.clickability train \
        --ui-real ../../shared/data/ui-real --out ../Models/clickability

Features (`FEATURES`, in model input order; the Swift `ONNXClickabilityModel` builds the same
vector from `IconFeatures`, in the order model.json lists):
  x, y, width, height   the icon's frame divided by the screen size
  screenAspect          screen height / width (ui-real is downscaled, so pixel sizes are not used)
  iconAspect            the icon's width / height in pixels
  neighboursOnRow, similarIconsOnRow, hasTextOnRow   as `IconFeatures` documents them
The icon meaning is *not* a feature: ui-real does not label meanings (README of the data set), and
icon recognition's predictions on its icons were not available on this branch.

Operating threshold: out-of-fold probabilities of a 5-fold cross-validation on the train split,
folds grouped by screenshot; the lowest threshold whose out-of-fold precision is ≥ 90% (§5.4's
operating point; paper: 73.6% recall there). The final model is refit on the whole train split
and scored once on the valid split at that threshold.
"""
from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import sys

import numpy as np

FEATURES = ["x", "y", "width", "height", "screenAspect", "iconAspect",
            "neighboursOnRow", "similarIconsOnRow", "hasTextOnRow"]

# ui-real label → our class (Sources/ScreenRecognition/Metrics/LabelMap.swift, `uiReal`); labels not
# listed (Multi_Tab, TextImageButton, List, Toolbar, Bottom_Navigation, Drawer, UpperTaskBar) are
# ignored there too, so they are not among the detections the features see.
UI_REAL_CLASSES = {
    "Text": "text", "TextButton": "text", "Icon": "icon", "ImageButton": "icon",
    "Image": "picture", "BackgroundImage": "picture", "EditText": "textField",
    "Switch": "toggleUnselected", "CheckedTextView": "checkboxUnselected",
    "PageIndicator": "pageControl", "Modal": "dialog", "Card": "container",
}
CLICKABLE_LABEL = "ImageButton"
TARGET_PRECISION = 0.90  # §5.4: the operating point keeps precision at 90%
FOLDS = 5
SEED = 0
# Gradient-boosting settings: *design choice*, depth-3 trees for ~8.4k examples; n_estimators and
# learning_rate picked by out-of-fold average precision among (100, 200, 400) x (0.05, 0.1).
# (sklearn's GradientBoostingClassifier, not HistGradientBoosting: skl2onnx 1.20 fails to convert the
# latter's missing-value attributes with this protobuf, measured 2026-11-22.)
PARAM_GRID = [{"n_estimators": n, "learning_rate": lr} for n in (100, 200, 400) for lr in (0.05, 0.1)]
BASE_PARAMS = {"max_depth": 3, "min_samples_leaf": 20, "subsample": 0.8}


def load_screens(coco_path: str):
    """[(width, height, [(type, (x, y, w, h), clickable or None)])] per image, boxes clamped to the
    image like the Swift pipeline does before post-processing."""
    d = json.load(open(coco_path))
    cats = {c["id"]: c["name"] for c in d["categories"]}
    by_image: dict[int, list] = {i["id"]: [] for i in d["images"]}
    for a in d["annotations"]:
        name = cats[a["category_id"]]
        if name not in UI_REAL_CLASSES:
            continue
        by_image[a["image_id"]].append((UI_REAL_CLASSES[name], a["bbox"],
                                        (name == CLICKABLE_LABEL) if UI_REAL_CLASSES[name] == "icon" else None))
    screens = []
    for img in d["images"]:
        W, H = float(img["width"]), float(img["height"])
        dets = []
        for typ, (x, y, w, h), lab in by_image[img["id"]]:
            x0, y0 = max(0.0, x), max(0.0, y)
            x1, y1 = min(W, x + w), min(H, y + h)
            if x1 <= x0 or y1 <= y0:
                continue
            dets.append((typ, (x0, y0, x1 - x0, y1 - y0), lab))
        screens.append((W, H, dets, img["file_name"]))
    return screens


def icon_features(i: int, dets, W: float, H: float) -> dict:
    """`Interactivity.features(of:among:screen:)` for dets[i], line for line."""
    _, (bx, by, bw, bh), _ = dets[i]
    bmx, bmy = bx + bw / 2, by + bh / 2
    same_row = [d for j, d in enumerate(dets) if j != i and d[:2] != dets[i][:2]
                and abs(d[1][1] + d[1][3] / 2 - bmy) <= bh / 2 + 1]
    neighbours = [d for d in same_row if abs(d[1][0] + d[1][2] / 2 - bmx) <= bw + bh + d[1][2] / 2]
    similar = [d for d in same_row if d[0] == "icon" and abs(d[1][2] - bw) <= 0.2 * bw and abs(d[1][3] - bh) <= 0.2 * bh]
    text_right = any(d[0] == "text" and d[1][0] >= bmx and d[1][0] - (bx + bw) <= 2 * max(bw, bh) for d in same_row)
    return {"normalizedFrame": [bx / W, by / H, bw / W, bh / H], "screenWidth": W, "screenHeight": H,
            "neighboursOnRow": len(neighbours), "similarIconsOnRow": len(similar), "hasTextOnRow": text_right}


def vector(f: dict) -> list[float]:
    """The model input for one `IconFeatures` (JSON keys as Swift encodes them), in `FEATURES` order."""
    x, y, w, h = f["normalizedFrame"]
    W, H = f["screenWidth"], f["screenHeight"]
    return [x, y, w, h, H / W, (w * W) / (h * H) if h > 0 else 0.0,
            float(f["neighboursOnRow"]), float(f["similarIconsOnRow"]), 1.0 if f["hasTextOnRow"] else 0.0]


def dataset(coco_path: str):
    """X [n, 9], y [n], groups [n] (screen index) for every icon of a ui-real split."""
    X, y, g = [], [], []
    for k, (W, H, dets, _) in enumerate(load_screens(coco_path)):
        for i, d in enumerate(dets):
            if d[0] != "icon":
                continue
            X.append(vector(icon_features(i, dets, W, H)))
            y.append(1 if d[2] else 0)
            g.append(k)
    return np.asarray(X, dtype=np.float32), np.asarray(y, dtype=np.int64), np.asarray(g)


def make_model(**params):
    from sklearn.ensemble import GradientBoostingClassifier
    return GradientBoostingClassifier(random_state=SEED, **{**BASE_PARAMS, **params})


def out_of_fold(X, y, groups, params):
    from sklearn.model_selection import GroupKFold
    oof = np.zeros(len(y))
    for tr, te in GroupKFold(n_splits=FOLDS).split(X, y, groups):
        oof[te] = make_model(**params).fit(X[tr], y[tr]).predict_proba(X[te])[:, 1]
    return oof


def precision_recall_at(p, y, t):
    pred = p >= t
    tp = int((pred & (y == 1)).sum())
    fp = int((pred & (y == 0)).sum())
    fn = int((~pred & (y == 1)).sum())
    prec = tp / (tp + fp) if tp + fp else float("nan")
    rec = tp / (tp + fn) if tp + fn else float("nan")
    return prec, rec, tp, fp, fn


def choose_threshold(p, y, target=TARGET_PRECISION, min_predicted=5):
    """The lowest threshold (among the scores) with precision ≥ target over at least `min_predicted`
    predicted positives (fewer is noise: 1 of 1 is 100%); None when no threshold reaches it."""
    for t in np.unique(p):
        prec, _, tp, fp, _ = precision_recall_at(p, y, t)
        if tp + fp >= min_predicted and prec >= target:
            return float(t)
    return None


def average_precision(p, y):
    from sklearn.metrics import average_precision_score
    return float(average_precision_score(y, p))


def export_onnx(model, path):
    from skl2onnx import to_onnx
    from skl2onnx.common.data_types import FloatTensorType
    onx = to_onnx(model, initial_types=[("features", FloatTensorType([None, len(FEATURES)]))],
                  options={id(model): {"zipmap": False}}, target_opset={"": 13, "ai.onnx.ml": 3})
    with open(path, "wb") as f:
        f.write(onx.SerializeToString())
    return [o.name for o in onx.graph.output]


def train(ui_real: str, out: str, log=print):
    Xtr, ytr, gtr = dataset(os.path.join(ui_real, "train.json"))
    Xva, yva, _ = dataset(os.path.join(ui_real, "valid.json"))
    log(f"train: {len(ytr)} icons ({int(ytr.sum())} clickable); valid: {len(yva)} ({int(yva.sum())})")
    best = None
    for params in PARAM_GRID:
        oof = out_of_fold(Xtr, ytr, gtr, params)
        ap = average_precision(oof, ytr)
        log(f"  {params}: out-of-fold AP {ap:.3f}")
        if best is None or ap > best[0]:
            best = (ap, params, oof)
    ap, params, oof = best
    threshold = choose_threshold(oof, ytr)
    cv = precision_recall_at(oof, ytr, threshold) if threshold is not None else None
    model = make_model(**params).fit(Xtr, ytr)
    pva = model.predict_proba(Xva)[:, 1]
    val = precision_recall_at(pva, yva, threshold) if threshold is not None else None
    os.makedirs(out, exist_ok=True)
    onnx_path = os.path.join(out, "clickability.onnx")
    outputs = export_onnx(model, onnx_path)
    import onnxruntime as ort
    sess = ort.InferenceSession(onnx_path, providers=["CPUExecutionProvider"])
    pon = sess.run(["probabilities"], {"features": Xva})[0][:, 1]
    data = open(onnx_path, "rb").read()
    metrics = {
        "trainIcons": int(len(ytr)), "trainClickable": int(ytr.sum()),
        "validIcons": int(len(yva)), "validClickable": int(yva.sum()),
        "params": {**BASE_PARAMS, **params},
        "outOfFoldAveragePrecision": round(ap, 4), "validAveragePrecision": round(average_precision(pva, yva), 4),
        "threshold": threshold,
        "crossValidationAtThreshold": None if cv is None else dict(zip(["precision", "recall", "tp", "fp", "fn"], cv)),
        "validAtThreshold": None if val is None else dict(zip(["precision", "recall", "tp", "fp", "fn"], val)),
        "validAtHalf": dict(zip(["precision", "recall", "tp", "fp", "fn"], precision_recall_at(pva, yva, 0.5))),
        "sklearnVsOnnxMaxDiff": float(np.abs(pon - pva).max()),
        "featureImportances": dict(zip(FEATURES, [round(float(v), 4) for v in model.feature_importances_])),
    }
    contract = {
        "format": "screenrecognition-clickability", "formatVersion": 1, "name": "clickability-gbt-ui-real",
        "file": "clickability.onnx", "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(),
        "inputs": [{"name": "features", "shape": [-1, len(FEATURES)]}],
        "outputs": [{"name": "probabilities", "shape": [-1, 2]}],
        "features": FEATURES,
        "probabilityColumn": 1,
        "threshold": threshold,
        "thresholdRule": f"lowest threshold with out-of-fold precision >= {TARGET_PRECISION} on ui-real train ({FOLDS}-fold, grouped by screen)",
        "date": datetime.datetime.utcnow().strftime("%Y-%m-%dT%H:%MZ"),
    }
    json.dump(contract, open(os.path.join(out, "model.json"), "w"), indent=2)
    json.dump(metrics, open(os.path.join(out, "metrics.json"), "w"), indent=2)
    log(json.dumps(metrics, indent=1))
    return model, contract, metrics


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train")
    t.add_argument("--ui-real", required=True)
    t.add_argument("--out", required=True)
    f = sub.add_parser("features", help="print feature vectors and (with --onnx) probabilities for a detections JSON")
    f.add_argument("detections")
    f.add_argument("--onnx")
    a = ap.parse_args(argv)
    if a.cmd == "train":
        train(a.ui_real, a.out)
    else:
        print(json.dumps(fixture_rows(json.load(open(a.detections)), a.onnx), indent=1))


def fixture_rows(screen: dict, onnx_path=None):
    """Feature vectors (and probabilities) for a detections file {"width", "height", "detections":
    [{"type", "box"}]}: what the Swift parity test compares against."""
    W, H = float(screen["width"]), float(screen["height"])
    dets = [(d["type"], tuple(d["box"]), None) for d in screen["detections"]]
    rows = []
    for i, d in enumerate(dets):
        if d[0] != "icon":
            continue
        f = icon_features(i, dets, W, H)
        rows.append({"index": i, "features": f, "vector": vector(f)})
    if onnx_path and rows:
        import onnxruntime as ort
        sess = ort.InferenceSession(onnx_path, providers=["CPUExecutionProvider"])
        p = sess.run(["probabilities"], {"features": np.asarray([r["vector"] for r in rows], dtype=np.float32)})[0][:, 1]
        for r, q in zip(rows, p):
            r["probability"] = float(q)
    return rows


if __name__ == "__main__":
    main(sys.argv[1:])
