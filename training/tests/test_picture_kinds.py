"""Picture kinds: the Swift describer's input, the operating threshold chosen for precision, the
labels file, and the head appended to a describer's graph (a tiny stand-in graph)."""
import json
import os

import numpy as np
import pytest
from PIL import Image

from screenrec_training.content import picture_kinds as K

HERE = os.path.dirname(__file__)
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))


def test_model_input_rounds_the_box_outwards_and_squashes_it():
    image = Image.new("RGB", (40, 30), (255, 255, 255))
    image.paste((0, 0, 0), (10, 10, 20, 20))
    x = K.model_input(image, [10.4, 10.4, 9.2, 9.2])  # rounds out to 10...20: all black
    assert x.shape == (1, 3, 224, 224) and x.dtype == np.float32
    assert np.allclose(x, (0 - 127) / 128)
    big = Image.new("RGB", (600, 300), (255, 0, 0))
    y = K.model_input(big, [0, 0, 600, 300])  # wide: area-averaged across, nearest down
    assert np.allclose(y[0, 0], (255 - 127) / 128) and np.allclose(y[0, 1], -127 / 128)
    with pytest.raises(ValueError):
        K.model_input(image, [50, 50, 10, 10])


def _probs(rows):
    return np.array(rows, dtype=float)


def test_only_spoken_kinds_at_the_threshold_are_said():
    photo, none = K.KINDS.index("photo"), K.KINDS.index("none")
    p = np.zeros((3, len(K.KINDS)))
    p[0, photo] = 0.95
    p[1, photo] = 0.6
    p[2, none] = 0.99
    assert K.spoken_at(p, 0.9).tolist() == [photo, -1, -1]
    assert K.spoken_at(p, 0.5).tolist() == [photo, photo, -1]


def test_threshold_is_the_lowest_reaching_the_precision():
    photo, illus = K.KINDS.index("photo"), K.KINDS.index("illustration")
    p = np.zeros((4, len(K.KINDS)))
    p[0, photo], p[1, photo], p[2, photo], p[3, illus] = 0.95, 0.72, 0.52, 0.97
    y = np.array([photo, photo, illus, illus])  # the 0.52 "photo" is wrong
    assert K.choose_threshold(p, y, target=0.9) == 0.55
    prec, spoken, right, speakable = K.precision_coverage(p, y, 0.55)
    assert (prec, spoken, right, speakable) == (1.0, 3, 3, 4)


def test_labels_file_is_checked(tmp_path):
    good = {"boxes": [{"image": "a.jpg", "box": [0, 0, 10, 10], "kind": "map"}]}
    bad = {"boxes": [{"image": "a.jpg", "box": [0, 0, 10, 10], "kind": "poster"}]}
    (tmp_path / "good.json").write_text(json.dumps(good))
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    assert K.load_labels(str(tmp_path / "good.json"))[0]["kind"] == "map"
    with pytest.raises(ValueError, match="poster"):
        K.load_labels(str(tmp_path / "bad.json"))


def test_shipped_labels_cover_real_pictures():
    boxes = K.load_labels(os.path.join(ROOT, "training", "labels", "pictures-ui-real.json"))
    kinds = {b["kind"] for b in boxes}
    assert len(boxes) >= 1000 and set(K.SPOKEN) <= kinds
    assert all(len(b["box"]) == 4 and b["box"][2] > 0 and b["box"][3] > 0 for b in boxes)


def test_head_is_appended_to_a_graph_with_the_features(tmp_path):
    """A stand-in describer (image → ReduceMean → Gemm → Softmax) gets the kinds head; the exported
    graph gives the regression's probabilities."""
    import onnx
    import onnxruntime as ort
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(0)
    # features = mean over H, W of the 3 channels (3 values instead of 1280).
    nodes = [
        helper.make_node("ReduceMean", ["image"], ["pooled"], axes=[2, 3], keepdims=0),
        helper.make_node("Identity", ["pooled"], [K.FEATURES]),
        helper.make_node("Gemm", [K.FEATURES, "fc.w", "fc.b"], ["logits"], transB=1),
        helper.make_node("Softmax", ["logits"], [K.IMAGENET_OUTPUT], axis=1),
    ]
    inits = [numpy_helper.from_array(rng.normal(size=(4, 3)).astype(np.float32), "fc.w"),
             numpy_helper.from_array(np.zeros(4, np.float32), "fc.b")]
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("image", TensorProto.FLOAT, [1, 3, 224, 224])],
                              [helper.make_tensor_value_info(K.IMAGENET_OUTPUT, TensorProto.FLOAT, [1, 4])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    W = rng.normal(size=(len(K.KINDS), 3)).astype(np.float32)
    b = rng.normal(size=len(K.KINDS)).astype(np.float32)
    K.append_head(model, W, b)
    K.append_head(model, W, b)  # a second export replaces the first head
    assert [o.name for o in model.graph.output] == [K.IMAGENET_OUTPUT, K.KINDS_OUTPUT]
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    x = rng.uniform(-1, 1, (1, 3, 224, 224)).astype(np.float32)
    got = sess.run([K.KINDS_OUTPUT], {"image": x})[0][0]
    logits = W @ x.mean(axis=(2, 3))[0] + b
    want = np.exp(logits - logits.max()) / np.exp(logits - logits.max()).sum()
    assert np.allclose(got, want, atol=1e-5)
