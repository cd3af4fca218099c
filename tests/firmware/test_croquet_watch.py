"""The Croquetnole camera watcher on a short rendered scene: the same rulings as the ground truth.

The scene: the coins the engine asks for stand on their spots, the Moons knight is flicked out
through its gate, then the Suns knight (not on the table yet) is brought in by hand. Feeding the
watcher the rendered frames must give the referee the same rulings as feeding the engine the
simulator's ground-truth events.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from engines.core import Action
from engines.croquetnole import GAME, default_layout
from firmware_py.camera_view import CameraView
from firmware_py.croquet_sim import start_spots
from firmware_py.croquet_watch import CroquetWatcher, describe
from firmware_py.referee import Referee
from firmware_py.storage import Store
from vision.sim.croquet_camera import MODES
from vision.sim.croquet_render import render_mode
from vision.sim.croquet_scene import CroquetScene
from vision.sim.croquet_script import Place, RandomPlay, TableView
from vision.sources import RenderSource

LAYOUT = default_layout()


def scene() -> CroquetScene:
    spots = start_spots()
    view = TableView(0.0, LAYOUT, spots, (), ())
    out = RandomPlay(seed=4, aim_sd_deg=0.0, speed_sd=0.0).aim(
        view, "moons-knight", ("moons-gate", "out")
    )
    actions = [out, Place("suns-knight", LAYOUT.start_spot("suns", "knight"))]
    return CroquetScene(spots, actions, LAYOUT, fps=120.0, tail_s=1.2, seed=4)


def filmed_table(folder: Path) -> tuple[CroquetScene, RenderSource, Referee]:
    """The test scene, filmed at 1280x720 frame by frame, and a referee storing in ``folder``."""
    sc = scene()
    renderer = render_mode(MODES["1280x720"], LAYOUT, seed=4)
    frames: Iterator = sc.frames(renderer.window_s, renderer.config.scene_samples)
    source = RenderSource(lambda: renderer.render(next(frames))[0], fps=120.0)
    return sc, source, Referee(Store(folder / "t.sqlite3"), {"croquetnole": GAME})


def rulings(events: list[dict]) -> list[tuple[str, str | None]]:
    return [(e["kind"], e["data"].get("coin")) for e in events]


@pytest.fixture(scope="module")
def watched(tmp_path_factory: pytest.TempPathFactory) -> tuple[Referee, CroquetWatcher, list]:
    sc, source, referee = filmed_table(Path(tmp_path_factory.mktemp("db")))
    watcher = CroquetWatcher(referee, source, CameraView(max_fps=1000))
    options = watcher.setup_options({"layout": LAYOUT.to_json()})
    referee.start("croquetnole", options)
    while True:
        try:
            frame = source.read()
        except StopIteration:
            break
        watcher.process(frame)
    return referee, watcher, sc.events


def truth_rulings(truth: list[dict]) -> list[dict]:
    state = GAME.new_state({"layout": LAYOUT.to_json()}, 0)
    out = []
    feed = [{"event": "place", "coin": c, "at": list(at)} for c, at in start_spots().items()]
    for event in feed + truth:
        data = {k: v for k, v in event.items() if k not in ("t", "event")}
        step = GAME.apply(state, Action(event["event"], None, data))
        assert step.ok, step.reason
        state = step.state
        out += [e.to_json() for e in step.events]
    return out


def test_the_watcher_rules_as_the_ground_truth(watched: tuple) -> None:
    referee, watcher, truth = watched
    kinds = [e["event"] for e in truth]
    assert kinds[0] == "flick" and "pass" in kinds and kinds[-2:] == ["rest", "place"]
    seen = [e.to_json() for e in referee.state.log]
    start = [e.to_json() for e in GAME.new_state({"layout": LAYOUT.to_json()}, 0).log]
    assert rulings(seen[len(start) :]) == rulings(truth_rulings(truth))
    assert referee.problem is None
    assert [e["event"] for e in watcher.submitted][-len(kinds) :] == kinds


def test_the_watcher_publishes_the_flick_path_and_a_picture(watched: tuple) -> None:
    referee, watcher, _ = watched
    path = referee.extras["flick_path"]
    assert path["coin"] == "moons-knight"
    knight = path["paths"]["moons-knight"]
    assert len(knight) > 3
    assert knight[-1][1] < knight[0][1] - 50  # out of the Moons gate, up the table
    version, jpeg = watcher.camera_view.latest()
    assert version > 0 and jpeg is not None and jpeg[:2] == b"\xff\xd8"
    assert referee.extras["layout"]["confirmed"] is True


def test_a_read_layout_waits_for_the_players(tmp_path: Path) -> None:
    _, source, referee = filmed_table(tmp_path)
    watcher = CroquetWatcher(referee, source, CameraView(max_fps=1000))
    options = watcher.setup_options({})
    assert set(options["layout"]["castles"]) == {"moons", "suns", "crowns", "arms"}
    referee.start("croquetnole", options)
    for _ in range(5):
        watcher.process(source.read())
    assert referee.extras["layout"]["confirmed"] is False
    assert referee.record is not None and referee.record.actions == ()


def test_after_a_restart_the_watcher_goes_on_from_the_stored_game(tmp_path: Path) -> None:
    _, source, referee = filmed_table(tmp_path)
    first = CroquetWatcher(referee, source, CameraView(max_fps=1000))
    referee.start("croquetnole", first.setup_options({"layout": LAYOUT.to_json()}))
    first.process(source.read())
    placed = len(referee.record.actions)
    assert placed == 5 and not referee.state.placements
    again = CroquetWatcher(referee, source, CameraView(max_fps=1000))  # no set-up: resumed
    for _ in range(3):
        again.process(source.read())
    assert again.confirmed and referee.extras["layout"]["confirmed"] is True
    assert len(referee.record.actions) == placed  # the coins standing are known, not re-placed


def test_an_event_the_engine_rejects_becomes_a_problem(tmp_path: Path) -> None:
    _, source, referee = filmed_table(tmp_path)
    watcher = CroquetWatcher(referee, source, CameraView(max_fps=1000))
    referee.start("croquetnole", watcher.setup_options({"layout": LAYOUT.to_json()}))
    # The players end the game by hand before the camera has seen anything.
    for kind, data in (
        ("correct", {"coin": "moons-knight", "next": "moons-tower"}),
        ("hit", {"coin": "moons-knight", "feature": "moons-tower"}),
    ):
        assert referee.submit(Action(kind, None, data)).ok
    watcher.process(source.read())
    assert referee.problem is not None
    assert referee.problem.startswith("The camera saw a place (")
    assert "The game is over" in referee.problem


def test_no_markers_no_game() -> None:
    blank = RenderSource(lambda: np.full((720, 1280, 3), 90, np.uint8), fps=120.0)
    referee = Referee(Store(":memory:"), {"croquetnole": GAME})
    with pytest.raises(ValueError, match="I cannot see the table"):
        CroquetWatcher(referee, blank, CameraView()).setup_options({})


def test_a_rejected_event_is_described() -> None:
    assert describe({"event": "off_table", "coin": "arms-guard", "at": [0, 3]}) == (
        "a off table (Arms guard)"
    )


def test_a_confirmed_layout_is_shown_once_its_match_has_started(tmp_path: Path) -> None:
    """The page hides its layout box when the layout is confirmed: that must not be said while
    the match before, with the layout as read, still stands."""
    _, source, referee = filmed_table(tmp_path)
    reading = CroquetWatcher(referee, source, CameraView(max_fps=1000))
    referee.start("croquetnole", reading.setup_options({}))
    reading.process(source.read())
    assert referee.extras["layout"]["confirmed"] is False
    confirming = CroquetWatcher(referee, source, CameraView(max_fps=1000))
    options = confirming.setup_options({"layout": LAYOUT.to_json()})
    assert referee.extras["layout"]["confirmed"] is False  # the read layout's match still stands
    referee.start("croquetnole", options)
    confirming.process(source.read())
    assert referee.extras["layout"]["confirmed"] is True
