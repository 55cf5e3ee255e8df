import os
import random
import re

import numpy as np
from PIL import Image

from screenrec_training.classes import CLASSES, CLASS_INDEX, state_merged
from screenrec_training.data import (load_coco, load_example, load_ui_real, letterbox, make_targets,
                                     DetectionDataset)

SWIFT = os.path.join(os.path.dirname(__file__), "../../Sources/ScreenRecognition/Model/ElementClass.swift")


def test_class_order_matches_swift_contract():
    assert len(CLASSES) == 13
    if os.path.exists(SWIFT):
        src = open(SWIFT).read()
        body = src.split("enum ElementClass")[1].split("public static func")[0]
        cases = re.findall(r"case (\w+)", body)
        assert cases == CLASSES


def test_state_merged_mirrors_swift():
    assert CLASSES[state_merged(CLASS_INDEX["toggleSelected"])] == "toggleUnselected"
    assert CLASSES[state_merged(CLASS_INDEX["checkboxSelected"])] == "checkboxUnselected"
    assert state_merged(CLASS_INDEX["text"]) == CLASS_INDEX["text"]


def test_ui_real_mapping(tiny_ui_real):
    s = load_ui_real(tiny_ui_real, "train")
    assert len(s) == 3
    names = sorted(CLASSES[c] for c in s[0].classes)
    # UpperTaskBar and Multi_Tab dropped; Switch/CheckedTextView mapped with unknown state
    assert names == sorted(["text", "toggleUnselected", "checkboxUnselected", "container"])
    merged = {CLASSES[c]: m for c, m in zip(s[0].classes, s[0].merged)}
    assert merged["toggleUnselected"] and merged["checkboxUnselected"] and not merged["text"]
    assert np.allclose(s[0].boxes[list(s[0].classes).index(CLASS_INDEX["text"])], [5, 20, 40, 30])


def test_letterbox_top_left():
    img = Image.new("RGB", (60, 120), (255, 0, 0))
    arr, s = letterbox(img, 32, 64)
    assert s == min(32 / 60, 64 / 120)
    assert arr.shape == (64, 32, 3)
    assert (arr[:64, :32, 0] > 200).all()  # 60*0.533=32 wide, 64 tall: fills
    arr, s = letterbox(Image.new("RGB", (100, 100), (255, 255, 255)), 32, 64)
    assert arr[40:, :, :].max() == 0 and arr[:32, :32].min() == 255


def test_load_example_scales_boxes_from_coco_to_stored_size(tiny_synth):
    smp = load_coco(os.path.join(tiny_synth, "train.json"))[0]
    arr, b, c, m = load_example(smp, 32, 64)
    s = min(32 / 60, 64 / 120)
    assert np.allclose(b[0], np.array([8, 10, 20, 22]) * s, atol=1e-4)
    arr2, b2, _, _ = load_example(smp, 32, 64, random.Random(3))
    assert arr2.shape == (64, 32, 3) and (b2[:, 2] <= 32).all() and (b2[:, 3] <= 64).all()


def test_targets_peak_and_merged():
    boxes = np.array([[8, 8, 24, 24], [40, 40, 56, 48]], np.float32)
    classes = np.array([CLASS_INDEX["icon"], CLASS_INDEX["toggleUnselected"]])
    merged = np.array([False, True])
    heat, mheat, tbox, bw = make_targets(boxes, classes, merged, 64, 64)
    assert heat.shape == (13, 16, 16) and mheat.shape == (2, 16, 16)
    assert heat[CLASS_INDEX["icon"], 4, 4] == 1.0  # centre (16,16)/4
    assert heat[CLASS_INDEX["toggleUnselected"]].max() == 0  # merged box goes to the pair map
    assert mheat[1].max() == 1.0 and mheat[0].max() == 0
    assert np.allclose(tbox[:, 4, 4], boxes[0]) and bw[4, 4] > 0


def test_dataset_item_shapes(tiny_synth):
    ds = DetectionDataset(load_coco(os.path.join(tiny_synth, "train.json")), 32, 64, augment=True)
    img, heat, mheat, tbox, bw = ds[0]
    assert img.shape == (3, 64, 32) and img.dtype == np.float32 and img.max() <= 1.0
    assert heat.shape == (13, 16, 8)
