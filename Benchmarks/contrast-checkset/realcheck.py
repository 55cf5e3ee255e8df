#!/usr/bin/env python3
"""Hand-check aid for the pixel rules on real screenshots ("a few hand-checked real
screenshots"): audits each screenshot from its pixels alone (detector + OCR), and measures every
text the audit measured a second, independent way, so a person can compare the two and look at
the pictures. Nothing it writes belongs in the repository (the screenshots are not ours).

    /usr/bin/python3 Benchmarks/contrast-checkset/realcheck.py OUT_DIR IMAGE... [--scale 0.96] [--screenrec .build/release/screenrec]

For each IMAGE it writes OUT_DIR/NAME.json (the audit), OUT_DIR/NAME.overlay.png (the findings
drawn and numbered) and OUT_DIR/NAME.textNN.png (each measured text enlarged 4x, captioned with
both ratios), and prints one line per text: screenrec's ratio, the independent one, the required
ratio, and the independent ink and background colours.

The independent measurement: the background is the most common colour (5 bits per channel) of a
3-pixel ring around the text box, refined to the median of the ring pixels in that bin; the ink is
the per-channel median of the 10 % of box pixels farthest from it; the ratio is WCAG 2.2's
relative-luminance contrast. ui-real's screenshots are downscaled to 360 px wide, about 0.96 px per
iPhone point (a 375-pt-wide screen), hence the default --scale.
"""
import argparse
import json
import os
import subprocess
from collections import Counter

from PIL import Image, ImageDraw


def linear(c):
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(p):
    return 0.2126 * linear(p[0]) + 0.7152 * linear(p[1]) + 0.0722 * linear(p[2])


def contrast(a, b):
    hi, lo = sorted([luminance(a), luminance(b)], reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def median_colour(pixels):
    return tuple(sorted(p[i] for p in pixels)[len(pixels) // 2] for i in range(3))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("images", nargs="+")
    ap.add_argument("--scale", default="0.96")
    ap.add_argument("--screenrec", default=".build/release/screenrec")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    agree = total = 0
    for path in a.images:
        name = os.path.basename(path).split("_jpg")[0].rsplit(".", 1)[0]
        report = os.path.join(a.out, name + ".json")
        subprocess.run([a.screenrec, "audit", path, "--scale", a.scale, "--format", "json", "-o", report,
                        "--overlay", os.path.join(a.out, name + ".overlay.png")], check=True)
        rep = json.load(open(report))
        img = Image.open(path).convert("RGB")
        px, (W, H) = img.load(), img.size
        rules = Counter(f["rule"] for f in rep["findings"])
        print(f"== {name}: {len(rep['findings'])} findings {dict(rules)}")
        for k, t in enumerate(rep.get("texts", [])):
            x, y, w, h = t["frame"]
            x0, y0, x1, y1 = int(x), int(y), int(x + w + 0.999), int(y + h + 0.999)
            ring = [px[i, j] for i in range(max(0, x0 - 3), min(W, x1 + 3)) for j in range(max(0, y0 - 3), min(H, y1 + 3))
                    if not (x0 <= i < x1 and y0 <= j < y1)]
            inside = [px[i, j] for i in range(max(0, x0), min(W, x1)) for j in range(max(0, y0), min(H, y1))]
            if not ring or not inside:
                continue
            top = Counter((p[0] >> 3, p[1] >> 3, p[2] >> 3) for p in ring).most_common(1)[0][0]
            bg = median_colour([p for p in ring if (p[0] >> 3, p[1] >> 3, p[2] >> 3) == top])
            inside.sort(key=lambda p: -sum((p[i] - bg[i]) ** 2 for i in range(3)))
            ink = median_colour(inside[: max(1, len(inside) // 10)])
            r = contrast(ink, bg)
            total += 1
            agree += abs(r - t["ratio"]) <= 0.1 * r
            verdict = "FAIL" if t["ratio"] < t["required"] else "pass"
            print(f"  {k:2d} {verdict} screenrec {t['ratio']:5.2f} check {r:5.2f} need {t['required']}  "
                  f"ink #{ink[0]:02X}{ink[1]:02X}{ink[2]:02X} bg #{bg[0]:02X}{bg[1]:02X}{bg[2]:02X}  {t['points']} pt  {t.get('text')!r}")
            crop = img.crop((max(0, x0 - 6), max(0, y0 - 6), min(W, x1 + 6), min(H, y1 + 6)))
            crop = crop.resize((crop.width * 4, crop.height * 4), Image.NEAREST)
            canvas = Image.new("RGB", (max(crop.width, 420), crop.height + 16), "white")
            canvas.paste(crop, (0, 16))
            ImageDraw.Draw(canvas).text((2, 2), f"{k}: screenrec {t['ratio']} / check {r:.2f} (need {t['required']})", fill="black")
            canvas.save(os.path.join(a.out, f"{name}.text{k:02d}.png"))
    print(f"screenrec's ratio within 10 % of the independent one: {agree}/{total}")


if __name__ == "__main__":
    main()
