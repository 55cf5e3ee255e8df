#!/usr/bin/python3
"""Render the audit fixtures: synthetic screenshots (headless Chromium) and their detections files.

    /usr/bin/python3 Tests/ScreenRecognitionAuditTests/Fixtures/make_fixtures.py

Each screen is laid out here in points (iOS) or dp (Android) as absolutely positioned boxes; the
page is rendered by `chromium --headless --screenshot` at device scale factor 2, and the same boxes
times 2 become the detections file (what a perfect detector, OCR and icon recogniser would return).
The hierarchy files beside them (`*.xcuitest.txt`, `*.uiautomator.xml`) are written by hand and
deliberately wrong in the ways an audit must catch: a hidden icon button, an unlabelled tab, a
split cell, a 17/07/2020 date, a wrong label, a missing switch trait, a modal that does not block.
Needs chromium and Pillow (Debian: chromium, python3-pil).
"""
import json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SCALE = 2
BLUE, GREY, GREEN = "#007aff", "#8e8e93", "#34c759"


def box(x, y, w, h):
    return f"left:{x}px;top:{y}px;width:{w}px;height:{h}px;"


class Screen:
    def __init__(self, name, w, h):
        self.name, self.w, self.h, self.html, self.dets = name, w, h, [], []

    def det(self, cls, x, y, w, h, text=None, icon=None, conf=0.95):
        d = {"type": cls, "box": [x * SCALE, y * SCALE, w * SCALE, h * SCALE], "confidence": conf}
        if text is not None: d["text"] = text
        if icon is not None: d["iconLabel"] = icon
        self.dets.append(d)

    def raw(self, css, inner=""):
        self.html.append(f'<div style="position:absolute;{css}">{inner}</div>')

    def text(self, x, y, w, h, s, size=17, weight=400, color="#000", align="left", detect=True):
        self.raw(box(x, y, w, h) + f"font-size:{size}px;font-weight:{weight};color:{color};text-align:{align};line-height:{h}px;white-space:nowrap;", s)
        if detect: self.det("text", x, y, w, h, s)

    def icon(self, x, y, s, meaning, color=BLUE, shape="circle", detect=True):
        # A simple glyph: a ring, a square or a chevron, in `color`.
        if shape == "chevron":
            self.raw(box(x + s * 0.35, y + s * 0.2, s * 0.45, s * 0.45) + f"border-left:3px solid {color};border-bottom:3px solid {color};transform:rotate(45deg);")
        elif shape == "square":
            self.raw(box(x + 3, y + 3, s - 6, s - 6) + f"border:3px solid {color};border-radius:4px;box-sizing:border-box;")
            self.raw(box(x + s * 0.45, y + 1, 4, s * 0.7) + f"background:{color};transform:rotate(40deg);")
        else:
            self.raw(box(x + 2, y + 2, s - 4, s - 4) + f"border:3px solid {color};border-radius:50%;box-sizing:border-box;")
            self.raw(box(x + s * 0.4, y + s * 0.4, s * 0.2, s * 0.2) + f"background:{color};border-radius:50%;")
        if detect: self.det("icon", x, y, s, s, icon=meaning)

    def render(self):
        page = ("<html><head><style>body{margin:0;width:%dpx;height:%dpx;position:relative;overflow:hidden;"
                "font-family:'DejaVu Sans',sans-serif;background:#fff}</style></head><body>%s</body></html>"
                % (self.w, self.h, "\n".join(self.html)))
        with tempfile.TemporaryDirectory() as tmp:
            p = os.path.join(tmp, "page.html")
            open(p, "w").write(page)
            out = os.path.join(HERE, self.name + ".png")
            subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            f"--screenshot={out}", f"--window-size={self.w},{self.h}",
                            f"--force-device-scale-factor={SCALE}", "file://" + p],
                           check=True, capture_output=True)
            # Keep the committed PNG small: 8-bit RGB, zlib level 9 (Pillow).
            from PIL import Image
            Image.open(out).convert("RGB").save(out, optimize=True)
        with open(os.path.join(HERE, self.name + ".detections.json"), "w") as f:
            json.dump({"detections": self.dets}, f, indent=1)
            f.write("\n")


def tab_bar(s, top, tabs, selected=0):
    s.raw(box(0, top, s.w, s.h - top) + "background:#f7f7f7;border-top:1px solid #ccc;")
    n = len(tabs)
    width = s.w / n
    for i, (label, meaning) in enumerate(tabs):
        c = BLUE if i == selected else GREY
        cx = int(i * width + width / 2)
        s.icon(cx - 14, top + 6, 28, meaning, color=c)
        s.text(cx - 40, top + 36, 80, 14, label, size=11, color=c, align="center")


def ios_nav(s):
    s.icon(12, 54, 30, "back", shape="chevron")
    s.text(160, 56, 70, 26, "Inbox", weight=700)
    s.icon(346, 54, 30, "edit", shape="square")


