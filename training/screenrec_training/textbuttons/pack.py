"""Packs the train split small enough to carry to a lent GPU machine (its working-tree copy is
capped at 64 MiB, most of it the repository): every button, a seeded share of the static texts
(each kept one weighted 1 / share, so precision and the loss see the full set's balance), crops
as JPEG (quality 90).

    python3 -m screenrec_training.textbuttons.pack --data data/textbuttons --out data/textbuttons-pack [--keep 0.4]
"""
from __future__ import annotations

import argparse
import io
import os

import numpy as np
from PIL import Image


def encode(crops):
    blobs = []
    for c in crops:
        b = io.BytesIO()
        Image.fromarray(c).save(b, format="JPEG", quality=90)
        blobs.append(np.frombuffer(b.getvalue(), np.uint8))
    offsets = np.cumsum([0] + [len(b) for b in blobs]).astype(np.int64)
    return np.concatenate(blobs), offsets


def decode(jpeg, offsets):
    return np.stack([np.asarray(Image.open(io.BytesIO(jpeg[offsets[i]:offsets[i + 1]].tobytes())).convert("RGB"))
                     for i in range(len(offsets) - 1)])


def load(path):
    """A split as train.py wants it: packed (JPEG + weights) or plain (weights 1)."""
    d = np.load(path)
    out = {k: d[k] for k in d.files if k not in ("jpeg", "offsets")}
    if "jpeg" in d.files:
        out["crops"] = decode(d["jpeg"], d["offsets"])
    out.setdefault("weights", np.ones(len(out["labels"]), np.float32))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--keep", type=float, default=0.4)
    a = ap.parse_args(argv)
    d = np.load(os.path.join(a.data, "train.npz"))
    rng = np.random.default_rng(0)
    keep = (d["labels"] == 1) | (rng.random(len(d["labels"])) < a.keep)
    weights = np.where(d["labels"][keep] == 1, 1.0, 1.0 / a.keep).astype(np.float32)
    jpeg, offsets = encode(d["crops"][keep])
    os.makedirs(a.out, exist_ok=True)
    np.savez(os.path.join(a.out, "train.npz"), jpeg=jpeg, offsets=offsets, features=d["features"][keep],
             labels=d["labels"][keep], image_ids=d["image_ids"][keep], sources=d["sources"][keep], weights=weights)
    print(f"kept {int(keep.sum())} of {len(keep)} texts; {os.path.getsize(os.path.join(a.out, 'train.npz')) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
