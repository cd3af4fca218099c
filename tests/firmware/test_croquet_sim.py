"""The simulated Croquetnole table: virtual players driven by the referee make legal progress.

The whole chain runs frame by frame in the test's thread: scene -> renderer -> watcher (tracker,
events) -> referee -> the virtual players' next action.
"""

from __future__ import annotations

from pathlib import Path

from engines.croquetnole import GAME, default_layout
from firmware_py.camera_view import CameraView
from firmware_py.croquet_sim import CroquetTableSim, parse_step, start_spots
from firmware_py.croquet_watch import CroquetWatcher
from firmware_py.referee import Referee
from firmware_py.storage import Store

#: A bound on the frames to draw (about 25 s of table time at 120 fps), not a timing.
MAX_FRAMES = 3000


def test_virtual_players_play_legal_turns(tmp_path: Path) -> None:
    referee = Referee(Store(tmp_path / "t.sqlite3"), {"croquetnole": GAME})
    sim = CroquetTableSim(seed=1)
    source = sim.source()
    watcher = CroquetWatcher(referee, source, CameraView())
    players = sim.connect(referee, lambda: watcher.confirmed)
    referee.start("croquetnole", watcher.setup_options({"layout": default_layout().to_json()}))
    for _ in range(MAX_FRAMES):
        watcher.process(source.read())
        assert referee.problem is None
        if referee.state.turn == "suns" and not referee.state.placements and players.done >= 3:
            break
    state = referee.state
    kinds = [e.kind for e in state.log]
    assert state.turn == "suns" and state.round == 1
    assert kinds.count("placed") == 6  # four guards and two knights put down as asked
    assert "flick" in kinds and "score" in kinds
    assert not {"flick_refused", "misplaced", "moved_by_hand"} & set(kinds)
    assert state.coin("moons-knight").course[0] != "moons-gate out"  # it scored its own gate


def test_start_spots_and_course_steps() -> None:
    spots = start_spots({"players": ["moons", "crowns"]})
    assert set(spots) == {"moons-guard", "crowns-guard", "moons-knight"}
    assert parse_step("crowns-gate in") == ("crowns-gate", "in")
