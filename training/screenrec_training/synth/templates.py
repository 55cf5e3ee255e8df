"""Random iOS-style (and some Android-style) screens as HTML/CSS, with labels in the DOM.

Every labelled element carries `data-c="<class>"` with one of the 13 contract classes; the
generator reads their boxes with getBoundingClientRect after rendering. Labelling rules (kept
consistent so the detector sees one convention):
- text: each run of text in its own inline span (a paragraph is one box, like ui-real).
  Text inside text fields is not labelled (the field is); text inside segmented controls is
  not labelled (each segment is one segmentedControl box, paper §5.1: "every Text on the same
  row of SCs is contained by a SC").
- icon: glyphs (Font Awesome 6 / Tabler SVGs, chevrons, the coloured settings squares).
- picture: photos, avatars, procedural images.
- container: cards and inset-grouped table sections (rounded, filled groups of elements).
- dialog: alerts and action sheets (the sheet's whole box).
- checkbox*/toggle*: the control only (not its label); radio buttons count as checkboxes
  (ui-real README: CheckedTextView "also radio buttons").
- slider: the track with its thumb; pageControl: the row of dots; textField: the field's frame.
Status bar contents and badges are drawn but not labelled (ui-real ignores its status bar).
"""
from __future__ import annotations

import html
import random

from . import assets

# iOS system colours (Apple Human Interface Guidelines, light variants) used as tints.
TINTS = ["#007AFF", "#34C759", "#FF9500", "#FF2D55", "#5856D6", "#AF52DE", "#FF3B30",
         "#5AC8FA", "#00C7BE", "#30B0C7", "#A2845E", "#6200EE", "#1DA1F2", "#E91E63"]

# (width, height, device scale) in CSS px: iPhone 14/13 (390x844@3), iPhone SE (375x667@2),
# iPhone 14 Plus / Pro Max (428x926@3), iPhone X/11 Pro (375x812@3), iPhone 14 Pro (393x852@3),
# a common Android size (360x800@3) and ui-real's Android screens (360x640).
DEVICES = [(390, 844, 3), (390, 844, 3), (375, 667, 2), (428, 926, 3), (375, 812, 3),
           (393, 852, 3), (360, 800, 3), (360, 640, 3)]


def esc(s: str) -> str:
    return html.escape(s, quote=True)


class Palette:
    def __init__(self, rng: random.Random, dark: bool):
        self.dark = dark
        self.tint = rng.choice(TINTS) if rng.random() < 0.85 else \
            f"hsl({rng.randint(0, 359)},{rng.randint(50, 90)}%,{rng.randint(40, 55)}%)"
        if dark:
            self.bg = rng.choice(["#000000", "#000000", "#1C1C1E", "#121212"])
            self.cell = rng.choice(["#1C1C1E", "#2C2C2E", "#1E1E1E"])
            self.label = rng.choice(["#FFFFFF", "#F2F2F7", "#E5E5EA"])
            self.secondary = "rgba(235,235,245,0.6)"
            self.separator = "rgba(84,84,88,0.65)"
            self.fill = rng.choice(["#39393D", "#3A3A3C", "#48484A"])
            self.field = rng.choice(["#1C1C1E", "#2C2C2E", "rgba(118,118,128,0.24)"])
            self.bar = rng.choice(["rgba(30,30,30,0.94)", "#1C1C1E", "#000000", "#121212"])
        else:
            self.bg = rng.choice(["#F2F2F7", "#FFFFFF", "#FFFFFF", "#FAFAFA", "#F5F5F5"])
            self.cell = "#FFFFFF" if self.bg != "#FFFFFF" else rng.choice(["#FFFFFF", "#F2F2F7"])
            self.label = rng.choice(["#000000", "#1C1C1E", "#212121", "#111827"])
            self.secondary = rng.choice(["rgba(60,60,67,0.6)", "#8E8E93", "#6B7280"])
            self.separator = "rgba(60,60,67,0.29)"
            self.fill = rng.choice(["#E9E9EA", "#E5E5EA", "#D1D1D6"])
            self.field = rng.choice(["rgba(118,118,128,0.12)", "#FFFFFF", "#F2F2F7"])
            self.bar = rng.choice(["rgba(249,249,249,0.94)", "#FFFFFF", "#F7F7F7"])
        self.colored_bar = rng.random() < 0.2  # Android-style tinted app bar
        self.on_tint = "#FFFFFF"


