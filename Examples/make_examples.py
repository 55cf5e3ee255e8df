#!/usr/bin/env python3
"""Render the bundled example screenshots and their hand-exact detections files.

    python3 Examples/make_examples.py              # (re)writes Examples/*.png and *.detections.json
    python3 Examples/make_examples.py --out DIR    # writes them into DIR instead
    python3 Examples/make_examples.py --overlay DIR  # also writes DIR/<name>.overlay.png with the boxes drawn

Needs Pillow (Debian: python3-pil) and the Inter font (Debian: fonts-inter).

Every screen is a synthetic iPhone screenshot, 1170x2532 px (390x844 pt at 3x). Layout is written
in points; drawing happens at 2x the output resolution and is box-filtered down, so edges are
anti-aliased. Each visible primitive is drawn through a coverage mask; a primitive drawn inside an
`element(...)` block grows that element's box by the primitive's ink, measured on the mask reduced
to output resolution. So every box in a detections file is the tight bounding box of the pixels
that element put on the screen -- no coordinate is typed in by hand. Status bar, home indicator,
separators, backgrounds and shadows are drawn outside any element and are not detections.

The output is deterministic: the same Pillow/FreeType/Inter versions give the same bytes.
"""

import argparse
import json
import math
import os
import random
import subprocess
import sys
from contextlib import contextmanager

from PIL import Image, ImageDraw, ImageFilter, ImageFont

# --------------------------------------------------------------------------------------------
# Contract (see Sources/ScreenRecognition/Model/ElementClass.swift)

CLASSES = [
    "checkboxSelected", "checkboxUnselected", "container", "dialog", "icon", "picture",
    "pageControl", "segmentedControl", "slider", "text", "textField", "toggleSelected",
    "toggleUnselected",
]
ICON_LABELS = (
    "back close add search menu settings share more home person heart star bookmark trash edit "
    "camera photo play pause mail phone chat bell cart filter refresh download upload info help "
    "location calendar clock lock link microphone send checkmark"
).split()
assert len(CLASSES) == 13 and len(ICON_LABELS) == 38

# Realistic detector confidences per class (drawn from a seeded generator per screen).
CONFIDENCE_RANGE = {
    "text": (0.80, 0.99), "icon": (0.62, 0.95), "picture": (0.78, 0.98),
    "container": (0.60, 0.90), "textField": (0.78, 0.96), "segmentedControl": (0.70, 0.94),
    "slider": (0.76, 0.95), "pageControl": (0.66, 0.92), "toggleSelected": (0.86, 0.99),
    "toggleUnselected": (0.84, 0.99), "checkboxSelected": (0.74, 0.96),
    "checkboxUnselected": (0.70, 0.95), "dialog": (0.70, 0.95),
}

# --------------------------------------------------------------------------------------------
# Geometry

W_PT, H_PT = 390, 844        # iPhone 13/14 logical size
PT = 3                       # output pixels per point
SS = 2                       # supersampling factor
U = PT * SS                  # canvas units per point
W_PX, H_PX = W_PT * PT, H_PT * PT


def P(v):
    """Points -> canvas units."""
    return int(round(v * U))


def rgb(c):
    if isinstance(c, tuple):
        return c
    c = c.lstrip("#")
    return tuple(int(c[i:i + 2], 16) for i in (0, 2, 4))


def mix(a, b, t):
    a, b = rgb(a), rgb(b)
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


# --------------------------------------------------------------------------------------------
# Fonts

def _font_dir():
    env = os.environ.get("INTER_FONT_DIR")
    candidates = ([env] if env else []) + [
        "/usr/share/fonts/opentype/inter", "/usr/share/fonts/truetype/inter",
        "/usr/local/share/fonts/inter", os.path.expanduser("~/.fonts/inter"),
    ]
    for d in candidates:
        if d and os.path.exists(os.path.join(d, "Inter-Regular.otf")):
            return d
    try:
        f = subprocess.run(["fc-match", "-f", "%{file}", "Inter:style=Regular"],
                           capture_output=True, text=True, check=True).stdout.strip()
        if os.path.basename(f).startswith("Inter"):
            return os.path.dirname(f)
    except (OSError, subprocess.CalledProcessError):
        pass
    sys.exit("make_examples.py: the Inter font was not found (Debian: apt-get install fonts-inter, "
             "or set INTER_FONT_DIR to the folder holding Inter-Regular.otf)")


FONT_DIR = None
_fonts = {}


def font(size_pt, weight="Regular"):
    """Inter at a size in points; Inter Display from 20 pt up (as SF Pro Display is)."""
    global FONT_DIR
    if FONT_DIR is None:
        FONT_DIR = _font_dir()
    family = "InterDisplay" if size_pt >= 20 else "Inter"
    key = (family, weight, size_pt)
    if key not in _fonts:
        _fonts[key] = ImageFont.truetype(os.path.join(FONT_DIR, f"{family}-{weight}.otf"), P(size_pt))
    return _fonts[key]


def text_width(s, f):
    return f.getlength(s) / U


# --------------------------------------------------------------------------------------------
# Drawing

