"""ScreenrecProcess against the real binary, without Ray."""

import json
import shutil

from conftest import ROOT
from screenrec_ray import ScreenrecProcess, list_images

import pytest


def test_lines_come_back_in_the_order_asked_and_bad_paths_are_rows(screenrec, tmp_path):
    (tmp_path / "bad.png").write_bytes(b"not a png")
    p = ScreenrecProcess(screenrec, extra_args=["--ocr", "none"])
    try:
        paths = [str(tmp_path / "bad.png"), str(ROOT / "Examples/clock.png"), str(tmp_path / "missing.png"),
                 "line\nbreak.png", str(tmp_path / "bad.png")]
        rows = [json.loads(line) for line in p.analyze(paths)]
        assert [r["image"] for r in rows] == paths
        assert ["error" in r for r in rows] == [True, False, True, True, True]
        assert "not a PNG or JPEG" in rows[0]["error"]
        assert rows[1]["elements"] and rows[1]["width"] == 1170
        first = p.proc.pid
        # The same process answers the next batch: the models were loaded once.
        assert json.loads(p.analyze([str(ROOT / "Examples/clock.png")])[0])["elements"]
        assert p.proc.pid == first
    finally:
        p.close()


def test_a_process_that_dies_gives_error_rows_not_an_exception(tmp_path):
    p = ScreenrecProcess(shutil.which("false"))
    rows = [json.loads(line) for line in p.analyze(["a.png", "b.png"])]
    assert [r["image"] for r in rows] == ["a.png", "b.png"]
    assert all("screenrec stopped" in r["error"] for r in rows)
    missing = ScreenrecProcess(str(tmp_path / "no-such-binary"))
    assert "cannot start" in json.loads(missing.analyze(["a.png"])[0])["error"]


def test_listing_takes_the_cli_extensions_sorted(tmp_path):
    for n in ["b.PNG", "a.jpg", "c.jpeg", "notes.txt", "d.json"]:
        (tmp_path / n).write_bytes(b"x")
    assert [p.rsplit("/", 1)[1] for p in list_images(str(tmp_path))] == ["a.jpg", "b.PNG", "c.jpeg"]
    with pytest.raises(ValueError):
        list_images(str(_empty(tmp_path)))
    with pytest.raises(OSError):
        list_images(str(tmp_path / "nope"))


def _empty(tmp_path):
    d = tmp_path / "empty"
    d.mkdir()
    return d
