"""Trains the text-button model and chooses its operating point for precision (paper §5.4's rule
for icons: screen-reader users prefer precision, so a text is a button only when the model is very
confident).

    python3 -m screenrec_training.textbuttons.train --data data/textbuttons --out runs/textbuttons \
        [--epochs 12] [--folds 5] [--device cuda] [--score-only]

``--data`` holds ``train.npz`` (plain, or packed by ``pack.py``) and optionally ``valid.npz``.

1. ``--folds`` models on the train split, folds grouped by screenshot: out-of-fold probabilities
   for every train text; the operating threshold is the lowest whose out-of-fold precision is
   ≥ ``TARGET_PRECISION``.
2. One model on the whole train split, scored once on the valid split (per ui-real source).
3. A style hold-out: a model trained without the iOS screenshots (VINS), scored on them.
Writes ``model.pt``, ``report.json`` (all figures) to ``--out``.
"""
from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np
import torch
from torch import nn

from .features import FEATURES
from .model import TextButtonNet

TARGET_PRECISION = 0.90  # paper §5.4's operating point, applied to texts
SEED = 0


def to_tensor(crops):
    x = torch.from_numpy(crops).permute(0, 3, 1, 2).float() / 255.0
    return (x - 0.5) / 0.5


def augment(x):
    """Per-sample brightness/contrast jitter, random RGB channel order (tints of any hue) and, for
    a fifth, inversion (dark mode), on normalised [-1, 1] images."""
    n = x.shape[0]
    dev = x.device
    perm = torch.stack([torch.randperm(3, device=dev) for _ in range(n)])
    x = torch.gather(x, 1, perm[:, :, None, None].expand_as(x))
    inv = (torch.rand(n, 1, 1, 1, device=dev) < 0.2).float()
    x = x * (1 - 2 * inv)
    c = 1 + 0.3 * (torch.rand(n, 1, 1, 1, device=dev) - 0.5)
    b = 0.2 * (torch.rand(n, 1, 1, 1, device=dev) - 0.5)
    return (x * c + b).clamp(-1, 1)


WIDTH = 32  # the network's base channel count (train.py --width)


