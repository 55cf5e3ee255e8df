"""Rasterises icons as they appear in apps, for training and validation.

Each sample: a cached glyph mask scaled to 32–120 px (20–40 pt at 2x/3x, and 16 pt at 2x), tinted
on a light, dark or coloured background (sometimes inside a filled circle or rounded square, as
floating and toolbar buttons draw them), with a detector-like box around it (0–30 % padding per
side, sometimes cutting 5 % off), a little clutter beside it, then cropped and resized exactly as
at inference (``preprocess``).
"""
from __future__ import annotations

import colorsys
import os
import random
import re

import numpy as np
from PIL import Image, ImageDraw

from .preprocess import preprocess, crop_indices, area_resize
from .sources import all_names, render_mask
from .table import MEANINGS, OTHER, CLASSES, load_table

# Names that may show one of the 38 meanings under another word: kept out of the negatives.
_MEANING_WORDS = re.compile(
    "arrow|chevron|caret|angle|back|close|times|x-|xmark|dismiss|plus|add|search|magnif|zoom|menu|bars|"
    "navicon|list|cog|gear|setting|share|export|more|dots|ellipsis|home|house|user|person|account|heart|"
    "favor|star|bookmark|trash|delete|bin|edit|pencil|pen|compose|camera|image|photo|picture|play|pause|"
    "mail|envelope|email|phone|call|telephone|chat|comment|message|bubble|bell|notif|alert|cart|basket|"
    "shop|filter|funnel|refresh|sync|reload|rotate|redo|loop|repeat|download|upload|info|help|question|"
    "location|marker|pin|place|map|calendar|event|clock|time|schedule|alarm|lock|link|chain|mic|send|"
    "plane|check|done|tick|navigation|^x$")


def negative_names(family: str, table: dict, count: int, seed: int) -> list[str]:
    """Glyph names of the family that show none of the 38 meanings (by name), sampled."""
    used = {n for ns in table[family]["meanings"].values() for n in ns}
    pool = [n for n in all_names(family) if n not in used and not _MEANING_WORDS.search(n.split(":")[-1].split("/")[-1])]
    rng = random.Random(seed)
    rng.shuffle(pool)
    return pool[:count]


def _ink_ok(m: np.ndarray | None) -> bool:
    # drops missing glyphs and "tofu" boxes: a blank or completely filled rectangle
    if m is None or min(m.shape) < 4:
        return False
    fill = (m > 128).mean()
    return 0.03 < fill < 0.97


def load_glyphs(families: list[str], negatives_per_family: int, size: int = 96, seed: int = 0,
                cache_dir: str | None = None, table: dict | None = None):
    """[(mask, class index, family, name)] for the families' table entries plus negatives."""
    table = table or load_table()
    out = []
    for fam in families:
        entries = [(MEANINGS.index(m), n) for m, ns in table[fam]["meanings"].items() for n in ns]
        if negatives_per_family:
            entries += [(CLASSES.index(OTHER), n) for n in negative_names(fam, table, negatives_per_family, seed)]
        for cls, name in entries:
            path = None
            if cache_dir:
                path = os.path.join(cache_dir, fam, name.replace("/", "__").replace(":", "__") + f"_{size}.png")
            if path and os.path.exists(path):
                m = np.asarray(Image.open(path))
            else:
                m = render_mask(fam, name, size)
                if path and m is not None:
                    os.makedirs(os.path.dirname(path), exist_ok=True)
                    Image.fromarray(m).save(path)
            if _ink_ok(m):
                out.append((m, cls, fam, name))
    return out


def _lum(c) -> float:
    return (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]) / 255


def _rand_colour(rng: random.Random, light: float | None = None):
    h, s = rng.random(), rng.uniform(0.4, 1.0)
    v = rng.uniform(0.45, 1.0) if light is None else light
    r, g, b = colorsys.hsv_to_rgb(h, s, v)
    return (int(r * 255), int(g * 255), int(b * 255))


