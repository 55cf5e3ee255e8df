"""The check set at 1x as JPEG: each 3x screen downscaled to 390x844 and saved at
JPEG quality 80, with a truth file whose boxes are scaled to match — the screenshots a 1x device,
or a 3x screenshot that went through a chat app, gives OCR.

    python3 Benchmarks/ocr-checkset/make_1x.py OUT_DIR [--scale 3] [--quality 80] [--source DIR]

--source: another rendering (a folder `make_checkset.py --out DIR --seed N` wrote); default: the
committed set beside this script.

Writes OUT_DIR/screen-NN.jpg and OUT_DIR/truth.json (same shape as truth.json; "scale" becomes 1).
Score as usual: run `screenrec ocr` on each image into a folder, then score.py OUT_DIR/truth.json.
"""
import argparse
import json
import os

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--scale", type=int, default=3, help="the committed screens' device scale")
    ap.add_argument("--quality", type=int, default=80)
    ap.add_argument("--source", default=HERE, help="folder with truth.json and the 3x screens")
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    truth = json.load(open(os.path.join(a.source, "truth.json")))
    for screen in truth["screens"]:
        img = Image.open(os.path.join(a.source, screen["image"])).convert("RGB")
        small = img.resize((img.width // a.scale, img.height // a.scale), Image.LANCZOS)
        name = os.path.splitext(screen["image"])[0] + ".jpg"
        small.save(os.path.join(a.out, name), "JPEG", quality=a.quality)
        screen["image"] = name
        for line in screen["lines"]:
            line["box"] = [v / a.scale for v in line["box"]]
    truth["scale"] = 1
    truth["derivedFrom"] = f"truth.json at 1/{a.scale} scale, JPEG quality {a.quality}"
    with open(os.path.join(a.out, "truth.json"), "w") as f:
        json.dump(truth, f, indent=1)
    print(f"wrote {len(truth['screens'])} screens to {a.out}")


if __name__ == "__main__":
    main()
