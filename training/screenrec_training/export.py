"""Exports a checkpoint to ONNX with model.json (the contract the Swift side implements),
verifies it against torch with onnxruntime and measures its latency.

    python3 -m screenrec_training.export --checkpoint runs/r1/best.pt --out exports/r1 \
        --command "the exact training command" [--ui-real ... --synthetic ... for thresholds]
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import time

import numpy as np
import torch

from .classes import CLASSES
from .model import BOX_SCALE, LITE_MEAN, LITE_STD, MEAN, STD, STRIDE, ExportWrapper, count_params, detector_from_config

OPSET = 13  # TopK with a tensor k and Resize are in opset 11+; 13 is widely supported
INPUT_NAME = "image"
OUTPUT_NAME = "detections"


def model_json(cfg, top_k, nms_iou, extra=None):
    W, H = cfg["input_width"], cfg["input_height"]
    lite = cfg.get("backbone") == "efficientnet_lite0"
    mean, std = (LITE_MEAN, LITE_STD) if lite else (MEAN, STD)
    d = {
        "format": "screenrecognition-detector",
        "formatVersion": 1,
        "file": "detector.onnx",
        "classes": CLASSES,
        "input": {
            "name": INPUT_NAME,
            "shape": [1, 3, H, W],
            "dtype": "float32",
            "layout": "NCHW",
            "colour": "RGB",
            "width": W,
            "height": H,
            "valueRange": [0.0, 1.0],
            "scaling": "value = pixel / 255 (8-bit sRGB channel); no mean/std on the caller's side",
            "normalisationInGraph": {"mean": [round(v, 6) for v in mean], "std": [round(v, 6) for v in std],
                                     "formula": "(value - mean) / std, applied inside the graph"},
            "letterbox": {
                "scale": f"s = min({W} / imageWidth, {H} / imageHeight)",
                "resizedSize": "round(imageWidth * s) x round(imageHeight * s)",
                "resize": "bilinear with antialiasing when shrinking (PIL Image.resize BILINEAR: the triangle filter's support widens by 1/s); an area/box average is a close substitute, plain 2-tap bilinear aliases at s ~ 0.25",
                "placement": "top-left (offset 0, 0)",
                "padValue": [0, 0, 0],
                "note": "the image is scaled up as well as down (s may exceed 1)",
            },
        },
        "outputs": [{
            "name": OUTPUT_NAME,
            "shape": [1, top_k, 6],
            "dtype": "float32",
            "columns": ["x1", "y1", "x2", "y2", "score", "classIndex"],
        }],
        "decoding": {
            "inGraph": [
                f"heatmap logits [1, {len(CLASSES)}, {H // STRIDE}, {W // STRIDE}] at stride {STRIDE}; score = sigmoid(logit)",
                "peaks: a cell keeps its score only where it equals the 3x3 max-pool (stride 1, pad 1) of its class map, else 0",
                f"top-{top_k} over all classes and cells, sorted by score descending",
                f"cell (col, row) centre: cx = (col + 0.5) * {STRIDE}, cy = (row + 0.5) * {STRIDE} in input px",
                f"box distances (l, t, r, b) = relu(raw) * {BOX_SCALE} input px"
                + (" read from the peak's class's own 4 regression channels (per-class regression)"
                   if cfg.get("box_per_class") else " (one regression map shared by all classes)")
                + "; box = (cx - l, cy - t, cx + r, cy + b)",
                "classIndex is an exact integer in float32, an index into `classes`",
            ],
            "consumer": [
                "drop rows with score < thresholds[classes[classIndex]] (thresholds.json, per class)",
                f"per-class non-maximum suppression: greedily keep the highest score, drop same-class boxes with IoU > {nms_iou}",
                "map to image px: x = x_input / s, y = y_input / s (top-left letterbox, no offset); clip to the image",
            ],
            "stride": STRIDE,
            "topK": top_k,
            "nmsIoU": nms_iou,
            "scoreMeaning": "probability-like detection confidence of that class at that box centre",
        },
        "thresholdsFile": "thresholds.json",
    }
    if extra:
        d.update(extra)
    return d


def fold_pads(model):
    """Folds each zero, constant-mode Pad that feeds one Conv into that Conv's own `pads`
    (asymmetric pads are allowed there), so the graph computes the same with fewer nodes. The
    stride-2 convolutions of EfficientNet-Lite use TensorFlow's asymmetric SAME padding, which
    torch exports as a separate Pad; in ONNX Runtime those Pads and the layout reorders around
    them took about a quarter of the detector's time (measured with its profiler). Returns the
    model and the number of Pads folded."""
    import onnx
    from onnx import helper
    import onnxruntime as ort
    g = model.graph
    pads = [n for n in g.node if n.op_type == "Pad" and (len(n.input) < 3 or not n.input[2])
            and next((a.s for a in n.attribute if a.name == "mode"), b"constant") == b"constant"]
    if not pads:
        return model, 0
    # The pad amounts are computed by small constant sub-graphs: read them by running the graph.
    probe = onnx.ModelProto()
    probe.CopyFrom(model)
    for n in pads:
        probe.graph.output.append(helper.make_tensor_value_info(n.input[1], onnx.TensorProto.INT64, None))
    inp = probe.graph.input[0]
    shape = [d.dim_value for d in inp.type.tensor_type.shape.dim]
    sess = ort.InferenceSession(probe.SerializeToString(), providers=["CPUExecutionProvider"])
    values = sess.run([n.input[1] for n in pads], {inp.name: np.zeros(shape, np.float32)})
    users = {}
    for n in g.node:
        for i in n.input:
            users.setdefault(i, []).append(n)
    folded = 0
    for pad, p in zip(pads, values):
        p = np.asarray(p).reshape(-1)
        outs = users.get(pad.output[0], [])
        # ONNX Pad order: [N_begin, C_begin, H_begin, W_begin, N_end, C_end, H_end, W_end]
        if len(outs) != 1 or outs[0].op_type != "Conv" or p.size != 8 or p[0] or p[1] or p[4] or p[5]:
            continue
        conv = outs[0]
        old = next((list(a.ints) for a in conv.attribute if a.name == "pads"), [0, 0, 0, 0])
        new = [old[0] + int(p[2]), old[1] + int(p[3]), old[2] + int(p[6]), old[3] + int(p[7])]
        for a in list(conv.attribute):
            if a.name in ("pads", "auto_pad"):
                conv.attribute.remove(a)
        conv.attribute.append(helper.make_attribute("pads", new))
        conv.input[0] = pad.input[0]
        g.node.remove(pad)
        folded += 1
    return model, folded


def latency_ms(onnx_path, W, H, threads=2, runs=20):
    import onnxruntime as ort
    so = ort.SessionOptions()
    so.intra_op_num_threads = threads
    so.inter_op_num_threads = 1
    sess = ort.InferenceSession(onnx_path, so, providers=["CPUExecutionProvider"])
    x = np.random.rand(1, 3, H, W).astype(np.float32)
    for _ in range(3):
        sess.run(None, {INPUT_NAME: x})
    ts = []
    for _ in range(runs):
        t = time.perf_counter()
        sess.run(None, {INPUT_NAME: x})
        ts.append((time.perf_counter() - t) * 1000)
    return statistics.median(ts), min(ts)


def export(checkpoint, out_dir, top_k=300, nms_iou=None, extra=None):
    ck = torch.load(checkpoint, map_location="cpu")
    cfg = ck["config"]
    nms_iou = nms_iou if nms_iou is not None else cfg.get("nms_iou", 0.6)
    model = detector_from_config(cfg)
    model.load_state_dict(ck["model"])
    model.eval()
    wrapper = ExportWrapper(model, top_k).eval()
    W, H = cfg["input_width"], cfg["input_height"]
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "detector.onnx")
    x = torch.rand(1, 3, H, W)
    with torch.no_grad():
        torch.onnx.export(wrapper, x, path, opset_version=OPSET, input_names=[INPUT_NAME],
                          output_names=[OUTPUT_NAME], do_constant_folding=True)
        ref = wrapper(x).numpy()
    import onnx
    graph, folded = fold_pads(onnx.load(path))
    onnx.checker.check_model(graph)
    onnx.save(graph, path)
    import onnxruntime as ort
    sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    got = sess.run(None, {INPUT_NAME: x.numpy()})[0]
    # Near-equal scores may come out in another order, so compare scores position by position
    # and match each ONNX row to a torch row of the same class and box.
    score_diff = float(np.abs(got[0, :, 4] - ref[0, :, 4]).max())
    matched = 0
    for row in got[0, :50]:
        d = np.abs(ref[0, :, :6] - row[None, :6])
        matched += int((d[:, [0, 1, 2, 3, 5]].max(1) < 1e-2).any())
    info = {"onnxBytes": os.path.getsize(path), "parameters": count_params(model),
            "opset": OPSET, "torchVsOnnxMaxScoreDiff": score_diff,
            "torchVsOnnxTop50RowsMatched": matched, "padsFoldedIntoConvs": folded,
            "checkpoint": {"iter": ck.get("iter"), "epoch": ck.get("epoch")}}
    med, best = latency_ms(path, W, H)
    info["latencyMsOrt2Threads"] = {"median": round(med, 1), "min": round(best, 1), "runs": 20,
                                    "note": "onnxruntime Python API, batch 1, on the shared 2-core dev machine"}
    meta = model_json(cfg, top_k, nms_iou, extra)
    meta["export"] = {**info, "date": datetime.datetime.utcnow().strftime("%Y-%m-%dT%H:%MZ")}
    with open(os.path.join(out_dir, "model.json"), "w") as f:
        json.dump(meta, f, indent=2)
    return path, meta


def main(argv=None):
    from .data import load_coco, load_ui_real
    from .evaluate import Predictor, evaluate_samples
    from .thresholds import choose_thresholds, pr_svg
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--checkpoint", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--top-k", type=int, default=300)
    ap.add_argument("--ui-real", help="ui-real root: thresholds and metrics on its valid split")
    ap.add_argument("--synthetic", help="synthetic folder: thresholds and metrics on heldout.json")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args(argv)
    torch.set_num_threads(args.threads)
    path, meta = export(args.checkpoint, args.out, args.top_k)
    print(json.dumps(meta["export"], indent=1))
    W, H = meta["input"]["width"], meta["input"]["height"]
    pred = Predictor(W, H, onnx_path=path, threads=args.threads, nms_iou=meta["decoding"]["nmsIoU"])
    curves_by_set, metrics = {}, {}
    if args.ui_real:
        s = load_ui_real(args.ui_real, "valid")
        s = s[:args.limit] if args.limit else s
        summ, cv = evaluate_samples(pred, s, True)
        summ.update(images=len(s), states_merged=True)
        metrics["ui-real valid"] = summ
        curves_by_set["ui-real valid (states merged)"] = {CLASSES[c]: v for c, v in cv.items()}
    if args.synthetic:
        s = load_coco(os.path.join(args.synthetic, "heldout.json"))
        s = s[:args.limit] if args.limit else s
        summ, cv = evaluate_samples(pred, s, False)
        summ.update(images=len(s), states_merged=False)
        metrics["synthetic held-out"] = summ
        curves_by_set["synthetic held-out"] = {CLASSES[c]: v for c, v in cv.items()}
    real = curves_by_set.get("ui-real valid (states merged)")
    syn = curves_by_set.get("synthetic held-out")
    th = choose_thresholds(real, syn)
    with open(os.path.join(args.out, "thresholds.json"), "w") as f:
        json.dump({"rule": "score at maximum F1 on the validation PR curve (see thresholds.py)",
                   "thresholds": {k: v["threshold"] for k, v in th.items()}, "points": th}, f, indent=2)
    if curves_by_set:
        pr_svg(curves_by_set, th, os.path.join(args.out, "pr_curves.svg"))
    with open(os.path.join(args.out, "metrics.json"), "w") as f:
        json.dump(metrics, f, indent=1)
    print(json.dumps({k: v["mAP50"] for k, v in metrics.items()}))


if __name__ == "__main__":
    main()
