"""The text-button model's inputs, defined once here and mirrored line for line by the Swift side
(`TextButtonInputs` in Sources/ScreenRecognitionONNX/TextButtonClassifier.swift).

Crop: the text box grown by ``CONTEXT`` × its height on every side (a button's fill, border or
underline lies around the ink), pixels outside the image repeating the nearest edge pixel,
area-resized to ``WIDTH`` × ``HEIGHT`` RGB, ``(pixel / 255 − 0.5) / 0.5``.

Layout features (``FEATURES``, in model input order), from the screen size and the screen's text
and icon detections:
  x, y            the box centre / screen width, height
  width           box width / screen width
  height          box height / screen width (a font-size proxy independent of the screen's pixels)
  aspect          ln(width / height) / 3
  rowTexts        other texts on the row (vertical overlap ≥ half the shorter height, no horizontal
                  overlap), at most 4, / 4
  rowIcon         1 when an icon on the row lies within 2 × the text height horizontally
  similarTexts    other texts of the same size (height within 15 %, width within 25 %), at most 6, / 6
  relHeight       height / the median text height on the screen (upper median), at most 3, / 3
  gapAbove        the gap to the nearest text or icon above that overlaps it horizontally, in text
                  heights, at most 5, / 5 (1 when there is none): buttons stand apart, lines of a
                  paragraph do not
  gapBelow        the same below
  rowIconAny      1 when any icon lies on its row (a disclosure chevron at the row's far end)
"""
from __future__ import annotations

import math

import numpy as np

WIDTH, HEIGHT = 120, 40
CONTEXT = 0.8
FEATURES = ["x", "y", "width", "height", "aspect", "rowTexts", "rowIcon", "similarTexts",
            "relHeight", "gapAbove", "gapBelow", "rowIconAny"]


def rnd(v: float) -> int:
    return int(math.floor(v + 0.5))


def crop_box(box):
    """Integer crop rectangle (x0, y0, x1, y1), exclusive ends, for a text box [x, y, w, h]."""
    x, y, w, h = box
    m = CONTEXT * h
    x0, y0 = rnd(x - m), rnd(y - m)
    x1, y1 = max(x0 + 1, rnd(x + w + m)), max(y0 + 1, rnd(y + h + m))
    return x0, y0, x1, y1


def area_resize(a: np.ndarray, width: int, height: int) -> np.ndarray:
    """Resize of an HxWx3 array as ``ONNXElementDetector.areaResize`` does it in Swift: each output
    pixel averages the source pixels in its integer bin [floor(i·s), floor((i+1)·s)) (at least
    one pixel, so upscaling takes the covering pixel)."""
    H, W = a.shape[:2]
    sx, sy = W / width, H / height

    def bins(n_out, n_in, s):
        lo = [min(n_in - 1, int(i * s)) for i in range(n_out)]
        hi = [max(min(n_in, int((i + 1) * s)), lo[i] + 1) for i in range(n_out)]
        return lo, hi

    def matrix(n_out, n_in, s):
        lo, hi = bins(n_out, n_in, s)
        m = np.zeros((n_out, n_in), np.float64)
        for i in range(n_out):
            m[i, lo[i]:hi[i]] = 1.0 / (hi[i] - lo[i])
        return m

    my, mx = matrix(height, H, sy), matrix(width, W, sx)
    return np.einsum("oh,hwc,pw->opc", my, a.astype(np.float64), mx, optimize=True)


def crop(image: np.ndarray, box) -> np.ndarray:
    """HEIGHT x WIDTH x 3 uint8 crop of an HxWx3 uint8 image (edges repeated outside)."""
    x0, y0, x1, y1 = crop_box(box)
    H, W = image.shape[:2]
    ys = np.clip(np.arange(y0, y1), 0, H - 1)
    xs = np.clip(np.arange(x0, x1), 0, W - 1)
    patch = image[ys][:, xs]
    return np.clip(np.rint(area_resize(patch, WIDTH, HEIGHT)), 0, 255).astype(np.uint8)


def _row(a, b):
    """b on a's row and beside it."""
    ay0, ay1, by0, by1 = a[1], a[1] + a[3], b[1], b[1] + b[3]
    yo = min(ay1, by1) - max(ay0, by0)
    xo = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    return xo <= 0 and yo >= 0.5 * min(a[3], b[3])


def layout_features(box, texts, icons, screen_w, screen_h):
    """FEATURES for `box` among the screen's text boxes `texts` (box itself may be among them,
    compared by identity of values) and icon boxes `icons`."""
    x, y, w, h = box
    others = [t for t in texts if tuple(t) != tuple(box)]
    row_texts = sum(1 for t in others if _row(box, t))
    row_icon = 0.0
    for i in icons:
        if _row(box, i):
            gap = max(i[0] - (x + w), x - (i[0] + i[2]))
            if gap <= 2 * h:
                row_icon = 1.0
                break
    similar = sum(1 for t in others if abs(t[3] - h) <= 0.15 * h and abs(t[2] - w) <= 0.25 * w)
    heights = sorted(t[3] for t in texts) or [h]
    median = heights[len(heights) // 2]
    rel = min(h / max(median, 1e-6), 3) / 3
    cy = y + h / 2
    above, below = 5.0, 5.0
    for b in [t for t in others] + list(icons):
        if min(x + w, b[0] + b[2]) - max(x, b[0]) <= 0:
            continue
        bcy = b[1] + b[3] / 2
        if bcy < cy:
            above = min(above, max(0.0, y - (b[1] + b[3])) / h)
        elif bcy > cy:
            below = min(below, max(0.0, b[1] - (y + h)) / h)
    row_icon_any = 1.0 if any(_row(box, i) for i in icons) else 0.0
    return [
        (x + w / 2) / screen_w, (y + h / 2) / screen_h, w / screen_w, h / screen_w,
        math.log(max(w, 1e-6) / max(h, 1e-6)) / 3,
        min(row_texts, 4) / 4, row_icon, min(similar, 6) / 6,
        rel, min(above, 5.0) / 5, min(below, 5.0) / 5, row_icon_any,
    ]
