"""Writing a simulated scene to a video with its SETUP, LAYOUT and ground truth, and reading it
back."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from engines.croquetnole.layout import Layout
from vision.markers import TableProfile
from vision.sim.croquet_camera import CameraMode
from vision.sim.croquet_render import RenderConfig
from vision.sim.croquet_scene import CroquetScene
from vision.sim.croquet_video import coins_at, simulate, write_video

MODE = CameraMode(480, 270, 120.0)
SCRIPT = """
    place moons-knight at (432, 432)
    place suns-guard at (200, 700)
    place crowns-guard at (700, 150)
    flick moons-knight heading 90 deg at 0.85 m/s
    lift suns-guard to (250, 250)
"""


@pytest.mark.parametrize("suffix", [".avi", ".mp4"])
def test_video_round_trip(tmp_path: Path, suffix: str) -> None:
    scene = CroquetScene.from_script(SCRIPT)
    info = write_video(
        scene, tmp_path / f"scene{suffix}", mode=MODE, config=RenderConfig(noise_sd=1.0), seed=3
    )
    cap = cv2.VideoCapture(str(info.video))
    assert cap.get(cv2.CAP_PROP_FPS) == pytest.approx(120.0)
    count, first = 0, None
    while True:
        ok, frame = cap.read()
        if not ok:
            break
        first = frame if first is None else first
        count += 1
    cap.release()
    assert count == info.frames and first is not None and first.shape == (270, 480, 3)

    setup = json.loads(info.setup.read_text())
    assert setup == {
        "table": TableProfile().to_json(),
        "coins": {
            "moons-knight": [432.0, 432.0],
            "suns-guard": [200.0, 700.0],
            "crowns-guard": [700.0, 150.0],
        },
    }
    assert Layout.from_json(json.loads(info.layout.read_text())) == scene.layout

    truth = json.loads(info.truth.read_text())
    assert truth["events"] == json.loads(json.dumps(scene.events))
    assert [e["event"] for e in truth["events"]] == ["flick", "pass", "rest", "place"]
    assert truth["frames"] == count and truth["size"] == [480, 270]
    assert np.array(truth["camera"]["matrix"]).shape == (3, 3)
    assert len(truth["hands"]) == 2  # the flick's hand and the lift's
    start, end = coins_at(truth, 0), coins_at(truth, count - 1)
    assert start["moons-knight"]["mm"] == [432.0, 432.0] and start["moons-knight"]["visible"]
    assert end["suns-guard"]["mm"] == [250.0, 250.0]
    assert end["moons-knight"]["mm"] == truth["events"][2]["positions"]["moons-knight"]
    assert start["crowns-knight"]["status"] == "absent"
    # Compressed: a coin nobody touches has a single row, a moving one a row per frame it moved.
    assert len(truth["tracks"]["crowns-guard"]) == 1
    assert 10 < len(truth["tracks"]["moons-knight"]) < count / 2


def test_a_video_needs_a_known_container(tmp_path: Path) -> None:
    scene = CroquetScene.from_script("place moons-knight at (432, 432)")
    with pytest.raises(ValueError, match=r"\.mp4 or \.avi"):
        write_video(scene, tmp_path / "scene.mkv", mode=MODE)


def test_simulate_writes_a_scripted_scene_and_refuses_unknown_modes(tmp_path: Path) -> None:
    info = simulate(
        tmp_path / "out",
        script="place moons-knight at (432, 432)\nwait 0.05 s",
        mode="1280x720",
        video_name="s.avi",
        config=RenderConfig(noise_sd=0.0),
    )
    assert info.size == (1280, 720) and info.video.exists() and info.truth.exists()
    with pytest.raises(ValueError, match="camera mode"):
        simulate(tmp_path, mode="640x480")
