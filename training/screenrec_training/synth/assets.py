"""Offline assets for the synthetic generator: icon SVGs, photos, fonts, words.

Icon sources (PyPI, see the shared notes, training-assets.md):
- `fontawesomefree` 6.6.0: Font Awesome 6 Free SVGs (solid, regular), icons CC BY 4.0.
- `tabler-icons` 0.5.0: Tabler icons (stroke SVGs in archive.zip), MIT.
Lucide/Feather/Heroicons/Iconoir are reserved for generalisation tests and never used here.
Photos: a folder of JPEG/PNG (scripts/fetch_assets.sh puts CC0/public-domain scikit-image
sample photos there); when it is missing, pictures are procedural CSS gradients only.
"""
from __future__ import annotations

import glob
import importlib.util
import os
import re
import zipfile
from dataclasses import dataclass


@dataclass
class Icon:
    family: str
    name: str
    view_box: str
    aspect: float  # width / height of the view box
    body: str      # inner SVG markup
    stroke: bool   # stroke icon (Tabler) or fill icon (Font Awesome)


def _package_dir(name: str) -> str | None:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return list(spec.submodule_search_locations)[0]


_SVG_RE = re.compile(r"<svg[^>]*viewBox=\"([^\"]+)\"[^>]*>(.*)</svg>", re.S)


def _parse(svg: str):
    m = _SVG_RE.search(svg)
    if not m:
        return None
    vb = m.group(1)
    body = re.sub(r"<!--.*?-->", "", m.group(2), flags=re.S)
    body = body.replace('<path stroke="none" d="M0 0h24v24H0z" fill="none"/>', "").strip()
    parts = [float(v) for v in vb.split()]
    return vb, parts[2] / parts[3], body


def load_icons(max_per_family: int | None = None) -> list[Icon]:
    icons: list[Icon] = []
    fa = _package_dir("fontawesomefree")
    if fa:
        for style in ("solid", "regular"):
            files = sorted(glob.glob(os.path.join(fa, "static/fontawesomefree/svgs", style, "*.svg")))
            for path in files[:max_per_family]:
                with open(path) as f:
                    parsed = _parse(f.read())
                if parsed and 0.5 <= parsed[1] <= 1.6:
                    icons.append(Icon(f"fa6-{style}", os.path.basename(path)[:-4], *parsed, stroke=False))
    tb = _package_dir("tabler_icons")
    if tb and os.path.exists(os.path.join(tb, "archive.zip")):
        with zipfile.ZipFile(os.path.join(tb, "archive.zip")) as z:
            names = sorted(n for n in z.namelist() if n.endswith(".svg"))
            for n in names[:max_per_family]:
                parsed = _parse(z.read(n).decode())
                if parsed:
                    icons.append(Icon("tabler", n[:-4], *parsed, stroke=True))
    return icons


def load_photos(folder: str | None) -> list[str]:
    if not folder or not os.path.isdir(folder):
        return []
    return sorted(os.path.abspath(p) for p in glob.glob(os.path.join(folder, "*"))
                  if p.lower().endswith((".jpg", ".jpeg", ".png", ".webp")))


# Font families installed by Debian packages (fonts-inter, fonts-roboto-unhinted, fonts-noto-core,
# fonts-open-sans, fonts-lato, fonts-dejavu-core, fonts-liberation2, fonts-cantarell). Inter is the
# closest to SF Pro (training-assets.md), so it is drawn most often.
FONTS = ["Inter"] * 4 + ["Roboto", "Noto Sans", "Open Sans", "Lato", "DejaVu Sans",
                         "Liberation Sans", "Cantarell"]

WORDS = """settings general privacy notifications sounds display brightness wallpaper battery
storage account profile messages photos camera music library albums playlists recent favorites
downloads search explore home shop cart orders payments wallet cards transfer history activity
health sleep steps workout calendar events reminders notes files documents shared cloud backup
network wifi bluetooth cellular hotspot airplane mode location services security password
passcode face touch language region keyboard accessibility voiceover zoom motion contrast colors
appearance dark light automatic schedule focus do not disturb screen time family sharing help
support about version update software legal terms policy logout sign in create new edit done
cancel save delete share send reply forward archive move copy paste undo more options filter
sort today yesterday tomorrow weekly monthly yearly morning evening night weather forecast
travel flights hotels maps directions nearby restaurants coffee delivery pickup menu order
track status price total subtotal discount coupon gift subscribe premium free trial plan
friends followers following likes comments posts stories reels videos live channels podcasts
episodes news sports business technology science entertainment games movies books reading
""".split()

NAMES = ["Alex", "Sam", "Jordan", "Taylor", "Morgan", "Casey", "Riley", "Jamie", "Avery",
         "Quinn", "Maria", "Chen", "Priya", "Lukas", "Sofia", "Omar", "Hana", "Diego", "Emma"]


# City names for World-Clock-style rows (templates.Screen.clock_list).
CITIES = ["Cupertino", "New York", "Tokyo", "London", "Paris", "Sydney", "Berlin", "Mumbai",
          "São Paulo", "Toronto", "Seoul", "Cairo", "Honolulu", "Reykjavík", "Mexico City", "Dubai"]


def words(rng, lo: int, hi: int, title: bool = True) -> str:
    n = rng.randint(lo, hi)
    ws = [rng.choice(WORDS) for _ in range(n)]
    s = " ".join(ws)
    if title:
        s = s[:1].upper() + s[1:]
    return s


def sentence(rng, lo: int = 6, hi: int = 18) -> str:
    return words(rng, lo, hi) + rng.choice([".", ".", ".", "!", "?"])
