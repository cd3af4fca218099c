"""Writing a simulated Croquetnole scene to disk: the video, its SETUP and LAYOUT JSON, and the
ground truth, so anyone can run ``croquetnole analyze`` on it and check the referee.

* the video: OpenCV's VideoWriter, ``mp4v`` for ``.mp4`` and ``MJPG`` for ``.avi`` (the two codecs
  that work with the pip wheels here; H.264 does not), at the scene's frame rate;
* ``setup.json``: the DESIGN SETUP object, the table profile and where each coin stands in the
  first frame;
* ``layout.json``: the DESIGN LAYOUT object of the tiles;
* ``truth.json``: the events (DESIGN vocabulary, with times), the camera (intrinsics, distortion,
  pose), per coin the frames where its truth changed (compressed tracks, read back with
  :func:`coins_at`), and each hand's key frames (palm (t, x, y) joined by smoothstep moves, the
  arm's direction and the hand's height; :class:`~vision.sim.croquet_scene.HandPath`).

>>> import tempfile, pathlib
>>> from vision.sim.croquet_camera import CameraMode
>>> from vision.sim.croquet_scene import CroquetScene
>>> out = pathlib.Path(tempfile.mkdtemp())
>>> scene = CroquetScene.from_script("place arms-knight at 300 300\\nwait 0.1 s")
>>> info = write_video(scene, out / "clip.avi", mode=CameraMode(320, 180, 120.0))
>>> info.frames > 10, sorted(p.name for p in out.iterdir())
(True, ['clip.avi', 'layout.json', 'setup.json', 'truth.json'])
"""

from __future__ import annotations

import bisect
import json
import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import cv2

from vision.markers import TableProfile
from vision.sim.croquet_camera import MODES, CameraMode, CameraModel
from vision.sim.croquet_looks import TableLook
from vision.sim.croquet_render import CroquetRenderer, FrameTruth, RenderConfig
from vision.sim.croquet_scene import CroquetScene

CODECS: dict[str, str] = {".mp4": "mp4v", ".avi": "MJPG"}


@dataclass(frozen=True)
class VideoInfo:
    """What :func:`write_video` wrote."""

    video: Path
    setup: Path
    layout: Path
    truth: Path
    frames: int
    size: tuple[int, int]
    fps: float


