"""Refereeing a written video: the observed events match the simulator's truth, each followed by
the engine's rulings, in time order; a video it cannot use is a one-line VisionError."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from vision.croquet.analyze import analyze_video
from vision.errors import NoTableMarkers, UnusableVideo, VisionError
from vision.lab.croquet_evaluate import match_events
from vision.sim.croquet_camera import CameraMode
from vision.sim.croquet_scene import CroquetScene
from vision.sim.croquet_video import write_video

MODE = CameraMode(960, 540, 120.0)
SCRIPT = (
    "place suns-knight at 150 650\nplace suns-guard at 150 720\n"
    "flick suns-knight heading -90 deg at 0.9 m/s"
)


@pytest.fixture(scope="module")
def clip(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    out = tmp_path_factory.mktemp("clip")
    info = write_video(CroquetScene.from_script(SCRIPT), out / "clip.avi", mode=MODE)
    return info.video, json.loads(info.setup.read_text())


def truth(clip_path: Path) -> list[dict[str, Any]]:
    return json.loads((clip_path.parent / "truth.json").read_text())["events"]


@pytest.mark.parametrize("given_layout", [True, False], ids=["layout", "read"])
def test_the_video_is_refereed_as_the_truth_says(
    clip: tuple[Path, dict[str, Any]], given_layout: bool
) -> None:
    path, setup = clip
    layout = json.loads((path.parent / "layout.json").read_text()) if given_layout else None
    out = list(analyze_video(path, setup, layout))
    assert all({"t", "event"} <= set(o) for o in out)
    assert [o["t"] for o in out] == sorted(o["t"] for o in out)
    observed = [o for o in out if o["event"] != "ruling"]
    want = truth(path)
    assert len(match_events(observed, want, 0.05, 1.0)) == len(observed) == len(want)
    flick = out.index(next(o for o in out if o["event"] == "flick"))
    ruling = out[flick + 1]
    assert ruling["event"] == "ruling" and {"kind", "text", "data"} <= set(ruling)
    json.dumps(out)


def test_a_file_that_is_not_a_video_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "notes.avi"
    bad.write_text("not a video")
    with pytest.raises(UnusableVideo):
        list(analyze_video(bad, {}))
    with pytest.raises(UnusableVideo):
        list(analyze_video(tmp_path / "missing.avi", {}))


def test_a_video_without_the_table_markers_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "blank.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 120.0, (320, 180))
    for _ in range(3):
        writer.write(np.full((180, 320, 3), 90, np.uint8))
    writer.release()
    with pytest.raises(NoTableMarkers) as err:
        list(analyze_video(path, {}))
    assert "\n" not in str(err.value)


def test_a_malformed_setup_is_refused(clip: tuple[Path, dict[str, Any]]) -> None:
    path, _ = clip
    with pytest.raises(VisionError, match="setup"):
        list(analyze_video(path, {"coins": {"queen": [1, 2]}}))
