"""Builds the rendered icon sets (uint8 crops + labels) for training, validation and the
generalisation test, from the families of each split in ``families.json``.

    python3 -m screenrec_training.icons.dataset --out data/icons --cache data/icons/glyphs
"""
from __future__ import annotations

import argparse
import json
import os
import random
import time

import numpy as np

from .render import load_glyphs, render_sample
from .table import CLASSES, families, load_table

# Renders per glyph and negatives per family, per split (sized so that building all three takes
# ~3 minutes on one core: ~6 ms a sample, measured).
PLAN = {
    "train": {"per_glyph": 16, "per_negative": 4, "negatives": 150, "seed": 1},
    "val": {"per_glyph": 10, "per_negative": 4, "negatives": 120, "seed": 2},
    "gen": {"per_glyph": 10, "per_negative": 4, "negatives": 120, "seed": 3},
}


def build(split: str, out: str, cache: str | None, scale: float = 1.0) -> dict:
    plan = PLAN[split]
    table = load_table()
    fams = families(split, table)
    glyphs = load_glyphs(fams, plan["negatives"], seed=plan["seed"], cache_dir=cache, table=table)
    rng = random.Random(plan["seed"])
    xs, ys, src = [], [], []
    other = CLASSES.index("other")
    for gi, (mask, cls, fam, name) in enumerate(glyphs):
        n = plan["per_negative"] if cls == other else plan["per_glyph"]
        n = max(1, int(round(n * scale)))
        for _ in range(n):
            xs.append(render_sample(mask, rng))
            ys.append(cls)
            src.append(gi)
    x = np.stack(xs)
    y = np.array(ys, np.int64)
    os.makedirs(out, exist_ok=True)
    np.savez_compressed(os.path.join(out, f"{split}.npz"), x=x, y=y, glyph=np.array(src, np.int32))
    meta = {"split": split, "families": fams, "samples": int(len(y)), "glyphs": len(glyphs),
            "glyphList": [[fam, name, CLASSES[cls]] for _, cls, fam, name in glyphs], "plan": plan}
    with open(os.path.join(out, f"{split}.json"), "w") as f:
        json.dump(meta, f, indent=1)
    return meta


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--out", required=True)
    p.add_argument("--cache", default=None, help="folder for rendered glyph masks")
    p.add_argument("--splits", default="val,gen,train")
    p.add_argument("--scale", type=float, default=1.0, help="multiplies renders per glyph (tests use less)")
    a = p.parse_args()
    for split in a.splits.split(","):
        t = time.time()
        meta = build(split, a.out, a.cache, a.scale)
        print(f"{split}: {meta['samples']} samples from {meta['glyphs']} glyphs of {', '.join(meta['families'])} "
              f"in {time.time() - t:.0f} s", flush=True)


if __name__ == "__main__":
    main()
