"""Data: COCO loading, the ui-real label map, letterboxing, augmentation and training targets.

Letterbox rule (shared with the exported model, see export.py/model.json): scale the image by
s = min(W / w, H / h), place it at the top-left corner of a W x H canvas, fill the rest with
black (0, 0, 0). A box maps as x' = x * s, y' = y * s.
"""
from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass, field

import numpy as np
from PIL import Image, ImageEnhance

from .classes import CLASS_INDEX, CLASSES, NUM_CLASSES, STATE_PAIRS
from .model import STRIDE

# ui-real's 19 labels -> our classes ($UI_REAL/README.md). Values are
# (class name, state unknown). Labels not listed are dropped: Multi_Tab (tab strips, ambiguous
# with segmentedControl), TextImageButton (a group), List/Toolbar/Bottom_Navigation/Drawer
# (regions larger than our container), UpperTaskBar (status bar).
UI_REAL_MAP = {
    "Text": ("text", False),
    "TextButton": ("text", False),
    "Icon": ("icon", False),
    "ImageButton": ("icon", False),
    "Image": ("picture", False),
    "BackgroundImage": ("picture", False),
    "EditText": ("textField", False),
    "Switch": ("toggleUnselected", True),
    "CheckedTextView": ("checkboxUnselected", True),
    "PageIndicator": ("pageControl", False),
    "Modal": ("dialog", False),
    "Card": ("container", False),
}


@dataclass
class Sample:
    path: str
    width: int
    height: int
    boxes: np.ndarray            # [N, 4] x1, y1, x2, y2 in image px
    classes: np.ndarray          # [N] class index; for merged boxes the unselected id
    merged: np.ndarray           # [N] bool: state unknown (train the pair as one class)
    source: str = "synthetic"
    meta: dict = field(default_factory=dict)


def load_coco(path: str, label_map: dict | None = None, image_root: str | None = None,
              source: str | None = None) -> list[Sample]:
    """Loads a COCO file. With `label_map` (name -> (our name, merged)) labels are mapped and
    unmapped ones dropped; without it, category names must be our class names."""
    with open(path) as f:
        d = json.load(f)
    root = image_root or os.path.dirname(os.path.abspath(path))
    cat = {}
    for c in d["categories"]:
        if label_map is None:
            cat[c["id"]] = (CLASS_INDEX[c["name"]], False)
        elif c["name"] in label_map:
            name, merged = label_map[c["name"]]
            cat[c["id"]] = (CLASS_INDEX[name], merged)
    per_image: dict[int, list] = {im["id"]: [] for im in d["images"]}
    for a in d["annotations"]:
        if a["category_id"] in cat and a["image_id"] in per_image:
            x, y, w, h = a["bbox"]
            if w >= 1 and h >= 1:
                per_image[a["image_id"]].append((x, y, x + w, y + h, *cat[a["category_id"]]))
    out = []
    for im in d["images"]:
        rows = per_image[im["id"]]
        fn = im["file_name"]
        p = os.path.join(root, fn)
        if not os.path.exists(p) and os.path.exists(os.path.join(root, "images", fn)):
            p = os.path.join(root, "images", fn)
        if not os.path.exists(p) and os.path.exists(os.path.join(root, os.path.basename(fn))):
            p = os.path.join(root, os.path.basename(fn))  # packed shards (scripts/pack_shards.py)
        boxes = np.array([r[:4] for r in rows], np.float32).reshape(-1, 4)
        classes = np.array([r[4] for r in rows], np.int64)
        merged = np.array([r[5] for r in rows], bool)
        out.append(Sample(p, im["width"], im["height"], boxes, classes, merged,
                          source or im.get("source", "synthetic"), {"id": im["id"]}))
    return out


def load_ui_real(root: str, split: str) -> list[Sample]:
    return load_coco(os.path.join(root, f"{split}.json"), UI_REAL_MAP,
                     image_root=os.path.join(root, "images"), source="ui-real")


