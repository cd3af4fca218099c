"""The Koper watcher's judgement: a change counts when two reads agree; a hand's moment does not."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from engines.koper import GAME
from engines.koper.state import KoperState
from firmware_py.camera_view import CameraView
from firmware_py.koper_watch import KoperWatcher, start_options
from firmware_py.referee import Referee
from firmware_py.storage import Store
from vision.koper import BoardReading
from vision.sim.koper_layout import random_layout
from vision.sources import RenderSource

Rig = tuple[Referee, KoperWatcher, "Script"]
CORNERS = ((10.0, 10.0), (90.0, 10.0), (90.0, 70.0), (10.0, 70.0))


def reading_of(state: KoperState, moves: dict | None = None, hide: tuple = ()) -> BoardReading:
    """A reading of ``state``'s board with checkers moved (``moves``: from -> to) or hidden."""
    checkers = {sq: state.colors[s] for s in (0, 1) for sq in state.checkers[s]}
    for frm, to in (moves or {}).items():
        checkers[to] = checkers.pop(frm)
    for sq in hide:
        checkers.pop(sq)
    conf = tuple(tuple(1.0 for _ in range(8)) for _ in range(8))
    return BoardReading(
        state.cells,
        tuple((r, c, k) for (r, c), k in sorted(checkers.items())),
        conf,
        CORNERS,
        "anglo",
        True,
    )


class Script:
    """A reader that returns the readings it is given, one per still."""

    def __init__(self) -> None:
        self.next: list[BoardReading] = []
        self.empty_edges: list[str | None] = []

    def __call__(
        self, image: np.ndarray, deck: str, empty_edge: str | None, pieces: object = None
    ) -> BoardReading:
        self.empty_edges.append(empty_edge)
        return self.next.pop(0)


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[tuple[Referee, KoperWatcher, Script]]:
    referee = Referee(Store(tmp_path / "t.sqlite3"), {"koper": GAME})
    referee.start("koper", {}, seed=4)
    script = Script()
    source = RenderSource(lambda: np.zeros((80, 100, 3), np.uint8))
    watcher = KoperWatcher(referee, source, CameraView(), reader=script)
    yield referee, watcher, script
    referee.store.close()


def test_a_move_counts_when_the_second_read_agrees(rig: Rig) -> None:
    referee, watcher, script = rig
    moved = reading_of(referee.state, {(5, 4): (4, 4)})
    script.next = [moved, moved]
    watcher.look(now=0.0)
    assert referee.view()["actions"] == 0 and referee.problem is None
    watcher.look(now=1.0, forced=True)
    assert referee.view()["state"]["moves"] == ["e6-e5"]


def test_a_hand_hiding_a_checker_for_a_moment_is_no_problem(rig: Rig) -> None:
    referee, watcher, script = rig
    state = referee.state
    script.next = [reading_of(state, hide=[(5, 4)]), reading_of(state)]
    watcher.look(now=0.0)
    watcher.look(now=1.0, forced=True)
    assert referee.problem is None and referee.view()["actions"] == 0


def test_a_lasting_illegal_change_is_shown_then_cleared_when_fixed(rig: Rig) -> None:
    referee, watcher, script = rig
    state = referee.state
    two = reading_of(state, {(5, 4): (4, 4), (5, 5): (4, 5)})
    script.next = [two, two, reading_of(state)]
    watcher.look(now=0.0)
    watcher.look(now=1.0, forced=True)
    assert referee.problem and "light" in referee.problem.lower()
    assert referee.view()["actions"] == 0
    watcher.look(now=2.0)
    assert referee.problem is None


def test_moved_cards_are_a_problem(rig: Rig) -> None:
    referee, watcher, script = rig
    state = referee.state
    cells = [list(r) for r in state.cells]
    cells[0][0], cells[0][1] = cells[0][1], cells[0][0]
    swapped = reading_of(state)
    swapped = BoardReading(
        tuple(tuple(r) for r in cells),
        swapped.checkers,
        swapped.confidences,
        CORNERS,
        "anglo",
        True,
    )
    script.next = [swapped, swapped]
    watcher.look(now=0.0)
    watcher.look(now=1.0, forced=True)
    assert referee.problem and "a1, b1" in referee.problem


def test_start_options_take_the_start_squares_from_the_board() -> None:
    state = GAME.new_state({}, seed=4)
    options = start_options(reading_of(state, {(5, 4): (3, 3)}), {"colors": ["dark", "light"]})
    assert [3, 3] in options["start"]["1"] and len(options["start"]["0"]) == 12
    with pytest.raises(ValueError, match="11 light and 12 dark"):
        start_options(reading_of(state, hide=[(5, 4)]), {})


