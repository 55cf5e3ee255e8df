import json
import os

import pytest

from screenrec_training import export, train
from screenrec_training.thresholds import choose_thresholds, pr_svg


def test_train_resume_export(tiny_synth, tiny_ui_real, tiny_config, tmp_path):
    run = str(tmp_path / "run")
    args = ["--config", tiny_config, "--synthetic", tiny_synth, "--ui-real", tiny_ui_real, "--run", run,
            "--max-iters", "2", "--workers", "0", "--log-every", "1", "--threads", "1"]
    train.main(args)
    import torch
    ck = torch.load(os.path.join(run, "last.pt"))
    assert ck["iter"] == 2 and "optimizer" in ck
    args[args.index("--max-iters") + 1] = "3"
    train.main(args + ["--resume"])
    assert torch.load(os.path.join(run, "last.pt"))["iter"] == 3
    pytest.importorskip("onnxruntime")
    out = str(tmp_path / "export")
    export.main(["--checkpoint", os.path.join(run, "last.pt"), "--out", out, "--top-k", "20",
                 "--synthetic", tiny_synth, "--ui-real", tiny_ui_real, "--threads", "1"])
    meta = json.load(open(os.path.join(out, "model.json")))
    assert meta["input"]["shape"] == [1, 3, 64, 32] and meta["outputs"][0]["shape"] == [1, 20, 6]
    assert len(meta["classes"]) == 13 and meta["export"]["torchVsOnnxMaxScoreDiff"] < 1e-3
    th = json.load(open(os.path.join(out, "thresholds.json")))["thresholds"]
    assert set(th) == set(meta["classes"])
    assert os.path.exists(os.path.join(out, "pr_curves.svg"))


def test_thresholds_best_f1(tmp_path):
    curve = {"ap": 0.5, "n_gt": 2, "scores": [0.9, 0.6, 0.2], "precision": [1.0, 1.0, 0.67],
             "recall": [0.5, 1.0, 1.0]}
    th = choose_thresholds({"text": curve}, {"slider": curve, "text": curve})
    assert th["text"]["threshold"] == 0.6 and th["text"]["source"].startswith("ui-real")
    assert th["slider"]["source"] == "synthetic held-out"
    assert th["dialog"]["source"].startswith("default")
    pr_svg({"a": {"text": curve}}, th, str(tmp_path / "pr.svg"))
    assert "<svg" in open(tmp_path / "pr.svg").read()
