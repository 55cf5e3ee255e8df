#!/usr/bin/env python3
"""Synthetic phone screens with text at exactly known WCAG 2.2 contrast ratios, for checking
`screenrec audit`'s pixel rules (textContrast, truncatedText, smallText).

Each screen is drawn with Pillow in Inter or DejaVu Sans (Debian fonts-inter, fonts-dejavu-core),
light or dark, with a large title, headlines, body rows on the page and on cards, captions, tinted
buttons with white or dark labels, and labels truncated by an ellipsis or clipped by their card.
Every text gets a target ratio — failing (1.5 to 0.9 x the ratio it needs) or passing (1.1 x to
15:1) — and a text colour (grey or tinted) solved for it; the truth is the ratio of the 8-bit colours
actually drawn, computed with WCAG 2.2's relative luminance.

    /usr/bin/python3 Benchmarks/contrast-checkset/generate.py OUT_DIR [--screens 40] [--seed 20261123]

writes OUT_DIR/screen-NN.png, OUT_DIR/screen-NN.detections.json (the exact text and card boxes, to
measure the rules apart from the detector) and OUT_DIR/truth.json.
"""
import argparse
import colorsys
import json
import os
import random

from PIL import Image, ImageDraw, ImageFont

FONTS = {
    "Inter": ("/usr/share/fonts/opentype/inter/Inter-Regular.otf", "/usr/share/fonts/opentype/inter/Inter-Bold.otf"),
    "DejaVu Sans": ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
}
# (width, height, scale, platform): iPhone 12-14 @3x, iPhone 8 @2x, a 1080x2400 Android phone at 411 dp.
DEVICES = [(1170, 2532, 3.0, "ios"), (750, 1334, 2.0, "ios"), (1080, 2400, 1080 / 411, "android")]
WORDS = ("Settings Account Privacy Notifications Messages Inbox Archive Payments Subscriptions Storage "
         "Battery Display Sounds General Family Photos Music Library Recent Favorites Downloads Travel "
         "Weather Calendar Reminders Contacts Wallet Health Fitness Orders Delivery Returns Profile Security "
         "Password Backup Devices Language Region Keyboard Accessibility Support Feedback Invite Friends "
         "Tomorrow Yesterday Today Monday Friday Lunch Meeting Invoice Receipt Summary Details Options").split()
BUTTON_FILLS = ["#007AFF", "#34C759", "#FF3B30", "#AF52DE", "#5856D6", "#FF9500", "#30B0C7", "#FF2D55", "#0A84FF", "#1E3A5F"]


