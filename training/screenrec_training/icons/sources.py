"""Icon families used by the icon classifier: where each comes from and how to rasterise a glyph.

Every family is installed by a Debian or PyPI package (training/scripts/setup.sh):

| family     | package (version)                                   | licence          | kind |
|------------|-----------------------------------------------------|------------------|------|
| fa4        | Debian python-qtawesome-common (FA 4.7 TTF + map)   | OFL-1.1          | font |
| fa5        | Debian python-qtawesome-common (FA 5 solid/regular) | OFL-1.1 / CC BY 4.0 | font |
| mdi        | Debian python-qtawesome-common (MDI 6)              | Apache-2.0       | font |
| material   | Debian fonts-material-design-icons-iconfont         | Apache-2.0       | font |
| phosphor   | Debian python-qtawesome-common (Phosphor)           | MIT              | font |
| remix      | Debian python-qtawesome-common (Remix)              | Apache-2.0       | font |
| fluent     | PyPI tkinter-icons-fluent 1.1.1 (Fluent System)     | MIT              | font |
| tabler     | PyPI tabler-icons 0.5.0 (SVG)                       | MIT              | svg  |
| bootstrap  | Debian bootstrap-icons (SVG)                        | MIT              | svg  |
| ionicons   | PyPI tkinter-icons-ion 1.1.1 (Ionicons 2)           | MIT              | font |
| eva        | PyPI tkinter-icons-eva 1.1.1 (Eva Icons)            | MIT              | font |
| lucide     | PyPI lucide 1.1.4 (SVG zip)                         | ISC              | svg  |
| heroicons  | PyPI heroicons 2.14.0 (SVG zip)                     | MIT              | svg  |

Glyphs are rendered once as a white-on-black coverage mask (alpha), cropped to their ink and
cached as PNG; augmentation (size, tint, background, padding) happens later (``render.py``).
"""
from __future__ import annotations

import glob
import io
import json
import os
import shutil
import site
import subprocess
import zipfile
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw, ImageFont

QTA = "/usr/share/python-qtawesome/fonts"


def _site_dirs():
    dirs = list(site.getsitepackages()) + [site.getusersitepackages()]
    return [d for d in dirs if os.path.isdir(d)]


def _pkg(name: str) -> str | None:
    for d in _site_dirs():
        p = os.path.join(d, name)
        if os.path.exists(p):
            return p
    return None


@dataclass(frozen=True)
class FontStyle:
    ttf: str
    charmap: dict  # name -> codepoint (int)


def _qta_map(name: str) -> dict:
    with open(os.path.join(QTA, name)) as f:
        return {k: int(v, 16) for k, v in json.load(f).items()}


def _tk_map(pkg: str, file: str) -> dict:
    with open(os.path.join(_pkg(pkg), file)) as f:
        return {k: int(v, 16) for k, v in json.load(f).items()}


def _material_map() -> dict:
    path = "/usr/share/fonts-material-design-icons-iconfont/scss/_variables.scss"
    out = {}
    import re
    for m in re.finditer(r'"([a-z0-9_]+)":\s*([0-9a-f]+)', open(path).read()):
        out[m.group(1)] = int(m.group(2), 16)
    return out


def font_family(family: str) -> FontStyle | None:
    """The font and its name→codepoint map, or None for SVG families."""
    if family == "fa4":
        return FontStyle(os.path.join(QTA, "fontawesome4.7-webfont.ttf"), _qta_map("fontawesome4.7-webfont-charmap.json"))
    if family == "mdi":
        return FontStyle(os.path.join(QTA, "materialdesignicons6-webfont.ttf"), _qta_map("materialdesignicons6-webfont-charmap.json"))
    if family == "phosphor":
        return FontStyle(os.path.join(QTA, "phosphor.ttf"), _qta_map("phosphor-charmap.json"))
    if family == "remix":
        return FontStyle(os.path.join(QTA, "remixicon.ttf"), _qta_map("remixicon-charmap.json"))
    if family == "material":
        return FontStyle("/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf", _material_map())
    if family == "ionicons":
        return FontStyle(os.path.join(_pkg("tkinter_icons_ion"), "fonts/ionicons.ttf"), _tk_map("tkinter_icons_ion", "glyphmap.json"))
    if family == "eva":
        return FontStyle(os.path.join(_pkg("tkinter_icons_eva"), "fonts/eva-icons.ttf"), _tk_map("tkinter_icons_eva", "glyphmap.json"))
    return None


