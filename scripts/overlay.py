#!/usr/bin/env python3
"""Draws an `screenrec analyze` result over its screenshot (for the README).

usage: overlay.py IMAGE ANALYSIS.json OUT.png [--scale 0.5]

Boxes are coloured by element kind and numbered with the navigation order (paper Fig. 9).
Needs Pillow (Debian python3-pil). `screenrec annotate` does this natively.
"""
import argparse
import json

from PIL import Image, ImageDraw, ImageFont

COLOURS = {
    "text": "#1E88E5", "button": "#E53935", "icon": "#8E24AA", "picture": "#43A047",
    "toggle": "#FB8C00", "checkbox": "#FB8C00", "radioButton": "#FB8C00", "tabButton": "#D81B60", "segment": "#00897B",
    "slider": "#6D4C41", "pageControl": "#6D4C41", "textField": "#3949AB", "dialog": "#000000",
    "group": "#F4511E", "container": "#757575",
}


def font(size):
    for path in ("/usr/share/fonts/opentype/inter/Inter-SemiBold.otf",
                 "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"):
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            continue
    return ImageFont.load_default()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("image")
    ap.add_argument("analysis")
    ap.add_argument("out")
    ap.add_argument("--scale", type=float, default=0.5)
    a = ap.parse_args()
    img = Image.open(a.image).convert("RGB")
    analysis = json.load(open(a.analysis))
    s = a.scale
    img = img.resize((round(img.width * s), round(img.height * s)), Image.LANCZOS)
    legend_w = 300
    canvas = Image.new("RGB", (img.width + legend_w, img.height), "white")
    canvas.paste(img, (0, 0))
    d = ImageDraw.Draw(canvas)
    f = font(max(14, round(34 * s)))
    kinds = []
    for e in analysis["elements"]:
        x, y, w, h = [v * s for v in e["frame"]]
        c = COLOURS.get(e["kind"], "#000000")
        if e["kind"] not in kinds:
            kinds.append(e["kind"])
        d.rectangle([x, y, x + w, y + h], outline=c, width=max(2, round(5 * s)))
        label = str(e["order"])
        tw, th = d.textbbox((0, 0), label, font=f)[2:]
        d.rectangle([x, y, x + tw + 10, y + th + 8], fill=c)
        d.text((x + 5, y + 2), label, fill="white", font=f)
    lf = font(22)
    d.text((img.width + 20, 20), "kind", fill="black", font=lf)
    for i, k in enumerate(kinds):
        y = 60 + i * 36
        d.rectangle([img.width + 20, y, img.width + 44, y + 24], fill=COLOURS.get(k, "#000000"))
        d.text((img.width + 56, y), k, fill="black", font=lf)
    canvas.save(a.out, optimize=True)


if __name__ == "__main__":
    main()
