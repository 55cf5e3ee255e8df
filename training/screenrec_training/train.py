"""Trains the detector on synthetic screens plus ui-real, in time-budgeted, resumable chunks.

    python3 -m screenrec_training.train --config configs/mnv2w05_fpn64_320x640.json \
        --synthetic data/synth --ui-real /work/shared/data/ui-real --run runs/r1 \
        --max-minutes 60 [--resume]

Writes runs/<name>/last.pt (model, optimiser, iteration, RNG-free sampler position), best.pt
(best mean of ui-real-valid and synthetic-heldout mAP@0.5 on the eval subsets), log.jsonl
(one line per logging step and per evaluation) and config.json.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import time

import numpy as np
import torch

from .classes import CLASSES
from .data import DetectionDataset, class_counts, load_coco, load_ui_real
from .evaluate import Predictor, evaluate_samples
from .losses import detection_loss
from .model import BOX_OUT, count_params, detector_from_config, widen_box_head


# Config keys that older configs and checkpoints lack, with the value that reproduces them.
OPTIONAL_CONFIG = {"box_per_class": False}


def lr_at(it, cfg):
    if it < cfg["warmup_iters"]:
        return cfg["lr"] * (it + 1) / cfg["warmup_iters"]
    t = min(1.0, (it - cfg["warmup_iters"]) / max(1, cfg["total_iters"] - cfg["warmup_iters"]))
    return cfg["lr"] * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * t)))


def class_weights(samples, power):
    n = class_counts(samples).astype(np.float64)
    med = np.median(n[n > 0])
    w = np.where(n > 0, (med / np.maximum(n, 1)) ** power, 1.0)
    return torch.tensor(np.clip(w, 0.5, 4.0), dtype=torch.float32)


def collate(batch):
    return [torch.from_numpy(np.stack(x)) for x in zip(*batch)]


def epoch_order(n_real, n_syn, real_fraction, seed, epoch, length):
    """Indices into real+synthetic (synthetic offset by n_real) so that `real_fraction` of each
    epoch is real, sampled without replacement within each source."""
    rng = random.Random(seed * 7919 + epoch)
    n_r = round(length * real_fraction) if n_syn else length
    n_s = length - n_r if n_real else length
    real = [i for _ in range(n_r // max(1, n_real) + 1) for i in rng.sample(range(n_real), n_real)][:n_r] if n_real else []
    syn = [n_real + i for _ in range(n_s // max(1, n_syn) + 1) for i in rng.sample(range(n_syn), n_syn)][:n_s] if n_syn else []
    order = real + syn
    rng.shuffle(order)
    return order


def evaluate_now(model, cfg, val_sets):
    model.eval()
    out = {}
    pred = Predictor(cfg["input_width"], cfg["input_height"], model, nms_iou=cfg["nms_iou"])
    for name, samples, merge in val_sets:
        summary, _ = evaluate_samples(pred, samples, merge)
        out[name] = summary
    model.train()
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--config", required=True)
    ap.add_argument("--synthetic", help="folder with train.json / heldout.json from synth.generate")
    ap.add_argument("--ui-real", help="ui-real root (train.json, valid.json, images/)")
    ap.add_argument("--run", required=True)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--init", help="start from these weights (a checkpoint file) without its optimiser")
    ap.add_argument("--max-minutes", type=float, default=60)
    ap.add_argument("--max-iters", type=int, default=0)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--eval-every-minutes", type=float, default=15)
    ap.add_argument("--save-every-minutes", type=float, default=5)
    ap.add_argument("--log-every", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--limit-train", type=int, default=0, help="use only N images per source (tests)")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="override a config value (JSON-parsed), also on --resume; e.g. total_iters=4800 "
                         "to end the cosine schedule within the compute at hand")
    args = ap.parse_args(argv)

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    os.makedirs(args.run, exist_ok=True)
    cfg = json.load(open(args.config))
    cfg = {k: v for k, v in cfg.items() if not k.startswith("_")}
    last_path = os.path.join(args.run, "last.pt")
    state = None
    if args.resume and os.path.exists(last_path):
        state = torch.load(last_path, map_location="cpu")
        cfg = state["config"]
        print(f"resuming from {last_path} at iteration {state['iter']}", flush=True)
    for key, default in OPTIONAL_CONFIG.items():
        cfg.setdefault(key, default)
    for item in args.set:
        key, _, value = item.partition("=")
        if key not in cfg:
            raise SystemExit(f"--set {item}: unknown config key {key!r}")
        cfg[key] = json.loads(value)
        print(f"config override: {key} = {cfg[key]}", flush=True)
    json.dump(cfg, open(os.path.join(args.run, "config.json"), "w"), indent=1)

    real = load_ui_real(args.ui_real, "train") if args.ui_real else []
    syn = load_coco(os.path.join(args.synthetic, "train.json")) if args.synthetic else []
    if args.limit_train:
        real, syn = real[:args.limit_train], syn[:args.limit_train]
    val_sets = []
    if args.ui_real:
        val_sets.append(("ui-real-valid", load_ui_real(args.ui_real, "valid")[:cfg["eval_images"]], True))
    if args.synthetic and os.path.exists(os.path.join(args.synthetic, "heldout.json")):
        val_sets.append(("synthetic-heldout",
                         load_coco(os.path.join(args.synthetic, "heldout.json"))[:cfg["eval_images"]], False))
    print(f"train images: {len(real)} ui-real + {len(syn)} synthetic", flush=True)
    W, H = cfg["input_width"], cfg["input_height"]
    ds = DetectionDataset(real + syn, W, H, augment=True, seed=args.seed, per_class=cfg["box_per_class"])
    cw = class_weights(real + syn, cfg["class_balance_power"])
    print("class weights:", {c: round(float(w), 2) for c, w in zip(CLASSES, cw)}, flush=True)

    model = detector_from_config(cfg)
    print(f"parameters: {count_params(model):,}", flush=True)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
    it, epoch, pos, best = 0, 0, 0, -1.0
    box_out = model.box_head[-1]
    if state is not None:
        widened = cfg["box_per_class"] and state["model"][BOX_OUT + ".weight"].shape[0] == 4
        model.load_state_dict(widen_box_head(state["model"]) if widened else state["model"])
        opt.load_state_dict(state["optimizer"])
        if widened:  # --set box_per_class=true on a shared-regression checkpoint
            print("box regression widened to one per class (from the shared one)", flush=True)
            for p in (box_out.weight, box_out.bias):
                opt.state.pop(p, None)  # its Adam moments had the old shape
            best = -1.0  # a new model: its evaluations are not comparable with the old best
        else:
            best = state.get("best", -1.0)
        it, epoch, pos = state["iter"], state["epoch"], state["pos"]
    elif args.init:
        init = torch.load(args.init, map_location="cpu")["model"]
        model.load_state_dict(widen_box_head(init) if cfg["box_per_class"] else init)

    def save(path, extra=None):
        ck = {"model": model.state_dict(), "optimizer": opt.state_dict(), "iter": it, "epoch": epoch,
              "pos": pos, "best": best, "config": cfg, "classes": CLASSES}
        if extra:
            ck.update(extra)
        tmp = path + ".tmp"
        torch.save(ck, tmp)
        os.replace(tmp, path)

    log = open(os.path.join(args.run, "log.jsonl"), "a")
    bs = cfg["batch_size"]
    epoch_len = len(ds)
    t_start = time.time()
    t_save = t_eval = time.time()
    seen, t_rate = 0, time.time()
    model.train()
    stop = False
    while not stop:
        ds.epoch = epoch
        order = epoch_order(len(real), len(syn), cfg["real_fraction"], args.seed, epoch, epoch_len)
        batches = [order[i:i + bs] for i in range(0, len(order) - bs + 1, bs)]
        loader = torch.utils.data.DataLoader(
            torch.utils.data.Subset(ds, [i for b in batches[pos:] for i in b]), batch_size=bs,
            shuffle=False, num_workers=args.workers, collate_fn=collate, drop_last=True,
            persistent_workers=False)
        for img, heat, mheat, tbox, bw in loader:
            for g in opt.param_groups:
                g["lr"] = lr_at(it, cfg)
            out = model(img)
            loss, parts = detection_loss(out, (heat, mheat, tbox, bw), cw)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 10.0)
            opt.step()
            it += 1
            pos += 1
            seen += len(img)
            if it % args.log_every == 0:
                rate = seen / (time.time() - t_rate)
                rec = {"iter": it, "epoch": epoch, "loss": round(float(loss), 4), **{k: round(v, 4) for k, v in parts.items()},
                       "lr": round(lr_at(it, cfg), 6), "img_per_s": round(rate, 2),
                       "minutes": round((time.time() - t_start) / 60, 1)}
                print(json.dumps(rec), flush=True)
                log.write(json.dumps(rec) + "\n")
                log.flush()
                seen, t_rate = 0, time.time()
            elapsed = (time.time() - t_start) / 60
            stop = elapsed >= args.max_minutes or (args.max_iters and it >= args.max_iters)
            if time.time() - t_save > args.save_every_minutes * 60 or stop:
                save(last_path)
                t_save = time.time()
            if val_sets and (time.time() - t_eval > args.eval_every_minutes * 60 or stop):
                t0 = time.time()
                res = evaluate_now(model, cfg, val_sets)
                score = float(np.mean([r["mAP50"] for r in res.values()]))
                rec = {"iter": it, "eval": res, "score": round(score, 4), "eval_seconds": round(time.time() - t0, 1)}
                print(json.dumps({"iter": it, **{k: v["mAP50"] for k, v in res.items()}}), flush=True)
                log.write(json.dumps(rec) + "\n")
                log.flush()
                if score > best:
                    best = score
                    save(os.path.join(args.run, "best.pt"), {"eval": res})
                save(last_path)
                t_eval = time.time()
                t_rate, seen = time.time(), 0
            if stop:
                break
        if not stop:
            epoch += 1
            pos = 0
    print(f"stopped at iteration {it} after {(time.time() - t_start) / 60:.1f} min", flush=True)


if __name__ == "__main__":
    main()
