import json
import os
import sys

import numpy as np
import pytest
from PIL import Image

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))


@pytest.fixture
def tiny_ui_real(tmp_path):
    """A ui-real-shaped folder: 3 images (60x120) with labels in ui-real's vocabulary."""
    root = tmp_path / "ui-real"
    (root / "images").mkdir(parents=True)
    cats = [{"id": i + 1, "name": n} for i, n in enumerate(
        ["Text", "Icon", "Switch", "CheckedTextView", "UpperTaskBar", "Multi_Tab", "Card"])]
    images, anns = [], []
    rng = np.random.default_rng(0)
    for k in range(3):
        arr = (rng.random((120, 60, 3)) * 40 + 200).astype(np.uint8)
        arr[20:30, 5:40] = 0      # a "text" line
        arr[50:60, 40:55] = 30    # a "switch"
        Image.fromarray(arr).save(root / "images" / f"img{k}.jpg")
        images.append({"id": k + 1, "file_name": f"img{k}.jpg", "width": 60, "height": 120, "source": "other"})
        for cid, box in [(1, [5, 20, 35, 10]), (3, [40, 50, 15, 10]), (5, [0, 0, 60, 8]), (6, [0, 100, 60, 20]),
                         (4, [5, 70, 10, 10]), (7, [2, 65, 56, 30])]:
            anns.append({"id": len(anns) + 1, "image_id": k + 1, "category_id": cid, "bbox": box,
                         "area": box[2] * box[3], "iscrowd": 0})
    for split in ("train", "valid"):
        with open(root / f"{split}.json", "w") as f:
            json.dump({"images": images, "annotations": anns, "categories": cats}, f)
    return str(root)


@pytest.fixture
def tiny_synth(tmp_path):
    """A synthetic-shaped folder with train.json and heldout.json using our class names; images
    stored at twice the COCO size (like generator output at --out-height)."""
    from screenrec_training.classes import CLASSES
    root = tmp_path / "synth"
    (root / "images").mkdir(parents=True)
    images, anns = [], []
    for k in range(4):
        arr = np.full((120, 60, 3), 240, np.uint8)
        arr[10:22, 8:20] = [0, 122, 255]   # icon
        arr[40:52, 30:52] = [52, 199, 89]  # toggle on
        Image.fromarray(arr).save(root / "images" / f"s{k}.jpg")
        images.append({"id": k + 1, "file_name": f"images/s{k}.jpg", "width": 60, "height": 120})
        for name, box in [("icon", [8, 10, 12, 12]), ("toggleSelected", [30, 40, 22, 12]),
                          ("text", [8, 70, 40, 8])]:
            anns.append({"id": len(anns) + 1, "image_id": k + 1, "category_id": CLASSES.index(name) + 1,
                         "bbox": box, "area": box[2] * box[3], "iscrowd": 0})
    cats = [{"id": i + 1, "name": n} for i, n in enumerate(CLASSES)]
    for split in ("train", "heldout"):
        with open(root / f"{split}.json", "w") as f:
            json.dump({"images": images, "annotations": anns, "categories": cats}, f)
    return str(root)


@pytest.fixture
def tiny_config(tmp_path):
    cfg = {"input_width": 32, "input_height": 64, "width_mult": 0.25, "fpn_channels": 16,
           "head_channels": 16, "batch_size": 2, "lr": 0.001, "weight_decay": 0.0, "warmup_iters": 2,
           "total_iters": 10, "class_balance_power": 0.5, "real_fraction": 0.5, "eval_images": 2,
           "nms_iou": 0.6}
    p = tmp_path / "cfg.json"
    p.write_text(json.dumps(cfg))
    return str(p)