def _write_json(path: Path, obj: Any) -> None:
    """Write JSON to a temporary name in the same folder, then rename (FACTS: power may fail)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(obj, separators=(",", ":")))
    os.replace(tmp, path)


class _Tracks:
    """Per coin, the frames where anything of its truth changed (position beyond 0.01 mm or
    0.01 px, status, visibility)."""

    def __init__(self) -> None:
        self.rows: dict[str, list[list[Any]]] = {}

    def add(self, truth: FrameTruth) -> None:
        for coin, c in truth.coins.items():
            j = c.to_json()
            row = [truth.index, j["status"], j["mm"], j["px"], j["visible"], j["covered"]]
            rows = self.rows.setdefault(coin, [])
            if not rows or _changed(rows[-1], row):
                rows.append(row)


def _changed(a: list[Any], b: list[Any]) -> bool:
    if a[1] != b[1] or a[4] != b[4] or (a[2] is None) != (b[2] is None):
        return True
    if abs(a[5] - b[5]) > 0.02:
        return True
    if a[2] is None:
        return False
    return (
        max(
            abs(a[2][0] - b[2][0]),
            abs(a[2][1] - b[2][1]),
            abs(a[3][0] - b[3][0]),
            abs(a[3][1] - b[3][1]),
        )
        > 0.01
    )


def write_video(
    scene: CroquetScene,
    path: Path | str,
    mode: CameraMode = MODES["1536x864"],
    config: RenderConfig | None = None,
    seed: int = 0,
    camera: CameraModel | None = None,
    profile: TableProfile | None = None,
    out_dir: Path | str | None = None,
    look: TableLook | None = None,
    variation: Mapping[str, object] | None = None,
) -> VideoInfo:
    """Render ``scene`` to the video ``path`` and write ``setup.json``, ``layout.json`` and
    ``truth.json`` beside it (or into ``out_dir``). The camera defaults to one in ``mode`` over
    the table (:meth:`CameraModel.over_table`); ``seed`` fixes textures, light and noise;
    ``look`` sets the table's looks (:mod:`vision.sim.croquet_looks`) and ``variation`` (a
    :meth:`TableVariation.to_json <vision.sim.croquet_variation.TableVariation.to_json>`) is
    written into the truth file as ``"variation"``."""
    path = Path(path)
    codec = CODECS.get(path.suffix.lower())
    if codec is None:
        raise ValueError(f"write_video: use .mp4 or .avi, not {path.suffix!r}")
    folder = Path(out_dir) if out_dir is not None else path.parent
    cam = camera or CameraModel.over_table(mode, scene.layout.table)
    profile = profile or TableProfile()
    renderer = CroquetRenderer(scene.layout, cam, config, profile, seed, look)
    fps = scene.fps
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*codec), fps, cam.size)
    if not writer.isOpened():
        raise OSError(f"write_video: OpenCV cannot write {codec} video to {path}")
    tracks = _Tracks()
    count = 0
    try:
        for image, truth in renderer.frames(scene):
            writer.write(image)
            tracks.add(truth)
            count += 1
    finally:
        writer.release()
    setup = {
        "table": profile.to_json(),
        "coins": {c: [round(x, 3), round(y, 3)] for c, (x, y) in scene.setup.items()},
    }
    info = VideoInfo(
        path,
        folder / "setup.json",
        folder / "layout.json",
        folder / "truth.json",
        count,
        cam.size,
        fps,
    )
    _write_json(info.setup, setup)
    _write_json(info.layout, scene.layout.to_json())
    truth: dict[str, Any] = {"variation": dict(variation)} if variation is not None else {}
    _write_json(
        info.truth,
        {
            **truth,
            "video": path.name,
            "fps": fps,
            "frames": count,
            "size": list(cam.size),
            "camera": cam.to_json(),
            "render": asdict(renderer.config),
            "seed": seed,
            "events": scene.events,
            "track_columns": ["frame", "status", "mm", "px", "visible", "covered"],
            "tracks": tracks.rows,
            "hands": [path.to_json() for path in scene.hand_paths],
        },
    )
    return info


def coins_at(truth: Mapping[str, Any], frame: int) -> dict[str, dict[str, Any]]:
    """Each coin's truth at ``frame`` from a loaded ``truth.json`` (expanding the compressed
    tracks): ``{"moons-knight": {"status": "on", "mm": [x, y], "px": [u, v], "visible": True,
    "covered": 0.0}, ...}``."""
    out = {}
    for coin, rows in truth["tracks"].items():
        k = bisect.bisect_right([r[0] for r in rows], frame) - 1
        if k >= 0:
            _, status, mm, px, visible, covered = rows[k]
            out[coin] = {
                "status": status,
                "mm": mm,
                "px": px,
                "visible": visible,
                "covered": covered,
            }
    return out


def simulate(
    out_dir: Path | str,
    seed: int = 0,
    flicks: int = 20,
    script: str | None = None,
    mode: str = "1536x864",
    video_name: str = "scene.mp4",
    config: RenderConfig | None = None,
) -> VideoInfo:
    """What ``tableside croquetnole simulate`` does: a seeded random game of ``flicks`` flicks
    (or the scene ``script``), filmed in camera mode ``mode`` (a key of ``MODES``), written into
    ``out_dir`` as ``video_name`` with ``setup.json``, ``layout.json`` and ``truth.json``.
    Raises ValueError for an unknown mode or a bad script."""
    if mode not in MODES:
        raise ValueError(f"unknown camera mode {mode!r} (one of {', '.join(MODES)})")
    cam_mode = MODES[mode]
    if script is not None:
        scene = CroquetScene.from_script(script, fps=cam_mode.fps, seed=seed)
    else:
        scene = CroquetScene.random(seed, flicks, fps=cam_mode.fps)
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    return write_video(scene, folder / video_name, mode=cam_mode, config=config, seed=seed)
