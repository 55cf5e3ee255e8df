"""A COCO set's screenshots scaled up by a whole factor, to check that the pipeline says the same
on a 3x screenshot as on the 1x one (ui-real's images are ~385 px wide).

    python3 Benchmarks/scale/make_scaled_coco.py COCO.json IMAGES OUT [--factor 3]

Writes OUT/images/<same names> (bicubic, JPEG quality 95 for .jpg, PNG otherwise) and
OUT/<COCO file name> with boxes, areas and image sizes scaled. Needs Pillow.
"""
import argparse
import json
import os

from PIL import Image


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("coco")
    p.add_argument("images")
    p.add_argument("out")
    p.add_argument("--factor", type=int, default=3)
    a = p.parse_args()
    k = a.factor
    coco = json.load(open(a.coco))
    os.makedirs(os.path.join(a.out, "images"), exist_ok=True)
    for im in coco["images"]:
        src = Image.open(os.path.join(a.images, im["file_name"])).convert("RGB")
        big = src.resize((src.width * k, src.height * k), Image.BICUBIC)
        big.save(os.path.join(a.out, "images", im["file_name"]), quality=95)
        im["width"], im["height"] = src.width * k, src.height * k
    for ann in coco["annotations"]:
        ann["bbox"] = [v * k for v in ann["bbox"]]
        if "area" in ann:
            ann["area"] *= k * k
        if isinstance(ann.get("segmentation"), list):
            ann["segmentation"] = [[v * k for v in s] for s in ann["segmentation"]]
    json.dump(coco, open(os.path.join(a.out, os.path.basename(a.coco)), "w"))


if __name__ == "__main__":
    main()