def lin(v):
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lum(rgb):
    r, g, b = rgb
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def ratio(a, b):
    la, lb = lum(a), lum(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def hexrgb(h):
    return tuple(int(h[i:i + 2], 16) for i in (1, 3, 5))


def tohex(c):
    return "#%02X%02X%02X" % c


def color_for(bg, target, rng, tinted):
    """A colour with contrast as close as 8 bits allow to `target` against `bg` (darker or lighter)."""
    lb = lum(bg)
    dark = (lb + 0.05) / target - 0.05
    light = target * (lb + 0.05) - 0.05
    options = [x for x in (dark, light) if 0 <= x <= 1]
    if not options:
        return None
    want = rng.choice(options)
    hue, sat = rng.random(), (rng.uniform(0.35, 0.9) if tinted else 0.0)
    best = None
    for v in range(256):  # brightness sweep at fixed hue and saturation: luminance grows with v
        r, g, b = colorsys.hsv_to_rgb(hue, sat, v / 255)
        c = (round(r * 255), round(g * 255), round(b * 255))
        err = abs(ratio(c, bg) - target)
        if (lum(c) < lb) == (want < lb) and (best is None or err < best[0]):
            best = (err, c)
    return best[1] if best else None


def required(size_pt, bold):
    return 3.0 if size_pt >= 18 or (bold and size_pt >= 14) else 4.5


def target_ratio(rng, req, fail):
    return rng.uniform(1.5, 0.9 * req) if fail else rng.uniform(1.1 * req, 15.0)


def phrase(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


class Screen:
    def __init__(self, rng, index, font_name, device, mode):
        self.rng, self.font_name, self.mode = rng, font_name, mode
        self.w, self.h, self.scale, self.platform = device
        self.page = hexrgb(rng.choice(["#FFFFFF", "#F2F2F7"] if mode == "light" else ["#000000", "#1C1C1E"]))
        self.card = hexrgb("#FFFFFF" if mode == "light" else "#2C2C2E") if self.page in (hexrgb("#F2F2F7"), hexrgb("#000000")) else None
        self.img = Image.new("RGB", (self.w, self.h), self.page)
        self.draw = ImageDraw.Draw(self.img)
        self.texts, self.detections = [], []
        self.y = int(60 * self.scale)
        self.name = "screen-%02d" % index

    def font(self, size_pt, bold):
        return ImageFont.truetype(FONTS[self.font_name][1 if bold else 0], round(size_pt * self.scale))

    def text(self, x, y, s, size_pt, bold, bg, kind, fail=None, clip_right=None):
        rng = self.rng
        req = required(size_pt, bold)
        fail = rng.random() < 0.5 if fail is None else fail
        color = None
        while color is None:
            color = color_for(bg, target_ratio(rng, req, fail), rng, tinted=rng.random() < 0.4)
        truth = ratio(color, bg)
        fails = truth < req
        font = self.font(size_pt, bold)
        self.draw.text((x, y), s, font=font, fill=color)
        l, t, r, b = self.draw.textbbox((x, y), s, font=font)
        truncated = s.endswith("\u2026")
        if clip_right is not None and r > clip_right:
            r, truncated = clip_right, True
        pad = max(2, round(0.12 * size_pt * self.scale))
        box = [l - pad, t - pad, (r - l) + 2 * pad, (b - t) + 2 * pad]
        if clip_right is not None:
            box[2] = min(box[2], clip_right - box[0])
        self.texts.append({"text": s, "box": box, "fg": tohex(color), "bg": tohex(bg), "ratio": round(truth, 4),
                           "sizePt": size_pt, "bold": bold, "required": req, "fails": fails,
                           "truncated": truncated, "kind": kind})
        self.detections.append({"type": "text", "box": box, "text": s})
        return b

    def advance(self, pts):
        self.y += int(pts * self.scale)


def build(rng, index, font_name, device, mode):
    s = Screen(rng, index, font_name, device, mode)
    k = s.scale
    margin = int(16 * k)
    # Large title: 34 pt bold or 28 pt regular (both large text: 3:1).
    size, bold = rng.choice([(34, True), (28, False), (30, True)])
    bottom = s.text(margin, s.y, rng.choice(WORDS), size, bold, s.page, "title")
    s.y = bottom + int(14 * k)
    # A headline (20-22 pt regular, large) and body rows on the page.
    bottom = s.text(margin, s.y, phrase(rng, 2), rng.choice([20, 22]), False, s.page, "headline")
    s.y = bottom + int(12 * k)
    for _ in range(3):
        bottom = s.text(margin, s.y, phrase(rng, rng.randint(2, 3)), rng.choice([15, 16, 17]), False, s.page, "body")
        s.y = bottom + int(14 * k)
    # A card (when the page is grouped) with body rows, a bold 15-17 pt row (large), a caption, and a
    # label clipped by the card's right edge.
    card_bg = s.card or s.page
    top = s.y
    card = (margin, top, s.w - 2 * margin, int(220 * k))
    s.draw.rounded_rectangle([card[0], card[1], card[0] + card[2], card[1] + card[3]], radius=int(10 * k), fill=card_bg)
    s.detections.append({"type": "container", "box": list(card)})
    yy = top + int(14 * k)
    bottom = s.text(margin + int(16 * k), yy, phrase(rng, 2), rng.choice([15, 16, 17]), True, card_bg, "bold-body")
    yy = bottom + int(16 * k)
    bottom = s.text(margin + int(16 * k), yy, phrase(rng, 3), rng.choice([15, 17]), False, card_bg, "body")
    yy = bottom + int(16 * k)
    bottom = s.text(margin + int(16 * k), yy, phrase(rng, 3), rng.choice([12, 13]), False, card_bg, "caption")
    yy = bottom + int(16 * k)
    clip = card[0] + card[2]
    if rng.random() < 0.5:
        # Runs past the card's edge: the card is redrawn over by the page to its right (clipped).
        # Shifted so that the card's edge cuts through a glyph, not a gap between words (a cut
        # in a gap leaves whole words: nothing in the pixels says the text goes on).
        text, f = phrase(rng, 3), s.font(17, False)
        mask = Image.new("L", (s.w * 2, int(40 * k)), 0)
        ImageDraw.Draw(mask).text((0, 0), text, font=f, fill=255)
        x = clip - int(150 * k)
        while any(mask.getpixel((clip - 1 - x, yy_)) > 128 for yy_ in range(mask.height)) is False and x > margin:
            x -= 1
        s.text(x, yy, text, 17, False, card_bg, "clipped", clip_right=clip - 1)
        s.draw.rectangle([clip, card[1], s.w, card[1] + card[3]], fill=s.page)
    else:
        s.text(margin + int(16 * k), yy, phrase(rng, 2) + "\u2026", 17, False, card_bg, "ellipsis")
    s.y = top + card[3] + int(20 * k)
    # Tinted buttons: 17 pt bold labels (large) or 15 pt regular labels (normal).
    for _ in range(2):
        fill = hexrgb(rng.choice(BUTTON_FILLS))
        bh = int(50 * k)
        b = (margin, s.y, s.w - 2 * margin, bh)
        s.draw.rounded_rectangle([b[0], b[1], b[0] + b[2], b[1] + b[3]], radius=int(12 * k), fill=fill)
        s.detections.append({"type": "container", "box": list(b)})
        size, bold = rng.choice([(17, True), (15, False)])
        label = rng.choice(["Continue", "Sign In", "Add to Cart", "Subscribe", "Send Message", "Get Started", "Pay Now"])
        f = s.font(size, bold)
        l, t, r, bt = s.draw.textbbox((0, 0), label, font=f)
        s.text(b[0] + (b[2] - (r - l)) // 2 - l, b[1] + (bh - (bt - t)) // 2 - t, label, size, bold, fill, "button")
        s.y += bh + int(14 * k)
    # Small print: a 10 pt footnote (below the 11 pt / 12 sp minimum) and a 13 pt one.
    bottom = s.text(margin, s.y, phrase(rng, 4), 10, False, s.page, "footnote")
    s.y = bottom + int(8 * k)
    s.text(margin, s.y, phrase(rng, 3), 13, False, s.page, "caption")
    return s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--screens", type=int, default=40)
    ap.add_argument("--seed", type=int, default=20261123)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(a.out, exist_ok=True)
    screens = []
    for i in range(1, a.screens + 1):
        font = list(FONTS)[i % 2]
        device = DEVICES[i % len(DEVICES)]
        mode = "light" if i % 4 < 2 else "dark"
        s = build(rng, i, font, device, mode)
        s.img.save(os.path.join(a.out, s.name + ".png"))
        with open(os.path.join(a.out, s.name + ".detections.json"), "w") as f:
            json.dump({"detections": s.detections}, f, indent=1)
        screens.append({"image": s.name + ".png", "font": font, "mode": mode, "size": [s.w, s.h],
                        "scale": round(s.scale, 4), "platform": s.platform, "texts": s.texts})
    with open(os.path.join(a.out, "truth.json"), "w") as f:
        json.dump({"seed": a.seed, "screens": screens}, f, indent=1)
    n = sum(len(s["texts"]) for s in screens)
    fails = sum(t["fails"] for s in screens for t in s["texts"])
    print(f"{len(screens)} screens, {n} texts ({fails} failing, {n - fails} passing) in {a.out}")


if __name__ == "__main__":
    main()
