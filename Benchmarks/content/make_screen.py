#!/usr/bin/env python3
"""Draws `icons-30.png`: a 1170x2532 (iPhone 3x) list screen with 33 icons and one photo, for
`screenrec bench` of the whole pipeline with content recognition (a "screenshot with 30
icons"). Icons: Font Awesome 4.7 glyphs from Debian's fonts-font-awesome (SIL OFL 1.1); text: Inter
(fonts-inter, OFL 1.1) or DejaVu Sans; photo: scikit-image's coffee.png (CC0) when given.

    python3 Benchmarks/content/make_screen.py [--photo training/data/assets/photos/coffee.png]
Writes icons-30.png and icons-30.detections.json (the drawn boxes) next to this script.
"""
import argparse
import json
import os

from PIL import Image, ImageDraw, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
FA = "/usr/share/fonts/truetype/font-awesome/fontawesome-webfont.ttf"
TEXT_FONTS = ["/usr/share/fonts/opentype/inter/Inter-Regular.otf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
GLYPHS = {  # Font Awesome 4.7 code points
    "back": 0xF053, "search": 0xF002, "add": 0xF067, "more": 0xF141, "star": 0xF005, "heart": 0xF004,
    "trash": 0xF1F8, "edit": 0xF040, "camera": 0xF030, "mail": 0xF0E0, "phone": 0xF095, "chat": 0xF075,
    "bell": 0xF0F3, "cart": 0xF07A, "settings": 0xF013, "home": 0xF015, "person": 0xF007, "share": 0xF1E0,
    "info": 0xF05A, "location": 0xF041, "calendar": 0xF073, "clock": 0xF017, "lock": 0xF023, "link": 0xF0C1,
    "microphone": 0xF130, "send": 0xF1D8, "download": 0xF019, "refresh": 0xF021, "filter": 0xF0B0,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--photo")
    a = ap.parse_args()
    W, H, S = 1170, 2532, 3
    img = Image.new("RGB", (W, H), (255, 255, 255))
    d = ImageDraw.Draw(img)
    text_font = next(f for f in TEXT_FONTS if os.path.exists(f))
    body = ImageFont.truetype(text_font, 17 * S)
    small = ImageFont.truetype(text_font, 10 * S)
    title = ImageFont.truetype(text_font, 34 * S)
    dets = []
    tint, grey = (0, 122, 255), (142, 142, 147)

    def icon(name, x, y, size, colour=tint):
        f = ImageFont.truetype(FA, size)
        ch = chr(GLYPHS[name])
        l, t, r, b = d.textbbox((x, y), ch, font=f)
        d.text((x, y), ch, font=f, fill=colour)
        dets.append({"type": "icon", "box": [l, t, r - l, b - t], "confidence": 1, "iconLabel": name})

    def text(s, x, y, font, colour=(0, 0, 0)):
        l, t, r, b = d.textbbox((x, y), s, font=font)
        d.text((x, y), s, font=font, fill=colour)
        dets.append({"type": "text", "box": [l, t, r - l, b - t], "confidence": 1, "text": s})

    # Navigation bar: back, then search, add and more at the right (4 icons).
    icon("back", 16 * S, 58 * S, 22 * S)
    for i, n in enumerate(["search", "add", "more"]):
        icon(n, (290 + 34 * i) * S, 58 * S, 22 * S)
    text("Inbox", 16 * S, 96 * S, title)
    # Eight cells: leading icon, title, trailing action icon (16 icons).
    rows = [("mail", "Messages", "star"), ("calendar", "Calendar", "heart"), ("clock", "Reminders", "bell"),
            ("location", "Places", "share"), ("person", "Contacts", "phone"), ("lock", "Privacy", "info"),
            ("link", "Shared links", "trash"), ("camera", "Photos", "edit")]
    y = 150 * S
    for lead, label, trail in rows:
        icon(lead, 20 * S, y + 12 * S, 22 * S, grey)
        text(label, 60 * S, y + 12 * S, body)
        icon(trail, 350 * S, y + 12 * S, 20 * S)
        d.line([(60 * S, y + 48 * S), (W, y + 48 * S)], fill=(220, 220, 224), width=2)
        y += 50 * S
    # A photo with a caption.
    if a.photo:
        photo = Image.open(a.photo).convert("RGB").resize((358 * S, 150 * S))
        img.paste(photo, (16 * S, y + 10 * S))
        dets.append({"type": "picture", "box": [16 * S, y + 10 * S, 358 * S, 150 * S], "confidence": 1})
    y += 170 * S
    # A toolbar of 8 icons.
    for i, n in enumerate(["microphone", "send", "download", "refresh", "filter", "chat", "cart", "settings"]):
        icon(n, (22 + 44 * i) * S, y, 22 * S)
    # Tab bar: 5 icons with labels.
    d.rectangle([0, 760 * S, W, H], fill=(248, 248, 248))
    for i, (n, label) in enumerate([("home", "Home"), ("search", "Search"), ("bell", "Alerts"), ("person", "Profile"), ("settings", "Settings")]):
        cx = (39 + 78 * i) * S
        icon(n, cx - 12 * S, 770 * S, 24 * S, tint if i == 0 else grey)
        text(label, cx - 18 * S, 800 * S, small, tint if i == 0 else grey)
    img.save(os.path.join(HERE, "icons-30.png"))
    with open(os.path.join(HERE, "icons-30.detections.json"), "w") as f:
        json.dump({"detections": dets}, f, indent=1)
    print(f"{sum(1 for x in dets if x['type'] == 'icon')} icons, {len(dets)} boxes")


if __name__ == "__main__":
    main()