def fit(crops, feats, labels, weights, epochs, device, log=None):
    torch.manual_seed(SEED)
    net = TextButtonNet(len(FEATURES), WIDTH).to(device)
    X, F, Y = to_tensor(crops).to(device), torch.from_numpy(feats).to(device), torch.from_numpy(labels.astype(np.float32)).to(device)
    Wt = torch.from_numpy(weights.astype(np.float32)).to(device)
    n = len(Y)
    bs = 256
    opt = torch.optim.AdamW(net.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = epochs * ((n + bs - 1) // bs)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=2e-3, total_steps=steps, pct_start=0.1)
    # positives weighted by half the (weighted) class ratio: a compromise between balance and
    # calibration — *design choice*; the operating threshold is chosen afterwards anyway.
    pos = float((Wt * Y).sum())
    neg = float((Wt * (1 - Y)).sum())
    loss_fn = nn.BCEWithLogitsLoss(pos_weight=torch.tensor(0.5 * neg / max(pos, 1), device=device), reduction="none")
    for ep in range(epochs):
        net.train()
        order = torch.randperm(n, device=device)
        total = 0.0
        for i in range(0, n, bs):
            idx = order[i:i + bs]
            logits = net(augment(X[idx]), F[idx])
            loss = (loss_fn(logits, Y[idx]) * Wt[idx]).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss) * len(idx)
        if log:
            log(f"  epoch {ep + 1}/{epochs} loss {total / n:.4f}")
    return net.eval()


@torch.no_grad()
def predict(net, crops, feats, device):
    out = []
    for i in range(0, len(crops), 1024):
        x = to_tensor(crops[i:i + 1024]).to(device)
        f = torch.from_numpy(feats[i:i + 1024]).to(device)
        out.append(torch.sigmoid(net(x, f)).cpu().numpy())
    return np.concatenate(out) if out else np.zeros(0, np.float32)


def pr_at(probs, labels, t, weights=None):
    """Precision and recall at threshold t (negatives counted with their sampling weights)."""
    w = np.ones(len(labels)) if weights is None else weights
    pred = probs >= t
    tp = float((w * (pred & (labels == 1))).sum())
    p = tp / max(float((w * pred).sum()), 1e-9)
    r = tp / max(float((w * (labels == 1)).sum()), 1e-9)
    return p, r, int(round(float((w * pred).sum())))


def threshold_for_precision(probs, labels, target=TARGET_PRECISION, weights=None):
    """The lowest threshold whose precision is ≥ target: the end of the longest top-ranked prefix
    that holds the target."""
    w = np.ones(len(labels)) if weights is None else weights
    order = np.argsort(-probs)
    tp = np.cumsum(w[order] * (labels[order] == 1))
    prec = tp / np.cumsum(w[order])
    ok = np.where(prec >= target)[0]
    if len(ok) == 0:
        return 1.0
    return float(probs[order][ok.max()])


def average_precision(probs, labels, weights=None):
    w = np.ones(len(labels)) if weights is None else weights
    order = np.argsort(-probs)
    y = (labels[order] == 1).astype(np.float64)
    tp = np.cumsum(w[order] * y)
    prec = tp / np.cumsum(w[order])
    return float((prec * y * w[order]).sum() / max((y * w[order]).sum(), 1e-9))


def score_valid(net, va, thr, device, log):
    vp = predict(net, va["crops"], va["features"], device)
    vy = va["labels"]
    p, r, n = pr_at(vp, vy, thr)
    rep = {"precision": p, "recall": r, "predicted": n, "texts": int(len(vy)), "buttons": int(vy.sum()),
           "averagePrecision": average_precision(vp, vy), "bySource": {}}
    log(f"valid: precision {p:.3f} recall {r:.3f} ({n} predicted) AP {rep['averagePrecision']:.3f}")
    for s in np.unique(va["sources"]):
        m = va["sources"] == s
        p, r, n = pr_at(vp[m], vy[m], thr)
        rep["bySource"][str(s)] = {"precision": p, "recall": r, "predicted": n, "buttons": int(vy[m].sum()), "texts": int(m.sum())}
        log(f"  {s}: precision {p:.3f} recall {r:.3f} ({n} predicted, {int(vy[m].sum())} buttons of {int(m.sum())})")
    return rep


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--width", type=int, default=32, help="the network's base channel count")
    ap.add_argument("--score-only", action="store_true", help="score --out's model.pt on the valid split and update report.json")
    a = ap.parse_args(argv)
    torch.set_num_threads(a.threads)
    global WIDTH
    WIDTH = a.width
    os.makedirs(a.out, exist_ok=True)
    logf = open(os.path.join(a.out, "train.log"), "a")

    def log(s):
        print(s, flush=True)
        logf.write(s + "\n")
        logf.flush()

    from .pack import load
    tr = load(os.path.join(a.data, "train.npz"))
    vpath = os.path.join(a.data, "valid.npz")
    va = load(vpath) if os.path.exists(vpath) else None
    if a.score_only:
        ck = torch.load(os.path.join(a.out, "model.pt"), map_location="cpu")
        net = TextButtonNet(len(FEATURES), ck.get("width", 32))
        net.load_state_dict(ck["model"])
        report = json.load(open(os.path.join(a.out, "report.json")))
        report["valid"] = score_valid(net.eval(), va, ck["threshold"], "cpu", log)
        json.dump(report, open(os.path.join(a.out, "report.json"), "w"), indent=2)
        return
    C, F, Y, I, S, Wt = tr["crops"], tr["features"], tr["labels"], tr["image_ids"], tr["sources"], tr["weights"]
    log(f"train {len(Y)} texts ({int(Y.sum())} buttons, weighted negatives {float(Wt[Y == 0].sum()):.0f})")
    t0 = time.time()
    report = {"features": FEATURES, "targetPrecision": TARGET_PRECISION, "epochs": a.epochs, "width": a.width}

    # 1. out-of-fold threshold
    rng = np.random.default_rng(SEED)
    imgs = np.unique(I)
    fold_of = dict(zip(rng.permutation(imgs), np.arange(len(imgs)) % a.folds))
    folds = np.array([fold_of[i] for i in I])
    oof = np.zeros(len(Y), np.float32)
    for k in range(a.folds):
        log(f"fold {k + 1}/{a.folds}")
        m = folds == k
        net = fit(C[~m], F[~m], Y[~m], Wt[~m], a.epochs, a.device)
        oof[m] = predict(net, C[m], F[m], a.device)
    thr = threshold_for_precision(oof, Y, weights=Wt)
    p, r, _ = pr_at(oof, Y, thr, Wt)
    ap_ = average_precision(oof, Y, Wt)
    report["threshold"] = thr
    report["outOfFold"] = {"precision": p, "recall": r, "averagePrecision": ap_, "bySource": {}}
    log(f"threshold {thr:.4f}: out-of-fold precision {p:.3f} recall {r:.3f} AP {ap_:.3f}")
    for s in np.unique(S):
        m = S == s
        p, r, n = pr_at(oof[m], Y[m], thr, Wt[m])
        report["outOfFold"]["bySource"][str(s)] = {"precision": p, "recall": r, "predicted": n, "buttons": int(Y[m].sum())}
        log(f"  {s}: out-of-fold precision {p:.3f} recall {r:.3f}")

    # 2. the shipped model: whole train split (scored on valid here, or later with --score-only)
    net = fit(C, F, Y, Wt, a.epochs, a.device, log)
    if va is not None:
        report["valid"] = score_valid(net, va, thr, a.device, log)
    torch.save({"model": net.state_dict(), "threshold": thr, "features": FEATURES, "width": WIDTH}, os.path.join(a.out, "model.pt"))

    # 3. style hold-out: without the iOS screenshots, scored on them (threshold from step 1)
    ios = S == "ios"
    if ios.any():
        net_h = fit(C[~ios], F[~ios], Y[~ios], Wt[~ios], a.epochs, a.device)
        hp = predict(net_h, C[ios], F[ios], a.device)
        p, r, n = pr_at(hp, Y[ios], thr, Wt[ios])
        report["heldOutIOS"] = {"precision": p, "recall": r, "predicted": n, "buttons": int(Y[ios].sum()),
                                "texts": int(ios.sum()), "averagePrecision": average_precision(hp, Y[ios], Wt[ios])}
        log(f"held-out iOS (trained without it): precision {p:.3f} recall {r:.3f} AP {report['heldOutIOS']['averagePrecision']:.3f}")
    report["minutes"] = (time.time() - t0) / 60
    json.dump(report, open(os.path.join(a.out, "report.json"), "w"), indent=2)
    log(f"done in {report['minutes']:.1f} min")


if __name__ == "__main__":
    main()