def letterbox(img: Image.Image, width: int, height: int, scale: float | None = None,
              offset: tuple[int, int] = (0, 0)) -> tuple[np.ndarray, float]:
    """Returns an HxWx3 uint8 array and the scale. Default: s = min(W/w, H/h), top-left."""
    s = scale if scale is not None else min(width / img.width, height / img.height)
    nw, nh = max(1, round(img.width * s)), max(1, round(img.height * s))
    resized = img.resize((nw, nh), Image.BILINEAR)
    canvas = np.zeros((height, width, 3), np.uint8)
    ox, oy = offset
    x0, y0 = max(0, ox), max(0, oy)
    x1, y1 = min(width, ox + nw), min(height, oy + nh)
    if x1 > x0 and y1 > y0:
        arr = np.asarray(resized)
        canvas[y0:y1, x0:x1] = arr[y0 - oy:y1 - oy, x0 - ox:x1 - ox]
    return canvas, s


def colour_jitter(img: Image.Image, rng: random.Random) -> Image.Image:
    if rng.random() < 0.8:
        img = ImageEnhance.Brightness(img).enhance(rng.uniform(0.8, 1.2))
        img = ImageEnhance.Contrast(img).enhance(rng.uniform(0.8, 1.2))
        img = ImageEnhance.Color(img).enhance(rng.uniform(0.7, 1.3))
    if rng.random() < 0.05:
        img = img.convert("L").convert("RGB")
    return img


# Augmentation strength. The default reproduces the v1 detector's rounds (light). "strong" (detector v2)
# adds what real screenshots vary in: zoom-in crops (scale up to 1.4x the letterbox scale,
# cutting elements at the edges), JPEG re-encoding at quality 30-90, downscale-then-upscale
# (0.35-0.8: 1x screenshots and resampled uploads), and inverted colours (a cheap dark mode).
AUG_LIGHT = {"scale_p": 0.5, "scale_min": 0.75, "zoom_p": 0.0, "zoom_max": 1.0, "jpeg_p": 0.0,
             "down_up_p": 0.0, "invert_p": 0.0}
AUG_STRONG = {"scale_p": 0.4, "scale_min": 0.6, "zoom_p": 0.25, "zoom_max": 1.4, "jpeg_p": 0.3,
              "down_up_p": 0.2, "invert_p": 0.1}


def degrade(img: Image.Image, rng: random.Random, aug: dict) -> Image.Image:
    """JPEG re-encoding, downscale-then-upscale and inversion (see AUG_STRONG)."""
    import io
    from PIL import ImageOps
    if rng.random() < aug["down_up_p"]:
        f = rng.uniform(0.35, 0.8)
        small = img.resize((max(1, round(img.width * f)), max(1, round(img.height * f))), Image.BILINEAR)
        img = small.resize(img.size, Image.BILINEAR)
    if rng.random() < aug["jpeg_p"]:
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=rng.randint(30, 90))
        buf.seek(0)
        img = Image.open(buf).convert("RGB")
    if rng.random() < aug["invert_p"]:
        img = ImageOps.invert(img)
    return img


