"""Squares and their names, start blocks for every edge, options, the deal and the board text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engines.core import EngineError
from engines.koper import GAME, KoperState, Phase
from engines.koper.board import parse_square, square_name, start_block
from engines.koper.cards import DECK
from engines.koper.state import cells_text


def test_square_names_count_columns_from_the_left_and_rows_from_the_image_top() -> None:
    assert square_name((0, 0)) == "a1"
    assert square_name((7, 7)) == "h8"
    assert square_name((5, 4)) == "e6"
    assert all(parse_square(square_name((r, c))) == (r, c) for r in range(8) for c in range(8))


@pytest.mark.parametrize("name", ["i1", "a9", "a0", "e", "e66", ""])
def test_bad_square_names_are_refused(name: str) -> None:
    with pytest.raises(ValueError):
        parse_square(name)


@pytest.mark.parametrize(
    ("edge", "block"),
    [
        ("bottom", "e6 f6 g6 h6 e7 f7 g7 h7 e8 f8 g8 h8"),
        ("top", "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3"),
        ("left", "a5 b5 c5 a6 b6 c6 a7 b7 c7 a8 b8 c8"),
        ("right", "f1 g1 h1 f2 g2 h2 f3 g3 h3 f4 g4 h4"),
    ],
)
def test_start_block_is_four_wide_three_deep_at_the_players_lower_right(
    edge: str, block: str
) -> None:
    assert start_block(edge) == frozenset(parse_square(n) for n in block.split())


@pytest.mark.parametrize(
    "ends", [["bottom", "top"], ["top", "bottom"], ["left", "right"], ["right", "left"]]
)
def test_default_blocks_stand_in_diagonally_opposite_corners(ends: list[str]) -> None:
    state = GAME.new_state({"ends": ends}, seed=0)
    corners = [{(r // 4, c // 4) for r, c in block} for block in state.checkers]
    assert len(corners[0]) == len(corners[1]) == 1
    (a,), (b,) = corners
    assert (1 - a[0], 1 - a[1]) == b


def test_the_deal_comes_from_the_seed_with_every_card_once_and_twelve_spaces() -> None:
    a = GAME.new_state({}, seed=5).cells
    flat = [c for row in a for c in row]
    assert sorted(c for c in flat if c) == sorted(DECK)
    assert flat.count(None) == 12
    assert GAME.new_state({}, seed=5).cells == a
    assert GAME.new_state({}, seed=6).cells != a


def test_default_options_light_builds_from_the_bottom_and_moves_first(
    fresh: KoperState, kit: Any
) -> None:
    state = fresh
    assert (state.builder, state.to_act, state.turn, state.phase) == (0, 0, 1, Phase.MOVE)
    assert state.colors == ("light", "dark") and state.ends == ("bottom", "top")
    assert str(state) == "\n".join(
        [
            "  a b c d e f g h",
            "1 d d d d . . . .",
            "2 d d d d . . . .",
            "3 d d d d . . . .",
            "4 . . . . . . . .",
            "5 . . . . . . . .",
            "6 . . . . L L L L",
            "7 . . . . L L L L",
            "8 . . . . L L L L",
        ]
    )
    rows = kit.BOARD.split("\n")[1:-1]
    assert cells_text(state.cells).splitlines()[1:] == [f"{i + 1} {r}" for i, r in enumerate(rows)]


def test_builder_colors_ends_and_start_are_options(kit: Any) -> None:
    state = GAME.new_state(
        {
            "cells": kit.cells(),
            "builder": 1,
            "colors": ["dark", "light"],
            "ends": ["left", "right"],
            "start": {
                "0": [[r, 0] for r in range(8)] + [[0, 1], [1, 1], [2, 1], [3, 1]],
                "1": [[r, 7] for r in range(8)] + [[0, 6], [1, 6], [2, 6], [3, 6]],
            },
        },
        seed=0,
    )
    assert state.to_act == 1 and state.colors[1] == "light"
    assert str(state).splitlines()[1] == "1 d d _ _ . . L L"
    assert str(state).splitlines()[8] == "8 D . . . . . . L"


def _swap(a: str, b: str | None) -> Callable[[list[list[str | None]]], dict[str, Any]]:
    return lambda grid: {"cells": [[b if c == a else c for c in row] for row in grid]}


def _set(**options: Any) -> Callable[[list[list[str | None]]], dict[str, Any]]:
    return lambda grid: {"cells": grid, **options}


@pytest.mark.parametrize(
    "make_options",
    [
        lambda grid: {"cells": grid[:7]},
        lambda grid: {"cells": [row[:7] for row in grid]},
        _swap("AS", "KS"),
        _swap("AS", "1S"),
        _swap("AS", None),
        _set(builder=2),
        _set(builder=True),
        _set(colors=["light", "light"]),
        _set(colors=["red", "dark"]),
        _set(ends=["bottom", "bottom"]),
        _set(ends=["bottom", "left"]),
        _set(ends=["bottom"]),
        _set(start={"0": [[0, 0]] * 12, "1": [[7, 7]] * 12}),
        _set(
            start={
                "0": [[0, c] for c in range(8)] + [[1, c] for c in range(4)],
                "1": [[0, c] for c in range(8)] + [[2, c] for c in range(4)],
            }
        ),
        _set(
            start={
                "0": [[8, 0]] + [[1, c] for c in range(8)] + [[2, c] for c in range(3)],
                "1": [[6, c] for c in range(8)] + [[5, c] for c in range(4)],
            }
        ),
        _set(start={"0": "a1"}),
        _set(rules="house"),
    ],
)
def test_malformed_options_raise_engine_error(
    make_options: Callable[[list[list[str | None]]], dict[str, Any]], kit: Any
) -> None:
    with pytest.raises(EngineError):
        GAME.new_state(make_options(kit.cells()), seed=0)


def _cells_with_empty(line: list[tuple[int, int]]) -> list[list[str | None]]:
    """A board whose ``line`` of squares and four more are the 12 empty spaces."""
    empty = set(line) | {(3, 3), (3, 4), (4, 3), (4, 4)}
    cards = iter(DECK)
    return [[None if (r, c) in empty else next(cards) for c in range(8)] for r in range(8)]


@pytest.mark.parametrize("edge", ["bottom", "top", "left", "right"])
def test_a_declared_empty_edge_must_hold_no_card(edge: str) -> None:
    line = {
        "top": [(0, k) for k in range(8)],
        "bottom": [(7, k) for k in range(8)],
        "left": [(k, 0) for k in range(8)],
        "right": [(k, 7) for k in range(8)],
    }[edge]
    cells = _cells_with_empty(line)
    state = GAME.new_state({"cells": cells, "empty_edge": edge}, seed=0)
    assert all(state.cells[r][c] is None for r, c in line)
    other = "top" if edge != "top" else "bottom"
    with pytest.raises(EngineError, match=f"{other} edge was declared empty but holds cards"):
        GAME.new_state({"cells": cells, "empty_edge": other}, seed=0)
    with pytest.raises(EngineError, match="empty_edge must be one of"):
        GAME.new_state({"cells": cells, "empty_edge": "middle"}, seed=0)
