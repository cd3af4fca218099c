"""Camera observations to actions: a step, a hop chain, a removal, and what goes wrong."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import Action, EngineError
from engines.koper import GAME, KoperState, infer_action
from engines.koper.board import parse_square


def seen(state: KoperState, changes: str = "") -> dict[tuple[int, int], str]:
    """What the camera sees: the state's checkers with changes such as "e6-e5 a1-x +c4:dark"
    (a checker moved, taken away, or a new one put down)."""
    board = {sq: state.colors[s] for s in (0, 1) for sq in state.checkers[s]}
    for change in changes.split():
        if change.startswith("+"):
            name, color = change[1:].split(":")
            board[parse_square(name)] = color
            continue
        frm, to = change.split("-")
        color = board.pop(parse_square(frm))
        if to != "x":
            board[parse_square(to)] = color
    return board


def move(frm: str, to: str, seat: int = 0) -> Action:
    return Action("move", seat, {"from": list(parse_square(frm)), "to": list(parse_square(to))})


def test_an_unchanged_board_is_unchanged(fresh: KoperState) -> None:
    assert infer_action(fresh, seen(fresh)).status == "unchanged"


@pytest.mark.parametrize(("frm", "to"), [("e6", "e5"), ("e7", "e5"), ("e7", "g5")])
def test_a_step_or_a_hop_chain_becomes_a_move(fresh: KoperState, frm: str, to: str) -> None:
    inference = infer_action(fresh, seen(fresh, f"{frm}-{to}"))
    assert (inference.status, inference.action, inference.reason) == ("action", move(frm, to), "")


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ("e6-e3", "e6 to e3 is not a legal move: no hop chain reaches e3 from e6."),
        ("e6-e5 f6-f5", "Two light checkers moved; put one back."),
        ("e6-e5 f6-f5 g6-g5", "Three light checkers moved; put two back."),
        ("d3-d4", "A dark checker moved, but it is light's move."),
        ("d3-d4 e6-e5", "A dark checker moved from d3 to d4, but it is light's move; put it back."),
        ("e6-x", "A light checker left e6; a move takes one checker to another space."),
        ("+c5:light", "A light checker appeared on c5; a move takes one checker to another space."),
        (
            "e6-x f6-x",
            "Two light checkers left e6 and f6; a move takes one checker to another space.",
        ),
        ("a1-x", "A dark checker left a1, but it is light's move; put it back."),
    ],
)
def test_problems_are_said_in_words(fresh: KoperState, changes: str, reason: str) -> None:
    inference = infer_action(fresh, seen(fresh, changes))
    assert (inference.status, inference.action, inference.reason) == ("problem", None, reason)


def test_a_checker_taken_off_in_the_remove_phase_is_the_removal(
    fresh: KoperState, kit: Any
) -> None:
    state, _ = kit.play(fresh, "e8-d8 d3-d4 d8-e8 d4-d3 e8-d8 d3-d4\nannounce Pair, aces")
    inference = infer_action(state, seen(state, "b2-x"))
    assert inference.action == Action("remove", 1, {"at": [1, 1]})
    assert infer_action(state, seen(state, "b2-x c2-x")).reason == (
        "Two dark checkers left b2 and c2; dark must take just one checker off the board."
    )
    assert infer_action(state, seen(state, "e6-x")).reason == (
        "A light checker left e6, but dark is to remove a checker; put it back."
    )
    assert infer_action(state, seen(state, "b2-b4")).reason == (
        "A dark checker moved from b2 to b4; dark must take just one checker off the board."
    )


def test_nothing_may_move_while_the_players_announce(fresh: KoperState, kit: Any) -> None:
    state, _ = kit.play(fresh, "e8-d8 d3-d4 d8-e8 d4-d3 e8-d8 d3-d4")
    assert infer_action(state, seen(state, "e6-e5")).reason == (
        "A light checker moved from e6 to e5. Checkers stay put during the announcements; put it "
        "back."
    )


def test_the_camera_speaks_only_of_light_and_dark(fresh: KoperState) -> None:
    with pytest.raises(EngineError):
        infer_action(fresh, {(0, 0): "red"})


def test_an_inferred_move_applies(fresh: KoperState) -> None:
    inference = infer_action(fresh, seen(fresh, "e7-g5"))
    assert inference.action is not None
    step = GAME.apply(fresh, inference.action)
    assert step.ok and step.state is not None and step.state.moves == ("e7-g5",)
