#!/usr/bin/env python3
"""Draws a COCO file's boxes on its images (a contact sheet for checking labels by eye).

    python3 scripts/draw_boxes.py DATA/train.json OUT.png --n 6
"""
import argparse
import json
import os
import sys

from PIL import Image, ImageDraw

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

COLOURS = ["#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0",
           "#f032e6", "#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#800000"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("coco")
    ap.add_argument("out")
    ap.add_argument("--n", type=int, default=6)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--height", type=int, default=640)
    args = ap.parse_args()
    d = json.load(open(args.coco))
    root = os.path.dirname(os.path.abspath(args.coco))
    cats = {c["id"]: c["name"] for c in d["categories"]}
    by_img = {}
    for a in d["annotations"]:
        by_img.setdefault(a["image_id"], []).append(a)
    tiles = []
    for im in d["images"][args.start:args.start + args.n]:
        path = os.path.join(root, im["file_name"])
        if not os.path.exists(path):
            path = os.path.join(root, "images", im["file_name"])
        img = Image.open(path).convert("RGB")
        s = args.height / img.height
        img = img.resize((round(img.width * s), args.height))
        dr = ImageDraw.Draw(img)
        for a in by_img.get(im["id"], []):
            x, y, w, h = [v * s for v in a["bbox"]]
            c = COLOURS[a["category_id"] % len(COLOURS)]
            dr.rectangle([x, y, x + w, y + h], outline=c, width=1)
            dr.text((x + 1, y), cats[a["category_id"]][:6], fill=c)
        tiles.append(img)
    sheet = Image.new("RGB", (sum(t.width for t in tiles) + 4 * len(tiles), args.height), "white")
    x = 0
    for t in tiles:
        sheet.paste(t, (x, 0))
        x += t.width + 4
    sheet.save(args.out)


if __name__ == "__main__":
    main()