def load_example(sample: Sample, width: int, height: int, rng: random.Random | None = None,
                 aug: dict | None = None):
    """Image (HxWx3 uint8), boxes in input px, classes, merged flags. With `rng`: augmentation
    `aug` (default AUG_LIGHT: scale jitter 0.75-1.0 of the letterbox scale with a random placement
    in the free space, half of the time; colour jitter)."""
    aug = aug or AUG_LIGHT
    img = Image.open(sample.path).convert("RGB")
    s0 = min(width / img.width, height / img.height)
    s, off = s0, (0, 0)
    if rng is not None:
        img = colour_jitter(img, rng)
        img = degrade(img, rng, aug)
        r = rng.random()
        if r < aug["scale_p"]:
            s = s0 * rng.uniform(aug["scale_min"], 1.0)
            fx = width - round(img.width * s)
            fy = height - round(img.height * s)
            off = (rng.randint(0, max(0, fx)), rng.randint(0, max(0, fy)))
        elif r < aug["scale_p"] + aug["zoom_p"]:
            s = s0 * rng.uniform(1.0, aug["zoom_max"])
            fx = width - round(img.width * s)
            fy = height - round(img.height * s)
            off = (rng.randint(min(0, fx), 0), rng.randint(min(0, fy), 0))
    arr, s = letterbox(img, width, height, s, off)
    # boxes are in the COCO file's pixel space; the stored image may differ from it.
    kx = img.width / sample.width
    ky = img.height / sample.height
    b = sample.boxes.copy()
    b[:, [0, 2]] = b[:, [0, 2]] * kx * s + off[0]
    b[:, [1, 3]] = b[:, [1, 3]] * ky * s + off[1]
    b[:, [0, 2]] = b[:, [0, 2]].clip(0, width)
    b[:, [1, 3]] = b[:, [1, 3]].clip(0, height)
    keep = ((b[:, 2] - b[:, 0]) >= 1) & ((b[:, 3] - b[:, 1]) >= 1)
    if rng is not None and off != (0, 0):
        # A zoom-in crop cuts elements at the edges: keep a box only if at least half of it is
        # still visible (a sliver of a button is not a button to learn).
        ow = (sample.boxes[:, 2] - sample.boxes[:, 0]) * kx * s
        oh = (sample.boxes[:, 3] - sample.boxes[:, 1]) * ky * s
        vis = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1]) / np.maximum(ow * oh, 1e-6)
        keep &= vis >= 0.5
    return arr, b[keep], sample.classes[keep], sample.merged[keep]


# TTFNet (Liu et al. 2019) elliptical Gaussian: sigma = ALPHA * side / 6.
ALPHA = 0.54
# Pair index per class id (checkbox pair 0, toggle pair 1), -1 otherwise.
PAIR_OF = np.full(NUM_CLASSES, -1, np.int64)
for _k, (_sel, _unsel) in enumerate(STATE_PAIRS):
    PAIR_OF[_sel] = _k
    PAIR_OF[_unsel] = _k


def make_targets(boxes: np.ndarray, classes: np.ndarray, merged: np.ndarray, width: int, height: int,
                 per_class: bool = False):
    """Training targets at stride 4 (G = 1 regression map, or G = C with `per_class`):
    heat        [C, h, w]   Gaussian peaks per class (state-known boxes)
    merged_heat [2, h, w]   Gaussian peaks of state-unknown boxes per pair
    box         [4G, h, w]  target box x1, y1, x2, y2 (input px) where box_w > 0 (class-major)
    box_w       [G, h, w]   regression weight: Gaussian * log(area), each box normalised to sum 1
    With G = 1 (one shared regression map) box_w comes back as [h, w]. Smaller boxes are drawn last so they win where boxes overlap in the same map
    (TTFNet); per class, a state-unknown box is drawn into both states' maps."""
    h, w = height // STRIDE, width // STRIDE
    groups = NUM_CLASSES if per_class else 1
    heat = np.zeros((NUM_CLASSES, h, w), np.float32)
    mheat = np.zeros((len(STATE_PAIRS), h, w), np.float32)
    tbox = np.zeros((4 * groups, h, w), np.float32)
    bw = np.zeros((groups, h, w), np.float32)
    if len(boxes) == 0:
        return heat, mheat, tbox, (bw if per_class else bw[0])
    areas = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    for i in np.argsort(-areas):
        x1, y1, x2, y2 = boxes[i] / STRIDE
        cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
        sx = max(ALPHA * (x2 - x1) / 6, 0.3)
        sy = max(ALPHA * (y2 - y1) / 6, 0.3)
        xa, xb = max(0, int(cx - 3 * sx)), min(w, int(cx + 3 * sx) + 2)
        ya, yb = max(0, int(cy - 3 * sy)), min(h, int(cy + 3 * sy) + 2)
        if xb <= xa or yb <= ya:
            continue
        gx = np.arange(xa, xb, dtype=np.float32) + 0.5
        gy = np.arange(ya, yb, dtype=np.float32) + 0.5
        g = np.exp(-((gx[None] - cx) ** 2) / (2 * sx * sx) - ((gy[:, None] - cy) ** 2) / (2 * sy * sy))
        # The cell holding the centre is the peak (value 1).
        icx, icy = min(w - 1, max(0, int(cx))), min(h - 1, max(0, int(cy)))
        if xa <= icx < xb and ya <= icy < yb:
            g[icy - ya, icx - xa] = 1.0
        target = mheat[PAIR_OF[classes[i]]] if merged[i] else heat[classes[i]]
        np.maximum(target[ya:yb, xa:xb], g, out=target[ya:yb, xa:xb])
        # box regression inside the box, weighted by the Gaussian
        inside = g * ((gx[None] >= x1) & (gx[None] <= x2) & (gy[:, None] >= y1) & (gy[:, None] <= y2))
        inside[icy - ya if ya <= icy < yb else 0, icx - xa if xa <= icx < xb else 0] = 1.0
        m = inside > 0.01
        if not m.any():
            continue
        wts = inside * m
        wts = wts / wts.sum() * np.log(max(areas[i], 2.0))
        if not per_class:
            maps = [0]
        elif merged[i]:
            maps = list(STATE_PAIRS[PAIR_OF[classes[i]]])
        else:
            maps = [int(classes[i])]
        for gi in maps:
            region = bw[gi, ya:yb, xa:xb]
            region[m] = wts[m]
            for k in range(4):
                tbox[4 * gi + k, ya:yb, xa:xb][m] = boxes[i, k]
    return heat, mheat, tbox, (bw if per_class else bw[0])