class Screen:
    """Builds one random screen. `html()` returns the document."""

    def __init__(self, rng: random.Random, icons: list, photos: list, width: int, height: int,
                 dark: bool | None = None):
        self.rng = rng
        self.icons = icons
        self.photos = photos
        self.w = width
        self.h = height
        self.p = Palette(rng, rng.random() < 0.35 if dark is None else dark)
        self.font = rng.choice(assets.FONTS)
        self.fscale = rng.choice([0.9, 1.0, 1.0, 1.0, 1.1, 1.2])
        self.pad = rng.choice([16, 16, 20, 12])

    # ---------- primitives ----------
    def fs(self, size: float) -> int:
        return max(9, round(size * self.fscale))

    def text(self, s: str, size: float = 17, weight: int = 400, color: str | None = None,
             style: str = "", label: bool = True) -> str:
        c = color or self.p.label
        lab = ' data-c="text"' if label else ""
        return (f'<span{lab} style="font-size:{self.fs(size)}px;font-weight:{weight};'
                f'color:{c};width:fit-content;max-width:100%;{style}">{esc(s)}</span>')

    def icon(self, size: float = 22, color: str | None = None, label: bool = True,
             style: str = "") -> str:
        rng = self.rng
        c = color or (self.p.tint if rng.random() < 0.5 else self.p.label)
        lab = ' data-c="icon"' if label else ""
        if not self.icons:
            return (f'<span{lab} style="display:inline-block;width:{size}px;height:{size}px;'
                    f'border-radius:{size / 4}px;border:2px solid {c};{style}"></span>')
        ic = rng.choice(self.icons)
        h = size
        w = size * ic.aspect if not ic.stroke else size
        paint = (f'fill="none" stroke="currentColor" stroke-width="{rng.choice([1.5, 2, 2])}" '
                 'stroke-linecap="round" stroke-linejoin="round"') if ic.stroke else 'fill="currentColor"'
        return (f'<svg{lab} viewBox="{ic.view_box}" width="{w:.1f}" height="{h:.1f}" {paint} '
                f'style="color:{c};flex:none;{style}">{ic.body}</svg>')

    def chevron(self, direction: str = "right", size: float = 14, color: str | None = None,
                label: bool = True) -> str:
        c = color or "#C4C4C7" if not self.p.dark else "#5A5A5E"
        c = color or c
        lab = ' data-c="icon"' if label else ""
        d = {"right": "M2 2l6 7-6 7", "left": "M8 2L2 9l6 7", "down": "M2 2l7 6 7-6"}[direction]
        vb = "0 0 10 18" if direction != "down" else "0 0 18 10"
        w, h = (size * 10 / 18, size) if direction != "down" else (size, size * 10 / 18)
        return (f'<svg{lab} viewBox="{vb}" width="{w:.1f}" height="{h:.1f}" fill="none" '
                f'stroke="{c}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" '
                f'style="flex:none">'
                f'<path d="{d}"/></svg>')

    def picture(self, w: float | str, h: float, radius: float = 0, label: bool = True,
                style: str = "") -> str:
        rng = self.rng
        lab = ' data-c="picture"' if label else ""
        ws = f"{w}px" if not isinstance(w, str) else w
        if self.photos and rng.random() < 0.7:
            ph = rng.choice(self.photos)
            filt = ""
            if rng.random() < 0.5:
                filt = (f"filter:hue-rotate({rng.randint(0, 359)}deg) "
                        f"saturate({rng.uniform(0.6, 1.5):.2f}) brightness({rng.uniform(0.8, 1.15):.2f});")
            bg = (f"background-image:url('file://{ph}');background-size:{rng.randint(100, 260)}%;"
                  f"background-position:{rng.randint(0, 100)}% {rng.randint(0, 100)}%;{filt}")
        else:
            a = rng.randint(0, 359)
            h1, h2 = rng.randint(0, 359), rng.randint(0, 359)
            bg = (f"background:radial-gradient(circle at {rng.randint(0, 100)}% {rng.randint(0, 100)}%, "
                  f"hsl({h1},70%,70%) 0, transparent {rng.randint(30, 70)}%),"
                  f"linear-gradient({a}deg, hsl({h1},60%,{rng.randint(25, 60)}%), "
                  f"hsl({h2},60%,{rng.randint(40, 80)}%));")
        return (f'<div{lab} style="width:{ws};height:{h}px;border-radius:{radius}px;flex:none;'
                f'{bg}{style}"></div>')

    def toggle(self, on: bool, android: bool = False) -> str:
        p = self.p
        cls = "toggleSelected" if on else "toggleUnselected"
        if android:
            track = (self.p.tint if on else p.fill)
            knob = "#FFFFFF" if not on else self.p.tint
            return (f'<div data-c="{cls}" style="position:relative;width:36px;height:22px;flex:none">'
                    f'<div style="position:absolute;left:2px;right:2px;top:4px;height:14px;border-radius:7px;'
                    f'background:{track};opacity:{0.5 if on else 1}"></div>'
                    f'<div style="position:absolute;top:0;{"right" if on else "left"}:0;width:22px;height:22px;'
                    f'border-radius:11px;background:{knob};box-shadow:0 1px 3px rgba(0,0,0,.4)"></div></div>')
        green = self.rng.choice(["#34C759", "#34C759", "#30D158", self.p.tint])
        track = green if on else p.fill
        return (f'<div data-c="{cls}" style="position:relative;width:51px;height:31px;'
                f'border-radius:16px;background:{track};flex:none">'
                f'<div style="position:absolute;top:2px;{"right" if on else "left"}:2px;width:27px;'
                f'height:27px;border-radius:14px;background:#FFF;box-shadow:0 2px 5px rgba(0,0,0,.2)">'
                f'</div></div>')

    def checkbox(self, on: bool, style: str | None = None) -> str:
        rng = self.rng
        cls = "checkboxSelected" if on else "checkboxUnselected"
        style = style or rng.choice(["square", "circle", "radio", "square"])
        s = rng.choice([20, 22, 24])
        t = self.p.tint
        off = self.p.secondary
        check = (f'<svg viewBox="0 0 20 20" width="{s * 0.7:.0f}" height="{s * 0.7:.0f}" fill="none" '
                 f'stroke="#FFF" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round">'
                 f'<path d="M4 10.5l4 4 8-9"/></svg>')
        center = "display:flex;align-items:center;justify-content:center;"
        if style == "radio":
            inner = (f'<div style="width:{s * 0.5:.0f}px;height:{s * 0.5:.0f}px;border-radius:50%;'
                     f'background:{t}"></div>') if on else ""
            return (f'<div data-c="{cls}" style="{center}width:{s}px;height:{s}px;box-sizing:border-box;'
                    f'border-radius:50%;border:2px solid {t if on else off};flex:none">{inner}</div>')
        radius = "50%" if style == "circle" else f"{rng.choice([3, 4, 6])}px"
        if on:
            return (f'<div data-c="{cls}" style="{center}width:{s}px;height:{s}px;border-radius:{radius};'
                    f'background:{t};flex:none">{check}</div>')
        return (f'<div data-c="{cls}" style="width:{s}px;height:{s}px;box-sizing:border-box;'
                f'border-radius:{radius};border:2px solid {off};flex:none"></div>')

    # ---------- bars ----------
    def status_bar(self) -> str:
        h = 20 if self.h <= 667 else (24 if self.h <= 640 else self.rng.choice([44, 47, 54]))
        c = self.p.label if not self.p.colored_bar else "#FFF"
        return (f'<div style="height:{h}px;display:flex;align-items:flex-end;justify-content:space-between;'
                f'padding:0 26px 4px 30px;font-size:15px;font-weight:600;color:{c};flex:none">'
                f'<span>9:{self.rng.randint(10, 59)}</span><span style="letter-spacing:3px">▂▄▆ ◉ ▭</span></div>')

    def nav_bar(self) -> str:
        rng, p = self.rng, self.p
        kind = rng.choice(["inline", "large", "large", "android", "none"])
        title = assets.words(rng, 1, 2)
        color = "#FFF" if p.colored_bar else None
        bg = p.tint if p.colored_bar else p.bar
        if kind == "none":
            return ""
        if kind == "android" or p.colored_bar:
            left = self.icon(24, color or p.label) if rng.random() < 0.8 else ""
            right = "".join(self.icon(22, color or p.label, style="margin-left:20px")
                            for _ in range(rng.randint(0, 3)))
            return (f'<div style="height:56px;display:flex;align-items:center;padding:0 16px;background:{bg};'
                    f'flex:none;gap:24px">{left}<div style="flex:1">'
                    f'{self.text(title, 20, 500, color)}</div>{right}</div>')
        back = ""
        if rng.random() < 0.7:
            back = self.chevron("left", 20, p.tint)
            if rng.random() < 0.6:
                back += self.text(assets.words(rng, 1, 1), 17, 400, p.tint, "margin-left:6px")
        right = ""
        for _ in range(rng.randint(0, 2)):
            right += (self.icon(22, p.tint, style="margin-left:18px") if rng.random() < 0.6
                      else self.text(rng.choice(["Edit", "Done", "Add", "Save", "Select"]), 17,
                                     600 if rng.random() < 0.5 else 400, p.tint, "margin-left:18px"))
        sep = f"border-bottom:0.5px solid {p.separator};" if rng.random() < 0.5 else ""
        if kind == "inline":
            return (f'<div style="height:44px;display:flex;align-items:center;padding:0 8px;background:{bg};'
                    f'{sep}flex:none;position:relative"><div style="display:flex;align-items:center;'
                    f'z-index:1">{back}</div><div style="position:absolute;left:0;right:0;text-align:center">'
                    f'{self.text(title, 17, 600)}</div><div style="margin-left:auto;display:flex;'
                    f'align-items:center;z-index:1">{right}</div></div>')
        return (f'<div style="background:{bg};flex:none;padding:0 8px 8px"><div style="height:44px;display:flex;'
                f'align-items:center">{back}<div style="margin-left:auto;display:flex;align-items:center">'
                f'{right}</div></div><div style="padding:0 {self.pad - 8}px">'
                f'{self.text(title, 34, 700, style="letter-spacing:0.3px")}</div></div>')

    def tab_bar(self) -> str:
        rng, p = self.rng, self.p
        n = rng.randint(3, 5)
        sel = rng.randrange(n)
        labels = rng.random() < 0.85
        items = []
        for i in range(n):
            c = p.tint if i == sel else p.secondary
            badge = ""
            if rng.random() < 0.12:
                badge = (f'<div style="position:absolute;top:-4px;right:-10px;min-width:18px;height:18px;'
                         f'border-radius:9px;background:#FF3B30;color:#FFF;font-size:12px;text-align:center;'
                         f'line-height:18px">{rng.randint(1, 99)}</div>')
            lab = self.text(assets.words(rng, 1, 1), 10, 500, c) if labels else ""
            items.append(f'<div style="display:flex;flex-direction:column;align-items:center;gap:3px">'
                         f'<div style="position:relative;display:flex">{self.icon(rng.choice([24, 26, 28]), c)}'
                         f'{badge}</div>{lab}</div>')
        bottom = 34 if self.h >= 800 else 8
        return (f'<div style="background:{p.bar};border-top:0.5px solid {p.separator};flex:none;'
                f'display:flex;justify-content:space-around;padding:7px 8px {bottom}px">{"".join(items)}</div>')

    # ---------- content blocks ----------
    def search_field(self) -> str:
        p = self.p
        return (f'<div style="padding:8px {self.pad}px"><div data-c="textField" style="height:36px;'
                f'border-radius:10px;background:{p.field};display:flex;align-items:center;padding:0 8px;gap:6px">'
                f'{self.icon(16, p.secondary, label=False)}'
                f'{self.text(self.rng.choice(["Search", "Search " + assets.words(self.rng, 1, 1)]), 17, 400, p.secondary, label=False)}'
                f'</div></div>')

    def section_header(self) -> str:
        up = self.rng.random() < 0.6
        s = assets.words(self.rng, 1, 3).upper() if up else assets.words(self.rng, 1, 3)
        return (f'<div style="padding:18px {self.pad + (16 if up else 0)}px 6px">'
                f'{self.text(s, 13 if up else 20, 400 if up else 700, self.p.secondary if up else None)}</div>')

    def cell(self, inset: bool, last: bool, lead: str, trail: str, sub: bool) -> str:
        rng, p = self.rng, self.p
        lead_html = ""
        if lead == "square":
            col = rng.choice(TINTS)
            lead_html = (f'<div data-c="icon" style="width:29px;height:29px;border-radius:7px;background:{col};'
                         f'display:flex;align-items:center;justify-content:center;flex:none">'
                         f'{self.icon(18, "#FFF", label=False)}</div>')
        elif lead == "glyph":
            lead_html = self.icon(24)
        elif lead == "avatar":
            s = rng.choice([36, 40, 48, 56])
            lead_html = self.picture(s, s, s / 2 if rng.random() < 0.7 else 8)
        elif lead == "check":
            lead_html = self.checkbox(rng.random() < 0.5)
        title = self.text(assets.words(rng, 1, 4), 17)
        subtitle = self.text(assets.words(rng, 2, 7), 14, 400, p.secondary) if sub else ""
        right = ""
        if trail == "chevron":
            right = self.chevron()
        elif trail == "detail":
            right = self.text(assets.words(rng, 1, 2), 17, 400, p.secondary) + self.chevron()
        elif trail == "toggle":
            right = self.toggle(rng.random() < 0.5, android=rng.random() < 0.15)
        elif trail == "checkbox":
            right = self.checkbox(rng.random() < 0.5)
        elif trail == "time":
            right = self.text(f"{rng.randint(1, 12)}:{rng.randint(10, 59)} {rng.choice(['AM', 'PM'])}", 14,
                              400, p.secondary)
        elif trail == "button":
            right = (f'<div style="padding:5px 14px;border-radius:14px;background:{p.fill}">'
                     f'{self.text(rng.choice(["GET", "Open", "Follow", "Add"]), 15, 600, p.tint)}</div>')
        sep = "" if last else f"border-bottom:0.5px solid {p.separator};"
        h = 60 if sub else rng.choice([44, 44, 48, 52])
        return (f'<div style="min-height:{h}px;display:flex;align-items:center;gap:12px;margin-left:{16 if inset else self.pad}px;'
                f'padding:6px 16px 6px 0;{sep}">{lead_html}<div style="flex:1;display:flex;flex-direction:column;'
                f'gap:2px;min-width:0">{title}{subtitle}</div><div style="display:flex;align-items:center;gap:8px">'
                f'{right}</div></div>')

    def table(self) -> str:
        rng, p = self.rng, self.p
        inset = rng.random() < 0.6
        n = rng.randint(2, 6)
        lead = rng.choice(["none", "square", "square", "glyph", "avatar", "check"])
        trails = rng.choice([["chevron"], ["chevron", "detail"], ["toggle"], ["toggle", "chevron"],
                             ["checkbox"], ["time"], ["button"], ["none"], ["detail", "toggle"]])
        sub = rng.random() < 0.3
        cells = "".join(self.cell(inset, i == n - 1, lead, rng.choice(trails), sub) for i in range(n))
        if inset:
            return (f'<div data-c="container" style="margin:0 {self.pad}px;border-radius:{rng.choice([10, 12, 16])}px;'
                    f'background:{p.cell};overflow:hidden">{cells}</div>')
        return f'<div style="background:{p.cell if p.bg != p.cell else p.bg}">{cells}</div>'

    def segmented(self) -> str:
        rng, p = self.rng, self.p
        n = rng.randint(2, 4)
        sel = rng.randrange(n)
        style = rng.choice(["ios", "ios", "tint", "underline", "pill"])
        labels = [assets.words(rng, 1, 1) for _ in range(n)]
        segs = []
        for i, lab in enumerate(labels):
            on = i == sel
            if style == "ios":
                bg = ("#FFFFFF" if not p.dark else "#636366") if on else "transparent"
                sh = "box-shadow:0 3px 8px rgba(0,0,0,.12);" if on else ""
                segs.append(f'<div data-c="segmentedControl" style="flex:1;height:28px;border-radius:7px;background:{bg};{sh}'
                            f'display:flex;align-items:center;justify-content:center">'
                            f'{self.text(lab, 13, 600 if on else 500, label=False)}</div>')
            elif style == "tint":
                bg = p.tint if on else "transparent"
                segs.append(f'<div data-c="segmentedControl" style="flex:1;height:29px;background:{bg};'
                            f'border:1px solid {p.tint};margin-left:-1px;display:flex;align-items:center;justify-content:center">'
                            f'{self.text(lab, 13, 500, "#FFF" if on else p.tint, label=False)}</div>')
            elif style == "underline":
                bb = f"border-bottom:2px solid {p.tint};" if on else "border-bottom:2px solid transparent;"
                segs.append(f'<div data-c="segmentedControl" style="flex:1;height:40px;{bb}display:flex;align-items:center;'
                            f'justify-content:center">{self.text(lab.upper() if rng.random() < 0.3 else lab, 15, 600, p.tint if on else p.secondary, label=False)}</div>')
            else:
                bg = p.tint if on else p.fill
                segs.append(f'<div data-c="segmentedControl" style="height:32px;padding:0 14px;border-radius:16px;background:{bg};'
                            f'display:flex;align-items:center">{self.text(lab, 14, 500, "#FFF" if on else p.label, label=False)}</div>')
        if style == "ios":
            return (f'<div style="padding:8px {self.pad}px"><div style="display:flex;padding:2px;border-radius:9px;'
                    f'background:{p.fill}">{"".join(segs)}</div></div>')
        if style == "tint":
            return (f'<div style="padding:8px {self.pad}px"><div style="display:flex;border-radius:6px;overflow:hidden;'
                    f'padding-left:1px">{"".join(segs)}</div></div>')
        if style == "pill":
            return f'<div style="padding:8px {self.pad}px;display:flex;gap:8px;flex-wrap:nowrap;overflow:hidden">{"".join(segs)}</div>'
        return f'<div style="padding:0 {self.pad}px;display:flex;border-bottom:0.5px solid {p.separator}">{"".join(segs)}</div>'

    def slider(self) -> str:
        rng, p = self.rng, self.p
        v = rng.uniform(0.05, 0.95)
        ends = rng.random() < 0.4
        thumb = rng.choice([28, 28, 20, 16])
        left = self.icon(18, p.secondary) if ends else ""
        right = self.icon(22, p.secondary) if ends else ""
        lab = self.text(assets.words(rng, 1, 2), 15, 400, p.secondary) if rng.random() < 0.4 else ""
        track = rng.choice([4, 4, 2, 6])
        return (f'<div style="padding:10px {self.pad}px">{lab}<div style="display:flex;align-items:center;gap:12px">{left}'
                f'<div data-c="slider" style="flex:1;position:relative;height:{thumb}px">'
                f'<div style="position:absolute;left:0;right:0;top:{(thumb - track) / 2}px;height:{track}px;'
                f'border-radius:2px;background:{p.fill}"></div>'
                f'<div style="position:absolute;left:0;width:{v * 100:.0f}%;top:{(thumb - track) / 2}px;height:{track}px;'
                f'border-radius:2px;background:{p.tint}"></div>'
                f'<div style="position:absolute;left:calc({v * 100:.0f}% - {thumb / 2}px);top:0;width:{thumb}px;height:{thumb}px;'
                f'border-radius:50%;background:{"#FFF" if thumb > 20 else p.tint};box-shadow:0 2px 6px rgba(0,0,0,.25)"></div>'
                f'</div>{right}</div></div>')

    def page_control(self, on_picture: bool = False) -> str:
        rng, p = self.rng, self.p
        n = rng.randint(2, 8)
        sel = rng.randrange(n)
        s = rng.choice([6, 7, 8])
        dots = []
        for i in range(n):
            c = (("#FFF" if on_picture else p.label) if i == sel else
                 ("rgba(255,255,255,.5)" if on_picture else p.fill if not p.dark else "#555"))
            w = s * 2.5 if (i == sel and rng.random() < 0.2) else s
            dots.append(f'<div style="width:{w}px;height:{s}px;border-radius:{s}px;background:{c}"></div>')
        bg = "background:rgba(0,0,0,.25);border-radius:12px;padding:6px 10px;" if rng.random() < 0.3 else "padding:4px 2px;"
        return (f'<div style="display:flex;justify-content:center;padding:6px 0"><div data-c="pageControl" '
                f'style="display:flex;gap:{rng.choice([6, 8, 9])}px;{bg}">{"".join(dots)}</div></div>')

    def hero(self) -> str:
        rng = self.rng
        h = rng.choice([160, 200, 240, 280])
        inner = self.picture("100%", h, rng.choice([0, 12, 16]), style="position:absolute;inset:0;")
        pc = ""
        if rng.random() < 0.6:
            pc = f'<div style="position:absolute;left:0;right:0;bottom:6px">{self.page_control(True)}</div>'
        marg = 0 if rng.random() < 0.4 else self.pad
        out = (f'<div style="position:relative;height:{h}px;margin:8px {marg}px">{inner}{pc}</div>')
        if not pc and rng.random() < 0.5:
            out += self.page_control()
        return out

    def form(self) -> str:
        rng, p = self.rng, self.p
        rows = []
        style = rng.choice(["boxed", "boxed", "underline", "filled"])
        for _ in range(rng.randint(1, 4)):
            label = self.text(assets.words(rng, 1, 2), 14, 500, p.secondary) if rng.random() < 0.7 else ""
            val = assets.words(rng, 1, 3) if rng.random() < 0.4 else rng.choice(["Email", "Password", "Name", "Phone number", "Address", "Username"])
            col = p.label if rng.random() < 0.4 else p.secondary
            if style == "boxed":
                fst = f"border:1px solid {p.separator};border-radius:{rng.choice([6, 8, 10, 12])}px;background:{p.cell};"
            elif style == "underline":
                fst = f"border-bottom:1px solid {p.secondary};"
            else:
                fst = f"border-radius:10px;background:{p.field};"
            trail = self.icon(18, p.secondary, label=False) if rng.random() < 0.2 else ""
            rows.append(f'<div style="display:flex;flex-direction:column;gap:6px">{label}<div data-c="textField" '
                        f'style="height:{rng.choice([40, 44, 48])}px;{fst}display:flex;align-items:center;padding:0 12px;'
                        f'justify-content:space-between">{self.text(val, 16, 400, col, label=False)}{trail}</div></div>')
        return f'<div style="padding:8px {self.pad}px;display:flex;flex-direction:column;gap:14px">{"".join(rows)}</div>'

    def button(self) -> str:
        rng, p = self.rng, self.p
        kind = rng.choice(["filled", "filled", "outline", "plain"])
        lab = rng.choice(["Continue", "Sign In", "Get Started", "Save", "Next", "Done", "Buy now"]) \
            if rng.random() < 0.6 else assets.words(rng, 1, 3)
        if kind == "filled":
            st = f"background:{p.tint};"
            c = "#FFF"
        elif kind == "outline":
            st = f"border:1.5px solid {p.tint};"
            c = p.tint
        else:
            st, c = "", p.tint
        return (f'<div style="padding:10px {self.pad}px"><div style="height:{rng.choice([44, 50])}px;border-radius:'
                f'{rng.choice([8, 12, 25])}px;{st}display:flex;align-items:center;justify-content:center">'
                f'{self.text(lab, 17, 600, c)}</div></div>')

    def checklist(self) -> str:
        rng, p = self.rng, self.p
        style = rng.choice(["square", "circle", "radio"])
        right = rng.random() < 0.3
        rows = []
        for _ in range(rng.randint(2, 5)):
            box = self.checkbox(rng.random() < 0.5, style)
            t = self.text(assets.words(rng, 1, 5), 16)
            inner = f'<div style="flex:1">{t}</div>{box}' if right else f'{box}<div style="flex:1">{t}</div>'
            rows.append(f'<div style="display:flex;align-items:center;gap:12px;min-height:40px">{inner}</div>')
        return f'<div style="padding:6px {self.pad}px">{"".join(rows)}</div>'

    def toggles(self) -> str:
        rng = self.rng
        android = rng.random() < 0.3
        rows = []
        for _ in range(rng.randint(1, 4)):
            rows.append(f'<div style="display:flex;align-items:center;justify-content:space-between;min-height:48px">'
                        f'{self.text(assets.words(rng, 1, 4), 17)}{self.toggle(rng.random() < 0.5, android)}</div>')
        return f'<div style="padding:4px {self.pad}px">{"".join(rows)}</div>'

    def card(self) -> str:
        rng, p = self.rng, self.p
        shadow = "box-shadow:0 2px 12px rgba(0,0,0,.12);" if not p.dark and rng.random() < 0.6 else ""
        bg = p.cell if p.cell != p.bg else (p.fill if rng.random() < 0.3 else p.cell)
        r = rng.choice([10, 12, 16, 20])
        layout = rng.choice(["top", "left", "text"])
        body = (f'<div style="display:flex;flex-direction:column;gap:4px;padding:12px;flex:1;min-width:0">'
                f'{self.text(assets.words(rng, 2, 5), 17, 600)}'
                f'{self.text(assets.sentence(rng, 4, 14), 14, 400, p.secondary) if rng.random() < 0.8 else ""}'
                f'{self.text(rng.choice(["Learn more", "View", "Open", "Details"]), 15, 600, p.tint) if rng.random() < 0.3 else ""}'
                f'</div>')
        if layout == "top":
            inner = self.picture("100%", rng.choice([120, 150, 180])) + body
            d = "column"
        elif layout == "left":
            inner = f'<div style="padding:12px 0 12px 12px">{self.picture(rng.choice([64, 80, 96]), rng.choice([64, 80, 96]), 8)}</div>' + body
            d = "row"
        else:
            inner = f'<div style="padding:4px 12px 0;display:flex;gap:10px;align-items:center">{self.icon(22)}</div>' + body
            d = "column"
        return (f'<div style="padding:8px {self.pad}px"><div data-c="container" style="border-radius:{r}px;background:{bg};'
                f'{shadow}overflow:hidden;display:flex;flex-direction:{d}">{inner}</div></div>')

    def grid(self) -> str:
        rng = self.rng
        cols = rng.choice([2, 3, 3, 4])
        gap = rng.choice([2, 8, 12])
        caption = rng.random() < 0.5 and cols <= 3
        cw = (self.w - 2 * self.pad - (cols - 1) * gap) / cols
        items = []
        for _ in range(cols * rng.randint(1, 3)):
            cap = ""
            if caption:
                cap = self.text(assets.words(self.rng, 1, 3), 13, 500, style="display:block;margin-top:4px")
                if rng.random() < 0.5:
                    cap += self.text(assets.words(self.rng, 1, 2), 12, 400, self.p.secondary, "display:block")
            items.append(f'<div style="width:{cw:.1f}px;overflow:hidden">{self.picture(cw, cw * rng.choice([1, 1, 1.25, 0.75]), rng.choice([0, 6, 10]))}{cap}</div>')
        return f'<div style="padding:8px {self.pad}px;display:flex;flex-wrap:wrap;gap:{gap}px">{"".join(items)}</div>'

    def paragraph(self) -> str:
        rng = self.rng
        t = " ".join(assets.sentence(rng) for _ in range(rng.randint(1, 3)))
        return (f'<div style="padding:8px {self.pad}px;line-height:1.35">'
                f'{self.text(t, rng.choice([13, 15, 17]), 400, self.p.label if rng.random() < 0.6 else self.p.secondary)}</div>')

    def title_row(self) -> str:
        rng = self.rng
        more = self.text(rng.choice(["See All", "More", "Show all"]), 15, 400, self.p.tint) if rng.random() < 0.6 else ""
        return (f'<div style="padding:14px {self.pad}px 4px;display:flex;justify-content:space-between;align-items:baseline">'
                f'{self.text(assets.words(rng, 1, 3), 22, 700)}{more}</div>')

    def icon_row(self) -> str:
        rng = self.rng
        n = rng.randint(3, 6)
        items = []
        for _ in range(n):
            lab = self.text(assets.words(rng, 1, 1), 12, 400, self.p.secondary) if rng.random() < 0.7 else ""
            bg = rng.random() < 0.5
            ic = self.icon(24, "#FFF" if bg else None, label=True)
            if bg:
                ic = (f'<div style="width:48px;height:48px;border-radius:{rng.choice([12, 24])}px;background:{rng.choice(TINTS)};'
                      f'display:flex;align-items:center;justify-content:center">{ic}</div>')
            items.append(f'<div style="display:flex;flex-direction:column;align-items:center;gap:6px">{ic}{lab}</div>')
        return f'<div style="padding:10px {self.pad}px;display:flex;justify-content:space-around">{"".join(items)}</div>'

    def feed_item(self) -> str:
        rng, p = self.rng, self.p
        head = (f'<div style="display:flex;align-items:center;gap:10px;padding:8px {self.pad}px">{self.picture(36, 36, 18)}'
                f'<div style="flex:1;display:flex;flex-direction:column">{self.text(rng.choice(assets.NAMES) + " " + rng.choice(assets.NAMES), 15, 600)}'
                f'{self.text(f"{rng.randint(1, 59)}m", 12, 400, p.secondary)}</div>{self.icon(20, p.secondary)}</div>')
        pic = self.picture("100%", rng.choice([220, 300, 360])) if rng.random() < 0.7 else ""
        acts = "".join(self.icon(24, p.label) for _ in range(rng.randint(2, 4)))
        cap = self.text(assets.sentence(rng), 14)
        return (f'<div>{head}{pic}<div style="display:flex;gap:16px;padding:8px {self.pad}px">{acts}</div>'
                f'<div style="padding:0 {self.pad}px 8px">{cap}</div></div>')

    # ---------- detector v2: what real screens show and the v1 detector missed ----------
    def clock_list(self) -> str:
        """World-Clock-style rows (the paper's Fig. 9 screen): a small grey "Today, +3HRS" over a
        city name, and a large thin time with a small AM/PM beside it. Each is text: r4 took the
        large thin digits for pictures."""
        rng, p = self.rng, self.p
        rows = []
        for _ in range(rng.randint(2, 5)):
            day = rng.choice(["Today", "Tomorrow", "Yesterday"])
            off = f"{rng.choice(['+', '-'])}{rng.randint(0, 16)}HRS"
            t = f"{rng.randint(1, 12)}:{rng.randint(0, 59):02d}"
            ampm = rng.choice(["AM", "PM", "am", "pm"])
            big = rng.choice([44, 50, 56, 64])
            weight = rng.choice([200, 200, 300, 400])
            left = (f'<div style="display:flex;flex-direction:column;gap:2px">'
                    f'{self.text(f"{day}, {off}", 14, 400, p.secondary)}{self.text(rng.choice(assets.CITIES), 22, 400)}</div>')
            right = (f'<div style="display:flex;align-items:baseline;gap:2px">{self.text(t, big, weight)}'
                     f'{self.text(ampm, big * 0.45, weight)}</div>') if rng.random() < 0.6 else \
                self.text(f"{t}{ampm.lower()}", big, weight)
            rows.append(f'<div style="display:flex;justify-content:space-between;align-items:center;padding:10px {self.pad}px;'
                        f'border-bottom:0.5px solid {p.separator}">{left}{right}</div>')
        return "".join(rows)

    def big_number(self) -> str:
        """Stopwatch, timer, weather or balance displays: one very large (often thin) number."""
        rng, p = self.rng, self.p
        kind = rng.choice(["stopwatch", "temp", "money", "count"])
        if kind == "stopwatch":
            s = f"{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}{rng.choice(['', f'.{rng.randint(0, 99):02d}'])}"
        elif kind == "temp":
            s = f"{rng.randint(-9, 99)}°"
        elif kind == "money":
            s = f"${rng.randint(0, 9999):,}.{rng.randint(0, 99):02d}"
        else:
            s = f"{rng.randint(0, 99999):,}"
        size = rng.choice([48, 64, 76, 90])
        sub = self.text(assets.words(rng, 1, 3), 15, 400, p.secondary) if rng.random() < 0.6 else ""
        return (f'<div style="padding:16px {self.pad}px;display:flex;flex-direction:column;align-items:center;gap:4px">'
                f'{self.text(s, size, rng.choice([100, 200, 300, 500]))}{sub}</div>')

    def chips(self) -> str:
        """Material filter/choice chips: text in pills (text boxes; the pill is not a class)."""
        rng, p = self.rng, self.p
        items = []
        for i in range(rng.randint(3, 6)):
            on = i == 0 and rng.random() < 0.5
            st = f"background:{p.tint};" if on else f"border:1px solid {p.separator};"
            items.append(f'<div style="height:32px;padding:0 12px;border-radius:{rng.choice([8, 16])}px;{st}display:flex;'
                         f'align-items:center;flex:none">{self.text(assets.words(rng, 1, 2), 14, 500, "#FFF" if on else p.label)}</div>')
        return f'<div style="padding:8px {self.pad}px;display:flex;gap:8px;overflow:hidden">{"".join(items)}</div>'

    def fab(self) -> str:
        """Material floating action button: an icon in a tinted circle (the icon is labelled)."""
        rng, p = self.rng, self.p
        d = rng.choice([40, 56, 56])
        return (f'<div style="padding:8px {self.pad}px;display:flex;justify-content:flex-end">'
                f'<div style="width:{d}px;height:{d}px;border-radius:{rng.choice([d / 2, 16])}px;background:{p.tint};'
                f'display:flex;align-items:center;justify-content:center;box-shadow:0 3px 8px rgba(0,0,0,.25)">'
                f'{self.icon(24, "#FFF")}</div></div>')

    def snackbar(self) -> str:
        """Material snackbar: a dark bar with a message and an action word (both text)."""
        rng = self.rng
        return (f'<div style="margin:8px {self.pad}px;padding:14px 16px;border-radius:4px;background:#323232;display:flex;'
                f'justify-content:space-between;align-items:center">{self.text(assets.sentence(rng, 3, 7), 14, 400, "#FFFFFF")}'
                f'{self.text(rng.choice(["UNDO", "RETRY", "VIEW", "Undo"]), 14, 600, rng.choice(["#BB86FC", "#8AB4F8", self.p.tint]))}</div>')

    # ---------- overlays ----------
    def dialog(self) -> str:
        rng, p = self.rng, self.p
        kind = rng.choice(["alert", "alert", "sheet", "android"])
        dim = f'<div style="position:absolute;inset:0;background:rgba(0,0,0,{rng.uniform(0.3, 0.5):.2f})"></div>'
        bg = "#2C2C2E" if p.dark else rng.choice(["#F2F2F2", "#FFFFFF", "rgba(242,242,242,0.97)"])
        sep = p.separator
        if kind == "alert":
            n = rng.choice([1, 2, 2, 3])
            horiz = n == 2
            btns = "".join(
                f'<div style="flex:1;height:44px;display:flex;align-items:center;justify-content:center;border-top:0.5px solid {sep};'
                f'{"border-left:0.5px solid " + sep + ";" if horiz and i else ""}">'
                f'{self.text(rng.choice(["OK", "Cancel", "Allow", "Delete", "Not Now", "Settings", "Continue"]), 17, 600 if i == n - 1 else 400, "#FF3B30" if rng.random() < 0.2 else p.tint)}</div>'
                for i in range(n))
            field = ""
            if rng.random() < 0.2:
                field = (f'<div data-c="textField" style="margin:8px 16px 0;height:28px;border:0.5px solid {sep};'
                         f'border-radius:6px;background:{p.cell}"></div>')
            box = (f'<div data-c="dialog" style="position:absolute;left:50%;top:{rng.randint(35, 50)}%;width:270px;'
                   f'transform:translate(-50%,-50%);border-radius:14px;background:{bg};overflow:hidden;text-align:center">'
                   f'<div style="padding:19px 16px 16px;display:flex;flex-direction:column;gap:4px;align-items:center">'
                   f'{self.text(assets.words(rng, 2, 5), 17, 600)}'
                   f'{self.text(assets.sentence(rng, 5, 16), 13) if rng.random() < 0.85 else ""}</div>{field}'
                   f'<div style="display:flex;flex-direction:{"row" if horiz else "column"}">{btns}</div></div>')
        elif kind == "sheet":
            n = rng.randint(2, 5)
            opts = "".join(
                f'<div style="height:57px;display:flex;align-items:center;justify-content:center;'
                f'{"border-top:0.5px solid " + sep + ";" if i else ""}">{self.text(assets.words(rng, 1, 3), 20, 400, p.tint)}</div>'
                for i in range(n))
            box = (f'<div data-c="dialog" style="position:absolute;left:8px;right:8px;bottom:{34 if self.h >= 800 else 8}px;'
                   f'display:flex;flex-direction:column;gap:8px"><div style="border-radius:14px;background:{bg};overflow:hidden">'
                   f'{opts}</div><div style="height:57px;border-radius:14px;background:{"#2C2C2E" if p.dark else "#FFF"};display:flex;'
                   f'align-items:center;justify-content:center">{self.text("Cancel", 20, 600, p.tint)}</div></div>')
        else:
            opts = ""
            if rng.random() < 0.5:
                opts = "".join(
                    f'<div style="display:flex;align-items:center;gap:16px;min-height:44px">{self.checkbox(i == 0, "radio")}'
                    f'{self.text(assets.words(rng, 1, 3), 16)}</div>' for i in range(rng.randint(2, 4)))
            else:
                opts = self.text(assets.sentence(rng, 6, 20), 15, 400, p.secondary)
            acts = "".join(self.text(w, 14, 600, p.tint, "margin-left:24px")
                           for w in rng.sample(["CANCEL", "OK", "DISCARD", "ALLOW", "DENY"], rng.randint(1, 2)))
            box = (f'<div data-c="dialog" style="position:absolute;left:{rng.randint(24, 40)}px;right:{rng.randint(24, 40)}px;'
                   f'top:{rng.randint(25, 40)}%;border-radius:{rng.choice([4, 8, 28])}px;background:{bg};padding:24px;'
                   f'box-shadow:0 8px 24px rgba(0,0,0,.3)">{self.text(assets.words(rng, 2, 4), 20, 500)}'
                   f'<div style="margin:14px 0">{opts}</div><div style="display:flex;justify-content:flex-end">{acts}</div></div>')
        return dim + box

    # ---------- page ----------
    BLOCKS = [("table", 5), ("segmented", 2), ("slider", 1.5), ("hero", 1.5), ("form", 2),
              ("button", 1.5), ("checklist", 2), ("toggles", 1.5), ("card", 3), ("grid", 2),
              ("paragraph", 2), ("title_row", 2), ("icon_row", 1.5), ("feed_item", 1.5),
              ("search_field", 1), ("section_header", 2), ("page_control", 0.5),
              ("clock_list", 1), ("big_number", 0.7), ("chips", 1), ("fab", 0.5), ("snackbar", 0.4)]

    def html(self) -> str:
        rng, p = self.rng, self.p
        names = [n for n, _ in self.BLOCKS]
        weights = [w for _, w in self.BLOCKS]
        blocks = []
        if rng.random() < 0.3:
            blocks.append(self.search_field())
        for _ in range(rng.randint(5, 11)):
            blocks.append(getattr(self, rng.choices(names, weights)[0])())
        scroll = rng.choice([0, 0, 0, rng.randint(20, 200)])
        tab = self.tab_bar() if rng.random() < 0.55 else ""
        overlay = self.dialog() if rng.random() < 0.18 else ""
        bar_bg = p.tint if p.colored_bar else p.bar
        return f"""<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>html,body{{margin:0;padding:0;width:{self.w}px;height:{self.h}px;overflow:hidden;background:{p.bg};
font-family:'{self.font}',sans-serif;-webkit-font-smoothing:antialiased}} *{{box-sizing:border-box}}
span{{overflow-wrap:anywhere}}</style></head>
<body><div style="position:relative;width:{self.w}px;height:{self.h}px;display:flex;flex-direction:column">
<div style="background:{bar_bg};flex:none">{self.status_bar()}</div>{self.nav_bar()}
<div data-clip="1" style="flex:1;overflow:hidden;position:relative"><div style="margin-top:-{scroll}px">
{"".join(blocks)}</div></div>{tab}{overlay}</div></body></html>"""