def test_the_declared_empty_edge_is_given_to_the_reader(rig: Rig) -> None:
    """The builder's declared empty edge line reaches every read: at set-up from the start
    form, then from the match's options."""
    referee, watcher, script = rig
    cells, _ = random_layout(8, empty_edge="top")
    options = {"cells": [list(row) for row in cells], "empty_edge": "top"}
    referee.start("koper", options, seed=1)
    script.next = [reading_of(referee.state)]
    watcher.setup_options(options)
    script.next = [reading_of(referee.state)]
    watcher.look(now=0.0)
    assert script.empty_edges == ["top", "top"]


class Views:
    """A board viewer that shows each card of the game's board, checkers hiding ``hidden`` of
    the points of every other card's views (a share of the columns at the left)."""

    def __init__(self, hidden: float = 0.0) -> None:
        self.hidden = hidden
        self.calls = 0

    def __call__(
        self, image: np.ndarray, cells: tuple, pieces: object = None
    ) -> tuple[tuple[str, ...], list[tuple[np.ndarray, np.ndarray]]]:
        self.calls += 1
        ids = tuple(str(c) for row in cells for c in row if c is not None)
        weights = np.ones((52, 4, 10), np.float32)
        weights[::2, :, : round(10 * self.hidden)] = 0.0
        features = np.random.default_rng(self.calls).random((52, 3, 4, 10)).astype(np.float32)
        return ids, [(features, weights)] * 3


def test_a_deck_not_named_is_learnt_from_the_boards_and_remembered_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    referee = Referee(Store(tmp_path / "t.sqlite3"), {"koper": GAME})
    referee.start("koper", {}, seed=4)
    script, views = Script(), Views(hidden=0.6)
    source = RenderSource(lambda: np.zeros((80, 100, 3), np.uint8))
    watcher = KoperWatcher(referee, source, CameraView(), reader=script, viewer=views)
    assert "seen" in str(watcher.remember_deck("Club deck"))
    # The start position: taught once, however often it is read again.
    script.next = [reading_of(referee.state)] * 2
    watcher.look(now=0.0, forced=True)
    watcher.look(now=1.0, forced=True)
    assert views.calls == 1
    deck = referee.view()["extras"]["deck"]
    # Columns 0-5 hidden; 6-9 seen, and a half turn away 0-3: 8 of 10 columns.
    assert deck["seen"] == pytest.approx(0.8) and not deck["ready"]
    # A move: the checkers stand elsewhere, and (here) every card shows whole.
    views.hidden = 0.0
    moved = reading_of(referee.state, {(5, 4): (4, 4)})
    script.next = [moved, moved]
    watcher.look(now=2.0)
    watcher.look(now=3.0, forced=True)
    assert views.calls == 2 and referee.view()["extras"]["deck"]["ready"]
    assert "letters" in str(watcher.remember_deck("../../etc"))
    assert watcher.remember_deck("Club deck") is None
    assert (tmp_path / "tableside" / "decks" / "Club deck.npz").is_file()
    assert referee.view()["extras"]["deck"]["remembered"] == "Club deck"
    # Next game, the deck is read by its name: known, and nothing more is learnt.
    referee.start("koper", {}, seed=5)
    again = KoperWatcher(referee, source, CameraView(), reader=script, viewer=views)
    script.next = [replace(reading_of(referee.state), deck="Club deck")]
    again.look(now=0.0, forced=True)
    assert views.calls == 2 and referee.view()["extras"]["deck"]["known"]
    referee.store.close()


def test_a_named_deck_is_not_learnt(rig: Rig) -> None:
    referee, watcher, script = rig
    named = KoperWatcher(
        referee,
        watcher.source,
        CameraView(),
        replace(watcher.config, deck="anglo"),
        reader=script,
        viewer=Views(),
    )
    script.next = [reading_of(referee.state)]
    named.look(now=0.0, forced=True)
    assert "deck" not in referee.view()["extras"]
    assert "seen" in str(named.remember_deck("Club deck"))


def test_confirming_the_marked_cards_when_none_is_marked_says_so(rig: Rig) -> None:
    referee, watcher, script = rig
    script.next = [reading_of(referee.state)]
    watcher.look(now=0.0)
    assert watcher.unsure_cards() == []
    reason = watcher.confirm_marked()
    assert reason is not None and "nothing to confirm" in reason
    assert referee.view()["actions"] == 0
