"""A club's own pieces at a Koper table: learnt from the start position, then refereed by."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.koper import GAME
from engines.koper.moves import legal_moves
from engines.koper.state import KoperState
from firmware_py.camera_view import CameraView
from firmware_py.koper_sim import KoperTableSim
from firmware_py.koper_watch import KoperWatchConfig, KoperWatcher
from firmware_py.referee import Referee
from firmware_py.storage import Store
from vision.cards import list_designs
from vision.sim.koper_board import draw_piece_set

pytestmark = pytest.mark.skipif(not list_designs(), reason="gnome-cards-data is not installed")


@pytest.mark.parametrize(("kind", "seed"), [("coin", 7), ("chip", 8)])
def test_pieces_are_learnt_at_setup_and_a_move_is_refereed(
    tmp_path: Path, kind: str, seed: int
) -> None:
    pieces = draw_piece_set(seed, kind)  # type: ignore[arg-type]
    sim = KoperTableSim(seed=seed, design="anglo", pieces=pieces)
    referee = Referee(Store(tmp_path / "t.sqlite3"), {"koper": GAME})
    watcher = KoperWatcher(referee, sim.source(), CameraView(), KoperWatchConfig(deck="anglo"))
    try:
        options = watcher.setup_options({})
        assert len(options["start"]["0"]) == len(options["start"]["1"]) == 12
        looks = watcher.pieces
        assert looks is not None
        # The learnt radii are the pieces' (mm over the card's 63 mm short side), give or
        # take the side wall a slanted camera shows.
        for size, mm in zip(looks.sizes, pieces.diameter_mm, strict=True):
            assert size == pytest.approx(mm / 2 / 63.0, rel=0.15)
        referee.start("koper", options, seed=seed)
        state = referee.state
        assert isinstance(state, KoperState)
        move = next(iter(legal_moves(state)))
        sim.put(move.to, sim.lift(move.frm))
        watcher.look(now=0.0)
        watcher.look(now=1.0, forced=True)
        assert referee.problem is None
        assert referee.view()["actions"] == 1
    finally:
        referee.store.close()
