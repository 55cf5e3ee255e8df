"""Per-class confidence thresholds from precision-recall curves (paper §4.1, Fig. 5) and a
hand-written SVG of the curves (no plotting dependency).

Rule (ours; the paper chose points by hand for screen-reader use): the score at the point of
maximum F1 on the validation curve. Classes with ground truth in ui-real valid (states merged)
take their threshold from that curve; the others (slider, segmentedControl and the selection
states) from the synthetic held-out curve. A class without a curve gets DEFAULT_THRESHOLD.
"""
from __future__ import annotations

import html

import numpy as np

from .classes import CLASSES, STATE_PAIRS

DEFAULT_THRESHOLD = 0.3  # chosen, used only for classes without any validation curve


def best_f1_point(curve):
    p, r, s = np.asarray(curve["precision"]), np.asarray(curve["recall"]), np.asarray(curve["scores"])
    if len(s) == 0:
        return None
    f1 = 2 * p * r / np.maximum(p + r, 1e-9)
    k = int(np.argmax(f1))
    return {"threshold": float(s[k]), "precision": float(p[k]), "recall": float(r[k]), "f1": float(f1[k])}


def choose_thresholds(real_curves: dict | None, synth_curves: dict | None) -> dict:
    """Curves are {class name: curve} (real ones states-merged: keyed by the unselected name)."""
    merged_only = {CLASSES[u] for _, u in STATE_PAIRS}
    out = {}
    for name in CLASSES:
        src, pt = None, None
        if real_curves and name in real_curves and name not in merged_only:
            pt, src = best_f1_point(real_curves[name]), "ui-real valid (states merged)"
        if pt is None and synth_curves and name in synth_curves:
            pt, src = best_f1_point(synth_curves[name]), "synthetic held-out"
        if pt is None:
            out[name] = {"threshold": DEFAULT_THRESHOLD, "source": "default (no validation curve)"}
        else:
            out[name] = {**{k: round(v, 4) for k, v in pt.items()}, "source": src}
    return out


def pr_svg(curves_by_set: dict, thresholds: dict, path: str, cols: int = 4):
    """One small plot per class: precision (y) over recall (x) for each data set, with the chosen
    threshold's point marked."""
    cell_w, cell_h, m = 230, 190, 30
    rows = (len(CLASSES) + cols - 1) // cols
    colours = ["#1f77b4", "#d62728", "#2ca02c"]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{cols * cell_w}" height="{rows * cell_h + 30}" '
             f'font-family="sans-serif" font-size="11"><rect width="100%" height="100%" fill="white"/>']
    for j, name in enumerate(curves_by_set):
        parts.append(f'<text x="{10 + 200 * j}" y="{rows * cell_h + 20}" fill="{colours[j % 3]}">'
                     f'{html.escape(name)}</text>')
    for i, cls in enumerate(CLASSES):
        ox, oy = (i % cols) * cell_w + m, (i // cols) * cell_h + 20
        pw, ph = cell_w - m - 15, cell_h - 50
        parts.append(f'<rect x="{ox}" y="{oy}" width="{pw}" height="{ph}" fill="none" stroke="#999"/>')
        parts.append(f'<text x="{ox}" y="{oy - 5}">{cls}</text>')
        parts.append(f'<text x="{ox + pw / 2 - 15}" y="{oy + ph + 14}" fill="#666">recall</text>')
        parts.append(f'<text x="{ox - 25}" y="{oy + 8}" fill="#666">1.0</text>')
        for j, (set_name, curves) in enumerate(curves_by_set.items()):
            c = curves.get(cls)
            if not c or len(c["recall"]) == 0:
                continue
            r, p = np.asarray(c["recall"]), np.asarray(c["precision"])
            step = max(1, len(r) // 300)
            pts = " ".join(f"{ox + rr * pw:.1f},{oy + (1 - pp) * ph:.1f}" for rr, pp in zip(r[::step], p[::step]))
            parts.append(f'<polyline points="{pts}" fill="none" stroke="{colours[j % 3]}" stroke-width="1.5"/>')
            parts.append(f'<text x="{ox + pw - 70}" y="{oy + 12 + 12 * j}" fill="{colours[j % 3]}">AP {c["ap"]:.2f}</text>')
        t = thresholds.get(cls, {})
        if "recall" in t:
            x, y = ox + t["recall"] * pw, oy + (1 - t["precision"]) * ph
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="orange"/>')
            parts.append(f'<text x="{ox + 4}" y="{oy + ph - 4}" fill="#a60">t={t["threshold"]:.2f}</text>')
    parts.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(parts))