class Pen:
    """Draws coverage into one mask, in points. `v=0` erases (cuts holes)."""

    def __init__(self, size):
        self.mask = Image.new("L", size, 0)
        self.d = ImageDraw.Draw(self.mask)

    def rect(self, x0, y0, x1, y1, r=0, v=255, width=0):
        box = [P(x0), P(y0), P(x1) - 1, P(y1) - 1]
        if r > 0:
            self.d.rounded_rectangle(box, radius=P(r), fill=None if width else v,
                                     outline=v if width else None, width=P(width) if width else 1)
        elif width:
            self.d.rectangle(box, outline=v, width=P(width))
        else:
            self.d.rectangle(box, fill=v)

    def ellipse(self, cx, cy, rx, ry=None, v=255):
        ry = rx if ry is None else ry
        self.d.ellipse([P(cx - rx), P(cy - ry), P(cx + rx) - 1, P(cy + ry) - 1], fill=v)

    def ring(self, cx, cy, r, w, ry=None, v=255):
        """A circle (or ellipse) stroke of width w centred on radius r."""
        ry = r if ry is None else ry
        self.d.ellipse([P(cx - r - w / 2), P(cy - ry - w / 2), P(cx + r + w / 2) - 1,
                        P(cy + ry + w / 2) - 1], outline=v, width=P(w))

    def dot(self, x, y, w, v=255):
        self.ellipse(x, y, w / 2, v=v)

    def line(self, pts, w, v=255, caps=True):
        self.d.line([(P(x), P(y)) for x, y in pts], fill=v, width=P(w), joint="curve")
        if caps:
            for x, y in (pts[0], pts[-1]):
                self.dot(x, y, w, v)

    def arc(self, cx, cy, r, a0, a1, w, v=255, caps=True):
        """Angles in degrees, clockwise from 3 o'clock (PIL convention)."""
        self.d.arc([P(cx - r - w / 2), P(cy - r - w / 2), P(cx + r + w / 2) - 1, P(cy + r + w / 2) - 1],
                   a0, a1, fill=v, width=P(w))
        if caps:
            for a in (a0, a1):
                t = math.radians(a)
                self.dot(cx + r * math.cos(t), cy + r * math.sin(t), w, v)

    def pie(self, cx, cy, r, a0, a1, v=255):
        self.d.pieslice([P(cx - r), P(cy - r), P(cx + r) - 1, P(cy + r) - 1], a0, a1, fill=v)

    def chord(self, cx, cy, rx, ry, a0, a1, v=255):
        self.d.chord([P(cx - rx), P(cy - ry), P(cx + rx) - 1, P(cy + ry) - 1], a0, a1, fill=v)

    def poly(self, pts, v=255):
        self.d.polygon([(P(x), P(y)) for x, y in pts], fill=v)

    def text(self, x, y, s, f, anchor="ls", v=255):
        self.d.text((P(x), P(y)), s, font=f, fill=v, anchor=anchor)


def vgrad(y0, y1, stops):
    """A fill: a vertical gradient between y0 and y1 (points) through [(t, colour), ...]."""
    stops = [(t, rgb(c)) for t, c in stops]

    def colour_at(t):
        t = min(1.0, max(0.0, t))
        for (ta, ca), (tb, cb) in zip(stops, stops[1:]):
            if t <= tb:
                return mix(ca, cb, 0 if tb == ta else (t - ta) / (tb - ta))
        return stops[-1][1]

    def fill(bb):
        w, h = bb[2] - bb[0], bb[3] - bb[1]
        col = Image.new("RGB", (1, h))
        px = col.load()
        for j in range(h):
            px[0, j] = colour_at(((bb[1] + j) / U - y0) / (y1 - y0))
        return col.resize((w, h), Image.NEAREST)

    return fill


