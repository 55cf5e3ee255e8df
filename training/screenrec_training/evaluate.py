"""AP@0.5 per class and its mean (paper §4.3: AP with IoU > 0.5), PR curves, inference helpers.

    python3 -m screenrec_training.evaluate --checkpoint runs/x/best.pt --ui-real $UI_REAL
    python3 -m screenrec_training.evaluate --onnx exports/x/detector.onnx --synthetic data/synth --split heldout

AP is the all-point interpolated area under the precision-recall curve (PASCAL VOC 2010+ /
COCO style): detections of a class, over all images, sorted by score; each matched greedily to
the unmatched ground-truth box of that class with the highest IoU (> 0.5). With `merge_states`
the selected/unselected pairs are merged into one class before matching (ui-real has no states).
"""
from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np

from .classes import CLASSES, NUM_CLASSES, state_merged

IOU_THRESHOLD = 0.5  # paper §4.3


def iou_matrix(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    ix1 = np.maximum(a[:, None, 0], b[None, :, 0])
    iy1 = np.maximum(a[:, None, 1], b[None, :, 1])
    ix2 = np.minimum(a[:, None, 2], b[None, :, 2])
    iy2 = np.minimum(a[:, None, 3], b[None, :, 3])
    inter = np.clip(ix2 - ix1, 0, None) * np.clip(iy2 - iy1, 0, None)
    aa = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    ab = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    return inter / np.maximum(aa[:, None] + ab[None, :] - inter, 1e-9)


def pr_curves(preds, gts, merge_states=False, iou_thr=IOU_THRESHOLD):
    """preds: per image (boxes [K,4], scores [K], classes [K]); gts: per image (boxes, classes).
    Returns {class: dict(ap, n_gt, scores, precision, recall)} for classes with ground truth."""
    mapc = np.vectorize(state_merged) if merge_states else (lambda c: c)
    out = {}
    for c in range(NUM_CLASSES):
        if merge_states and state_merged(c) != c:
            continue
        det = []  # (score, image, box)
        n_gt = 0
        gt_by_img = []
        for i, ((pb, ps, pc), (gb, gc)) in enumerate(zip(preds, gts)):
            pcm = mapc(pc) if len(pc) else pc
            gcm = mapc(gc) if len(gc) else gc
            sel = pcm == c
            for b, s in zip(pb[sel], ps[sel]):
                det.append((float(s), i, b))
            g = gb[gcm == c]
            gt_by_img.append(g)
            n_gt += len(g)
        if n_gt == 0:
            continue
        det.sort(key=lambda t: -t[0])
        used = [np.zeros(len(g), bool) for g in gt_by_img]
        tp = np.zeros(len(det))
        for k, (s, i, b) in enumerate(det):
            g = gt_by_img[i]
            if len(g) == 0:
                continue
            ious = iou_matrix(b[None], g)[0]
            ious[used[i]] = -1
            j = int(np.argmax(ious))
            if ious[j] > iou_thr:
                used[i][j] = True
                tp[k] = 1
        ctp = np.cumsum(tp)
        recall = ctp / n_gt
        precision = ctp / np.arange(1, len(det) + 1) if len(det) else np.zeros(0)
        # all-point interpolation
        mrec = np.concatenate([[0.0], recall, [1.0]])
        mpre = np.concatenate([[1.0], precision, [0.0]])
        for k in range(len(mpre) - 2, -1, -1):
            mpre[k] = max(mpre[k], mpre[k + 1])
        idx = np.where(mrec[1:] != mrec[:-1])[0]
        ap = float(np.sum((mrec[idx + 1] - mrec[idx]) * mpre[idx + 1]))
        out[c] = {"ap": ap, "n_gt": n_gt, "scores": np.array([d[0] for d in det]),
                  "precision": precision, "recall": recall}
    return out


def summarise(curves) -> dict:
    per = {CLASSES[c]: round(v["ap"], 4) for c, v in curves.items()}
    mean = float(np.mean([v["ap"] for v in curves.values()])) if curves else 0.0
    return {"mAP50": round(mean, 4), "per_class_AP50": per,
            "n_gt": {CLASSES[c]: v["n_gt"] for c, v in curves.items()}}


# ---------- inference ----------

def nms_per_class(boxes, scores, classes, iou=0.6):
    """Greedy per-class NMS (paper §4.1 post-processing (i)); numpy, small K."""
    keep = []
    for c in np.unique(classes):
        idx = np.where(classes == c)[0]
        idx = idx[np.argsort(-scores[idx])]
        while len(idx):
            i = idx[0]
            keep.append(i)
            if len(idx) == 1:
                break
            o = iou_matrix(boxes[i:i + 1], boxes[idx[1:]])[0]
            idx = idx[1:][o <= iou]
    keep = np.array(sorted(keep, key=lambda k: -scores[k]), np.int64)
    return boxes[keep], scores[keep], classes[keep]


class Predictor:
    """Runs the exported-graph decoding (torch ExportWrapper or an ONNX file) on samples and
    returns boxes in the sample's original pixel space."""

    def __init__(self, width, height, model=None, onnx_path=None, threads=2, min_score=0.001,
                 nms_iou=0.6):
        self.width, self.height = width, height
        self.min_score = min_score
        self.nms_iou = nms_iou
        if onnx_path:
            import onnxruntime as ort
            so = ort.SessionOptions()
            so.intra_op_num_threads = threads
            so.inter_op_num_threads = 1
            self.sess = ort.InferenceSession(onnx_path, so, providers=["CPUExecutionProvider"])
            self.wrapper = None
        else:
            from .model import ExportWrapper
            self.wrapper = ExportWrapper(model).eval()
            self.sess = None

    def run_batch(self, arrs):
        x = np.stack([a.transpose(2, 0, 1) for a in arrs]).astype(np.float32) / 255.0
        if self.sess is not None:
            dets = [self.sess.run(None, {"image": x[k:k + 1]})[0][0] for k in range(len(x))]  # batch 1
        else:
            import torch
            dev = next(self.wrapper.parameters()).device
            with torch.no_grad():
                dets = list(self.wrapper(torch.from_numpy(x).to(dev)).float().cpu().numpy())
        return [(d[:, 4], d[:, 5].round(), d[:, :4]) for d in dets]

    def predict(self, samples, batch=8):
        from PIL import Image
        from .data import letterbox
        results = []
        for i in range(0, len(samples), batch):
            chunk = samples[i:i + batch]
            arrs, scales = [], []
            for smp in chunk:
                img = Image.open(smp.path).convert("RGB")
                a, s = letterbox(img, self.width, self.height)
                arrs.append(a)
                # input px -> COCO px: divide by s, then by the stored/COCO ratio
                scales.append((s * img.width / smp.width, s * img.height / smp.height))
            for (sc, cl, bx), (sx, sy) in zip(self.run_batch(arrs), scales):
                m = sc >= self.min_score
                sc, cl, bx = sc[m], cl[m].astype(np.int64), bx[m].astype(np.float32)
                if self.nms_iou < 1 and len(sc):
                    bx, sc, cl = nms_per_class(bx, sc, cl, self.nms_iou)
                bx = bx / np.array([sx, sy, sx, sy], np.float32)
                results.append((bx, sc, cl))
        return results


def evaluate_samples(predictor, samples, merge_states):
    preds = predictor.predict(samples)
    gts = [(s.boxes, s.classes) for s in samples]
    curves = pr_curves(preds, gts, merge_states)
    return summarise(curves), curves


def main(argv=None):
    from .data import load_coco, load_ui_real
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--checkpoint")
    ap.add_argument("--onnx")
    ap.add_argument("--ui-real")
    ap.add_argument("--ui-real-split", default="valid")
    ap.add_argument("--synthetic")
    ap.add_argument("--split", default="heldout")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--nms-iou", type=float, default=0.6)
    ap.add_argument("--out", help="write the metrics JSON here")
    ap.add_argument("--curves-out", help="write PR curves (npz-like JSON) here")
    args = ap.parse_args(argv)
    width, height = 320, 640
    model = None
    if args.checkpoint:
        import torch
        from .model import detector_from_config
        torch.set_num_threads(args.threads)
        ck = torch.load(args.checkpoint, map_location="cpu")
        cfg = ck["config"]
        width, height = cfg["input_width"], cfg["input_height"]
        model = detector_from_config(cfg)
        model.load_state_dict(ck["model"])
        model.eval()
    elif args.onnx:
        meta = json.load(open(os.path.join(os.path.dirname(args.onnx), "model.json")))
        width, height = meta["input"]["width"], meta["input"]["height"]
    pred = Predictor(width, height, model, args.onnx, args.threads, nms_iou=args.nms_iou)
    report = {}
    all_curves = {}
    sets = []
    if args.ui_real:
        sets.append(("ui-real-" + args.ui_real_split, load_ui_real(args.ui_real, args.ui_real_split), True))
    if args.synthetic:
        sets.append(("synthetic-" + args.split, load_coco(os.path.join(args.synthetic, f"{args.split}.json")), False))
    for name, samples, merge in sets:
        if args.limit:
            samples = samples[:args.limit]
        t0 = time.time()
        summary, curves = evaluate_samples(pred, samples, merge)
        summary["images"] = len(samples)
        summary["states_merged"] = merge
        summary["seconds"] = round(time.time() - t0, 1)
        report[name] = summary
        all_curves[name] = curves
        print(name, json.dumps(summary, indent=1))
    if args.out:
        with open(args.out, "w") as f:
            json.dump(report, f, indent=1)
    if args.curves_out:
        ser = {n: {CLASSES[c]: {k: (v[k].tolist() if hasattr(v[k], "tolist") else v[k])
                                for k in ("ap", "n_gt", "scores", "precision", "recall")}
                   for c, v in cv.items()} for n, cv in all_curves.items()}
        with open(args.curves_out, "w") as f:
            json.dump(ser, f)
    return report


if __name__ == "__main__":
    main()