# Collects labelled boxes in CSS px: clipped to the viewport and to the nearest `data-clip`
# ancestor; dropped when smaller than 2 px, less than half visible (except pictures and
# containers whose visible part is at least 24x24 px), or (for elements outside a dialog)
# centred under a dialog.
COLLECT_JS = r"""
(() => {
  const W = innerWidth, H = innerHeight, out = [];
  const dialogs = [...document.querySelectorAll('[data-c="dialog"]')];
  const drects = dialogs.map(d => d.getBoundingClientRect());
  for (const el of document.querySelectorAll('[data-c]')) {
    const r = el.getBoundingClientRect();
    let x1 = Math.max(0, r.left), y1 = Math.max(0, r.top), x2 = Math.min(W, r.right), y2 = Math.min(H, r.bottom);
    const clip = el.closest('[data-clip]');
    if (clip) { const c = clip.getBoundingClientRect();
      x1 = Math.max(x1, c.left); y1 = Math.max(y1, c.top); x2 = Math.min(x2, c.right); y2 = Math.min(y2, c.bottom); }
    if (x2 - x1 < 2 || y2 - y1 < 2) continue;
    // Mostly hidden elements are dropped, except large clipped pictures and containers whose
    // visible part is still an obvious picture/container (>= 24 px each way).
    const big = (el.dataset.c === 'picture' || el.dataset.c === 'container') && x2 - x1 >= 24 && y2 - y1 >= 24;
    if (!big && (x2 - x1) * (y2 - y1) < 0.5 * r.width * r.height) continue;
    const cx = (x1 + x2) / 2, cy = (y1 + y2) / 2;
    let hidden = false;
    dialogs.forEach((d, i) => { if (d !== el && !d.contains(el)) { const q = drects[i];
      if (cx > q.left && cx < q.right && cy > q.top && cy < q.bottom) hidden = true; } });
    if (hidden) continue;
    out.push([el.dataset.c, x1, y1, x2 - x1, y2 - y1]);
  }
  return out;
})()
"""
