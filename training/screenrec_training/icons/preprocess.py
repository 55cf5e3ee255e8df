"""The icon classifier's input: exactly what `ONNXIconClassifier` (Swift) does, kept in one place.

1. A square crop centred on the detector box, side = round(max(w, h) * (1 + CONTEXT)): a detector
   box is tight or slightly off, a little context keeps the whole glyph. Pixels outside the image
   repeat the nearest edge pixel (so a whole-image "box" works for `screenrec classify-icon`).
2. Area resize to SIZE x SIZE (each output pixel averages the source pixels it covers; when
   upscaling, the covering source pixel) — the same algorithm as `ONNXElementDetector.areaResize`.
3. value = (pixel / 255 - 0.5) / 0.5 per RGB channel, NCHW float32.

Rounding is floor(v + 0.5) everywhere (Swift's `.rounded()` and Python's banker's `round` differ).
"""
from __future__ import annotations

import math

import numpy as np

SIZE = 40          # input side in px: 32-48 px keeps 20-40 pt glyphs legible (design choice)
CONTEXT = 0.15     # extra context around the box, total fraction of its longer side (design choice)
MEAN = 0.5
STD = 0.5


def rnd(v: float) -> int:
    return int(math.floor(v + 0.5))


def crop_indices(width: int, height: int, box: tuple[float, float, float, float], context: float = CONTEXT):
    """Row and column source indices (clamped to the image) of the square crop around `box`."""
    x, y, w, h = box
    side = max(1, rnd(max(w, h) * (1 + context)))
    x0 = rnd(x + w / 2 - side / 2)
    y0 = rnd(y + h / 2 - side / 2)
    cols = np.clip(np.arange(x0, x0 + side), 0, width - 1)
    rows = np.clip(np.arange(y0, y0 + side), 0, height - 1)
    return rows, cols


def area_resize(img: np.ndarray, width: int, height: int) -> np.ndarray:
    """`img` (H x W x 3, any numeric) to height x width x 3 float32 by area averaging; mirrors
    ONNXElementDetector.areaResize (integer span bounds, at least one source pixel each)."""
    H, W = img.shape[:2]
    sx, sy = W / width, H / height
    xs0 = np.array([min(W - 1, int(x * sx)) for x in range(width)])
    xs1 = np.array([max(min(W, int((x + 1) * sx)), min(W - 1, int(x * sx)) + 1) for x in range(width)])
    ys0 = np.array([min(H - 1, int(y * sy)) for y in range(height)])
    ys1 = np.array([max(min(H, int((y + 1) * sy)), min(H - 1, int(y * sy)) + 1) for y in range(height)])
    # summed-area table: S[i, j] = sum of img[:i, :j]
    S = np.zeros((H + 1, W + 1, 3), np.float64)
    S[1:, 1:] = img[:, :, :3].astype(np.float64).cumsum(0).cumsum(1)
    Y0, Y1, X0, X1 = ys0[:, None], ys1[:, None], xs0[None, :], xs1[None, :]
    total = S[Y1, X1] - S[Y0, X1] - S[Y1, X0] + S[Y0, X0]
    n = ((Y1 - Y0) * (X1 - X0))[:, :, None]
    return (total / n).astype(np.float32)


def preprocess(rgb: np.ndarray, box: tuple[float, float, float, float], size: int = SIZE) -> np.ndarray:
    """RGB uint8 image (H x W x 3) and an icon box (x, y, w, h in px) → float32 [3, size, size]."""
    rows, cols = crop_indices(rgb.shape[1], rgb.shape[0], box)
    crop = rgb[rows][:, cols, :3]
    r = area_resize(crop, size, size)
    return ((r / 255.0 - MEAN) / STD).transpose(2, 0, 1).astype(np.float32)


def scaled_box(box: tuple[float, float, float, float], factor: float) -> tuple[float, float, float, float]:
    """`box` scaled by `factor` about its centre (ONNXIconClassifier.scaledBox)."""
    x, y, w, h = box
    return (x + w / 2 - w * factor / 2, y + h / 2 - h * factor / 2, w * factor, h * factor)


def combine(probs: np.ndarray) -> np.ndarray:
    """One icon's class probabilities from its crops' ([S, classes], one row per box scale): the
    normalised geometric mean, as ONNXIconClassifier combines them (a meaning must be likely in
    every crop; a reading that one context alone gives is damped). Rows of a single crop pass as they are."""
    if len(probs) == 1:
        return probs[0]
    g = np.exp(np.log(np.maximum(probs.astype(np.float64), 1e-6)).mean(0))
    return (g / g.sum()).astype(np.float32)
