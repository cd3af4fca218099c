"""Moves: steps, hop chains, rejections in words, and golden perft counts from the start."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engines.core import Action, EngineError
from engines.koper import GAME, KoperState, Move, legal_moves
from engines.koper.board import parse_square

Square = tuple[int, int]


def squares(names: str) -> frozenset[Square]:
    return frozenset(parse_square(n) for n in names.split())


def position(light: str, dark: str) -> KoperState:
    """Light to move with checkers on the named squares only, dark on the others."""
    return replace(GAME.new_state({}, seed=0), checkers=(squares(light), squares(dark)))


def test_move_notation_round_trips() -> None:
    move = Move.from_text("e6-e5")
    assert move == Move((5, 4), (4, 4)) and move.text == "e6-e5" and str(move) == "e6-e5"
    with pytest.raises(ValueError):
        Move.from_text("e6e5")


def test_start_moves_are_steps_and_short_hops_out_of_the_block() -> None:
    moves = legal_moves(GAME.new_state({}, seed=0))
    assert len(moves) == len(list(moves)) == 33
    assert Move.from_text("e6-e5") in moves
    assert Move.from_text("e7-e5") in moves  # hop over e6
    assert Move.from_text("e6-e4") not in moves
    assert Move.from_text("h8-h7") not in moves  # occupied
    assert Move.from_text("a1-a4") not in moves  # dark's checker
    assert "e6-e5" not in moves
    assert sorted(m.text for m in moves if m.frm == (6, 4)) == [
        "e7-d6",
        "e7-d7",
        "e7-d8",
        "e7-e5",
        "e7-g5",
    ]


def test_a_hop_chain_turns_corners_and_jumps_either_colour_without_capturing() -> None:
    state = position(light="d4", dark="d5 e7 c7")
    reach = legal_moves(state).destinations[(3, 3)]
    # d4 over d5 to d6, then over e7 to f8 or over c7 to b8; steps all round.
    assert squares("d6 f8 b8") <= reach
    step = GAME.apply(state, Action("move", 0, {"from": [3, 3], "to": [7, 5]}))
    assert step.ok and step.state is not None
    assert step.state.checkers[1] == state.checkers[1]
    assert step.state.moves == ("d4-f8",)


def test_a_chain_never_ends_where_it_began() -> None:
    state = position(light="d4", dark="d5")
    reach = legal_moves(state).destinations[(3, 3)]
    assert (3, 3) not in reach  # d4-d6-d4 would be a chain back home
    assert reach == squares("c3 d3 e3 c4 e4 c5 e5 d6")


def test_a_step_and_a_hop_do_not_mix() -> None:
    # d4-d6 is a hop; d4-d7 would need a step after it.
    state = position(light="d4", dark="d5")
    moves = legal_moves(state)
    assert Move.from_text("d4-d6") in moves and Move.from_text("d4-d7") not in moves


@pytest.mark.parametrize(
    ("player", "frm", "to", "reason"),
    [
        (1, "e6", "e5", "It is not your turn: light is to move."),
        (0, "e5", "e4", "There is no checker on e5."),
        (0, "d3", "d4", "The checker on d3 is dark, not yours."),
        (0, "e6", "f6", "f6 is occupied."),
        (0, "e6", "e6", "A move must leave e6."),
        (0, "e6", "e3", "No hop chain reaches e3 from e6."),
    ],
)
def test_illegal_moves_are_rejected_with_a_reason(
    player: int, frm: str, to: str, reason: str
) -> None:
    state = GAME.new_state({}, seed=0)
    data = {"from": list(parse_square(frm)), "to": list(parse_square(to))}
    step = GAME.apply(state, Action("move", player, data))
    assert (step.ok, step.reason, step.state) == (False, reason, None)


@pytest.mark.parametrize(
    "action",
    [
        Action("jump", 0, {}),
        Action("move", None, {"from": [5, 4], "to": [4, 4]}),
        Action("move", 0, {"from": [5, 4]}),
        Action("move", 0, {"from": [5, 4], "to": [4, 8]}),
        Action("move", 0, {"from": "e6", "to": [4, 4]}),
    ],
)
def test_malformed_actions_raise(action: Action) -> None:
    with pytest.raises(EngineError):
        GAME.apply(GAME.new_state({}, seed=0), action)


# An independent reference move generator: a grid of booleans and a recursive depth-first hop
# search (the engine uses sets and an explicit stack).
def reference_destinations(occupied: set[Square], frm: Square) -> set[Square]:
    grid = [[(r, c) in occupied and (r, c) != frm for c in range(8)] for r in range(8)]
    found: set[Square] = set()
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            r, c = frm[0] + dr, frm[1] + dc
            if (dr or dc) and 0 <= r < 8 and 0 <= c < 8 and not grid[r][c]:
                found.add((r, c))
    landed = {frm}

    def hop(r: int, c: int) -> None:
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                lr, lc = r + 2 * dr, c + 2 * dc
                inside = (dr or dc) and 0 <= lr < 8 and 0 <= lc < 8
                if inside and grid[r + dr][c + dc] and not grid[lr][lc] and (lr, lc) not in landed:
                    landed.add((lr, lc))
                    hop(lr, lc)

    hop(*frm)
    return found | (landed - {frm})


def reference_perft(sides: tuple[set[Square], set[Square]], mover: int, depth: int) -> int:
    if depth == 0:
        return 1
    occupied = sides[0] | sides[1]
    total = 0
    for frm in sides[mover]:
        for to in reference_destinations(occupied, frm):
            moved = (sides[mover] - {frm}) | {to}
            nxt = (moved, sides[1]) if mover == 0 else (sides[0], moved)
            total += reference_perft(nxt, 1 - mover, depth - 1)
    return total


def engine_perft(state: KoperState, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for action in GAME.legal_actions(state):
        step = GAME.apply(state, action)
        assert step.ok and step.state is not None
        total += engine_perft(step.state, depth - 1)
    return total


@pytest.mark.parametrize(("depth", "count"), [(1, 33), (2, 1107), (3, 49318)])
def test_perft_from_the_default_start(depth: int, count: int) -> None:
    state = GAME.new_state({}, seed=0)
    sides = (set(state.checkers[0]), set(state.checkers[1]))
    assert reference_perft(sides, 0, depth) == count
    assert engine_perft(state, depth) == count


@pytest.mark.parametrize("ends", [["top", "bottom"], ["left", "right"], ["right", "left"]])
def test_perft_is_the_same_from_every_edge(ends: Any) -> None:
    state = GAME.new_state({"ends": ends}, seed=0)
    assert engine_perft(state, 2) == 1107
