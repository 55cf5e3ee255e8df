"""Rasterises icons as they appear in apps, for training and validation.

Each sample (training sets, ``style=True``): half the time the glyph in another style first
(``styles.random_style``: bolder, thinner, rounder or solid-to-outline). Then: a cached glyph mask scaled to 32–120 px (20–40 pt at 2x/3x, and 16 pt at 2x; a third
of the time 12–32 px, as in downscaled screenshots), 30 % JPEG-compressed, tinted
on a light, dark or coloured background (sometimes inside a filled circle or rounded square, as
floating and toolbar buttons draw them — filled, outlined or tinted), 12 % on a photo (CC0 /
public-domain photos of ``scripts/fetch_assets.sh``, when present) with a dark or light scrim, with a detector-like box around it (0–30 % padding per
side, sometimes cutting 5 % off), a little clutter beside it, then cropped and resized exactly as
at inference (``preprocess``).
"""
from __future__ import annotations

import colorsys
import io
import os
import random
import re

import numpy as np
from PIL import Image, ImageDraw

from .preprocess import scaled_box, preprocess, crop_indices, area_resize
from .sources import all_names, render_mask
from .styles import random_style
from .table import MEANINGS, OTHER, CLASSES, load_table

# Names that may show one of the meanings under another word: kept out of the negatives (the
# second part for the fifth model's extended meanings, the third for the sixth model's).
_MEANING_WORDS = re.compile(
    "arrow|chevron|caret|angle|back|close|times|x-|xmark|dismiss|plus|add|search|magnif|zoom|menu|bars|"
    "navicon|list|cog|gear|setting|share|export|more|dots|ellipsis|home|house|user|person|account|heart|"
    "favor|star|bookmark|trash|delete|bin|edit|pencil|pen|compose|camera|image|photo|picture|play|pause|"
    "mail|envelope|email|phone|call|telephone|chat|comment|message|bubble|bell|notif|alert|cart|basket|"
    "shop|filter|funnel|refresh|sync|reload|rotate|redo|loop|repeat|download|upload|info|help|question|"
    "location|marker|pin|place|map|calendar|event|clock|time|schedule|alarm|lock|link|chain|mic|send|"
    "plane|check|done|tick|navigation|^x$|"
    "skip|next|previous|step|track|shuffle|thumb|like|eye|visib|copy|clone|duplicate|folder|flag|tag|label|"
    "gift|warn|exclam|triangle|video|film|movie|music|note|chart|graph|stats|analytic|poll|trend|cast|"
    "logout|log-out|sign-out|exit|volume|speaker|sound|facebook|google|twitter|instagram|apple|youtube|"
    "whatsapp|linkedin|bag|"
    "retweet|repost|playlist|play-list|queue|fullscreen|full-screen|maximi|expand|open_in_full|"
    "zoom_out_map|corners-out|pointing-out|fit_screen|fit-to-screen|crop.free|backspace|delete-back|"
    "grid|apps|dashboard|squares|dots-nine|circles-four|^th$|th-large|view-module|view_module|comfy|"
    "cozy|view_compact|keypad|dialpad|compass|explore|safari|trophy|award|medal|cup|emoji_events|"
    "military_tech|scan|qr|barcode|upc$|upc-|"
    # figures of people (fa5 male, Material woman/emoji_people/group, Fluent people-*): a person
    # glyph by another name; as negatives they took held-out person from 86 to 76 % (run icons_r5)
    "male|woman|people|group|human|emoji|walk|accessib|baby|child|avatar|profile|contact|team|guest|member|"
    "friend|street-view")


def negative_names(family: str, table: dict, count: int, seed: int) -> list[str]:
    """Glyph names of the family that show none of the meanings (by name), sampled."""
    used = {n for ns in table[family]["meanings"].values() for n in ns}
    pool = [n for n in all_names(family) if n not in used and not _MEANING_WORDS.search(n.split(":")[-1].split("/")[-1])]
    rng = random.Random(seed)
    rng.shuffle(pool)
    return pool[:count]


# Fraction of small glyphs and of JPEG-compressed samples (0 in the first export, r1; see the card).
SMALL_FRACTION = 0.33
JPEG_FRACTION = 0.3
# Third model: share of training samples drawn in another style, of samples on a photo, and of
# samples inside a button shape (the second had 0 / 0 / 0.15; design choices, see the card)
STYLE_FRACTION = 0.5
PHOTO_FRACTION = 0.12
BUTTON_FRACTION = 0.2

PHOTO_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "data", "assets", "photos")
_photos: list | None = None


def photos() -> list:
    """The background photos (RGB arrays, loaded once), or [] when fetch_assets.sh was not run."""
    global _photos
    if _photos is None:
        _photos = []
        if os.path.isdir(PHOTO_DIR):
            for f in sorted(os.listdir(PHOTO_DIR)):
                if f.lower().endswith((".png", ".jpg")):
                    im = Image.open(os.path.join(PHOTO_DIR, f)).convert("RGB")
                    im.thumbnail((256, 256))
                    _photos.append(np.asarray(im))
    return _photos


def _photo_background(rng: random.Random, W: int, H: int) -> tuple[Image.Image, tuple]:
    """A random photo patch W x H under a dark or light scrim, and a legible glyph colour on it."""
    ph = rng.choice(photos())
    side = rng.randint(24, min(ph.shape[:2]))
    y, x = rng.randint(0, ph.shape[0] - side), rng.randint(0, ph.shape[1] - side)
    patch = Image.fromarray(ph[y:y + side, x:x + side]).resize((W, H), Image.BILINEAR)
    a = np.asarray(patch).astype(np.float32)
    dark = rng.random() < 0.6
    k = rng.uniform(0.0, 0.6)  # scrim strength: 0 = the bare photo
    a = a * (1 - k) + (0 if dark else 255) * k
    patch = Image.fromarray(a.clip(0, 255).astype(np.uint8))
    fg = (255, 255, 255) if _lum(a.mean((0, 1))) < 0.55 else (0, 0, 0)
    return patch, fg


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