class DetectionDataset:
    """A torch-style dataset over several sample lists (synthetic and ui-real)."""

    def __init__(self, samples: list[Sample], width: int, height: int, augment: bool, seed: int = 0,
                 per_class: bool = False, aug: dict | None = None):
        self.samples = samples
        self.aug = aug
        self.per_class = per_class
        self.width, self.height = width, height
        self.augment = augment
        self.seed = seed
        self.epoch = 0

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, i):
        rng = random.Random((self.seed, self.epoch, i).__hash__()) if self.augment else None
        arr, b, c, m = load_example(self.samples[i], self.width, self.height, rng, self.aug)
        heat, mheat, tbox, bw = make_targets(b, c, m, self.width, self.height, self.per_class)
        img = np.ascontiguousarray(arr.transpose(2, 0, 1)).astype(np.float32) / 255.0
        return img, heat, mheat, tbox, bw


def repeat_factors(samples: list[Sample], threshold: float) -> np.ndarray:
    """Repeat-factor sampling (Gupta et al. 2019, LVIS §4): class c appears in a fraction f_c of
    the images; an image is repeated r = max over its classes of max(1, sqrt(threshold / f_c))
    times per epoch, so rare classes (checkbox, toggle, dialog, container, page control) are seen
    more often without reweighting the loss. States count as one class (merged pairs)."""
    from .classes import state_merged
    n = len(samples)
    present = [set(int(state_merged(int(c))) for c in s.classes) for s in samples]
    freq = np.zeros(NUM_CLASSES)
    for p in present:
        for c in p:
            freq[c] += 1
    freq /= max(1, n)
    rc = np.where(freq > 0, np.maximum(1.0, np.sqrt(threshold / np.maximum(freq, 1e-12))), 1.0)
    return np.array([max([rc[c] for c in p], default=1.0) for p in present])


def class_counts(samples: list[Sample]) -> np.ndarray:
    n = np.zeros(NUM_CLASSES, np.int64)
    for s in samples:
        np.add.at(n, s.classes, 1)
    return n


__all__ = ["CLASSES", "UI_REAL_MAP", "Sample", "load_coco", "load_ui_real", "letterbox",
           "load_example", "make_targets", "DetectionDataset", "class_counts", "repeat_factors",
           "AUG_LIGHT", "AUG_STRONG"]
