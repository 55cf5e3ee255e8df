"""Renders a contact sheet of a family's name→meaning table (for checking the table by eye).

    python3 -m screenrec_training.icons.contact_sheet --family bootstrap --out sheet.png
"""
from __future__ import annotations

import argparse

from PIL import Image, ImageDraw

from .table import load_table
from .sources import render_mask

CELL = 44


def contact_sheet(family: str, table: dict | None = None) -> Image.Image:
    table = table or load_table()
    meanings = table[family]["meanings"]
    items = list(meanings.items())
    half = (len(items) + 1) // 2
    width_names = max(len(v) for v in meanings.values())
    colw = 90 + width_names * CELL
    img = Image.new("RGB", (2 * colw, half * CELL), "white")
    d = ImageDraw.Draw(img)
    for i, (meaning, names) in enumerate(items):
        x0, y0 = (i // half) * colw, (i % half) * CELL
        d.text((x0 + 4, y0 + CELL // 2 - 6), meaning, fill="black")
        for j, name in enumerate(names):
            m = render_mask(family, name, 64)
            if m is None:
                d.text((x0 + 90 + j * CELL, y0 + 10), "??", fill="red")
                continue
            g = Image.fromarray(255 - m)
            g.thumbnail((CELL - 8, CELL - 8))
            img.paste(g.convert("RGB"), (x0 + 90 + j * CELL + 4, y0 + 4))
    return img


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--family", required=True)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    contact_sheet(a.family).save(a.out)


if __name__ == "__main__":
    main()