# Families with several fonts: name prefix "style:" picks the font.
def _multi_font(family: str, name: str) -> tuple[str, int] | None:
    if family == "fa5":
        style, _, n = name.partition(":")
        m = _qta_map(f"fontawesome5-{style}-webfont-charmap.json")
        return (os.path.join(QTA, f"fontawesome5-{style}-webfont.ttf"), m[n]) if n in m else None
    if family == "fluent":
        style, _, n = name.partition(":")
        m = _tk_map("tkinter_icons_fluent", f"glyphmap-{style}.json")
        ttf = {"regular": "FluentSystemIcons-Regular.ttf", "filled": "FluentSystemIcons-Filled.ttf"}[style]
        key = f"ic-fluent-{n}-24-{style}"
        return (os.path.join(_pkg("tkinter_icons_fluent"), "fonts", ttf), m[key]) if key in m else None
    return None


def _svg_source(family: str, name: str) -> bytes | None:
    if family == "bootstrap":
        p = f"/usr/share/bootstrap-icons/svg/{name}.svg"
        return open(p, "rb").read() if os.path.exists(p) else None
    if family == "tabler":
        z = zipfile.ZipFile(glob.glob(os.path.join(_pkg("tabler_icons"), "**/archive.zip"), recursive=True)[0])
        for n in (f"icons/{name}.svg", f"{name}.svg"):
            cand = [x for x in z.namelist() if x.endswith("/" + name + ".svg") or x == name + ".svg"]
            if cand:
                return z.read(sorted(cand, key=len)[0])
        return None
    if family in ("lucide", "heroicons"):
        z = zipfile.ZipFile(os.path.join(_pkg(family), f"{family}.zip"))
        n = name + ".svg"
        return z.read(n) if n in z.namelist() else None
    return None


def all_names(family: str) -> list[str]:
    """Every glyph name the family offers (for negatives and for checking the table)."""
    f = font_family(family)
    if f:
        return sorted(f.charmap)
    if family == "fa5":
        return sorted([f"solid:{n}" for n in _qta_map("fontawesome5-solid-webfont-charmap.json")]
                      + [f"regular:{n}" for n in _qta_map("fontawesome5-regular-webfont-charmap.json")])
    if family == "fluent":
        out = []
        for style in ("regular", "filled"):
            for k in _tk_map("tkinter_icons_fluent", f"glyphmap-{style}.json"):
                if k.endswith(f"-24-{style}"):
                    out.append(f"{style}:{k[len('ic-fluent-'):-len(f'-24-{style}')]}")
        return sorted(out)
    if family == "bootstrap":
        return sorted(os.path.basename(p)[:-4] for p in glob.glob("/usr/share/bootstrap-icons/svg/*.svg"))
    if family == "tabler":
        z = zipfile.ZipFile(glob.glob(os.path.join(_pkg("tabler_icons"), "**/archive.zip"), recursive=True)[0])
        return sorted({os.path.basename(n)[:-4] for n in z.namelist() if n.endswith(".svg")})
    if family in ("lucide", "heroicons"):
        z = zipfile.ZipFile(os.path.join(_pkg(family), f"{family}.zip"))
        return sorted(n[:-4] for n in z.namelist() if n.endswith(".svg"))
    raise KeyError(family)


def _crop_ink(a: np.ndarray) -> np.ndarray | None:
    ys, xs = np.nonzero(a > 8)
    if len(xs) == 0:
        return None
    return a[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def render_mask(family: str, name: str, size: int = 96) -> np.ndarray | None:
    """The glyph as a uint8 coverage mask (ink = 255) about `size` px on its longer side, cropped
    to its ink; None when the family has no such name."""
    f = font_family(family)
    font_cp = None
    if f is not None:
        if name not in f.charmap:
            return None
        font_cp = (f.ttf, f.charmap[name])
    elif family in ("fa5", "fluent"):
        font_cp = _multi_font(family, name)
        if font_cp is None:
            return None
    if font_cp is not None:
        ttf, cp = font_cp
        font = ImageFont.truetype(ttf, size)
        img = Image.new("L", (size * 2, size * 2), 0)
        ImageDraw.Draw(img).text((size // 2, size // 2), chr(cp), fill=255, font=font)
        return _crop_ink(np.asarray(img))
    svg = _svg_source(family, name)
    if svg is None:
        return None
    rsvg = shutil.which("rsvg-convert")
    if rsvg is None:
        raise RuntimeError("rsvg-convert not found (Debian librsvg2-bin)")
    png = subprocess.run([rsvg, "-w", str(size), "-h", str(size), "--keep-aspect-ratio"], input=svg,
                         capture_output=True, check=True).stdout
    a = np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"))[:, :, 3]
    return _crop_ink(a)
