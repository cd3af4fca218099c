"""The rules notation, and the modules' docstring examples."""

from __future__ import annotations

import pytest

from engines.core import Action, EngineError
from engines.croquetnole import GAME
from engines.croquetnole.notation import clauses, parse, play


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("moons-knight flicks", Action("flick", None, {"coin": "moons-knight"})),
        (
            "moons-knight passes suns-door",
            Action(
                "pass", None, {"coin": "moons-knight", "feature": "suns-door", "direction": "in"}
            ),
        ),
        (
            "moons-knight passes suns-gate out",
            Action(
                "pass", None, {"coin": "moons-knight", "feature": "suns-gate", "direction": "out"}
            ),
        ),
        (
            "suns-guard hits moons-knight",
            Action("strike", None, {"coin": "suns-guard", "target": "moons-knight"}),
        ),
        (
            "moons-knight hits suns-tower",
            Action("hit", None, {"coin": "moons-knight", "feature": "suns-tower"}),
        ),
        (
            "arms-guard off at 870 12.5",
            Action("off_table", None, {"coin": "arms-guard", "at": [870.0, 12.5]}),
        ),
        (
            "rest moons-knight 1 2, suns-guard 3 4",
            Action(
                "rest", None, {"positions": {"moons-knight": [1.0, 2.0], "suns-guard": [3.0, 4.0]}}
            ),
        ),
        (
            "moons-knight placed at 5 6",
            Action("place", None, {"coin": "moons-knight", "at": [5.0, 6.0]}),
        ),
        ("croquet 2", Action("croquet", None, {"kind": 2})),
        ("end turn", Action("end_turn")),
        ("correct flicks 2", Action("correct", None, {"flicks": 2})),
        (
            "correct moons-knight next suns-gate in",
            Action("correct", None, {"coin": "moons-knight", "next": "suns-gate in"}),
        ),
        (
            "correct moons-knight at none",
            Action("correct", None, {"coin": "moons-knight", "at": None}),
        ),
    ],
)
def test_parse(text: str, action: Action) -> None:
    assert parse(text) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "moons-knight",
        "moons-knight passes suns-gate",
        "moons-knight dances",
        "moons-knight placed",
        "correct moons-knight",
        "correct moons-knight location",
        "croquet x",
        "mars-knight flicks",
    ],
)
def test_unreadable_clauses_raise(text: str) -> None:
    with pytest.raises(EngineError):
        parse(text)


def test_placed_without_a_point_goes_to_the_target_due() -> None:
    state = GAME.new_state({}, 0)
    assert parse("moons-guard placed", state).data["at"] == list(state.placements[0].target)


def test_clauses_split_lines_semicolons_and_comments() -> None:
    assert clauses("a; b  # c\n\n# d\n e") == ["a", "b", "e"]


def test_play_raises_on_a_rejected_clause() -> None:
    with pytest.raises(EngineError, match="No croquet is on offer"):
        play(GAME.new_state({}, 0), "croquet 1")
