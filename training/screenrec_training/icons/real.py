"""Real app icons for the icon classifier: crops of ui-real screenshots labelled by eye.

The rendered families (``dataset.py``) miss how icons look in real 1x JPEG screenshots: faint grey
chevrons, outline stars and hearts at 10–16 px, shopping bags, chat bubbles, crosshairs. This
module turns a labels file (``training/labels/icons-ui-real.json``: image, box, meaning, source)
into training crops, exactly as ``ONNXIconClassifier`` reads an icon (``preprocess.py``), with the
box jittered the way a detector's boxes vary.

- "none" (another meaning, a logo, a picture, clothes, a digit) is the ``other`` class.
- The derived directions are turned into "back" the way the Swift side reads them
  (``eval_ui_real.TURNS``): a "forward" chevron mirrored, "up" turned a quarter anticlockwise,
  "down" a quarter clockwise — so a real chevron teaches the "back" reading that names it. Each
  arrow is also a crop of `other` as it stands (forward, up, down) or mirrored (back): the
  rendered sets' negatives hold forward and turned chevrons too (``procedural.py``), and without
  these a first run (icons_r10, not shipped) read a faint "›" in a disc as "Back" — real chevrons of either
  direction had all been "back".
- Whole sources are held out (``--hold-out``): the shipped seventh model never saw ui-real's iOS
  screenshots, which are its real held-out slice (Models/icons/MODEL_CARD.md).

    python3 -m screenrec_training.icons.real --labels labels/icons-ui-real.json \
        --images $UI_REAL/images --out data/icons_real --hold-out ios
"""
from __future__ import annotations

import argparse
import json
import os
import random

import numpy as np
from PIL import Image

from .preprocess import SIZE, area_resize, crop_indices, scaled_box
from .table import CLASSES

# Crops per labelled icon in the training file. 8: each icon is seen at both of the Swift side's
# crop scales (1 and 1.3, model.json `input.crop.scales`), 3 of the 4 at each with the box jittered
# (design choice: the 832 icons' 7,112 crops, arrows counted twice, are a quarter of an epoch beside
# the ~20,000 renders).
VARIANTS = 8
# Box jitter: centre moved by up to 8 % of the box's longer side and the box scaled by 0.9–1.15
# (design choice: 1–2 px on the 12–30 px icons of ui-real, so the model does not learn one
# detector box's exact margins; the labelled boxes are the detector's own).
SHIFT = 0.08
SCALE = (0.9, 1.15)
CROP_SCALES = (1.0, 1.3)

DIRECTIONS = {
    "forward": lambda x: x[:, ::-1],          # HWC: mirror left-right
    "up": lambda x: np.rot90(x, 1, axes=(0, 1)),
    "down": lambda x: np.rot90(x, -1, axes=(0, 1)),
}


def class_of(meaning: str) -> int:
    """The training class of a labelled meaning: "none" is `other`, a derived direction is "back"."""
    if meaning == "none":
        return CLASSES.index("other")
    if meaning in DIRECTIONS:
        return CLASSES.index("back")
    return CLASSES.index(meaning)


def crop(rgb: np.ndarray, box, meaning: str) -> np.ndarray:
    """The 40 × 40 uint8 HWC crop the Swift side reads for `box`, turned for a derived direction."""
    rows, cols = crop_indices(rgb.shape[1], rgb.shape[0], tuple(box))
    x = np.clip(np.rint(area_resize(rgb[rows][:, cols, :3], SIZE, SIZE)), 0, 255).astype(np.uint8)
    if meaning in DIRECTIONS:
        x = np.ascontiguousarray(DIRECTIONS[meaning](x))
    return x


def arrow_counterpart(back: np.ndarray) -> np.ndarray:
    """A crop that reads "back" (an arrow turned as the Swift side turns it), mirrored: an arrow
    pointing right, which is no meaning of the model (`other`)."""
    return np.ascontiguousarray(back[:, ::-1])


def jittered(box, rng: random.Random):
    x, y, w, h = box
    side = max(w, h)
    cx = x + w / 2 + rng.uniform(-SHIFT, SHIFT) * side
    cy = y + h / 2 + rng.uniform(-SHIFT, SHIFT) * side
    s = rng.uniform(*SCALE)
    return (cx - w * s / 2, cy - h * s / 2, w * s, h * s)


def build(labels: list, images: str, variants: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Training crops: `variants` per icon (half at each crop scale), jittered; an arrow's crops
    come twice, turned to read "back" and as `other` the other way round (``arrow_counterpart``).
    Icons whose image cannot be read are skipped with a message (one bad file does not stop the set)."""
    rng = random.Random(seed)
    xs, ys = [], []
    path, rgb = None, None  # the last screenshot read: a screen's icons follow each other in the file
    for r in labels:
        if r["image"] != path:
            path = r["image"]
            try:
                rgb = np.asarray(Image.open(os.path.join(images, path)).convert("RGB"))
            except OSError as e:
                print(f"skipped {path}: {e}")
                rgb = None
        if rgb is None:
            continue
        for v in range(variants):
            box = jittered(r["box"], rng) if v >= len(CROP_SCALES) else tuple(r["box"])
            x = crop(rgb, scaled_box(box, CROP_SCALES[v % len(CROP_SCALES)]), r["meaning"])
            xs.append(x)
            ys.append(class_of(r["meaning"]))
            if r["meaning"] in DIRECTIONS or r["meaning"] == "back":
                xs.append(arrow_counterpart(x))
                ys.append(CLASSES.index("other"))
    if not xs:
        return np.zeros((0, SIZE, SIZE, 3), np.uint8), np.zeros(0, np.int64)
    return np.stack(xs), np.array(ys, np.int64)


def load_labels(path: str) -> list:
    """The labelled icons of a labels file; a malformed file stops with a message naming the entry."""
    known = set(CLASSES) | set(DIRECTIONS) | {"none"}
    try:
        icons = json.load(open(path))["icons"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"{path}: not a labels file ({e})")
    for i, r in enumerate(icons):
        ok = isinstance(r, dict) and isinstance(r.get("image"), str) and isinstance(r.get("source"), str)
        box = r.get("box") if isinstance(r, dict) else None
        ok = ok and isinstance(box, list) and len(box) == 4 and all(isinstance(v, (int, float)) for v in box)
        ok = ok and box[2] > 0 and box[3] > 0 and r.get("meaning") in known and r["meaning"] != "other"
        if not ok:
            raise SystemExit(f"{path}: icon {i} needs image, source, a box [x, y, w, h] and a known meaning: {r!r}")
    return icons


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--labels", required=True, help="labels JSON: {about, icons: [{image, box, meaning, source}]}")
    p.add_argument("--images", required=True, help="folder of the labelled screenshots (ui-real's images/)")
    p.add_argument("--out", required=True)
    p.add_argument("--hold-out", default="ios", help="comma-separated sources left out of training")
    p.add_argument("--variants", type=int, default=VARIANTS)
    p.add_argument("--seed", type=int, default=9)
    a = p.parse_args()
    icons = load_labels(a.labels)
    held = set(s for s in a.hold_out.split(",") if s)
    train = [r for r in icons if r["source"] not in held]
    x, y = build(train, a.images, a.variants, a.seed)
    os.makedirs(a.out, exist_ok=True)
    np.savez_compressed(os.path.join(a.out, "real.npz"), x=x, y=y)
    print(json.dumps({"icons": len(icons), "trainIcons": len(train), "heldOut": sorted(held),
                      "heldOutIcons": len(icons) - len(train), "crops": int(len(y)),
                      "other": int((y == CLASSES.index("other")).sum())}))


if __name__ == "__main__":
    main()
