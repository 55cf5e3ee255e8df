"""The hand-checked name→meaning table (``families.json``) and the 72 meanings in contract order.

``families.json`` maps each family to its split ("train", "val" = held-out families for
validation, "gen" = generalisation test only), its design group (families sharing designs must
share a split), its drawing style (held-out families also name the style they stand for in
``heldOutFor``: thin-outline, solid, rounded), licence, source package, and for each of the 72 meanings (the paper's 38, then the 34 extended
ones: 25 of the fifth model, 9 of the sixth) the glyph names that
show it. Every entry was checked by eye on contact sheets (``contact_sheet.py``).
"""
from __future__ import annotations

import json
import os

# The core contract's order: `IconMeaning.allCases` in Sources/ScreenRecognition/Model/ElementClass.swift.
MEANINGS = (
    "back close add search menu settings share more home person heart star bookmark trash edit camera "
    "photo play pause mail phone chat bell cart filter refresh download upload info help location "
    "calendar clock lock link microphone send checkmark"
).split()
# The paper's 38 (§5.2); the fifth model adds EXTENDED (IconMeaning.extendedMeanings in Swift):
# meanings found among the icons ui-real valid's analyses left unknown, and sign-in/share brands;
# the sixth adds the last nine (glyphs the fifth left unknown: player, keypad, grid, compass, trophy, scan).
PAPER_MEANINGS = tuple(MEANINGS)
EXTENDED = (
    "next previous shuffle like show copy folder flag tag gift warning video music chart cast logout volume "
    "facebook google twitter instagram apple youtube whatsapp linkedin "
    "repeat playlist fullscreen dislike backspace grid explore trophy scan"
).split()
MEANINGS = MEANINGS + EXTENDED
# The classifier's extra class for icons of any other meaning (negatives); never output as a label.
OTHER = "other"
CLASSES = MEANINGS + [OTHER]

TABLE_PATH = os.path.join(os.path.dirname(__file__), "families.json")


def load_table(path: str = TABLE_PATH) -> dict:
    with open(path) as f:
        table = json.load(f)
    for fam, d in table.items():
        if list(d["meanings"]) != MEANINGS:
            raise ValueError(f"{fam}: meanings must be the {len(MEANINGS)} contract ids in order")
        if d["split"] not in ("train", "val", "gen"):
            raise ValueError(f"{fam}: unknown split {d['split']}")
        if not d.get("style"):
            raise ValueError(f"{fam}: no style")
        if d.get("heldOutFor") and d["split"] == "train":
            raise ValueError(f"{fam}: held out for {d['heldOutFor']} but in train")
    groups = {}
    for fam, d in table.items():
        groups.setdefault(d["group"], set()).add(d["split"])
    for g, splits in groups.items():
        if len(splits) > 1:
            raise ValueError(f"design group {g} is split across {sorted(splits)}")
    return table


def families(split: str, table: dict | None = None) -> list[str]:
    table = table or load_table()
    return [f for f, d in table.items() if d["split"] == split]