IOS_TABS = [("Inbox", "mail"), ("Contacts", "person"), ("Search", "search"), ("Settings", "settings")]


def ios_inbox():
    s = Screen("ios-inbox", 390, 844)
    ios_nav(s)
    # A message cell: three texts inside one row (the tree splits it).
    s.raw(box(0, 100, 390, 80) + "border-bottom:1px solid #ddd;")
    s.det("container", 0, 100, 390, 80, conf=0.8)
    s.text(20, 112, 150, 22, "Anna Smith", weight=700)
    s.text(270, 112, 100, 20, "17/07/2020", size=15, color=GREY, align="right")
    s.text(20, 142, 250, 22, "Lunch on Friday?", size=15, color="#333")
    # A second cell, grouped by the app, whose label runs two sentences together.
    s.raw(box(0, 180, 390, 80) + "border-bottom:1px solid #ddd;")
    s.det("container", 0, 180, 390, 80, conf=0.8)
    s.text(20, 192, 150, 22, "Ben Carter", weight=700)
    s.text(20, 222, 250, 22, "New setlist 1.6 tracks", size=15, color="#333")
    # A switch row.
    s.text(20, 292, 200, 26, "Notifications")
    s.raw(box(322, 290, 51, 31) + f"background:{GREEN};border-radius:16px;")
    s.raw(box(344, 292, 27, 27) + "background:#fff;border-radius:50%;")
    s.det("toggleSelected", 322, 290, 51, 31)
    # A button whose exposed label disagrees with its text.
    s.raw(box(20, 360, 350, 50) + f"background:{BLUE};border-radius:12px;")
    s.det("container", 20, 360, 350, 50, conf=0.7)
    s.text(165, 372, 60, 26, "Send", color="#fff", align="center", weight=600)
    # A link the tree exposes first, although it is below everything else.
    s.text(20, 440, 170, 24, "Mark all as read", size=16, color=BLUE)
    tab_bar(s, 761, IOS_TABS)
    s.render()


def ios_alert():
    s = Screen("ios-alert", 390, 844)
    ios_nav(s)
    s.text(20, 112, 150, 22, "Anna Smith", weight=700)
    s.text(20, 142, 250, 22, "Lunch on Friday?", size=15, color="#333")
    tab_bar(s, 761, IOS_TABS)
    s.raw(box(0, 0, 390, 844) + "background:rgba(0,0,0,0.4);")
    s.raw(box(60, 330, 270, 150) + "background:#f2f2f2;border-radius:14px;")
    s.det("dialog", 60, 330, 270, 150, conf=0.9)
    s.text(95, 350, 200, 24, "Delete message?", weight=700, align="center")
    s.raw(box(60, 430, 270, 1) + "background:#bbb;")
    s.raw(box(195, 430, 1, 50) + "background:#bbb;")
    s.text(95, 442, 70, 26, "Cancel", color=BLUE, align="center")
    s.text(225, 442, 70, 26, "Delete", color="#ff3b30", align="center", weight=600)
    s.render()


def android_inbox():
    s = Screen("android-inbox", 412, 892)
    s.raw(box(0, 0, 412, 64) + "background:#6200ee;")
    s.text(72, 18, 120, 28, "Messages", size=20, weight=500, color="#fff")
    s.icon(360, 18, 28, "share", color="#fff")
    s.det("container", 0, 72, 412, 68, conf=0.8)
    s.text(16, 80, 170, 24, "Anna Smith", weight=700)
    s.text(296, 80, 100, 22, "17/07/2020", size=14, color="#666", align="right")
    s.text(16, 110, 250, 22, "Lunch on Friday?", size=15, color="#333")
    s.raw(box(0, 140, 412, 1) + "background:#ddd;")
    s.text(16, 160, 250, 26, "Wi-Fi only")
    s.raw(box(346, 164, 36, 14) + "background:#b39ddb;border-radius:7px;")
    s.raw(box(360, 161, 20, 20) + "background:#6200ee;border-radius:50%;")
    s.det("toggleSelected", 346, 161, 36, 20)
    s.raw(box(0, 820, 412, 72) + "background:#f3f3f3;")
    for i, (label, meaning) in enumerate([("Inbox", "mail"), ("People", "person"), ("Search", "search")]):
        c = "#6200ee" if i == 0 else "#555"
        cx = int(412 / 3 * i + 412 / 6)
        s.icon(cx - 12, 830, 24, meaning, color=c)
        s.text(cx - 40, 858, 80, 16, label, size=12, color=c, align="center")
    s.render()


if __name__ == "__main__":
    for f in (ios_inbox, ios_alert, android_inbox):
        f()
    print("wrote", ", ".join(n for n in sorted(os.listdir(HERE)) if n.endswith((".png", ".json"))))
