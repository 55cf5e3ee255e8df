import json
import os
import random

import pytest

from screenrec_training.classes import CLASSES
from screenrec_training.synth import assets, templates
from screenrec_training.synth.chromium import find_chromium


def test_templates_cover_all_classes_without_browser():
    icons = assets.load_icons(max_per_family=20)
    seen = set()
    for seed in range(60):
        rng = random.Random(seed)
        w, h, _ = rng.choice(templates.DEVICES)
        html = templates.Screen(rng, icons, [], w, h).html()
        for c in CLASSES:
            if f'data-c="{c}"' in html:
                seen.add(c)
    assert seen == set(CLASSES)


@pytest.mark.skipif(find_chromium() is None, reason="chromium not installed")
def test_render_two_screens(tmp_path):
    from screenrec_training.synth.generate import generate
    path, _ = generate(str(tmp_path), "t", 2, seed=3, photos_dir=None, out_height=320, log_every=10)
    d = json.load(open(path))
    assert len(d["images"]) == 2 and len(d["annotations"]) > 5
    assert os.path.exists(os.path.join(tmp_path, d["images"][0]["file_name"]))
    for a in d["annotations"]:
        x, y, w, h = a["bbox"]
        im = d["images"][a["image_id"] - 1]
        assert w > 0 and h > 0 and x >= 0 and y >= 0 and x + w <= im["width"] + 1 and y + h <= im["height"] + 1
