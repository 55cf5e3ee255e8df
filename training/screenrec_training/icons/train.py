"""Trains the icon classifier on the rendered sets (``dataset.py``) for a fixed time budget (cosine
learning rate over the budget), keeping the checkpoint with the best top-1 accuracy over the
meanings on the held-out validation families.

    nice -n 10 python3 -m screenrec_training.icons.train --data data/icons --run runs/icons_r1 \
        --minutes 35 --threads 1

On a CUDA machine (``--device cuda``, the default when one is present) the whole training set sits
on the GPU as uint8 and batches are normalised there.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import time

import numpy as np
import torch
import torch.nn.functional as F

from .model import IconNet
from .preprocess import MEAN, STD
from .table import CLASSES, MEANINGS


def to_tensor(x) -> torch.Tensor:
    if isinstance(x, np.ndarray):
        x = torch.from_numpy(x)
    return (x.float().permute(0, 3, 1, 2) / 255.0 - MEAN) / STD


def augment(x: torch.Tensor, g: torch.Generator) -> torch.Tensor:
    """Cheap per-batch jitter on normalised inputs: contrast/brightness and 0-2 px shifts."""
    n = x.shape[0]
    c = 1 + (torch.rand(n, 1, 1, 1, generator=g) - 0.5).to(x.device) * 0.4
    b = (torch.rand(n, 1, 1, 1, generator=g) - 0.5).to(x.device) * 0.3
    x = x * c + b
    dx, dy = [int(v) for v in torch.randint(-2, 3, (2,), generator=g)]
    return torch.roll(x, shifts=(dy, dx), dims=(2, 3))


@torch.no_grad()
def init_from_onnx(net: IconNet, onnx_path: str, x: torch.Tensor) -> None:
    """Loads an exported IconNet (ONNX, batch norm folded into the convolutions by the export) into
    `net`: each convolution gets the folded weights, and its batch norm is set so that it adds the
    folded bias exactly, with running statistics measured on `x` (normalised inputs) so that
    training-mode batch statistics start where eval mode is. Used to fine-tune a shipped model whose
    PyTorch checkpoint was not kept (r2 -> r3)."""
    import onnx
    from onnx import numpy_helper
    model = onnx.load(onnx_path)
    init = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    convs = [n for n in model.graph.node if n.op_type == "Conv"]
    gemm = next(n for n in model.graph.node if n.op_type == "Gemm")
    blocks = list(net.features)
    assert len(convs) == len(blocks), "not an IconNet export"
    net.eval()
    h = x
    for node, block in zip(convs, blocks):
        conv, bn = block[0], block[1]
        w, b = init[node.input[1]], init[node.input[2]]
        conv.weight.copy_(torch.from_numpy(w))
        y = conv(h)
        mu, var = y.mean((0, 2, 3)), y.var((0, 2, 3)) + 1e-4
        bn.running_mean.copy_(mu)
        bn.running_var.copy_(var)
        bn.weight.copy_(torch.sqrt(var + bn.eps))
        bn.bias.copy_(mu + torch.from_numpy(b))
        h = block(h)
    lin = net.head[3]
    w, b = init[gemm.input[1]], init[gemm.input[2]]
    if w.shape[0] == len(CLASSES):
        lin.weight.copy_(torch.from_numpy(w))
        lin.bias.copy_(torch.from_numpy(b))
        return
    # A model with other classes (the fifth adds meanings): rows are copied by class name from the
    # contract beside the ONNX file; new classes keep their fresh initialisation.
    with open(os.path.join(os.path.dirname(onnx_path), "model.json")) as f:
        old = json.load(f)["classes"]
    assert len(old) == w.shape[0], "model.json classes do not match the ONNX file"
    for i, name in enumerate(CLASSES):
        if name in old:
            lin.weight[i].copy_(torch.from_numpy(w[old.index(name)]))
            lin.bias[i] = float(b[old.index(name)])


@torch.no_grad()
def predict(net: IconNet, x: np.ndarray, batch: int = 512) -> np.ndarray:
    net.eval()
    dev = next(net.parameters()).device
    out = [torch.softmax(net(to_tensor(x[i:i + batch]).to(dev)), 1).cpu().numpy() for i in range(0, len(x), batch)]
    return np.concatenate(out)


def top1_known(probs: np.ndarray, y: np.ndarray) -> float:
    """Top-1 accuracy over the meanings (argmax among them) on samples of known meanings."""
    known = y < len(MEANINGS)
    return float((probs[known, :len(MEANINGS)].argmax(1) == y[known]).mean())


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--data", required=True)
    p.add_argument("--run", required=True)
    p.add_argument("--minutes", type=float, default=15)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--batch", type=int, default=128)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--width", type=int, default=16)
    p.add_argument("--epochs", type=int, default=1000, help="upper bound; the time budget ends training")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--init", default=None, help="start from this checkpoint's weights (fine-tuning)")
    p.add_argument("--init-onnx", default=None, help="start from an exported icons.onnx of the same width (fine-tuning)")
    p.add_argument("--real", default=None,
                   help="real.npz of labelled ui-real crops (icons/real.py) added to the training set (the seventh model)")
    p.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    a = p.parse_args()
    dev = torch.device(a.device)
    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)
    g = torch.Generator().manual_seed(a.seed)
    tr = np.load(os.path.join(a.data, "train.npz"))
    va = np.load(os.path.join(a.data, "val.npz"))
    xtr, ytr = tr["x"], tr["y"]
    if a.real:
        real = np.load(a.real)
        xtr, ytr = np.concatenate([xtr, real["x"]]), np.concatenate([ytr, real["y"]])
        print(json.dumps({"renders": len(tr["y"]), "realCrops": len(real["y"])}), flush=True)
    xtr, ytr = torch.from_numpy(xtr).to(dev), torch.from_numpy(ytr).to(dev)
    net = IconNet(len(CLASSES), a.width)
    if a.init:
        net.load_state_dict(torch.load(a.init, map_location="cpu")["model"])
    if a.init_onnx:
        init_from_onnx(net, a.init_onnx, to_tensor(tr["x"][torch.randperm(len(tr["y"]), generator=g)[:512].numpy()]))
        print(json.dumps({"epoch": 0, "valTop1": top1_known(predict(net, va["x"]), va["y"]), "init": a.init_onnx}), flush=True)
    net.to(dev)
    opt = torch.optim.AdamW(net.parameters(), lr=a.lr, weight_decay=5e-4)
    steps_per_epoch = len(ytr) // a.batch
    budget = a.minutes * 60

    def lr_at(frac: float) -> float:
        # time-based schedule (the shared machine's speed varies 5x): 5 % warm-up, then cosine to 0
        if frac < 0.05:
            return a.lr * frac / 0.05
        return a.lr * 0.5 * (1 + math.cos(math.pi * min(1.0, (frac - 0.05) / 0.95)))
    os.makedirs(a.run, exist_ok=True)
    log = open(os.path.join(a.run, "log.jsonl"), "a")
    best, t0 = -1.0, time.time()
    for group in opt.param_groups:
        group["lr"] = lr_at(0)
    for epoch in range(a.epochs):
        net.train()
        perm = torch.randperm(len(ytr), generator=g)
        loss_sum = 0.0
        for s in range(steps_per_epoch):
            idx = perm[s * a.batch:(s + 1) * a.batch]
            x = augment(to_tensor(xtr[idx.to(dev)]), g)
            loss = F.cross_entropy(net(x), ytr[idx.to(dev)], label_smoothing=0.05)
            opt.zero_grad()
            loss.backward()
            opt.step()
            for group in opt.param_groups:
                group["lr"] = lr_at((time.time() - t0) / budget)
            loss_sum += loss.detach()
        probs = predict(net, va["x"])
        acc = top1_known(probs, va["y"])
        rec = {"epoch": epoch + 1, "loss": float(loss_sum) / steps_per_epoch, "valTop1": acc, "minutes": (time.time() - t0) / 60}
        print(json.dumps(rec), flush=True)
        log.write(json.dumps(rec) + "\n")
        log.flush()
        ckpt = {"model": {k: v.cpu() for k, v in net.state_dict().items()}, "width": a.width, "classes": CLASSES, "epoch": epoch + 1, "valTop1": acc, "args": vars(a)}
        torch.save(ckpt, os.path.join(a.run, "last.pt"))
        if acc > best:
            best = acc
            torch.save(ckpt, os.path.join(a.run, "best.pt"))
        if time.time() - t0 >= budget:
            print(f"stopping: time budget of {a.minutes} min", flush=True)
            break


if __name__ == "__main__":
    main()
