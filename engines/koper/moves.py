"""Moves: one step to a neighbouring space, or a chain of hops (Halma moves, RULINGS).

Each hop goes over one adjacent checker of either colour, in any of the eight directions, to the
empty space just beyond; a chain hops as often as it likes and may end on any space it reaches
(except where it started). Nothing is captured. A step and hops never mix in one move.

The rules say nothing of a player who cannot move, and no rule is needed: blocking every checker
of a player means filling every space next to them and every hop landing beyond, and a search of
corner and edge positions found that this takes at least 13 other checkers for five or more
blocked ones, while the opponent has at most 12 (and a player with four has already lost).

>>> from engines.koper.game import GAME
>>> state = GAME.new_state({}, seed=1)
>>> Move.from_text("e6-e5") in legal_moves(state)
True
>>> Move.from_text("e6-e4") in legal_moves(state)
False
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from engines.koper.board import DIRECTIONS, Square, neighbours, on_board, parse_square, square_name
from engines.koper.state import KoperState, Phase


@dataclass(frozen=True)
class Move:
    """A checker moving from one square to another (the route does not matter).

    >>> Move.from_text("e6-e5")
    Move(frm=(5, 4), to=(4, 4))
    >>> Move((5, 4), (3, 4)).text
    'e6-e4'
    """

    frm: Square
    to: Square

    @classmethod
    def from_text(cls, text: str) -> Move:
        start, _, end = text.partition("-")
        return cls(parse_square(start), parse_square(end))

    @property
    def text(self) -> str:
        return f"{square_name(self.frm)}-{square_name(self.to)}"

    def __str__(self) -> str:
        return self.text


def step_destinations(occupied: frozenset[Square], frm: Square) -> frozenset[Square]:
    """The free neighbours of ``frm``."""
    return frozenset(n for n in neighbours(frm) if n not in occupied)


def hop_destinations(occupied: frozenset[Square], frm: Square) -> frozenset[Square]:
    """Every space a chain of one or more hops from ``frm`` can end on.

    The moving checker has left ``frm``, so ``frm`` is free during the chain, but a chain ending
    where it began is no move.
    """
    others = occupied - {frm}
    seen = {frm}
    frontier = [frm]
    while frontier:
        here = frontier.pop()
        for dr, dc in DIRECTIONS:
            over = (here[0] + dr, here[1] + dc)
            land = (here[0] + 2 * dr, here[1] + 2 * dc)
            if over in others and on_board(land) and land not in others and land not in seen:
                seen.add(land)
                frontier.append(land)
    return frozenset(seen - {frm})


@dataclass(frozen=True)
class LegalMoves:
    """The destinations of each checker of the seat to move; ``Move in legal_moves`` works.

    ``destinations`` maps each checker's square to every square it can reach (steps and hop
    chains together); checkers with nowhere to go are left out.
    """

    destinations: Mapping[Square, frozenset[Square]]

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and move.to in self.destinations.get(move.frm, ())

    def __iter__(self) -> Iterator[Move]:
        for frm in sorted(self.destinations):
            for to in sorted(self.destinations[frm]):
                yield Move(frm, to)

    def __len__(self) -> int:
        return sum(len(d) for d in self.destinations.values())


def legal_moves(state: KoperState) -> LegalMoves:
    """The moves the seat to act may make now (none outside the move phase)."""
    if state.phase is not Phase.MOVE or state.to_act is None:
        return LegalMoves({})
    occupied = state.occupied
    table = {}
    for frm in state.checkers[state.to_act]:
        reach = step_destinations(occupied, frm) | hop_destinations(occupied, frm)
        if reach:
            table[frm] = reach
    return LegalMoves(table)


def move_error(state: KoperState, seat: int, move: Move) -> str | None:
    """Why ``seat`` may not move its checker along ``move`` now, in words; None if it may.

    Only the board is judged here (whose turn it is belongs to the game): an empty or foreign
    start square, a taken destination, or a destination no step or hop chain reaches.
    """
    frm, to = square_name(move.frm), square_name(move.to)
    owner = state.seat_at(move.frm)
    if owner is None:
        return f"There is no checker on {frm}."
    if owner != seat:
        return f"The checker on {frm} is {state.colors[owner]}, not yours."
    if move.to == move.frm:
        return f"A move must leave {frm}."
    if move.to in state.occupied:
        return f"{to} is occupied."
    occupied = state.occupied
    if move.to in step_destinations(occupied, move.frm):
        return None
    if move.to in hop_destinations(occupied, move.frm):
        return None
    return f"No hop chain reaches {to} from {frm}."