def render_sample(mask: np.ndarray, rng: random.Random, size: int = 40, style: bool = False,
                  small: tuple[float, float, float] = (SMALL_FRACTION, 12, 32),
                  scales: tuple[float, ...] | None = None) -> np.ndarray:
    """One augmented sample of the glyph `mask`: the model input's pixels before normalisation,
    uint8 [size, size, 3] (``preprocess`` = this / 255, then (v - 0.5) / 0.5). ``style``: half the
    time draw the glyph in another style first (training sets only). ``small``: (share, smallest,
    largest px) of the renders drawn as small icons of downscaled screenshots. ``scales``: instead
    of the one crop, one per box scale (``preprocess.scaled_box``), stacked [len(scales), size,
    size, 3] — the crops the classifier's contract reads (``input.crop.scales``); the random draws
    are the same, so the sample is the same picture."""
    if style and rng.random() < STYLE_FRACTION:
        styled = random_style(mask, rng)
        if styled is not None:
            mask = styled
    # glyph size in px: 16–40 pt at 2x/3x (32–120 px); a third of the time 12–32 px, as icons in
    # downscaled screenshots (ui-real's are 12–30 px: Benchmarks/icons-ui-real) appear
    g = rng.uniform(small[1], small[2]) if rng.random() < small[0] else rng.uniform(32, 120)
    h0, w0 = mask.shape
    s = g / max(h0, w0)
    w, h = max(2, int(round(w0 * s))), max(2, int(round(h0 * s)))
    m = Image.fromarray(mask).resize((w, h), Image.BILINEAR if s > 1 else Image.LANCZOS)
    bg, fg = _colours(rng)
    badge = rng.random() < BUTTON_FRACTION
    pad = [rng.uniform(-0.05, 0.3) * max(w, h) for _ in range(4)]  # l, t, r, b
    if badge:
        pad = [max(p, 0.25 * max(w, h)) for p in pad]
    margin = int(0.8 * max(w, h)) + 4
    W, H = w + 2 * margin, h + 2 * margin
    if photos() and rng.random() < PHOTO_FRACTION:
        canvas, fg = _photo_background(rng, W, H)
    else:
        canvas = Image.new("RGB", (W, H), bg)
    d = ImageDraw.Draw(canvas)
    ix, iy = margin, margin
    if rng.random() < 0.3:  # clutter: a text-like bar or another shape beside the icon
        cx = ix + w + rng.randint(int(0.3 * w) + 2, margin) if rng.random() < 0.5 else ix - rng.randint(int(0.3 * w) + 2, margin)
        d.rectangle([cx, iy + h * 0.3, cx + rng.randint(4, margin), iy + h * 0.6], fill=fg)
    if badge:
        r = max(w, h) * rng.uniform(0.75, 0.95)
        cx, cy = ix + w / 2, iy + h / 2
        shape = d.ellipse if rng.random() < 0.5 else (lambda b, **k: d.rounded_rectangle(b, radius=r * rng.uniform(0.2, 0.5), **k))
        kind = rng.random()
        if kind < 0.55:    # filled button, glyph in white or black
            colour = _rand_colour(rng)
            shape([cx - r, cy - r, cx + r, cy + r], fill=colour)
            fg = (255, 255, 255) if _lum(colour) < 0.6 else (0, 0, 0)
        elif kind < 0.8:   # outlined button in the glyph's colour
            shape([cx - r, cy - r, cx + r, cy + r], outline=fg, width=max(1, int(r * rng.uniform(0.04, 0.1))))
        else:              # tinted button: the glyph's colour at low opacity under it
            bgc = canvas.getpixel((int(cx), int(cy)))
            k = rng.uniform(0.12, 0.25)
            shape([cx - r, cy - r, cx + r, cy + r], fill=tuple(int(b * (1 - k) + f * k) for b, f in zip(bgc, fg)))
        box = (cx - r - rng.uniform(0, 0.1) * r, cy - r - rng.uniform(0, 0.1) * r, 2 * r * rng.uniform(1.0, 1.1), 2 * r * rng.uniform(1.0, 1.1))
    else:
        box = (ix - pad[0], iy - pad[1], w + pad[0] + pad[2], h + pad[1] + pad[3])
    canvas.paste(Image.new("RGB", (w, h), fg), (ix, iy), m)
    rgb = np.asarray(canvas)
    if rng.random() < 0.3:
        rgb = np.clip(rgb.astype(np.int16) + np.random.default_rng(rng.randrange(1 << 30)).integers(-6, 7, rgb.shape), 0, 255).astype(np.uint8)
    if rng.random() < JPEG_FRACTION:  # screenshots are often stored as JPEG (ui-real's are)
        buf = io.BytesIO()
        Image.fromarray(rgb).save(buf, "JPEG", quality=rng.randint(50, 90))
        rgb = np.asarray(Image.open(buf).convert("RGB"))
    def crop(b):
        rows, cols = crop_indices(rgb.shape[1], rgb.shape[0], b)
        return np.clip(np.floor(area_resize(rgb[rows][:, cols], size, size) + 0.5), 0, 255).astype(np.uint8)
    if scales is None:
        return crop(box)
    return np.stack([crop(scaled_box(box, f)) for f in scales])
