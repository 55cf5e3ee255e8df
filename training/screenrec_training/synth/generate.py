"""Renders random labelled screens in headless Chromium and writes a COCO data set.

    python3 -m screenrec_training.synth.generate --out data/synth --split train --count 1500

Screens are laid out in CSS px at a device size from templates.DEVICES and rendered at that
device's scale factor (3 for most iPhones); the stored JPEG is scaled down so its height is
`--out-height` px (default 1280 = twice the detector's 640 px input height, leaving room for
scale-jitter augmentation without storing 2532-px screenshots).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
import time

from ..classes import CLASSES, CLASS_INDEX
from . import assets, templates
from .chromium import Chromium


def coco_categories():
    return [{"id": i + 1, "name": n} for i, n in enumerate(CLASSES)]


def generate(out_dir: str, split: str, count: int, seed: int, photos_dir: str | None,
             out_height: int = 1280, start: int = 0, log_every: int = 50, quality: int = 88):
    img_dir = os.path.join(out_dir, "images")
    os.makedirs(img_dir, exist_ok=True)
    icons = assets.load_icons()
    photos = assets.load_photos(photos_dir)
    print(f"assets: {len(icons)} icons, {len(photos)} photos", flush=True)
    images, annotations = [], []
    work = tempfile.TemporaryDirectory(prefix="screenrec-synth-")  # the page Chromium loads; removed after
    page = os.path.join(work.name, "page.html")
    t0 = time.time()
    with work, Chromium() as browser:
        for k in range(start, start + count):
            rng = random.Random(seed * 1_000_003 + k)
            w, h, dsf = rng.choice(templates.DEVICES)
            screen = templates.Screen(rng, icons, photos, w, h)
            with open(page, "w") as f:
                f.write(screen.html())
            browser.set_device(w, h, dsf, screen.p.dark)
            browser.load(page)
            boxes = browser.evaluate(templates.COLLECT_JS)
            # Stored size: clip scale s gives w*s*dsf px (Chromium multiplies by the device scale).
            s = out_height / (h * dsf)
            name = f"{split}_{k:06d}.jpg"
            browser.screenshot(os.path.join(img_dir, name), w, h, s, quality)
            f_px = out_height / h  # CSS px -> stored px
            img_id = len(images) + 1
            images.append({"id": img_id, "file_name": f"images/{name}", "width": round(w * f_px),
                           "height": out_height, "device": [w, h, dsf], "dark": screen.p.dark,
                           "font": screen.font})
            for cls, x, y, bw, bh in boxes:
                annotations.append({"id": len(annotations) + 1, "image_id": img_id,
                                    "category_id": CLASS_INDEX[cls] + 1,
                                    "bbox": [round(x * f_px, 2), round(y * f_px, 2),
                                             round(bw * f_px, 2), round(bh * f_px, 2)],
                                    "area": round(bw * bh * f_px * f_px, 1), "iscrowd": 0})
            done = k - start + 1
            if done % log_every == 0 or done == count:
                dt = time.time() - t0
                print(f"{split}: {done}/{count} screens, {dt / done:.3f} s/screen", flush=True)
    elapsed = time.time() - t0
    coco = {"info": {"description": "ScreenRecognition synthetic screens", "seed": seed,
                     "seconds_per_screen": round(elapsed / max(count, 1), 3)},
            "images": images, "annotations": annotations, "categories": coco_categories()}
    path = os.path.join(out_dir, f"{split}.json")
    with open(path, "w") as f:
        json.dump(coco, f)
    return path, elapsed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", required=True)
    ap.add_argument("--split", default="train")
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--photos", default=os.path.join(os.path.dirname(__file__), "../../data/assets/photos"))
    ap.add_argument("--out-height", type=int, default=1280)
    ap.add_argument("--log-every", type=int, default=50)
    ap.add_argument("--quality", type=int, default=88, help="JPEG quality of the stored screens")
    args = ap.parse_args(argv)
    path, elapsed = generate(args.out, args.split, args.count, args.seed, args.photos,
                             args.out_height, args.start, args.log_every, args.quality)
    print(f"wrote {path} ({args.count} screens in {elapsed:.1f} s)")


if __name__ == "__main__":
    main()
