"""Packs COCO image sets into tar shards small enough to travel to a training machine whose
upload is limited (the GPU machine takes at most 64 MiB with the repository): every image is
re-encoded as JPEG or WebP at --quality and, if taller than --max-height, downscaled (boxes stay in the
COCO file's pixel space; data.load_example rescales them by the stored image's size).

    python3 scripts/pack_shards.py --coco /path/ui-real/train.json --images /path/ui-real/images \
        --name ui-real/train --out ../.pack --quality 80
Writes OUT/NAME.tar holding NAME.json (image paths rewritten to images/<file>) and the images.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import tarfile

from PIL import Image


def pack(coco: str, images: str, name: str, out: str, quality: int, max_height: int,
         fmt: str = "jpeg", limit: int = 0, skip: int = 0) -> tuple[str, int]:
    d = json.load(open(coco))
    if limit or skip:
        d["images"] = d["images"][skip:skip + limit] if limit else d["images"][skip:]
        keep = {im["id"] for im in d["images"]}
        d["annotations"] = [a for a in d["annotations"] if a["image_id"] in keep]
    os.makedirs(os.path.dirname(os.path.join(out, name)) or out, exist_ok=True)
    path = os.path.join(out, name + ".tar")
    prefix = os.path.dirname(name)
    with tarfile.open(path, "w") as tar:
        for im in d["images"]:
            fn = im["file_name"]
            src = os.path.join(images, fn)
            if not os.path.exists(src):
                src = os.path.join(images, os.path.basename(fn))
            img = Image.open(src).convert("RGB")
            if img.height > max_height:
                s = max_height / img.height
                img = img.resize((max(1, round(img.width * s)), max_height), Image.BILINEAR)
            buf = io.BytesIO()
            img.save(buf, "WEBP" if fmt == "webp" else "JPEG", quality=quality)
            stem = os.path.splitext(os.path.basename(fn))[0]
            rel = "images/" + stem + (".webp" if fmt == "webp" else ".jpg")
            im["file_name"] = rel
            info = tarfile.TarInfo(os.path.join(prefix, rel))
            info.size = buf.tell()
            buf.seek(0)
            tar.addfile(info, buf)
        js = json.dumps(d).encode()
        info = tarfile.TarInfo(os.path.join(prefix, os.path.basename(name) + ".json"))
        info.size = len(js)
        tar.addfile(info, io.BytesIO(js))
    return path, len(d["images"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--coco", required=True)
    ap.add_argument("--images", required=True, help="folder the COCO file names are relative to")
    ap.add_argument("--name", required=True, help="shard name, e.g. ui-real/train")
    ap.add_argument("--out", required=True)
    ap.add_argument("--quality", type=int, default=80)
    ap.add_argument("--max-height", type=int, default=960)
    ap.add_argument("--format", choices=["jpeg", "webp"], default="jpeg",
                    help="webp is ~45%% smaller than JPEG at the same look on screenshots (measured on ui-real)")
    ap.add_argument("--limit", type=int, default=0, help="only N images")
    ap.add_argument("--skip", type=int, default=0, help="skip the first N images")
    a = ap.parse_args(argv)
    path, n = pack(a.coco, a.images, a.name, a.out, a.quality, a.max_height, a.format, a.limit, a.skip)
    print(f"{path}: {n} images, {os.path.getsize(path) / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