def _colours(rng: random.Random):
    kind = rng.random()
    if kind < 0.45:    # light mode
        bg = tuple(rng.randint(225, 255) for _ in range(3)) if rng.random() < 0.5 else (255, 255, 255)
        fg = rng.choice([(0, 0, 0), (60, 60, 67), (142, 142, 147), (0, 122, 255), _rand_colour(rng, rng.uniform(0.3, 0.8))])
    elif kind < 0.8:   # dark mode
        bg = rng.choice([(0, 0, 0), (28, 28, 30), (44, 44, 46), tuple(rng.randint(0, 50) for _ in range(3))])
        fg = rng.choice([(255, 255, 255), (235, 235, 245), (10, 132, 255), _rand_colour(rng, rng.uniform(0.8, 1.0))])
    else:              # coloured bar / button
        bg = _rand_colour(rng)
        fg = (255, 255, 255) if _lum(bg) < 0.6 else (0, 0, 0)
    if abs(_lum(bg) - _lum(fg)) < 0.25:
        fg = (255, 255, 255) if _lum(bg) < 0.5 else (0, 0, 0)
    return bg, fg


def render_sample(mask: np.ndarray, rng: random.Random, size: int = 40) -> np.ndarray:
    """One augmented sample of the glyph `mask`: the model input's pixels before normalisation,
    uint8 [size, size, 3] (``preprocess`` = this / 255, then (v - 0.5) / 0.5)."""
    g = rng.uniform(32, 120)
    h0, w0 = mask.shape
    s = g / max(h0, w0)
    w, h = max(2, int(round(w0 * s))), max(2, int(round(h0 * s)))
    m = Image.fromarray(mask).resize((w, h), Image.BILINEAR if s > 1 else Image.LANCZOS)
    bg, fg = _colours(rng)
    badge = rng.random() < 0.15
    pad = [rng.uniform(-0.05, 0.3) * max(w, h) for _ in range(4)]  # l, t, r, b
    if badge:
        pad = [max(p, 0.25 * max(w, h)) for p in pad]
    margin = int(0.8 * max(w, h)) + 4
    W, H = w + 2 * margin, h + 2 * margin
    canvas = Image.new("RGB", (W, H), bg)
    d = ImageDraw.Draw(canvas)
    ix, iy = margin, margin
    if rng.random() < 0.3:  # clutter: a text-like bar or another shape beside the icon
        cx = ix + w + rng.randint(int(0.3 * w) + 2, margin) if rng.random() < 0.5 else ix - rng.randint(int(0.3 * w) + 2, margin)
        d.rectangle([cx, iy + h * 0.3, cx + rng.randint(4, margin), iy + h * 0.6], fill=fg)
    if badge:
        r = max(w, h) * rng.uniform(0.75, 0.95)
        cx, cy = ix + w / 2, iy + h / 2
        colour = _rand_colour(rng)
        if rng.random() < 0.5:
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
        else:
            d.rounded_rectangle([cx - r, cy - r, cx + r, cy + r], radius=r * 0.4, fill=colour)
        fg = (255, 255, 255) if _lum(colour) < 0.6 else (0, 0, 0)
        box = (cx - r - rng.uniform(0, 0.1) * r, cy - r - rng.uniform(0, 0.1) * r, 2 * r * rng.uniform(1.0, 1.1), 2 * r * rng.uniform(1.0, 1.1))
    else:
        box = (ix - pad[0], iy - pad[1], w + pad[0] + pad[2], h + pad[1] + pad[3])
    canvas.paste(Image.new("RGB", (w, h), fg), (ix, iy), m)
    rgb = np.asarray(canvas)
    if rng.random() < 0.3:
        rgb = np.clip(rgb.astype(np.int16) + np.random.default_rng(rng.randrange(1 << 30)).integers(-6, 7, rgb.shape), 0, 255).astype(np.uint8)
    rows, cols = crop_indices(rgb.shape[1], rgb.shape[0], box)
    return np.clip(np.floor(area_resize(rgb[rows][:, cols], size, size) + 0.5), 0, 255).astype(np.uint8)
