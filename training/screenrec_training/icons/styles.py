"""Mask-level style transforms: one glyph drawn in other icon styles (training only).

Icon families differ mostly in stroke weight (hairline iOS outlines to bold solid glyphs), corner
rounding and outline-versus-solid. Each transform works on a glyph's coverage mask (uint8, ink =
255, as ``sources.render_mask`` caches it at ~96 px) and returns a mask of the same kind:

- ``weight(mask, r)``: thicker strokes (r > 0) or thinner (r < 0) by about |r| px — a Gaussian blur
  of radius |r| thresholded below (grow) or above (shrink) half coverage, so the result has round
  joins like a real dilation/erosion by a disk.
- ``rounded(mask, r)``: blur by r then threshold at half coverage: corners round off, straight
  strokes keep their weight.
- ``outline(mask, w)``: the mask minus its erosion by w px — a solid glyph turned into its outline.

``random_style`` picks one of them with random strength; it returns None when the result lost the
glyph (too little ink left), so the caller keeps the original.
"""
from __future__ import annotations

import random

import numpy as np
from PIL import Image, ImageFilter

# Half-width of the soft edge (in coverage units) when re-thresholding a blurred mask: keeps ~1 px of
# anti-aliasing at 96 px, as the rendered glyphs have (design choice).
_SOFT = 0.12


def _blur(mask: np.ndarray, r: float, pad: int) -> np.ndarray:
    img = Image.fromarray(np.pad(mask, pad))
    return np.asarray(img.filter(ImageFilter.GaussianBlur(r)), np.float32) / 255.0


def _threshold(cov: np.ndarray, level: float) -> np.ndarray:
    return (np.clip((cov - level) / (2 * _SOFT) + 0.5, 0, 1) * 255).astype(np.uint8)


def _crop(a: np.ndarray) -> np.ndarray | None:
    ys, xs = np.nonzero(a > 8)
    if len(xs) == 0:
        return None
    return a[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def weight(mask: np.ndarray, r: float) -> np.ndarray | None:
    """Strokes about |r| px thicker (r > 0) or thinner (r < 0) on each side."""
    if r == 0:
        return mask
    pad = int(abs(r) * 2) + 2
    cov = _blur(mask, abs(r), pad)
    # a blurred straight edge at distance d from the original edge has coverage ~ Phi(-d / sigma);
    # PIL's GaussianBlur(r) is ~ sigma = r, so the 0.16 / 0.84 levels move the edge by ~1 sigma
    return _crop(_threshold(cov, 0.16 if r > 0 else 0.84))


def rounded(mask: np.ndarray, r: float) -> np.ndarray | None:
    """Corners rounded off with radius ~r px; straight strokes keep their weight."""
    pad = int(r * 2) + 2
    return _crop(_threshold(_blur(mask, r, pad), 0.5))


def outline(mask: np.ndarray, w: float) -> np.ndarray | None:
    """The glyph's outline, w px wide: the mask minus its erosion by w (solid shapes turn hollow)."""
    pad = int(w * 2) + 2
    inner = _threshold(_blur(mask, w, pad), 0.84)[pad:-pad, pad:-pad]
    return _crop(np.clip(mask.astype(np.int16) - inner.astype(np.int16), 0, 255).astype(np.uint8))


def solid_fraction(mask: np.ndarray, w: float = 4.0) -> float:
    """Share of the ink that survives erosion by w px: ~0 for thin strokes, high for solid glyphs."""
    ink = (mask > 128).sum()
    if ink == 0:
        return 0.0
    pad = int(w * 2) + 2
    inner = _threshold(_blur(mask, w, pad), 0.84)[pad:-pad, pad:-pad]
    return float((inner > 128).sum() / ink)


def _ink(m: np.ndarray | None) -> int:
    return 0 if m is None else int((m > 128).sum())


def random_style(mask: np.ndarray, rng: random.Random) -> np.ndarray | None:
    """One random style transform of a ~96 px mask, or None when it would lose the glyph.

    Strengths are in px at 96 px (the cache size): stroke weights of real 24-px-grid families run
    from 1 px (hairline, ~4 px at 96) to 3 px (bold, ~12 px at 96), so +-1..4 px per side covers it.
    """
    scale = max(mask.shape) / 96.0
    kind = rng.random()
    if kind < 0.35:
        out = weight(mask, rng.uniform(1.0, 4.0) * scale)                      # bolder
    elif kind < 0.65:
        out = weight(mask, -rng.uniform(0.8, 2.5) * scale)                     # thinner
    elif kind < 0.85:
        out = rounded(mask, rng.uniform(2.0, 5.0) * scale)                     # rounder
    else:
        if solid_fraction(mask) < 0.25:                                        # already an outline
            return None
        out = outline(mask, rng.uniform(3.0, 7.0) * scale)                     # solid -> outline
    if out is None or min(out.shape) < 4:
        return None
    # keep the glyph legible: a thinned glyph must keep a third of its ink (else strokes vanished)
    if _ink(out) < 0.33 * _ink(mask) or (out > 128).mean() > 0.97:
        return None
    return out