def final_bbox(mask, bb):
    """The ink box, in output pixels, of a canvas mask whose bbox is bb."""
    x0, y0 = bb[0] // SS * SS, bb[1] // SS * SS
    x1, y1 = -(-bb[2] // SS) * SS, -(-bb[3] // SS) * SS
    b = mask.crop((x0, y0, x1, y1)).reduce(SS).getbbox()
    if b is None:
        return None
    return (x0 // SS + b[0], y0 // SS + b[1], x0 // SS + b[2], y0 // SS + b[3])


class Screen:
    def __init__(self, name, background, seed):
        self.name = name
        self.size = (W_PT * U, H_PT * U)
        self.img = Image.new("RGB", self.size, rgb(background))
        self.detections = []
        self._stack = []
        self._rng = random.Random(seed)

    # -- painting ---------------------------------------------------------------------------

    @contextmanager
    def ink(self, fill, opacity=1.0, blur=0.0, clip=None, counted=True):
        """Collect shapes with a Pen, then paint them in `fill` (a colour or a vgrad fill)."""
        pen = Pen(self.size)
        yield pen
        self.paint(pen.mask, fill, opacity=opacity, blur=blur, clip=clip, counted=counted)

    def shadow(self, fill="#000000", opacity=0.15, blur=3.0):
        """A soft shadow: never part of a detection box."""
        return self.ink(fill, opacity=opacity, blur=blur, counted=False)

    def paint(self, mask, fill, opacity=1.0, blur=0.0, clip=None, counted=True):
        if clip is not None:
            mask = Image.composite(mask, Image.new("L", self.size, 0), clip)
        bb = mask.getbbox()
        if bb is None:
            return
        if blur:
            pad = P(blur * 3)
            bb = (max(0, bb[0] - pad), max(0, bb[1] - pad),
                  min(self.size[0], bb[2] + pad), min(self.size[1], bb[3] + pad))
            m = mask.crop(bb).filter(ImageFilter.GaussianBlur(P(blur)))
        else:
            m = mask.crop(bb)
        if opacity < 1:
            m = m.point(lambda a: int(a * opacity + 0.5))
        src = fill(bb) if callable(fill) else rgb(fill)
        self.img.paste(src, bb, m)
        if counted and self._stack and not blur:
            fb = final_bbox(mask, bb)
            if fb:
                for el in self._stack:
                    b = el["box"]
                    el["box"] = fb if b is None else (min(b[0], fb[0]), min(b[1], fb[1]),
                                                      max(b[2], fb[2]), max(b[3], fb[3]))

    def text(self, x, y, s, f, colour, anchor="ls"):
        with self.ink(colour) as p:
            p.text(x, y, s, f, anchor=anchor)

    # -- detections -------------------------------------------------------------------------

    @contextmanager
    def measure(self):
        """Track the ink box of what is drawn inside, without making a detection."""
        el = {"box": None}
        self._stack.append(el)
        try:
            yield el
        finally:
            self._stack.remove(el)

    @contextmanager
    def element(self, kind, text=None, icon=None, confidence=None):
        """Everything drawn inside becomes one detection, boxed by its ink."""
        with self.measure() as el:
            yield el
        self.add(kind, el["box"], text=text, icon=icon, confidence=confidence)

    def add(self, kind, box, text=None, icon=None, confidence=None):
        assert kind in CLASSES, kind
        assert icon is None or icon in ICON_LABELS, icon
        assert box is not None, f"{self.name}: {kind} {text!r} drew nothing"
        x0, y0, x1, y1 = box
        assert 0 <= x0 < x1 <= W_PX and 0 <= y0 < y1 <= H_PX, (kind, text, box)
        if confidence is None:
            lo, hi = CONFIDENCE_RANGE[kind]
            confidence = round(self._rng.uniform(lo, hi), 2)
        assert 0.6 <= confidence <= 0.99, confidence
        det = {"type": kind, "box": [x0, y0, x1 - x0, y1 - y0], "confidence": confidence}
        if text is not None:
            det["text"] = text
        if icon is not None:
            det["iconLabel"] = icon
        self.detections.append(det)
        return det

    # -- output -----------------------------------------------------------------------------

    def image(self):
        return self.img.reduce(SS)

    def save(self, out_dir):
        png = os.path.join(out_dir, f"{self.name}.png")
        self.image().save(png, optimize=True)
        with open(os.path.join(out_dir, f"{self.name}.detections.json"), "w") as fh:
            fh.write(detections_json(self.detections))
        return png


def detections_json(dets):
    """One detection per line: readable, diff-friendly and stable."""
    lines = [json.dumps(d, ensure_ascii=False) for d in dets]
    return '{"detections": [\n  ' + ",\n  ".join(lines) + "\n]}\n"


# --------------------------------------------------------------------------------------------
# iOS chrome (never detections)

def status_bar(s, colour):
    s.text(54, 31, "9:41", font(17, "SemiBold"), colour, anchor="ms")
    cy = 25.5
    with s.ink(colour) as p:                                   # cellular bars
        x = 294
        for h in (4, 6.3, 8.7, 11):
            p.rect(x, cy + 5.5 - h, x + 3, cy + 5.5, r=1)
            x += 4.7
    with s.ink(colour) as p:                                   # Wi-Fi
        cx, by = 323.5, cy + 5.3
        p.pie(cx, by, 3.4, 225, 315)
        p.arc(cx, by - 0.6, 6.8, 227, 313, 1.9)
        p.arc(cx, by - 0.6, 10.6, 227, 313, 1.9)
    bx = 336
    with s.ink(colour, opacity=0.4) as p:                      # battery
        p.rect(bx, cy - 6, bx + 25, cy + 6, r=3.8, width=1)
        p.rect(bx + 26, cy - 2, bx + 27.6, cy + 2, r=0.8)
    with s.ink(colour) as p:
        p.rect(bx + 2, cy - 4, bx + 23, cy + 4, r=2.2)


def home_indicator(s, colour):
    with s.ink(colour) as p:
        p.rect(195 - 67, 844 - 13, 195 + 67, 844 - 8, r=2.5)


# --------------------------------------------------------------------------------------------
# Icons (drawn in points around a centre)

def icon_plus(p, cx, cy, r=9.5, w=2.3):
    p.line([(cx - r, cy), (cx + r, cy)], w)
    p.line([(cx, cy - r), (cx, cy + r)], w)


def icon_globe(p, cx, cy, w=1.9):
    R = 12.2
    p.ring(cx, cy, R, w)
    p.ring(cx, cy, 5.4, w, ry=R)
    p.line([(cx, cy - R), (cx, cy + R)], w * 0.9, caps=False)
    p.line([(cx - R, cy), (cx + R, cy)], w * 0.9, caps=False)
    for dy in (-6.6, 6.6):
        half = math.sqrt(R * R - dy * dy) - 0.6
        p.line([(cx - half, cy + dy), (cx + half, cy + dy)], w * 0.9, caps=False)


def icon_alarm(p, cx, cy, w=2.0):
    R = 10.3
    by = cy + 1.8
    p.ring(cx, by, R, w)
    for sgn in (-1, 1):                                        # bells
        bx, byy = cx + sgn * 9.6, cy - 9.3
        a = -135 if sgn < 0 else -45
        p.pie(bx, byy, 5.2, a - 80, a + 80)
        # feet
        p.line([(cx + sgn * 6.6, by + 8.4), (cx + sgn * 9.0, by + 11.4)], w)
    p.line([(cx, by - 6.0), (cx, by), (cx + 4.4, by + 2.6)], w)  # hands


def icon_stopwatch(p, cx, cy, w=2.0):
    R = 10.6
    by = cy + 2.2
    p.ring(cx, by, R, w)
    p.line([(cx, by - R - 0.5), (cx, by - R - 3.2)], w, caps=False)
    p.rect(cx - 3.4, by - R - 4.9, cx + 3.4, by - R - 2.4, r=1.0)   # crown
    a = math.radians(-45)
    p.line([(cx + (R + 1.2) * math.cos(a), by + (R + 1.2) * math.sin(a)),
            (cx + (R + 3.4) * math.cos(a), by + (R + 3.4) * math.sin(a))], w)  # side button
    p.line([(cx, by), (cx, by - 6.6)], w)                            # hand
    p.dot(cx, by, 3.6)


def icon_timer(p, cx, cy, w=2.0):
    R = 11.8
    p.arc(cx, cy, R, 282, 258 + 360, w)          # circle, open at the top
    p.line([(cx, cy - R - 0.2), (cx, cy - R + 4.6)], w)
    for k in range(12):                          # hour ticks
        if k == 0:
            continue
        a = math.radians(k * 30 - 90)
        p.line([(cx + (R - 4.3) * math.cos(a), cy + (R - 4.3) * math.sin(a)),
                (cx + (R - 2.9) * math.cos(a), cy + (R - 2.9) * math.sin(a))], 1.2, caps=False)
    p.line([(cx, cy), (cx - 4.6, cy - 4.6)], w)   # hand
    p.dot(cx, cy, 3.4)


def icon_magnifier(p, cx, cy, w=1.8):
    r = 5.4
    ox, oy = cx - 1.6, cy - 1.6
    p.ring(ox, oy, r, w)
    d = (r + w / 2) / math.sqrt(2)
    p.line([(ox + d, oy + d), (ox + d + 4.0, oy + d + 4.0)], w + 0.2)


def icon_chevron(p, x, cy, w=2.0):
    p.line([(x, cy - 5.8), (x + 5.8, cy), (x, cy + 5.8)], w)


def icon_checkmark(p, cx, cy, w=2.4, scale=1.0):
    p.line([(cx - 5.2 * scale, cy + 0.2 * scale), (cx - 1.6 * scale, cy + 3.9 * scale),
            (cx + 5.4 * scale, cy - 4.4 * scale)], w)


def _rot(pts, cx, cy, deg, scale=1.0):
    t = math.radians(deg)
    c, s_ = math.cos(t), math.sin(t)
    return [(cx + scale * (x * c - y * s_), cy + scale * (x * s_ + y * c)) for x, y in pts]


def glyph_airplane(p, cx, cy, size=8.5, v=255):
    half = [(0, -1.0), (0.075, -0.96), (0.10, -0.86), (0.10, -0.33), (0.96, 0.14), (0.96, 0.30),
            (0.10, 0.10), (0.09, 0.62), (0.36, 0.82), (0.36, 0.94), (0.05, 0.86), (0, 0.9)]
    pts = half + [(-x, y) for x, y in reversed(half[1:-1])]
    p.poly(_rot(pts, cx, cy, 90, size), v=v)


def glyph_wifi(p, cx, cy, v=255):
    by = cy + 5.0
    p.pie(cx, by, 3.0, 225, 315, v=v)
    p.arc(cx, by - 0.4, 6.0, 226, 314, 1.7, v=v)
    p.arc(cx, by - 0.4, 9.4, 226, 314, 1.7, v=v)


def glyph_bluetooth(p, cx, cy, v=255):
    p.line([(cx - 3.6, cy - 3.8), (cx + 3.6, cy + 3.4), (cx, cy + 7.0), (cx, cy - 7.0),
            (cx + 3.6, cy - 3.4), (cx - 3.6, cy + 3.8)], 1.6, v=v)


def _capsule(cx, cy, half_len, r, deg, n=18):
    pts = []
    for i in range(n + 1):                     # right cap
        a = -math.pi / 2 + math.pi * i / n
        pts.append((half_len + r * math.cos(a), r * math.sin(a)))
    for i in range(n + 1):                     # left cap
        a = math.pi / 2 + math.pi * i / n
        pts.append((-half_len + r * math.cos(a), r * math.sin(a)))
    return _rot(pts, cx, cy, deg)


def glyph_link(p, cx, cy, v=255):
    """Two chain links (the Personal Hotspot symbol); the upper one passes over the lower one."""
    for sgn in (-1, 1):
        ox, oy = cx + sgn * 3.3, cy - sgn * 3.3
        if sgn > 0:                            # cut a gap around the link on top
            p.poly(_capsule(ox, oy, 3.4, 3.2 + 0.9, -45), v=0)
        p.poly(_capsule(ox, oy, 3.4, 3.2, -45), v=v)
        p.poly(_capsule(ox, oy, 3.4, 1.6, -45), v=0)


# --------------------------------------------------------------------------------------------
# Pictures (scenes clipped to a rounded rectangle)

def picture_mask(s, x0, y0, x1, y1, r, square_bottom=False):
    pen = Pen(s.size)
    pen.rect(x0, y0, x1, y1, r=r)
    if square_bottom:
        pen.rect(x0, (y0 + y1) / 2, x1, y1)
    return pen.mask


def scene_golden_gate(s, x0, y0, x1, y1, clip):
    w, h = x1 - x0, y1 - y0
    hy = y0 + h * 0.62                                   # horizon
    with s.ink(vgrad(y0, hy, [(0, "#3F6FB5"), (0.55, "#9DB7D9"), (1, "#F7C99A")]), clip=clip) as p:
        p.rect(x0, y0, x1, hy + 1)
    with s.ink("#FFE3B0", clip=clip) as p:               # sun
        p.ellipse(x0 + w * 0.80, hy - h * 0.13, h * 0.07)
    with s.ink("#7C8DA6", clip=clip) as p:               # far hills
        p.poly([(x0, hy), (x0, hy - h * 0.10), (x0 + w * 0.12, hy - h * 0.16), (x0 + w * 0.30, hy - h * 0.06),
                (x0 + w * 0.55, hy - h * 0.09), (x0 + w * 0.80, hy - h * 0.03), (x1, hy - h * 0.07), (x1, hy)])
    with s.ink("#4C6B52", clip=clip) as p:               # near headland
        p.poly([(x0, hy + 2), (x0, hy - h * 0.05), (x0 + w * 0.10, hy - h * 0.08),
                (x0 + w * 0.26, hy - h * 0.02), (x0 + w * 0.33, hy + 2)])
    with s.ink(vgrad(hy, y1, [(0, "#5F86B0"), (1, "#1E3E63")]), clip=clip) as p:   # water
        p.rect(x0, hy, x1, y1)
    with s.ink("#F3D2A8", opacity=0.5, clip=clip) as p:  # sun glint
        for i in range(5):
            yy = hy + 4 + i * 6
            p.rect(x0 + w * 0.80 - 14 + i * 2, yy, x0 + w * 0.80 + 14 - i * 2, yy + 1.6, r=0.8)
    red = "#C0392B"
    deck = hy + h * 0.06
    t1, t2 = x0 + w * 0.30, x0 + w * 0.74
    top = y0 + h * 0.14
    with s.ink(red, clip=clip) as p:
        # main cables: catenary-like parabolas, and the vertical suspenders
        def cable(xa, ya, xb, yb, sag):
            pts = []
            for i in range(41):
                t = i / 40
                pts.append((xa + (xb - xa) * t, ya + (yb - ya) * t + sag * 4 * t * (1 - t)))
            return pts
        spans = [cable(x0 - 4, deck - 4, t1, top + 2, 10), cable(t1, top + 2, t2, top + 2, deck - top - 8),
                 cable(t2, top + 2, x1 + 4, deck - 6, 10)]
        for pts in spans:
            p.line(pts, 1.3, caps=False)
            for (xa, ya) in pts[2:-1:3]:
                if ya < deck - 1:
                    p.line([(xa, ya), (xa, deck)], 0.5, caps=False)
        p.rect(x0 - 2, deck, x1 + 2, deck + 3.2)         # deck
        for tx in (t1, t2):                              # towers
            p.rect(tx - 3.6, top, tx - 1.6, deck + 22)
            p.rect(tx + 1.6, top, tx + 3.6, deck + 22)
            for yy in (top + 2, top + 16, top + 30, top + 44):
                p.rect(tx - 3.6, yy, tx + 3.6, yy + 2.2)
    with s.ink("#8E2A21", clip=clip) as p:               # tower reflections / piers
        for tx in (t1, t2):
            p.rect(tx - 4.6, deck + 20, tx + 4.6, deck + 24)


def scene_mountains(s, x0, y0, x1, y1, clip):
    w, h = x1 - x0, y1 - y0
    with s.ink(vgrad(y0, y1, [(0, "#FBD3A8"), (0.45, "#F5A28B"), (1, "#B57BA6")]), clip=clip) as p:
        p.rect(x0, y0, x1, y1)
    with s.ink("#FFF4D6", clip=clip) as p:
        p.ellipse(x0 + w * 0.68, y0 + h * 0.34, w * 0.11)
    with s.ink("#9C6B98", clip=clip) as p:
        p.poly([(x0, y1), (x0, y0 + h * 0.58), (x0 + w * 0.22, y0 + h * 0.40), (x0 + w * 0.42, y0 + h * 0.56),
                (x0 + w * 0.66, y0 + h * 0.36), (x1, y0 + h * 0.60), (x1, y1)])
    with s.ink("#5E3F6E", clip=clip) as p:
        p.poly([(x0, y1), (x0, y0 + h * 0.74), (x0 + w * 0.34, y0 + h * 0.50), (x0 + w * 0.58, y0 + h * 0.72),
                (x0 + w * 0.80, y0 + h * 0.60), (x1, y0 + h * 0.70), (x1, y1)])
    with s.ink("#F7EEF5", clip=clip) as p:                # snow caps
        px, py = x0 + w * 0.34, y0 + h * 0.50
        p.poly([(px, py), (px + w * 0.07, py + h * 0.067), (px + w * 0.03, py + h * 0.06),
                (px - w * 0.01, py + h * 0.08), (px - w * 0.06, py + h * 0.055)])
    with s.ink("#3A2748", clip=clip) as p:
        p.poly([(x0, y1), (x0, y0 + h * 0.88), (x0 + w * 0.5, y0 + h * 0.80), (x1, y0 + h * 0.90), (x1, y1)])


def scene_fruit(s, x0, y0, x1, y1, clip):
    w, h = x1 - x0, y1 - y0
    with s.ink(vgrad(y0, y1, [(0, "#FBEFE3"), (1, "#F3D9C2")]), clip=clip) as p:
        p.rect(x0, y0, x1, y1)
    with s.ink("#D9B99B", clip=clip) as p:                # table
        p.rect(x0, y0 + h * 0.72, x1, y1)
    cx, cy = x0 + w / 2, y0 + h * 0.56
    fruit = [(-0.22, -0.04, 0.15, "#FF9F1C"), (0.20, -0.05, 0.14, "#E63946"), (0.0, -0.14, 0.16, "#8AC926"),
             (-0.06, 0.02, 0.13, "#FFCA3A"), (0.10, 0.03, 0.12, "#C1121F")]
    for dx, dy, r, c in fruit:
        with s.ink(c, clip=clip) as p:
            p.ellipse(cx + dx * w, cy + dy * w, r * w)
    with s.ink("#2D6A4F", clip=clip) as p:                # leaf
        p.poly(_rot([(0, 0), (8, -5), (16, 0), (8, 4)], cx - 2, cy - 0.30 * w, -30))
    with s.ink("#3C6E71", clip=clip) as p:                # bowl
        p.chord(cx, cy + 0.02 * w, w * 0.40, w * 0.30, 0, 180)
    with s.ink("#5E9C9F", clip=clip) as p:
        p.rect(cx - w * 0.40, cy + 0.02 * w - 2, cx + w * 0.40, cy + 0.02 * w + 2, r=2)


def scene_plant(s, x0, y0, x1, y1, clip):
    w, h = x1 - x0, y1 - y0
    with s.ink(vgrad(y0, y1, [(0, "#E6EFE4"), (1, "#CFE0CB")]), clip=clip) as p:
        p.rect(x0, y0, x1, y1)
    with s.ink("#B9CDB4", clip=clip) as p:                # shelf
        p.rect(x0, y0 + h * 0.80, x1, y1)
    cx, base = x0 + w / 2, y0 + h * 0.62
    leaves = [(-60, 0.36, "#2F7D4F"), (-30, 0.42, "#3A9960"), (-95, 0.40, "#2A6E45"), (-125, 0.34, "#3A9960"),
              (-150, 0.30, "#2F7D4F"), (-10, 0.30, "#45A86E"), (-80, 0.26, "#54B67B")]
    for ang, L, c in leaves:
        L = L * h
        with s.ink(c, clip=clip) as p:
            pts = [(0, 0), (L * 0.35, -L * 0.16), (L * 0.75, -L * 0.13), (L, 0), (L * 0.75, L * 0.13),
                   (L * 0.35, L * 0.16)]
            p.poly(_rot(pts, cx, base, ang))
    with s.ink("#C96F4A", clip=clip) as p:                # pot
        p.poly([(cx - w * 0.22, base - 2), (cx + w * 0.22, base - 2), (cx + w * 0.16, y0 + h * 0.82),
                (cx - w * 0.16, y0 + h * 0.82)])
    with s.ink("#E08A63", clip=clip) as p:
        p.rect(cx - w * 0.24, base - 4, cx + w * 0.24, base + 5, r=2)


def scene_city(s, x0, y0, x1, y1, clip):
    w, h = x1 - x0, y1 - y0
    with s.ink(vgrad(y0, y1, [(0, "#0B1633"), (0.7, "#3B2A6B"), (1, "#7A3E7A")]), clip=clip) as p:
        p.rect(x0, y0, x1, y1)
    with s.ink("#F4F1DE", clip=clip) as p:                # moon
        p.ellipse(x0 + w * 0.76, y0 + h * 0.18, w * 0.07)
    with s.ink("#FFFFFF", opacity=0.7, clip=clip) as p:   # stars
        for i in range(14):
            p.dot(x0 + w * ((i * 37) % 100) / 100, y0 + h * (0.05 + ((i * 53) % 40) / 100), 1.1)
    bw = w / 7
    heights = [0.46, 0.62, 0.38, 0.72, 0.52, 0.58, 0.34]
    for i, bh in enumerate(heights):
        bx = x0 + i * bw
        top = y1 - h * bh
        with s.ink("#161A33" if i % 2 else "#1F2547", clip=clip) as p:
            p.rect(bx - 1, top, bx + bw + 1, y1)
        with s.ink("#FFD166", clip=clip) as p:
            yy, row = top + 6, 0
            while yy < y1 - 6:
                for k in range(3):
                    if (i * 7 + row * 3 + k * 5) % 4:
                        wx = bx + 4 + k * (bw - 8) / 3
                        p.rect(wx, yy, wx + 2.6, yy + 3.2)
                yy, row = yy + 8, row + 1


def scene_beach(s, x0, y0, x1, y1, clip):
    w, h = x1 - x0, y1 - y0
    with s.ink(vgrad(y0, y0 + h * 0.55, [(0, "#6EC6F0"), (1, "#C9ECFA")]), clip=clip) as p:
        p.rect(x0, y0, x1, y0 + h * 0.55)
    with s.ink("#FFF3B0", clip=clip) as p:
        p.ellipse(x0 + w * 0.25, y0 + h * 0.20, w * 0.09)
    with s.ink(vgrad(y0 + h * 0.55, y0 + h * 0.72, [(0, "#1B8EB8"), (1, "#5CC3D6")]), clip=clip) as p:
        p.rect(x0, y0 + h * 0.55, x1, y0 + h * 0.72)
    with s.ink("#F1DDB0", clip=clip) as p:                # sand
        p.poly([(x0, y1), (x0, y0 + h * 0.74), (x0 + w * 0.5, y0 + h * 0.70), (x1, y0 + h * 0.73), (x1, y1)])
    with s.ink("#FFFFFF", opacity=0.85, clip=clip) as p:  # surf line
        p.line([(x0, y0 + h * 0.735), (x0 + w * 0.5, y0 + h * 0.70), (x1, y0 + h * 0.725)], 1.4, caps=False)
    tx, ty = x0 + w * 0.74, y0 + h * 0.86                 # palm
    trunk = [(tx + 14 * math.sin(t / 10 * 1.1) - 4, ty - t / 10 * h * 0.56) for t in range(11)]
    with s.ink("#8D6A4F", clip=clip) as p:
        p.line(trunk, 4.2)
    crown = trunk[-1]
    for ang in (-170, -135, -100, -60, -20, 15):
        with s.ink("#2E8B57", clip=clip) as p:
            L = w * 0.28
            pts = [(0, 0), (L * 0.4, -L * 0.12), (L, L * 0.10), (L * 0.4, L * 0.06)]
            p.poly(_rot(pts, crown[0], crown[1], ang))
    with s.ink("#E63946", clip=clip) as p:                # umbrella
        p.chord(x0 + w * 0.32, y0 + h * 0.80, w * 0.15, h * 0.07, 180, 360)
    with s.ink("#6B4F3A", clip=clip) as p:
        p.line([(x0 + w * 0.32, y0 + h * 0.80), (x0 + w * 0.32, y0 + h * 0.93)], 1.2)


def scene_poster(s, x0, y0, x1, y1, clip):
    w, h = x1 - x0, y1 - y0
    with s.ink("#F2E8CF", clip=clip) as p:
        p.rect(x0, y0, x1, y1)
    with s.ink("#E9B44C", clip=clip) as p:
        p.ellipse(x0 + w * 0.36, y0 + h * 0.34, w * 0.26)
    with s.ink("#1B998B", clip=clip) as p:
        p.rect(x0 + w * 0.52, y0 + h * 0.18, x0 + w * 0.86, y0 + h * 0.70)
    with s.ink("#ED6A5A", clip=clip) as p:
        p.pie(x0 + w * 0.52, y0 + h * 0.70, w * 0.30, 180, 360)
    with s.ink("#2E4057", clip=clip) as p:
        p.rect(x0 + w * 0.12, y0 + h * 0.78, x0 + w * 0.88, y0 + h * 0.81)
        for i in range(5):
            p.dot(x0 + w * (0.18 + i * 0.16), y0 + h * 0.89, 5)


# --------------------------------------------------------------------------------------------
# Screen 1: Apple Clock, World Clock tab, dark mode (paper Fig. 9.A/B)

ORANGE = "#FF9F0A"
GREY = "#8E8E93"


def make_clock():
    s = Screen("clock", "#000000", seed=9)
    status_bar(s, "#FFFFFF")

    # navigation bar: "Edit" and the add button
    with s.element("text", text="Edit"):
        s.text(16, 75, "Edit", font(17), ORANGE)
    with s.element("icon", icon="add"):
        with s.ink(ORANGE) as p:
            icon_plus(p, 363, 69)

    with s.element("text", text="World Clock"):
        s.text(16, 132, "World Clock", font(34, "Bold"), "#FFFFFF")

    # Cupertino is the device's own zone (the status bar reads 9:41).
    rows = [("Today, +0HRS", "Cupertino", "9:41", "AM"),
            ("Today, +3HRS", "New York", "12:41", "PM"),
            ("Tomorrow, +16HRS", "Tokyo", "1:41", "AM"),
            ("Today, +8HRS", "London", "5:41", "PM")]
    row_h, top = 96, 150
    big, small = font(50, "Light"), font(25, "Light")
    for i, (offset, city, time, ampm) in enumerate(rows):
        y = top + i * row_h
        with s.element("text", text=offset):
            s.text(16, y + 30, offset, font(15), GREY)
        with s.element("text", text=city):
            s.text(16, y + 64, city, font(28), "#FFFFFF")
        with s.element("text", text=f"{time} {ampm}"):
            ampm_w = text_width(ampm, small)
            s.text(374, y + 66, ampm, small, "#FFFFFF", anchor="rs")
            s.text(374 - ampm_w - 5, y + 66, time, big, "#FFFFFF", anchor="rs")
        with s.ink("#38383A") as p:                          # hairline separator
            p.rect(16, y + row_h - 1 / 3, 390, y + row_h)

    # tab bar
    bar_top = 844 - 83
    with s.ink("#1C1C1E") as p:
        p.rect(0, bar_top, 390, 844)
    with s.ink("#38383A") as p:
        p.rect(0, bar_top, 390, bar_top + 1 / 3)
    tabs = [("World Clock", icon_globe, None), ("Alarm", icon_alarm, "clock"),
            ("Stopwatch", icon_stopwatch, None), ("Timer", icon_timer, "clock")]
    tab_w = 390 / 4
    for i, (label, draw_icon, meaning) in enumerate(tabs):
        cx = tab_w * (i + 0.5)
        colour = ORANGE if i == 0 else GREY
        with s.element("icon", icon=meaning):
            with s.ink(colour) as p:
                draw_icon(p, cx, bar_top + 19)
        with s.element("text", text=label):
            s.text(cx, bar_top + 45, label, font(10, "Medium"), colour, anchor="ms")
    home_indicator(s, "#FFFFFF")
    return s


# --------------------------------------------------------------------------------------------
# Screen 2: a Settings-like screen, light mode, with one of every control

BLUE = "#007AFF"
GREEN = "#34C759"
LABEL = "#000000"
SECONDARY = "#8A8A8E"


def toggle(s, x1, cy, on):
    x0 = x1 - 51
    with s.element("toggleSelected" if on else "toggleUnselected"):
        with s.ink(GREEN if on else "#E9E9EB") as p:
            p.rect(x0, cy - 15.5, x1, cy + 15.5, r=15.5)
        kx = x1 - 15.5 if on else x0 + 15.5
        with s.shadow(opacity=0.16, blur=2.2) as p:
            p.ellipse(kx, cy + 2, 13.5)
        with s.ink("#FFFFFF") as p:
            p.ellipse(kx, cy, 13.5)


def checkbox(s, x, cy, checked):
    with s.element("checkboxSelected" if checked else "checkboxUnselected"):
        if checked:
            with s.ink(BLUE) as p:
                p.rect(x, cy - 11, x + 22, cy + 11, r=5.5)
            with s.ink("#FFFFFF") as p:
                icon_checkmark(p, x + 11, cy, w=2.4)
        else:
            with s.ink("#C7C7CC") as p:
                p.rect(x, cy - 11, x + 22, cy + 11, r=5.5, width=1.8)


def make_settings():
    s = Screen("settings", "#F2F2F7", seed=2)
    status_bar(s, "#000000")

    with s.element("text", text="Settings"):
        s.text(16, 126, "Settings", font(34, "Bold"), LABEL)

    # search field: the placeholder rides on the textField detection (it stands in for OCR)
    fy0, fy1 = 138, 174
    with s.element("textField", text="Search"):
        with s.ink("#E3E3E8") as p:
            p.rect(16, fy0, 374, fy1, r=10)
        s.text(41, (fy0 + fy1) / 2 + 6, "Search", font(17), GREY)
    with s.element("icon", icon="search"):
        with s.ink(GREY) as p:
            icon_magnifier(p, 27, (fy0 + fy1) / 2)

    # grouped table: four 44 pt rows in a white rounded container
    gy = 190
    row_h = 44
    rows = [("Airplane Mode", "#FF9500", glyph_airplane, None, "on"),
            ("Wi-Fi", BLUE, glyph_wifi, None, "Home"),
            ("Bluetooth", BLUE, glyph_bluetooth, None, "On"),
            ("Personal Hotspot", GREEN, glyph_link, "link", "off")]
    with s.ink("#FFFFFF") as p:
        p.rect(16, gy, 374, gy + row_h * len(rows), r=10)
    for i, (label, tint, glyph, meaning, accessory) in enumerate(rows):
        y0 = gy + i * row_h
        cy = y0 + row_h / 2
        # Each table cell is a Container (paper §4.2), as a detector trained on cells reports it.
        s.add("container", (round(16 * W_PX / 390), round(y0 * W_PX / 390),
                            round(374 * W_PX / 390), round((y0 + row_h) * W_PX / 390)))
        with s.element("icon", icon=meaning):
            with s.ink(tint) as p:
                p.rect(32, cy - 14.5, 61, cy + 14.5, r=6.5)
            with s.ink("#FFFFFF") as p:
                glyph(p, 46.5, cy)
        with s.element("text", text=label):
            s.text(75, cy + 6, label, font(17), LABEL)
        if accessory in ("on", "off"):
            toggle(s, 358, cy, accessory == "on")
        else:
            with s.element("icon"):                            # disclosure chevron
                with s.ink("#C4C4C7") as p:
                    icon_chevron(p, 352, cy)
            with s.element("text", text=accessory):
                s.text(342, cy + 6, accessory, font(17), SECONDARY, anchor="rs")
        if i < len(rows) - 1:
            with s.ink("#C6C6C8") as p:
                p.rect(75, y0 + row_h - 1 / 3, 374, y0 + row_h)

    # segmented control, iOS 13 style. The detector "found" Day and Week; Month is left as a
    # plain text detection for the segmented-control row completion (paper §5.1).
    sy0, sy1 = gy + row_h * 4 + 16, gy + row_h * 4 + 48
    with s.measure() as track:
        with s.ink("#E3E3E8") as p:
            p.rect(16, sy0, 374, sy1, r=9)
    seg_w = (374 - 16) / 3
    sel = 1
    px0, px1 = 16 + seg_w * sel + 2, 16 + seg_w * (sel + 1) - 2
    with s.shadow(opacity=0.12, blur=2.5) as p:
        p.rect(px0, sy0 + 3.5, px1, sy1 - 0.5, r=7)
    with s.ink("#FFFFFF") as p:
        p.rect(px0, sy0 + 2, px1, sy1 - 2, r=7)
    tx0, ty0, tx1, ty1 = track["box"]
    cuts = [tx0 + round((tx1 - tx0) * k / 3) for k in range(4)]
    for k, label in enumerate(["Day", "Week", "Month"]):
        cx = 16 + seg_w * (k + 0.5)
        f = font(13, "SemiBold" if k == sel else "Medium")
        if label == "Month":
            with s.element("text", text=label):
                s.text(cx, (sy0 + sy1) / 2 + 4.6, label, f, LABEL, anchor="ms")
        else:
            s.text(cx, (sy0 + sy1) / 2 + 4.6, label, f, LABEL, anchor="ms")
            s.add("segmentedControl", (cuts[k], ty0, cuts[k + 1], ty1), text=label)

    # brightness: a label above a slider, in a white cell
    by0 = sy1 + 16
    by1 = by0 + 78
    with s.ink("#FFFFFF") as p:
        p.rect(16, by0, 374, by1, r=10)
    with s.element("text", text="Brightness"):
        s.text(32, by0 + 30, "Brightness", font(17), LABEL)
    scy = by0 + 54
    with s.element("slider"):
        thumb = 32 + 14 + (358 - 32 - 28) * 0.62
        with s.ink("#E3E3E8") as p:
            p.rect(32, scy - 2, 358, scy + 2, r=2)
        with s.ink(BLUE) as p:
            p.rect(32, scy - 2, thumb, scy + 2, r=2)
        with s.shadow(opacity=0.14, blur=2.5) as p:
            p.ellipse(thumb, scy + 3, 14)
        with s.shadow(opacity=0.06, blur=0.6) as p:
            p.ellipse(thumb, scy, 14.4)
        with s.ink("#FFFFFF") as p:
            p.ellipse(thumb, scy, 14)

    # page control: five dots, the second is the current page
    pcy = by1 + 17
    with s.element("pageControl"):
        for k in range(5):
            with s.ink("#3C3C43" if k == 1 else "#C7C7CC") as p:
                p.ellipse(195 + (k - 2) * 16, pcy, 4)

    # picture with a two-line caption below it
    py0 = pcy + 15
    py1 = py0 + 190
    with s.element("picture"):
        clip = picture_mask(s, 20, py0, 370, py1, r=12)
        scene_golden_gate(s, 20, py0, 370, py1, clip)
    with s.element("text", text="Golden Gate Bridge"):
        s.text(20, py1 + 22, "Golden Gate Bridge", font(17, "SemiBold"), LABEL)
    with s.element("text", text="San Francisco"):
        s.text(20, py1 + 42, "San Francisco", font(15), "#6C6C70")

    # a row of checkboxes
    ccy = py1 + 71
    checkbox(s, 20, ccy, True)
    with s.element("text", text="Remember me"):
        s.text(50, ccy + 6, "Remember me", font(17), LABEL)
    checkbox(s, 196, ccy, False)
    with s.element("text", text="Send newsletter"):
        s.text(226, ccy + 6, "Send newsletter", font(17), LABEL)
    assert 226 + text_width("Send newsletter", font(17)) < 374

    home_indicator(s, "#000000")
    return s


# --------------------------------------------------------------------------------------------
# Screen 3: a two-column card grid whose columns XY-cut must read one after the other

def make_columns():
    s = Screen("columns", "#F2F2F7", seed=3)
    status_bar(s, "#000000")
    with s.element("text", text="Explore"):
        s.text(16, 126, "Explore", font(34, "Bold"), LABEL)

    gap = 10
    col_w = (390 - 2 * 12 - gap) / 2
    cols = [12, 12 + col_w + gap]
    top = 142
    # (column, height in pt, title lines, scene)
    cards = [
        (0, [236, 190, 232], [["Alpine sunrise"], ["Summer fruit bowls"], ["Beach days"]],
         [scene_mountains, scene_fruit, scene_beach]),
        (1, [178, 232, 214], [["Easy indoor plants"], ["Mid-century poster", "inspiration"], ["City lights"]],
         [scene_plant, scene_poster, scene_city]),
    ]
    title_font = font(15, "SemiBold")
    boxes = [[], []]
    for col, heights, titles, scenes in cards:
        x0 = cols[col]
        x1 = x0 + col_w
        y = top
        for hgt, lines, scene in zip(heights, titles, scenes):
            y1 = y + hgt
            title_h = 16 + 20 * len(lines)
            pic_y1 = y1 - title_h
            with s.element("container") as card:
                with s.ink("#FFFFFF") as p:
                    p.rect(x0, y, x1, y1, r=14)
                with s.element("picture"):
                    clip = picture_mask(s, x0, y, x1, pic_y1, r=14, square_bottom=True)
                    scene(s, x0, y, x1, pic_y1, clip)
                for k, line in enumerate(lines):
                    assert text_width(line, title_font) <= col_w - 20, line
                    with s.element("text", text=line):
                        s.text(x0 + 10, pic_y1 + 21 + 20 * k, line, title_font, "#1C1C1E")
            boxes[col].append(card["box"])
            y = y1 + gap
    assert_no_full_width_cut(boxes)
    home_indicator(s, "#000000")
    return s


def assert_no_full_width_cut(boxes):
    """No horizontal line may cross the grid between the columns' cards without cutting a card:
    every pixel row from the first card's top to the last card's bottom lies strictly inside
    some card, and every card edge lies strictly inside a card of the other column."""
    cards = boxes[0] + boxes[1]
    top, bottom = min(b[1] for b in cards), max(b[3] for b in cards)
    for y in range(top, bottom):
        assert any(b[1] <= y and y + 1 <= b[3] for b in cards), f"a cut exists at y={y}"
    for col in (0, 1):
        other = boxes[1 - col]
        for b in boxes[col]:
            for edge in (b[1], b[3]):
                if top < edge < bottom:
                    assert any(o[1] < edge < o[3] for o in other), f"card edge y={edge} is a cut"
    # and the columns themselves are separated by a vertical gap
    assert max(b[2] for b in boxes[0]) < min(b[0] for b in boxes[1])


# --------------------------------------------------------------------------------------------

TYPE_COLOURS = {
    "text": "#E6194B", "icon": "#3CB44B", "picture": "#4363D8", "container": "#F58231",
    "textField": "#911EB4", "segmentedControl": "#42D4F4", "slider": "#F032E6", "pageControl": "#BFEF45",
    "toggleSelected": "#469990", "toggleUnselected": "#9A6324", "checkboxSelected": "#800000",
    "checkboxUnselected": "#808000", "dialog": "#000075",
}


def overlay(img, dets, path):
    im = img.convert("RGB")
    d = ImageDraw.Draw(im)
    f = ImageFont.truetype(os.path.join(FONT_DIR, "Inter-Medium.otf"), 22)
    for i, det in enumerate(dets):
        x, y, w, h = det["box"]
        c = TYPE_COLOURS[det["type"]]
        d.rectangle([x, y, x + w - 1, y + h - 1], outline=c, width=2)
        tag = f"{i} {det['type']}" + (f" {det['iconLabel']}" if "iconLabel" in det else "")
        d.text((x + 2, max(0, y - 24)), tag, fill=c, font=f)
    im.save(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--overlay", metavar="DIR", help="also write box overlays into DIR")
    args = ap.parse_args()
    for make in (make_clock, make_settings, make_columns):
        s = make()
        png = s.save(args.out)
        counts = {}
        for det in s.detections:
            counts[det["type"]] = counts.get(det["type"], 0) + 1
        summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        print(f"{png}: {len(s.detections)} detections ({summary}), {os.path.getsize(png) // 1024} KiB")
        if args.overlay:
            os.makedirs(args.overlay, exist_ok=True)
            overlay(s.image(), s.detections, os.path.join(args.overlay, f"{s.name}.overlay.png"))


if __name__ == "__main__":
    main()
