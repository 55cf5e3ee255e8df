#!/usr/bin/env python3
"""Renders the PP-OCR test fixtures (Tests/ScreenRecognitionOCRTests/Fixtures/ppocr-*.png) and their
ground truth (ppocr-*.json: each line's text and [x, y, width, height] ink box in pixels).

Two crops of 3x phone screens (1170 px wide) drawn with Pillow in fonts other than Inter:
  ppocr-light.png  light mode, Roboto: large title, a pill button, a search field with a magnifier
                   ring, list rows with grey secondary text and disclosure chevrons.
  ppocr-dark.png   dark mode, DejaVu Sans: grey footnote, white text on blue/red/green buttons,
                   a tab bar of 10 pt labels under icons.
Needs Pillow and the Debian packages fonts-roboto-unhinted and fonts-dejavu-core.
Usage: scripts/make-ppocr-fixtures.py [OUTDIR]
"""
import json, os, sys
from PIL import Image, ImageDraw, ImageFont

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', 'Tests', 'ScreenRecognitionOCRTests', 'Fixtures')
ROBOTO = '/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-%s.ttf'
DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans%s.ttf'
W = 1170

def line(d, lines, xy, text, font, fill):
    d.text(xy, text, font=font, fill=fill)
    b = d.textbbox(xy, text, font=font)
    lines.append({'text': text, 'box': [b[0], b[1], b[2] - b[0], b[3] - b[1]]})

def centred(d, lines, box, text, font, fill):
    x0, y0, x1, y1 = box
    b = d.textbbox((0, 0), text, font=font)
    line(d, lines, ((x0 + x1 - (b[2] - b[0])) / 2 - b[0], (y0 + y1 - (b[3] - b[1])) / 2 - b[1]), text, font, fill)

def light():
    f = lambda style, pt: ImageFont.truetype(ROBOTO % style, pt * 3)
    img = Image.new('RGB', (W, 900), (242, 242, 247)); d = ImageDraw.Draw(img); lines = []
    line(d, lines, (48, 40), 'Settings', f('Bold', 34), (0, 0, 0))
    d.rounded_rectangle([760, 45, W - 48, 135], radius=45, fill=(0, 122, 255))
    centred(d, lines, (760, 45, W - 48, 135), 'Edit', f('Bold', 15), (255, 255, 255))
    d.rounded_rectangle([48, 190, W - 48, 300], radius=30, fill=(227, 227, 232))
    d.ellipse([80, 222, 125, 267], outline=(138, 138, 142), width=5)
    line(d, lines, (150, 218), 'Search', f('Regular', 17), (138, 138, 142))
    d.rounded_rectangle([48, 360, W - 48, 360 + 3 * 160], radius=30, fill=(255, 255, 255))
    rows = [('Wi-Fi', 'Home Network 5G'), ('Bluetooth', 'Connected'), ('Battery', '92% charged')]
    for i, (primary, secondary) in enumerate(rows):
        y = 360 + i * 160
        d.rounded_rectangle([80, y + 42, 155, y + 117], radius=18, fill=[(0, 122, 255), (88, 86, 214), (52, 199, 89)][i])
        line(d, lines, (190, y + 25), primary, f('Regular', 17), (0, 0, 0))
        line(d, lines, (190, y + 90), secondary, f('Regular', 13), (138, 138, 142))
        d.line([W - 110, y + 60, W - 90, y + 80, W - 110, y + 100], fill=(196, 196, 199), width=6)
        if i < 2: d.line([190, y + 159, W - 48, y + 159], fill=(198, 198, 200), width=2)
    return img, lines

def dark():
    f = lambda style, pt: ImageFont.truetype(DEJAVU % style, pt * 3)
    img = Image.new('RGB', (W, 800), (0, 0, 0)); d = ImageDraw.Draw(img); lines = []
    line(d, lines, (60, 30), 'Your plan renews on 12 March.', f('', 13), (142, 142, 147))
    for i, (label, colour) in enumerate([('Continue', (10, 132, 255)), ('Delete Account', (255, 69, 58)), ('Add to Cart', (48, 209, 88))]):
        y = 110 + i * 170
        d.rounded_rectangle([48, y, W - 48, y + 140], radius=40, fill=colour)
        centred(d, lines, (48, y, W - 48, y + 140), label, f('-Bold', 17), (255, 255, 255))
    d.rectangle([0, 640, W, 800], fill=(22, 22, 24))
    for k, label in enumerate(['Home', 'Search', 'Library', 'Profile']):
        cx = (k + 0.5) * W / 4
        colour = (10, 132, 255) if k == 0 else (142, 142, 147)
        d.rounded_rectangle([cx - 33, 660, cx + 33, 726], radius=14, outline=colour, width=6)
        font = f('', 10); b = d.textbbox((0, 0), label, font=font)
        line(d, lines, (cx - (b[2] - b[0]) / 2 - b[0], 745), label, font, colour)
    return img, lines

os.makedirs(OUT, exist_ok=True)
for name, make in [('ppocr-light', light), ('ppocr-dark', dark)]:
    img, lines = make()
    img.save(os.path.join(OUT, name + '.png'), optimize=True)
    with open(os.path.join(OUT, name + '.json'), 'w') as fh:
        json.dump(lines, fh, indent=1)
        fh.write('\n')
    print(name, img.size, len(lines), 'lines')
